// Which menu link a page belongs to, and what a screen needs the caller to VIEW (contract/access.ts
// canAccess), both read from the screens' places (src/routes.tsx): a declared table's list reads its
// declaration's permission, a hand-written screen says what it reads. The menu offers only the links
// the caller may use (issue 12: a colleague granted View on two resources sees those two), and a
// caller who may not VIEW what a screen reads gets the denied page before it asks anything
// (ShellLayout's Gate).
import { type AccessSubject, canAccess, type PermissionResource } from '../../contract/access';
import { RESOURCES, type ResourceDeclaration } from '../../resources';
import { findRoute } from '../routes';

/** May `subject` use the screen behind `path` (its own rule, else VIEW on everything it reads)? */
export const maySee = (subject: AccessSubject, path: string): boolean => {
  const def = findRoute(path);
  if (def?.rule) return def.rule(subject);
  const view = (resource: PermissionResource) => canAccess(subject, { action: 'VIEW', resource });
  return (def?.reads ?? []).every(view);
};

const ROUTE_OF_RESOURCE: ReadonlyMap<string, string> = new Map(
  (RESOURCES as readonly ResourceDeclaration[]).flatMap((d) =>
    d.route === undefined ? [] : [[d.name, d.route] as const],
  ),
);

/**
 * The menu path a page belongs to: a row's show, edit or create page (react-admin's
 * /<resource>/<id>/show …) belongs to its table's list, so the menu keeps that group open and
 * that link selected; a screen opened from another (its place's `partOf`) belongs to that one's;
 * any other page is its own.
 */
export const menuPathOf = (pathname: string): string => {
  const [, first = ''] = pathname.split('/');
  let page = findRoute(pathname) ? pathname : (ROUTE_OF_RESOURCE.get(first) ?? pathname);
  // follow partOf up to the screen that has a place of its own in the menu
  for (let hops = 0; hops < 5; hops += 1) {
    const parent = findRoute(page)?.partOf;
    if (!parent) break;
    page = parent;
  }
  return page;
};
