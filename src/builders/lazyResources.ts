// What the shell registers with react-admin for each declared table, without loading its screens:
// the name and record representation are plain data from the declaration; list, show, edit and create
// are lazy components that load the builders and the hand-written overrides (./registry) on first use.
// Which tables a caller gets is decided here too, from the same rules as the routes and the menus.
import { type ComponentType, createElement, type LazyExoticComponent } from 'react';
import { useCanAccess } from 'react-admin';
import { type AccessSubject, canAccess, hiddenInBrand, type Permission } from '../../contract/access';
import type { Role } from '../../contract/claims';
import type { UserType } from '../../contract/enums';
import { RESOURCES } from '../../resources';
import type { ResourceDeclaration } from '../../resources/types';
import { lazyFrom } from '../components/lazyModule';
import { PageLoader } from '../layout/DelayedLoader';
import { NotAllowedPage } from '../layout/NotAllowedPage';
import { registryModule } from '../layout/screenModules';
import { findRoute, type RouteDef, type ViewerContext } from '../routes';
import { declarationAllows } from './access';
import type { ResourceModule } from './resourceModule';

type ViewName = 'list' | 'show' | 'edit' | 'create';
type Views = Pick<ResourceModule, ViewName>;

export interface LazyResource {
  decl: ResourceDeclaration;
  views: { [K in ViewName]: LazyExoticComponent<Views[K]> };
  recordRepresentation: string;
}

/**
 * A component that renders `View`: React.lazy must resolve to a function or a class, and a
 * hand-written override is itself a lazy component (src/pages/resources/overrides.ts).
 */
const rendering = <P extends object>(View: ComponentType<P>): ComponentType<P> => {
  const Rendered = (props: P) => createElement(View, props);
  Rendered.displayName = `Loaded(${View.displayName ?? View.name ?? 'view'})`;
  return Rendered;
};

/**
 * A record or create screen with one access check instead of react-admin's, which its controller runs
 * one after the other before its query (checkAuth, then canAccess, then getOne). Gate
 * (src/layout/ShellLayout.tsx) renders a table's screen only for a signed-in caller and, at its
 * address, only once canAccess has allowed that very screen (ResourceScreenGate): this asks the same
 * query (same resource and action, so the Gate's cached answer, at once) and covers the addresses the
 * Gate does not read (/<name>/<id>/<more>, which react-admin's routes also match); then the screen
 * asks for its record as it mounts (`disableAuthentication`). The decisions are the same as before.
 */
const checkedOnce = <P extends { disableAuthentication?: boolean }>(
  View: ComponentType<P>,
  resource: string,
  action: Exclude<ViewName, 'list'>,
): ComponentType<P> => {
  const Checked = (props: P) => {
    const { canAccess, isPending } = useCanAccess({ resource, action });
    if (isPending) return createElement(PageLoader);
    if (canAccess !== true) return createElement(NotAllowedPage);
    return createElement(View, { ...props, disableAuthentication: true });
  };
  Checked.displayName = `CheckedOnce(${View.displayName ?? View.name ?? 'view'})`;
  return Checked;
};

// Renders at once when the registry is already loaded (prefetched from the menu, or loaded by a table
// route): suspending there held the page back by React's 300 ms fallback throttle (lazyModule.ts).
const lazyView = <K extends ViewName>(name: string, view: K): LazyExoticComponent<Views[K]> =>
  lazyFrom(registryModule, ({ builtResource }) => {
    const built = builtResource(name);
    if (!built) throw new Error(`no declared resource ${name}`);
    const View: Views[K] = built.module[view];
    // the list asks canAccess once itself (GeneratedList) and is also embedded outside the Gate
    if (view !== 'list')
      return checkedOnce(
        View as ComponentType<{ disableAuthentication?: boolean }>,
        name,
        view as Exclude<ViewName, 'list'>,
      ) as Views[K];
    return typeof View === 'function' ? View : (rendering(View) as Views[K]);
  }) as LazyExoticComponent<Views[K]>;

const lazyResource = (decl: ResourceDeclaration): LazyResource => ({
  decl,
  views: {
    list: lazyView(decl.name, 'list'),
    show: lazyView(decl.name, 'show'),
    edit: lazyView(decl.name, 'edit'),
    create: lazyView(decl.name, 'create'),
  },
  recordRepresentation: decl.recordRepresentation,
});

/** Every declared table, in the registry's order, with its screens still unloaded. */
export const LAZY_RESOURCES: readonly LazyResource[] = (RESOURCES as readonly ResourceDeclaration[]).map(
  lazyResource,
);

const DECLARED_NAMES: ReadonlySet<string> = new Set(LAZY_RESOURCES.map((r) => r.decl.name));

/** Is `pathname` one of react-admin's screens of a declared table (/<name>, /<name>/3/show …)? */
export const isDeclaredResourcePath = (pathname: string): boolean =>
  DECLARED_NAMES.has(pathname.split('/')[1] ?? '');

/**
 * The spec route that shows a table: its own `route`, else the route of a table with the same
 * permission (a member card lives under the stamp cards, a push's deliveries under the push), so the
 * route's extra condition (brand, push permission) covers the table's screens as well.
 */
const routeOf: (decl: ResourceDeclaration) => RouteDef | undefined = (() => {
  const byPermission = new Map<string, RouteDef>();
  for (const d of RESOURCES as readonly ResourceDeclaration[]) {
    const def = d.route === undefined ? undefined : findRoute(d.route);
    if (def && !byPermission.has(d.permission)) byPermission.set(d.permission, def);
  }
  return (decl) =>
    (decl.route === undefined ? undefined : findRoute(decl.route)) ?? byPermission.get(decl.permission);
})();

/** What the registration needs to know about the signed-in caller (null: a visitor). */
export interface ResourceViewer {
  role: Role;
  type: UserType;
  /** a merchant's effective permissions; absent: an operator or the company owner */
  permissions?: readonly Permission[];
  brand: ViewerContext['brand'];
  pnsAllowed: boolean;
}

/**
 * May `viewer` use the table's screens at all? The declaration's roles (to view it, or to create its
 * rows through its operation), the permission rule (contract/access.ts canAccess, the merchant's
 * own permissions included), the brand rule (hiddenInBrand) and the `when` of the spec route that
 * shows it (push screens need the push-notification check). The routes' `who` is not applied: it is
 * about the list screens of the menu, while a table may be read elsewhere by a role whose menu has
 * no link to it (a merchant's brand names its industry; a wallet row links its payment), and the
 * declaration's roles already say who may read a table.
 */
export const mayUseResource = (decl: ResourceDeclaration, viewer: ResourceViewer): boolean => {
  const byDeclaration =
    declarationAllows(decl, viewer.role, 'VIEW') || (decl.createWith?.roles ?? []).includes(viewer.role);
  if (!byDeclaration) return false;
  const subject: AccessSubject =
    viewer.permissions === undefined
      ? { type: viewer.type }
      : { type: viewer.type, permissions: viewer.permissions };
  if (!canAccess(subject, { action: 'VIEW', resource: decl.permission })) return false;
  if (hiddenInBrand(viewer.brand, viewer.type, decl.permission)) return false;
  const def = routeOf(decl);
  const ctx: ViewerContext = { role: viewer.role, brand: viewer.brand, pnsAllowed: viewer.pnsAllowed };
  return def?.when ? def.when(ctx) : true;
};

/** The tables to register for `viewer`: none for a visitor. */
export const resourcesFor = (viewer: ResourceViewer | null): LazyResource[] =>
  viewer ? LAZY_RESOURCES.filter((r) => mayUseResource(r.decl, viewer)) : [];
