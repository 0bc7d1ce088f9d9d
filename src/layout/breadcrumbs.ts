// The trail of screens above a page (no React): the screens it is opened from, each a link back, read
// from the screens' places (the declarations' and the hand-written screens' `partOf`, src/routes.tsx),
// and so on up. Top-level screens have no trail (the menu shows where they are), and a row's show,
// edit and create pages none either: each has its own "back to the list" button in its toolbar.
import { findRoute } from '../routes';

export interface Crumb {
  /** i18n key of the screen's title */
  label: string;
  path: string;
}

/** The screen a page is opened from (its place's `partOf`). */
const parentOf = (pathname: string): string | undefined => findRoute(pathname)?.partOf;

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
