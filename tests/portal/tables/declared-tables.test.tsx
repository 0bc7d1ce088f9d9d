// Every declared table's list screen comes from its declaration alone (issue 37): its route renders
// the list under its title, and its menu entry, in its group, leads there. Walked over the
// declarations, so a table added later is covered without editing this file.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MENU_GROUP_INFO, resourceByName } from '../../../resources';
import { englishPortalMessages } from '../../../src/providers/i18nProvider';
import { canSee, ROUTES, type RouteDef } from '../../../src/routes';
import { openAs } from '../renderApp';
import { portalServer } from '../server';

// a list's first render loads the table screens' code: generous on a loaded machine
const T = { timeout: 30_000 };

const MESSAGES = englishPortalMessages() as unknown as Record<string, unknown>;

/** The English words of an i18n key as the portal shows them in a title (the plural form). */
const english = (key: string): string => {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], MESSAGES);
  if (typeof found !== 'string') throw new Error(`no English words for ${key}`);
  return (found.split('||||').at(-1) ?? found).trim();
};

type Role = 'operator' | 'merchant';

/** The first role that may open the table's own list screen (the demo merchant owns its company). */
const roleFor = (def: RouteDef): Role | undefined =>
  (['operator', 'merchant'] as const).find((role) => canSee(def, { role, brand: 'cvi', pnsAllowed: false }));

// DECLARED_TABLES=name,… narrows the walk (npm run check:add-table walks only the table it adds)
const ONLY = process.env.DECLARED_TABLES?.split(',').filter((n) => n !== '');

const TABLE_SCREENS = ROUTES.flatMap((def) => {
  const role = roleFor(def);
  const walked = def.table !== undefined && (ONLY === undefined || ONLY.includes(def.table));
  return walked && def.table && resourceByName(def.table)?.route === def.path && role
    ? [[def.path, def, role] as const]
    : [];
});

describe('declared tables in the portal', () => {
  portalServer();
  afterEach(cleanup);

  it('walks every declared table with a list screen (or the ones DECLARED_TABLES names)', () => {
    expect(TABLE_SCREENS.length).toBeGreaterThanOrEqual(ONLY?.length ?? 20);
  });

  it.each(TABLE_SCREENS)(
    '%s renders its list under its title, and its menu entry leads there',
    async (path, def, role) => {
      await openAs(role, path);
      const title = english(def.title ?? '');
      expect(await screen.findByRole('heading', { level: 1, name: title }, T)).toBeInTheDocument();
      const menu = screen.getByRole('navigation', { name: 'Main menu' });
      if (def.menu && (def.menu.roles ?? def.who).includes(role)) {
        const group = within(menu).getByRole('list', {
          name: english(MENU_GROUP_INFO[def.menu.group].label),
        });
        const link = within(group).getByRole('link', { name: english(def.menu.label ?? def.title ?? '') });
        expect(link).toHaveAttribute('href', path);
      }
      // the page is the screen, not the denied or the failed page
      await waitFor(() => expect(screen.queryByText('You are not allowed to see this page.')).toBeNull(), T);
    },
    60_000,
  );
});
