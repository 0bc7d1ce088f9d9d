// A store's sign-up poster on the real server: "Print poster" on the store's page lists the brand's
// ACTIVE programmes (a disabled one is not offered), picking one opens
// /organization/store/poster?storeId=&programmeId=, and the sheet shows the brand, the programme, its
// reward, "Scan to join" and a QR of `${origin}/join/{storeId}/{programmeId}`.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../api';
import { newPack, newProgramme } from '../make';
import { T } from '../operations';
import { currentPath, openAs } from '../renderApp';
import { portalServer } from '../server';
import { WORLD } from '../world';

describe('store poster', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it("Print poster picks an active programme; the sheet's QR opens the store's sign-up page", async () => {
    const merchant = await apiAs(backend, 'merchant');
    const pack = await newPack(merchant, { title: 'Free Coffee', voucherValue: 5.5 });
    const programme = await newProgramme(merchant, {
      title: 'Kopi Lover Card',
      rewardVoucherPackId: pack.id,
    });
    const stopped = await newProgramme(merchant, { title: 'Old Card' });
    await merchant('POST', `/stamp-cards/${stopped.id}/disable`, {});
    const storeId = WORLD.acme.storeId;
    await openAs('merchant', `/store/${storeId}/show`);

    const panel = await screen.findByRole('region', { name: 'Sign-up poster' }, T);
    fireEvent.click(within(panel).getByRole('button', { name: 'Print poster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Which programme?' }, T);
    const choices = await within(dialog).findByRole('list', { name: 'Active programmes' }, T);
    expect(
      within(choices)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Kopi Lover Card10 stamps']);
    fireEvent.click(within(choices).getByRole('link', { name: /Kopi Lover Card/ }));

    await waitFor(() => expect(currentPath()).toBe('/organization/store/poster'), T);
    expect(window.location.search).toBe(`?storeId=${storeId}&programmeId=${programme.id}`);
    const sheet = await screen.findByTestId('poster-sheet', {}, T);
    expect(await within(sheet).findByRole('heading', { name: 'Kopi Lover Card' }, T)).toBeInTheDocument();
    expect(within(sheet).getByText('Scan to join')).toBeInTheDocument();
    expect(await within(sheet).findByText('Acme Coffee', {}, T)).toBeInTheDocument();
    expect(
      await within(sheet).findByText('Collect 10 stamps, get Free Coffee (SGD 5.50)', {}, T),
    ).toBeInTheDocument();
    expect(within(sheet).getByText('Acme Coffee Raffles')).toBeInTheDocument();
    const joinUrl = `${window.location.origin}/join/${storeId}/${programme.id}`;
    expect(within(sheet).getByTestId('poster-qr')).toHaveAttribute('data-value', joinUrl);
    expect(within(sheet).getByRole('img', { name: 'QR code of the sign-up page' })).toBeInTheDocument();
    expect(within(sheet).getByText(joinUrl)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('a disabled programme gets no poster, and no Print', async () => {
    const merchant = await apiAs(backend, 'merchant');
    const programme = await newProgramme(merchant);
    await merchant('POST', `/stamp-cards/${programme.id}/disable`, {});
    await openAs(
      'merchant',
      `/organization/store/poster?storeId=${WORLD.acme.storeId}&programmeId=${programme.id}`,
    );
    expect(
      await screen.findByText('This programme is not an active programme of the store’s brand.', {}, T),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('poster-qr')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });
});
