// Access > API keys (issue 27 item 1) against the real server: the owner makes a key with a name and
// ticked permissions (the exact request), sees it once with the warning, finds it in the list without
// its secret, rotates it (a new key shown once, the old one Rotated) and revokes one, each after
// confirming; a colleague is told keys are the owner's.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '../../../contract/api-keys';
import { apiKeys } from '../../../server/platform/db/schema';
import { ApiKeysPage } from '../../../src/pages/access/ApiKeysPage';
import { portalServer } from '../server';
import { WORLD } from '../world';
import { renderAccess } from './harness';

const T = { timeout: 30_000 };

describe('API keys', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('makes a key shown once, lists it without its secret, rotates and revokes it', async () => {
    await renderAccess(<ApiKeysPage />, { url: '/access/api-keys', signedInAs: 'merchant' });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('No API keys yet', {}, T)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' }, T);
    await user.type(within(dialog).getByLabelText(/^Name/), 'Till at the harbour');
    // nothing ticked: the form says so and sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Tick at least one permission', {}, T)).toBeInTheDocument();
    expect(await backend.sent('POST', '/api-keys')).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Update Stamp cards' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const once = await screen.findByRole('dialog', { name: 'Your new API key' }, T);
    const shown = within(once).getByLabelText('API key') as HTMLTextAreaElement;
    expect(shown.value).toMatch(API_KEY_PATTERN);
    expect(within(once).getByText(/It will not be shown again/)).toBeInTheDocument();
    const [post] = await backend.sent('POST', '/api-keys');
    expect(post?.body).toEqual({
      name: 'Till at the harbour',
      permissions: [{ resource: 'stampCard', action: 'UPDATE' }],
    });
    const [row] = await backend.t.db.select().from(apiKeys).where(eq(apiKeys.name, 'Till at the harbour'));
    expect(row?.companyId).toBe(WORLD.acme.companyId);
    await user.click(within(once).getByRole('button', { name: 'I have copied it' }));

    const listed = await screen.findByTestId(`api-key-${row?.id}`, {}, T);
    expect(within(listed).getByText('Till at the harbour')).toBeInTheDocument();
    expect(within(listed).getByText(`${row?.prefix}…`)).toBeInTheDocument();
    // Mark acts for the brand Acme Coffee: so does his key
    expect(within(listed).getByText('Brand: Acme Coffee')).toBeInTheDocument();
    expect(within(listed).getByText('Active')).toBeInTheDocument();
    expect(listed.textContent).not.toContain(shown.value);

    await user.click(within(listed).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText('Confirm to Rotate - Till at the harbour?', {}, T)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const rotated = await screen.findByRole('dialog', { name: 'The new key (rotated)' }, T);
    const next = (within(rotated).getByLabelText('API key') as HTMLTextAreaElement).value;
    expect(next).toMatch(API_KEY_PATTERN);
    expect(next).not.toBe(shown.value);
    await user.click(within(rotated).getByRole('button', { name: 'I have copied it' }));
    await waitFor(
      () => expect(within(screen.getByTestId(`api-key-${row?.id}`)).getByText('Rotated')).toBeInTheDocument(),
      T,
    );
    expect(within(screen.getByTestId(`api-key-${row?.id}`)).getByText(/^Works until/)).toBeInTheDocument();
    // the page is hidden from assistive technology until the closing dialog has gone
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), T);

    await user.click(
      within(screen.getByTestId(`api-key-${row?.id}`)).getByRole('button', { name: 'Revoke' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm' }, T));
    await waitFor(
      () => expect(within(screen.getByTestId(`api-key-${row?.id}`)).getByText('Revoked')).toBeInTheDocument(),
      T,
    );
    expect(await backend.sent('POST', `/api-keys/${row?.id}/revoke`)).toHaveLength(1);
  });

  it("shows an operator every company's keys by company name, and one company's when chosen", async () => {
    const key = (companyId: number, name: string, prefix: string) => ({
      companyId,
      name,
      prefix,
      secretHash: `hash-${prefix}`,
      permissions: [{ resource: 'member', action: 'VIEW' as const }],
      createdByEmail: 'operator@example.com',
    });
    await backend.t.db
      .insert(apiKeys)
      .values([
        key(WORLD.acme.companyId, 'Acme till', 'lk_acmeTill1'),
        key(WORLD.borealis.companyId, 'Borealis shop', 'lk_boreShop1'),
      ]);
    await renderAccess(<ApiKeysPage />, { url: '/access/api-keys', signedInAs: 'operator' });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Acme till', {}, T)).toBeInTheDocument();
    expect(screen.getByText('Borealis shop')).toBeInTheDocument();
    expect(await screen.findByText('Acme Coffee Pte Ltd · The whole company', {}, T)).toBeInTheDocument();
    expect(screen.getByText('Borealis Bakes Ltd · The whole company')).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: /company/i }), 'Borea');
    await user.click(await screen.findByRole('option', { name: /Borealis Bakes Ltd/ }, T));
    await waitFor(() => expect(screen.queryByText('Acme till')).toBeNull(), T);
    expect(screen.getByText('Borealis shop')).toBeInTheDocument();
    const asked = await backend.sent('GET', '/api-keys');
    expect(asked.map((r) => new URLSearchParams(r.search).get('companyId'))).toContain(
      String(WORLD.borealis.companyId),
    );
    // the picker asks for the two columns it shows (the list's `project`), and gets no more
    const picked = await backend.sent('GET', '/companies');
    expect(picked.map((r) => new URLSearchParams(r.search).get('project'))).toContain('["name","state"]');
  });

  it('tells a colleague that keys are managed by the owner', async () => {
    await renderAccess(<ApiKeysPage />, { url: '/access/api-keys', signedInAs: 'restricted' });
    expect(
      await screen.findByText('API keys are managed by your company’s owner.', {}, T),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New key' })).toBeNull();
  });
});
