// The side menu of spec sections 2 and 6 in one pure function (no React): which groups and links
// each kind of user sees, in the menu's order. The links are the screens' places (src/routes.tsx:
// each declared table's `menu`, each hand-written screen's own entry); the groups are
// resources/menu.ts. Nothing here lists a link.
import type { Brand } from '../../contract';
import {
  MENU_GROUP_INFO,
  MENU_GROUPS,
  type MenuEntry,
  type MenuIcon,
  type PlaceCondition,
} from '../../resources';
import { canSee, ROUTES, type RouteDef, type Viewer, type ViewerContext } from '../routes';

export type { Viewer };

export interface MenuLink {
  /** the link's path, unique among links */
  id: string;
  /** i18n key of the label */
  label: string;
  path: string;
}

export interface MenuGroup {
  id: string;
  /** i18n key of the label */
  label: string;
  icon: MenuIcon;
  links: MenuLink[];
  /** a group without links (Help) is a link itself */
  path?: string;
}

export interface MenuInput {
  role: Viewer;
  brand: Brand;
  /** merchant only: `POST /user/{id}/pns/is-allow` said allowed */
  pnsAllowed?: boolean;
  hasCompany?: boolean;
  hasBrand?: boolean;
  /** may the caller use the screen at this path (their permissions); absent: every link the role has */
  sees?: (path: string) => boolean;
}

type MenuRoute = RouteDef & { menu: MenuEntry };

const hasMenu = (r: RouteDef): r is MenuRoute => r.menu !== undefined;

/** Every route with a menu entry, by group, in each group's order. */
const entriesByGroup = (routes: readonly RouteDef[]): ReadonlyMap<string, readonly MenuRoute[]> => {
  const byGroup = new Map<string, MenuRoute[]>();
  for (const r of routes.filter(hasMenu))
    byGroup.set(r.menu.group, [...(byGroup.get(r.menu.group) ?? []), r]);
  for (const list of byGroup.values()) list.sort((a, b) => a.menu.order - b.menu.order);
  return byGroup;
};

const linkOf = (r: MenuRoute): MenuLink => ({
  id: r.path,
  label: r.menu.label ?? r.title ?? r.path,
  path: r.path,
});

/** The menu-only conditions of resources/types.ts PLACE_CONDITIONS (the screen's own are its `when`). */
const menuCondition = (condition: PlaceCondition | undefined, input: MenuInput): boolean => {
  switch (condition) {
    case undefined:
    case 'pushAllowed':
      return true;
    // the hierarchy settings are for setting a company and a brand up; once both exist the link goes
    case 'settingUp':
      return input.role !== 'merchant' || !(input.hasCompany && input.hasBrand);
    default: {
      const never: never = condition;
      throw new Error(`unknown condition ${String(never)}`);
    }
  }
};

export const menuFor = (input: MenuInput, routes: readonly RouteDef[] = ROUTES): MenuGroup[] => {
  const ctx: ViewerContext = { role: input.role, brand: input.brand, pnsAllowed: input.pnsAllowed ?? false };
  const sees = (path: string) => input.sees?.(path) ?? true;
  const opens = (r: RouteDef) => canSee(r, ctx) && sees(r.path);
  const byGroup = entriesByGroup(routes);
  const groups: MenuGroup[] = [];
  for (const id of MENU_GROUPS) {
    const { label, icon, path } = MENU_GROUP_INFO[id];
    if (path) {
      const target = routes.find((r) => r.path === path);
      if (target && opens(target)) groups.push({ id, label, icon, links: [], path });
      continue;
    }
    const links = (byGroup.get(id) ?? [])
      .filter(
        (r) => (r.menu.roles ?? r.who).includes(input.role) && menuCondition(r.menu.when, input) && opens(r),
      )
      .map(linkOf);
    // a group whose links were all filtered away would be an empty heading: drop it
    if (links.length > 0) groups.push({ id, label, icon, links });
  }
  return groups;
};
