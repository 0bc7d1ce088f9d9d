import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Collapse, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { inTasks } from '../preloadFiles';
import { prefetchRoute } from '../routes';
import type { MenuGroup } from './menuFor';
import { MENU_ICON_COMPONENTS } from './menuIcons';
import { menuPathOf } from './menuPermissions';
import { prefetchTableScreens, prefetchWhenIdle } from './prefetchScreens';

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/** The side menu: one collapsible group per menuFor() group, the current page's group open. */
export const ShellMenu = ({ groups, onNavigate }: { groups: MenuGroup[]; onNavigate?: () => void }) => {
  const translate = useTranslate();
  const { pathname: page } = useLocation();
  // a row's page (/store/1/show) keeps its list's group open and link selected
  const pathname = menuPathOf(page);
  const activeGroup = groups.find((g) => g.links.some((l) => l.path === pathname))?.id;
  // Only the user's own clicks are kept; untouched groups open when they hold the current page
  // (the groups arrive after the session loads, so this cannot be an initial state).
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const toggle = (id: string, isOpen: boolean) => setOpen((o) => ({ ...o, [id]: !isOpen }));
  // the screens behind the links load while nobody clicks (./prefetchScreens.ts): the table screens
  // and each linked page's own code (analytics, access, system config ...)
  const linkPaths = groups
    .flatMap((g) => [...(g.path ? [g.path] : []), ...g.links.map((l) => l.path)])
    .join(' ');
  useEffect(
    () =>
      linkPaths === ''
        ? undefined
        : prefetchWhenIdle(() => {
            prefetchTableScreens();
            // one page per task: each import adds a link per file it needs in the task that asks, and
            // the twenty-odd pages asked in one task added some fifty links in it (issue 39)
            void inTasks(linkPaths.split(' '), 1, prefetchRoute);
          }),
    [linkPaths],
  );

  // A landmark holding a list of lists: each group and each link is a list item (<li>) of its <ul>.
  return (
    <Box component="nav" aria-label={translate('common.menu_label')}>
      <List dense sx={{ py: 1 }}>
        {groups.map((group) => {
          const Icon = MENU_ICON_COMPONENTS[group.icon];
          const label = translate(group.label);
          if (group.path) {
            return (
              <ListItem key={group.id} disablePadding>
                <ListItemButton
                  component={Link}
                  to={group.path}
                  selected={under(pathname, group.path)}
                  onClick={onNavigate}
                  onMouseEnter={() => group.path && prefetchRoute(group.path)}
                  onFocus={() => group.path && prefetchRoute(group.path)}
                >
                  <ListItemIcon>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText primary={label} />
                </ListItemButton>
              </ListItem>
            );
          }
          const isOpen = open[group.id] ?? group.id === activeGroup;
          const listId = `menu-group-${group.id}`;
          return (
            <ListItem key={group.id} disablePadding sx={{ display: 'block' }}>
              <ListItemButton
                onClick={() => toggle(group.id, isOpen)}
                aria-expanded={isOpen}
                aria-controls={listId}
              >
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={label} />
                {isOpen ? <ExpandLess /> : <ExpandMore />}
              </ListItemButton>
              <Collapse in={isOpen} timeout="auto" unmountOnExit>
                <List id={listId} disablePadding dense aria-label={label}>
                  {group.links.map((l) => (
                    <ListItem key={l.id} disablePadding>
                      <ListItemButton
                        component={Link}
                        to={l.path}
                        selected={pathname === l.path}
                        onClick={onNavigate}
                        onMouseEnter={() => prefetchRoute(l.path)}
                        onFocus={() => prefetchRoute(l.path)}
                        sx={{ pl: 9 }}
                      >
                        <ListItemText primary={translate(l.label, { smart_count: 2 })} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </Collapse>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
};
