// Which menu link a page belongs to, and what a menu link needs the caller to VIEW (contract/access.ts canAccess): a declared table's link
// its declaration's permission, the hand-written screens theirs. The menu offers only the links
// the caller may use (issue 12: a colleague granted View on two resources sees those two).
import { type AccessSubject, canAccess, type PermissionResource } from '../../contract/access';
import { RESOURCES, type ResourceDeclaration } from '../../resources';

/** Screens that are not a declared table's list, and what they show. */
const SCREENS: Readonly<Record<string, PermissionResource>> = {
  '/analytics': 'analytics',
  '/organization/org-hierarchy': 'organization',
  '/access/operator-access': 'user',
  '/access/merchant-access': 'user',
};

const BY_ROUTE: ReadonlyMap<string, PermissionResource> = new Map(
  (RESOURCES as readonly ResourceDeclaration[]).flatMap((d) =>
    d.route === undefined ? [] : [[d.route, d.permission as PermissionResource] as const],
  ),
);

/** The resource a menu link's screen shows; null for a link open to everyone (Help). */
export const permissionOfPath = (path: string): PermissionResource | null =>
  SCREENS[path] ?? BY_ROUTE.get(path) ?? null;

/** May `subject` use the screen behind `path`? */
export const maySee = (subject: AccessSubject, path: string): boolean => {
  const resource = permissionOfPath(path);
  return resource === null || canAccess(subject, { action: 'VIEW', resource });
};

const ROUTE_OF_RESOURCE: ReadonlyMap<string, string> = new Map(
  (RESOURCES as readonly ResourceDeclaration[]).flatMap((d) =>
    d.route === undefined ? [] : [[d.name, d.route] as const],
  ),
);

/**
 * The menu path a page belongs to: a row's show, edit or create page (react-admin's
 * /<resource>/<id>/show …) belongs to its table's list, so the menu keeps that group open and
 * that link selected; any other page is its own.
 */
export const menuPathOf = (pathname: string): string => {
  const [, first = ''] = pathname.split('/');
  return ROUTE_OF_RESOURCE.get(first) ?? pathname;
};
