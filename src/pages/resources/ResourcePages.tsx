// The spec's section-2 routes that show declared tables: each renders its resource's generated list
// (show, edit and create live at react-admin's /<resource>/… routes, reached from the list). The
// member lookup at /voucher/get-user-vouchers is its own page (src/pages/vouchers/UserVouchersPage.tsx).
import { Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { ComponentType } from 'react';
import { ResourceContextProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useSees } from '../../components/SeesContext';
import { LIST_HEADING_OPTIONS } from '../../layout/headings';
import { builtResource } from './registry';

interface RouteTab {
  path: string;
  /** i18n key */
  label: string;
}

/**
 * Spec routes shown as tabs of one another, for a list the spec's menu has no link to: voucher
 * packs, where merchants make their offers, are a click from the Voucher List (and back).
 */
const VOUCHER_TABS: readonly RouteTab[] = [
  { path: '/vouchers', label: 'common.screens.voucher_list' },
  { path: '/vouchers/voucherPackList', label: 'common.screens.voucher_pack_list' },
];
const ROUTE_TABS: Readonly<Record<string, { label: string; tabs: readonly RouteTab[] }>> = Object.fromEntries(
  VOUCHER_TABS.map((t) => [t.path, { label: 'menu.vouchers.title', tabs: VOUCHER_TABS }]),
);

/** The tabs of `path`'s group the caller may open (none when that leaves only the page itself). */
const RouteTabs = ({ path }: { path: string }) => {
  const translate = useTranslate();
  const sees = useSees();
  const group = ROUTE_TABS[path];
  if (!group) return null;
  const tabs = group.tabs.filter((t) => sees(t.path));
  if (tabs.length < 2) return null;
  return (
    <Tabs
      value={path}
      component="nav"
      aria-label={translate(group.label)}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 2 }}
    >
      {tabs.map((t) => (
        <Tab key={t.path} value={t.path} label={translate(t.label)} component={Link} to={t.path} />
      ))}
    </Tabs>
  );
};

/**
 * Spec routes that link their neighbours in the title area (outlined buttons, as the hand-written pages
 * of their group do): the levels' table at /aotg/user-level-config leads back to the levels overview
 * and the level rule, as those two lead to it (src/pages/members/).
 */
const ROUTE_LINKS: Readonly<Record<string, readonly RouteTab[]>> = {
  '/aotg/user-level-config': [
    { path: '/aotg', label: 'member_levels.overview_link' },
    { path: '/aotg/config', label: 'member_levels.rule_link' },
  ],
};

/** The links of `path` the caller may open. */
const RouteLinks = ({ path }: { path: string }) => {
  const translate = useTranslate();
  const sees = useSees();
  const links = ROUTE_LINKS[path];
  if (!links) return null;
  const shown = links.filter((l) => sees(l.path));
  if (shown.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
      {shown.map((l) => (
        <Button key={l.path} variant="outlined" component={Link} to={l.path}>
          {translate(l.label)}
        </Button>
      ))}
    </Stack>
  );
};

/** The generated list of one declared resource, as a page titled like the route's menu entry. */
export const resourceListPage = (
  name: string,
  storeKey?: string,
  path?: string,
): ComponentType<{ titleKey?: string }> => {
  const built = builtResource(name);
  if (!built) throw new Error(`no declared resource ${name}`);
  const List = built.module.list;
  // biome-ignore lint/correctness/noComponentHookFactories: built once per route at module load
  const Page = ({ titleKey }: { titleKey?: string }) => {
    const translate = useTranslate();
    const title = titleKey ? translate(titleKey, LIST_HEADING_OPTIONS) : undefined;
    return (
      <Box>
        {title && (
          <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
            {title}
          </Typography>
        )}
        {path ? <RouteTabs path={path} /> : null}
        {path ? <RouteLinks path={path} /> : null}
        {/* the generated screens read their declaration from the resource context */}
        <ResourceContextProvider value={name}>
          <List {...(storeKey ? { storeKey } : {})} {...(title ? { title } : {})} />
        </ResourceContextProvider>
      </Box>
    );
  };
  Page.displayName = `ResourceListPage(${name})`;
  return Page;
};

const pages = new Map<string, ComponentType<{ titleKey?: string }>>();
const pageFor = (path: string, name: string): ComponentType<{ titleKey?: string }> => {
  let Page = pages.get(path);
  if (!Page) {
    // A route other than the table's own keeps its own list params (filters, page) in the store.
    const own = builtResource(name)?.decl.route === path;
    Page = resourceListPage(name, own ? undefined : `${path}.listParams`, path);
    pages.set(path, Page);
  }
  return Page;
};

/** The route component of a screen showing the declared table `name`'s list (src/routes.tsx). */
export const tableRoutePage = (path: string, titleKey: string, name: string): ComponentType => {
  const Page = pageFor(path, name);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route when its chunk loads
  const Route = () => <Page titleKey={titleKey} />;
  Route.displayName = `TableRoute(${path})`;
  return Route;
};
