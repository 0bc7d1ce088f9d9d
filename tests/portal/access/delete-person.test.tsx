// Deleting a person from the access screens (spec 7: DELETE /user/{id} with its optional softDel):
// "Delete" keeps the row and its history (softDel=true, state DELETE) and is offered to whoever may
// change the person; "Delete permanently" (softDel=false) is an operator's, and the server's refusal
// while records still name the person (26239) is shown as it is.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MerchantAccessPage } from '../../../src/pages/access/AccessPages';
import { portalServer } from '../server';
import { userRow, WORLD } from '../world';
import { renderAccess } from './harness';

const T = { timeout: 30_000 };

const rowOf = async (email: string) => (await screen.findByText(email, {}, T)).closest('tr') as HTMLElement;

describe('deleting a person', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('a merchant deletes a colleague softly, after a red confirm that says the history stays', async () => {
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'merchant' });
    const row = await rowOf('restricted@example.com');
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: /^More actions for / }));
    const menu = await screen.findByRole('menu', {}, T);
    // never the permanent one: that is an operator's
    expect(within(menu).queryByRole('menuitem', { name: 'Delete permanently' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText(/Their history stays/, {}, T)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/^Delete .* success$/, {}, T)).toBeInTheDocument();
    const [del, ...more] = await backend.sent('DELETE', `/user/${WORLD.users.restricted}`);
    expect(more).toHaveLength(0);
    expect(new URLSearchParams(del?.search).get('softDel')).toBe('true');
    expect((await userRow(backend.t.db, WORLD.users.restricted))?.state).toBe('DELETE');
  });

  it('an operator deletes permanently (softDel=false): the row is gone', async () => {
    await renderAccess(<MerchantAccessPage />, { url: '/access/merchant-access', signedInAs: 'operator' });
    const row = await rowOf('locked@example.com');
    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: /^More actions for / }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete permanently' }, T));
    expect(await screen.findByText(/Removes the account for good/, {}, T)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/^Delete permanently .* success$/, {}, T)).toBeInTheDocument();
    const [del] = await backend.sent('DELETE', `/user/${WORLD.users.locked}`);
    expect(new URLSearchParams(del?.search).get('softDel')).toBe('false');
    expect(await userRow(backend.t.db, WORLD.users.locked)).toBeUndefined();
  });
});
