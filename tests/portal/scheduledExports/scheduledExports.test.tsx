// Scheduled exports in the portal on the real server (issue 27 item 4): a list's Schedule saves its
// current view (the filter the list has, its sort) with every and the addresses typed; wrong addresses
// are stopped in the dialog; the Scheduled exports page lists it and Stop stops it.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { scheduledExports } from '../../../server/platform/db/schema';
import { openAs, renderApp, signIn } from '../renderApp';
import { portalServer } from '../server';
import { WORLD } from '../world';

const T = { timeout: 30_000 };

describe('scheduled exports', { timeout: 90_000 }, () => {
  const backend = portalServer();

  it("saves a list's view from Schedule, then lists and stops it", async () => {
    await signIn('merchant');
    const filter = encodeURIComponent(JSON.stringify({ state: 'ACTIVE' }));
    renderApp(`/organization/brand?filter=${filter}&sort=name&order=DESC`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Schedule' }, T));
    const dialog = await screen.findByRole('dialog', { name: /Schedule an export of/ }, T);
    expect(
      within(dialog).getByText('Rows matching 1 filter · sorted by Name, descending'),
    ).toBeInTheDocument();
    const to = within(dialog).getByLabelText(/E-mail addresses/);
    // nothing typed, then a typing mistake: stopped in the dialog, nothing sent
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Required', {}, T)).toBeInTheDocument();
    await user.type(to, 'boss@acme.example, not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(
      await within(dialog).findByText(
        'Enter an e-mail address, like name@example.com: not-an-address',
        {},
        T,
      ),
    ).toBeInTheDocument();
    expect(await backend.sent('POST', '/scheduled-exports')).toHaveLength(0);
    await user.clear(to);
    await user.type(to, 'boss@acme.example, Reports@Acme.example');
    await user.click(within(dialog).getByRole('radio', { name: 'Every week' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await expect
      .poll(async () => (await backend.sent('POST', '/scheduled-exports')).map((r) => r.body), T)
      .toEqual([
        {
          resource: 'brand',
          filter: [{ field: 'state', op: 'eq', value: 'ACTIVE' }],
          sort: ['name,desc'],
          every: 'WEEK',
          to: ['boss@acme.example', 'Reports@Acme.example'],
        },
      ]);
    await expect.poll(() => screen.queryByRole('dialog'), T).toBeNull();
    const [row] = await backend.t.db.select().from(scheduledExports);
    expect(row).toMatchObject({ companyId: WORLD.acme.companyId, state: 'ACTIVE', every: 'WEEK' });

    renderApp('/config/scheduledExports');
    const table = await screen.findByRole('table', { name: 'Scheduled Exports' }, T);
    expect(within(table).getByText('boss@acme.example, reports@acme.example')).toBeInTheDocument();
    expect(within(table).getByText('Every week')).toBeInTheDocument();
    expect(within(table).getByText('Active')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Stop' }));
    const confirm = await screen.findByRole('dialog', {}, T);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(table).findByText('Stopped', {}, T)).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(await backend.sent('POST', `/scheduled-exports/${row?.id}/stop`)).toHaveLength(1);
  });

  it('says how to make one when there is none', async () => {
    await openAs('merchant', '/config/scheduledExports');
    expect(await screen.findByText(/No scheduled exports yet/, {}, T)).toBeInTheDocument();
  });
});
