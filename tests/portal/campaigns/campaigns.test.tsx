// Campaigns on the real server (issue 43): the form asks what the campaign does as six kinds in words and
// then shows only what that kind uses; its preview (POST /campaigns/preview) says whom it would reach
// as it is filled in; Save sends exactly the fields shown; the campaign's page says what it does in one
// sentence, runs Activate, and compares the members it rewarded with its holdout share.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../api';
import { newPack, newProgramme } from '../make';
import { confirmWith, T } from '../operations';
import { openAs, waitForPath } from '../renderApp';
import { portalServer } from '../server';
import { MEMBERS, WORLD } from '../world';

const preview = () => screen.getByRole('region', { name: 'Preview' });

describe('campaigns', { timeout: 90_000 }, () => {
  const backend = portalServer();

  it('a merchant makes a multiplier: only its fields, a live preview, and Save sends what is shown', async () => {
    const merchant = await apiAs(backend, 'merchant');
    const programme = await newProgramme(merchant, { title: 'Kopi Card' });
    const card = await merchant<{ id: number }>('POST', `/stamp-cards/${programme.id}/member-cards`, {
      memberMobile: MEMBERS.tan,
      storeId: WORLD.acme.storeId,
    });
    await merchant('POST', `/member-cards/${card.id}/stamps`, { stamps: 2, storeId: WORLD.acme.storeId });
    await openAs('merchant', '/campaigns/create');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Name/, {}, T), 'Double Kopi');
    // nothing chosen yet: no kind's fields, and the preview waits
    expect(screen.queryByRole('region', { name: 'What it gives' })).toBeNull();
    expect(preview()).toHaveTextContent('Fill in what this campaign needs');
    fireEvent.click(screen.getByRole('radio', { name: 'Multiplier' }));
    const gives = await screen.findByRole('region', { name: 'What it gives' }, T);
    // a multiplier's fields, not a voucher campaign's
    expect(within(gives).queryByLabelText(/^Voucher pack/)).toBeNull();
    fireEvent.change(within(gives).getByLabelText(/^Multiplier/), { target: { value: '2' } });
    fireEvent.mouseDown(await within(gives).findByRole('combobox', { name: /^Stamp card/ }, T));
    fireEvent.click(await screen.findByRole('option', { name: 'Kopi Card' }, T));
    await waitFor(
      () =>
        expect(preview()).toHaveTextContent(
          'In the last 30 days, 1 stampings by 1 members fell in its window.It would have added 2 stamps',
        ),
      T,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await backend.sent('POST', '/campaigns')).toHaveLength(1), T);
    const [created] = await backend.sent('POST', '/campaigns');
    expect(created?.body).toMatchObject({
      name: 'Double Kopi',
      kind: 'MULTIPLIER',
      multiplier: 2,
      stampCardId: programme.id,
      holdoutPercent: 0,
    });
    expect(created?.body).not.toHaveProperty('voucherPackId');
    // its page: what it does in words, a DRAFT until activated
    expect(await screen.findByText('Stamps count 2 times on Kopi Card', {}, T)).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }, T));
    await confirmWith('Confirm to Activate - Double Kopi?');
    await waitFor(() => expect(screen.getByText('Active')).toBeInTheDocument(), T);
  });

  it("a campaign's page compares the members it rewarded with its holdout share", async () => {
    const merchant = await apiAs(backend, 'merchant');
    const pack = await newPack(merchant, { title: 'Welcome Kopi' });
    const campaign = await merchant<{ id: number }>('POST', '/campaigns', {
      name: 'Welcome',
      kind: 'WELCOME',
      voucherPackId: pack.id,
      startAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await openAs('merchant', `/campaigns/${campaign.id}/show`);
    expect(
      await screen.findByText('A “Welcome Kopi” voucher for each member new to your company', {}, T),
    ).toBeInTheDocument();
    const results = await screen.findByRole('region', { name: 'Did it pay?' }, T);
    await waitFor(() => expect(within(results).getByRole('table')).toBeInTheDocument(), T);
    expect(results).toHaveTextContent('No member was held out');
    expect(await backend.sent('GET', `/campaigns/${campaign.id}/results`)).not.toHaveLength(0);
  });

  it('the form of a voucher campaign asks for its pack and previews the vouchers and the charge', async () => {
    const merchant = await apiAs(backend, 'merchant');
    await newPack(merchant, { title: 'Birthday Cake', price: 1 });
    await openAs('merchant', '/campaigns/create');
    fireEvent.click(await screen.findByRole('radio', { name: 'Birthday' }, T));
    const gives = await screen.findByRole('region', { name: 'What it gives' }, T);
    expect(within(gives).queryByLabelText(/^Multiplier/)).toBeNull();
    fireEvent.mouseDown(await within(gives).findByRole('combobox', { name: /^Voucher pack/ }, T));
    fireEvent.click(await screen.findByRole('option', { name: 'Birthday Cake' }, T));
    await waitFor(() => expect(preview()).toHaveTextContent('have their birthday in the next 30 days'), T);
    expect(preview()).toHaveTextContent(
      /It would give 0 vouchers worth SGD 0\.00; your wallet pays SGD 0\.00/,
    );
    await waitForPath('/campaigns/create');
  });
});

describe('an empty ledger', { timeout: 90_000 }, () => {
  portalServer();

  it('says none yet and invites nobody to add one (the operations write it); a table one adds to does', async () => {
    await openAs('merchant', '/campaigns/referrals');
    expect(await screen.findByText('No Referrals yet.', {}, T)).toBeInTheDocument();
    expect(screen.queryByText('Do you want to add one?')).toBeNull();
    await openAs('merchant', '/campaigns');
    expect(await screen.findByText('No Campaigns yet.', {}, T)).toBeInTheDocument();
    expect(screen.getByText('Do you want to add one?')).toBeInTheDocument();
  });
});
