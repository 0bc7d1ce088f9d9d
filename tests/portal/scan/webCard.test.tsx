// Staff show a member's web card (issue 26) on the real server: "Web card" on a member card's page,
// a voucher's page and the member's profile opens the link's QR and address (GET .../link); "Send to
// member" posts .../link/send and says how it went (SMS: the member has no app); "Revoke link" asks,
// posts .../link/revoke and shows the new link. A colleague who may only VIEW sees the QR without
// Send or Revoke (both need UPDATE on the server).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PocketLink } from '../../../contract/pocket';
import { type Api, apiAs } from '../api';
import { newPack, newProgramme } from '../make';
import { confirmWith, expectFreshKeys, T } from '../operations';
import { openAs, renderApp, signIn } from '../renderApp';
import { portalServer } from '../server';
import { MEMBERS, WORLD } from '../world';

const issueCard = async (merchant: Api) => {
  const programme = await newProgramme(merchant);
  return merchant<{ id: number; memberMobile: string }>('POST', `/stamp-cards/${programme.id}/member-cards`, {
    memberMobile: MEMBERS.tan,
    storeId: WORLD.acme.storeId,
  });
};

/** The QR's text (the link it carries) in the open web card dialog. */
const qrValue = (dialog: HTMLElement) =>
  dialog.querySelector('[data-testid="web-card-qr"]')?.getAttribute('data-value');

describe('web card', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it("a member card's page: the QR of GET /link, Send to member, Revoke link with a new QR", async () => {
    const merchant = await apiAs(backend, 'merchant');
    const card = await issueCard(merchant);
    const link = await merchant<PocketLink>('GET', `/member-cards/${card.id}/link`);
    await openAs('merchant', `/memberCards/${card.id}/show`);

    fireEvent.click(await screen.findByRole('button', { name: 'Web card' }, T));
    const dialog = await screen.findByRole('dialog', { name: `Web card of ${card.memberMobile}` }, T);
    await waitFor(() => expect(qrValue(dialog)).toBe(link.url), T);
    expect(link.url).toMatch(/\/c\/[^/]+$/);
    expect(within(dialog).getByRole('img', { name: 'QR code of the web card' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveValue(link.url);
    expect(await backend.sent('GET', `/member-cards/${card.id}/link`)).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to member' }));
    expect(await screen.findByText('Sent by SMS', {}, T)).toBeInTheDocument();
    const sends = await backend.sent('POST', `/member-cards/${card.id}/link/send`);
    expect(sends.map((s) => s.body)).toEqual([{}]);
    expectFreshKeys(sends);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    await confirmWith(`Confirm to Revoke link - ${card.memberMobile}?`);
    await waitFor(() => expect(qrValue(dialog)).not.toBe(link.url), T);
    const revokes = await backend.sent('POST', `/member-cards/${card.id}/link/revoke`);
    expect(revokes.map((r) => r.body)).toEqual([{}]);
    expectFreshKeys(revokes);
    expect(await screen.findByText(`Revoke link ${card.memberMobile} success`, {}, T)).toBeInTheDocument();
    const renewed = await merchant<PocketLink>('GET', `/member-cards/${card.id}/link`);
    expect(qrValue(dialog)).toBe(renewed.url);
    // (the confirm dialog may still be fading out over it)
    expect(within(dialog).getByRole('textbox', { name: 'Link', hidden: true })).toHaveValue(renewed.url);
  });

  it("a voucher's page and the member's profile offer it too", async () => {
    const merchant = await apiAs(backend, 'merchant');
    const pack = await newPack(merchant);
    const {
      vouchers: [voucher],
    } = await merchant<{ vouchers: { id: number; code: string }[] }>(
      'POST',
      `/voucher-packs/${pack.id}/vouchers`,
      { memberMobile: MEMBERS.tan, quantity: 1 },
    );
    if (!voucher) throw new Error('no voucher issued');
    const link = await merchant<PocketLink>('GET', `/vouchers/${voucher.id}/link`);
    await signIn('merchant');
    const { unmount } = renderApp(`/vouchers/${voucher.id}/show`);
    fireEvent.click(await screen.findByRole('button', { name: 'Web card' }, T));
    const dialog = await screen.findByRole('dialog', { name: `Web card of ${voucher.code}` }, T);
    await waitFor(() => expect(qrValue(dialog)).toBe(link.url), T);
    expect(link.url).toMatch(/\/v\/[^/]+$/);
    unmount();

    const card = await issueCard(merchant);
    renderApp(`/aotg/member?mobile=${encodeURIComponent(MEMBERS.tan)}`);
    const cards = await screen.findByRole('region', { name: 'Cards' }, T);
    fireEvent.click(await within(cards).findByRole('button', { name: 'Web card' }, T));
    const cardDialog = await screen.findByRole('dialog', { name: /^Web card of Acme Coffee Card/ }, T);
    const cardLink = await merchant<PocketLink>('GET', `/member-cards/${card.id}/link`);
    await waitFor(() => expect(qrValue(cardDialog)).toBe(cardLink.url), T);
  });

  it('a colleague who may only view sees the QR, without Send or Revoke', async () => {
    const merchant = await apiAs(backend, 'merchant');
    const card = await issueCard(merchant);
    await openAs('restricted', `/memberCards/${card.id}/show`);
    fireEvent.click(await screen.findByRole('button', { name: 'Web card' }, T));
    const dialog = await screen.findByRole('dialog', { name: /^Web card of/ }, T);
    await waitFor(() => expect(qrValue(dialog)).toMatch(/\/c\//), T);
    expect(within(dialog).queryByRole('button', { name: 'Send to member' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Revoke link' })).toBeNull();
  });
});
