// The trail of screens above a page (no React): the screens it is opened from, each a link back, read
// from the screens' places (src/routes.tsx `partOf`, the declarations' `route`). A row's page
// (react-admin's /<table>/<id>/show, /edit, /create) is under its table's list; a screen with
// `partOf` under that screen, and so on up. Top-level screens have no trail (the menu shows where
// they are).
import { resourceByName } from '../../resources';
import { findRoute } from '../routes';

export interface Crumb {
  /** i18n key of the screen's title */
  label: string;
  path: string;
}

/** The screen a page belongs to: its `partOf`, or for a row's page its table's list. */
const parentOf = (pathname: string): string | undefined => {
  const def = findRoute(pathname);
  if (def) return def.partOf;
  const [, table = ''] = pathname.split('/');
  return resourceByName(table)?.route;
};

/** The screens above `pathname`, outermost first; empty for a top-level screen or an unknown path. */
export const trailOf = (pathname: string): Crumb[] => {
  const trail: Crumb[] = [];
  const seen = new Set<string>([pathname]);
  for (
    let parent = parentOf(pathname);
    parent !== undefined && !seen.has(parent);
    parent = parentOf(parent)
  ) {
    seen.add(parent);
    const title = findRoute(parent)?.title;
    if (!title) break;
    trail.unshift({ label: title, path: parent });
  }
  return trail;
};
