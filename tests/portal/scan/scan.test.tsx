// The counter's scanner (/scan) on the real server: jsdom has no camera, so the screen says so and the
// typed code does the work. A code typed in lower case with spaces is looked up once (GET
// /codes/{CODE}: the card, else the voucher); the card opens with one-tap Stamp (1 stamp at the
// counter's store, expectedStamps = the stamps shown; a card stamped minutes ago asks first, saying
// when), the voucher with Redeem (confirmed; a redeemed one says when and where), an unknown code says
// so, and what is not a code is refused before anything is sent.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { receiptQrText } from '../../../contract/stamping';
import { stampsTransaction } from '../../../server/platform/db/schema';
import { type Api, apiAs } from '../api';
import { newPack, newProgramme } from '../make';
import { confirmWith, expectFreshKeys, T } from '../operations';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { cardRow } from '../stampCards/demo';
import { voucherRow } from '../vouchers/demo';
import { MEMBERS, WORLD } from '../world';

/** A code as a person types it: lower case, in groups of four. */
const sloppy = (code: string) =>
  code
    .toLowerCase()
    .replace(/(.{4})/g, '$1 ')
    .trim();

/** A card of Acme Coffee Card with `stamps` stamps: its row (with its code). */
const cardWith = async (backend: ReturnType<typeof portalServer>, merchant: Api, stamps: number) => {
  const programme = await newProgramme(merchant);
  const card = await merchant<{ id: number }>('POST', `/stamp-cards/${programme.id}/member-cards`, {
    memberMobile: MEMBERS.tan,
    storeId: WORLD.acme.storeId,
  });
  if (stamps > 0)
    await merchant('POST', `/member-cards/${card.id}/stamps`, { stamps, storeId: WORLD.acme.storeId });
  return cardRow(backend, card.id);
};

const typeCode = async (text: string) => {
  const field = await screen.findByRole('textbox', { name: /Or type the code/ }, T);
  fireEvent.change(field, { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Find' }));
};

describe('scan at the counter', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('stamps a card from a receipt QR once: what the receipt says, then Stamp; the same receipt again is refused (6750)', async () => {
    const merchant = await apiAs(backend, 'merchant');
    const card = await cardWith(backend, merchant, 0);
    await openAs('merchant', '/scan');
    await typeCode(card.code);
    const found = await screen.findByRole('region', { name: 'Member card found' }, T);
    const qr = receiptQrText({ storeId: WORLD.acme.storeId, receiptNo: 'R-7781', amount: '18.40' });
    const readReceipt = async (text: string) => {
      fireEvent.click(await within(found).findByRole('button', { name: 'Stamp from receipt' }, T));
      const dialog = await screen.findByRole('dialog', { name: 'Stamp from a receipt' }, T);
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Receipt QR code' }), {
        target: { value: text },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Read' }));
      return dialog;
    };
    // not a receipt: said in the field, nothing sent
    let dialog = await readReceipt('SOMETHING-ELSE');
    expect(await within(dialog).findByText('This is not a receipt QR code', {}, T)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Stamp 1' })).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Receipt QR code' }), {
      target: { value: qr },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read' }));
    const lines = await within(dialog).findByRole('group', { name: 'Stamp from a receipt' }, T);
    expect(lines).toHaveTextContent('R-7781');
    expect(lines).toHaveTextContent('SGD 18.40');
    expect(await within(lines).findByText('Acme Coffee Raffles', {}, T)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stamp 1' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Stamp from a receipt' })).toBeNull(), T);
    const [sent, ...more] = await backend.sent('POST', `/member-cards/${card.id}/stamps/receipt`);
    expect(more).toHaveLength(0);
    expect(sent?.body).toEqual({ qr, expectedStamps: 0 });
    await waitFor(
      () => expect(within(found).getByRole('group', { name: 'Stamps' })).toHaveTextContent('1 / 10'),
      T,
    );
    const [txn] = await backend.t.db
      .select()
      .from(stampsTransaction)
      .where(and(eq(stampsTransaction.memberCardId, card.id), eq(stampsTransaction.result, 'SUCCESS')));
    expect(txn?.receiptNo).toBe('R-7781');
    expect(Number(txn?.amount)).toBe(18.4);

    // the same receipt again: the server's refusal, in the dialog
    dialog = await readReceipt(qr);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Stamp 1' }, T));
    expect(await within(dialog).findByText(/already stamped at this store/, {}, T)).toBeInTheDocument();
  });

  it('says when a running campaign added stamps to the stamping (issue 43)', async () => {
    const merchant = await apiAs(backend, 'merchant');
    const card = await cardWith(backend, merchant, 0);
    const campaign = await merchant<{ id: number }>('POST', '/campaigns', {
      name: 'Double Tuesdays',
      kind: 'MULTIPLIER',
      multiplier: 2,
      stampCardId: card.stampCardId,
      startAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await merchant('POST', `/campaigns/${campaign.id}/activate`, {});
    await openAs('merchant', '/scan');
    await typeCode(card.code);
    const found = await screen.findByRole('region', { name: 'Member card found' }, T);
    fireEvent.click(await within(found).findByRole('button', { name: 'Stamp' }, T));
    await waitFor(
      () => expect(within(found).getByRole('group', { name: 'Stamps' })).toHaveTextContent('2 / 10'),
      T,
    );
    const status = within(found).getByRole('status');
    expect(status).toHaveTextContent('2 stamps given: 2 on the card now');
    expect(status).toHaveTextContent('Campaign “Double Tuesdays” added 1 stamp');
  });

  it('without a camera it says so; a typed card code opens the card, Stamp stamps 1 in one tap, a second tap asks first', async () => {
    const merchant = await apiAs(backend, 'merchant');
    const card = await cardWith(backend, merchant, 0);
    expect(card.code).toMatch(/^[0-9A-Z]{10}$/);
    await openAs('merchant', '/scan');

    expect(await screen.findByRole('heading', { name: 'Scan at the counter' }, T)).toBeInTheDocument();
    expect(
      await screen.findByText('No camera was found on this device. Type the code below.', {}, T),
    ).toBeInTheDocument();
    // Acme Coffee has one active store: it is the counter's
    await waitFor(
      () =>
        expect(screen.getByRole('combobox', { name: 'Counter store' })).toHaveTextContent(
          'Acme Coffee Raffles',
        ),
      T,
    );

    await typeCode(` ${sloppy(card.code)} `);
    const found = await screen.findByRole('region', { name: 'Member card found' }, T);
    expect(await within(found).findByText('Acme Coffee Card', {}, T)).toBeInTheDocument();
    await waitFor(
      () => expect(within(found).getByRole('group', { name: 'Stamps' })).toHaveTextContent('0 / 10'),
      T,
    );
    expect(within(found).getByText('Available')).toBeInTheDocument();
    // one look-up, answered 200 whatever the code names: no card's 404 before a voucher
    expect(await backend.sent('GET', `/codes/${card.code}`)).toHaveLength(1);
    expect((await backend.sent('GET')).filter((r) => r.path.includes('/by-code/'))).toEqual([]);

    fireEvent.click(within(found).getByRole('button', { name: 'Stamp' }));
    // one tap: no question, the stamping goes at once
    expect(await screen.findByText(`Stamp ${card.memberMobile} success`, {}, T)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Please confirm' })).toBeNull();
    await waitFor(
      () => expect(within(found).getByRole('group', { name: 'Stamps' })).toHaveTextContent('1 / 10'),
      T,
    );
    expect(within(found).getByRole('status')).toHaveTextContent('1 stamp given');

    // a second tap moments later: asked first, saying when the card was stamped
    fireEvent.click(within(found).getByRole('button', { name: 'Stamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' }, T);
    expect(dialog).toHaveTextContent(
      /This card was stamped \d+ seconds? ago\. Stamp it again only for a new purchase\./,
    );
    await confirmWith(`Confirm to Stamp - ${card.memberMobile}?`);
    await waitFor(
      () => expect(within(found).getByRole('group', { name: 'Stamps' })).toHaveTextContent('2 / 10'),
      T,
    );
    const posts = await backend.sent('POST', `/member-cards/${card.id}/stamps`);
    expect(posts.map((p) => p.body)).toEqual([
      { stamps: 1, storeId: WORLD.acme.storeId, expectedStamps: 0 },
      { stamps: 1, storeId: WORLD.acme.storeId, expectedStamps: 1 },
    ]);
    expectFreshKeys(posts);
    expect((await cardRow(backend, card.id)).stamps).toBe(2);
  });

  it('a code no card has is looked up as a voucher; Redeem asks, then redeems it at the counter store', async () => {
    const merchant = await apiAs(backend, 'merchant');
    const pack = await newPack(merchant);
    const {
      vouchers: [issued],
    } = await merchant<{ vouchers: { id: number; code: string }[] }>(
      'POST',
      `/voucher-packs/${pack.id}/vouchers`,
      {
        memberMobile: MEMBERS.tan,
        quantity: 1,
      },
    );
    if (!issued) throw new Error('no voucher issued');
    await openAs('merchant', '/scan');

    await typeCode(sloppy(issued.code));
    const found = await screen.findByRole('region', { name: 'Voucher found' }, T);
    expect(await within(found).findByText('Free Kopi', {}, T)).toBeInTheDocument();
    expect(within(found).getByText('SGD 4.50')).toBeInTheDocument();
    expect(within(found).getByText('Available')).toBeInTheDocument();
    expect(within(found).getByText(issued.code)).toBeInTheDocument();
    expect(await backend.sent('GET', `/codes/${issued.code}`)).toHaveLength(1);
    expect((await backend.sent('GET')).filter((r) => r.path.includes('/by-code/'))).toEqual([]);

    fireEvent.click(within(found).getByRole('button', { name: 'Redeem' }));
    await confirmWith(`Confirm to Redeem - ${issued.code}?`);
    expect(await screen.findByText(`Redeem ${issued.code} success`, {}, T)).toBeInTheDocument();
    const posts = await backend.sent('POST', `/vouchers/${issued.id}/redeem`);
    expect(posts.map((p) => p.body)).toEqual([{ storeId: WORLD.acme.storeId }]);
    expectFreshKeys(posts);
    expect(await within(found).findByText('Redeemed', {}, T)).toBeInTheDocument();
    expect(within(found).queryByRole('button', { name: 'Redeem' })).toBeNull();
    // looked up again later, it says when and where it was used
    expect(
      await within(found).findByText(
        /^Redeemed \d{1,2} \w{3} \d{4}, \d{2}:\d{2} at Acme Coffee Raffles$/,
        {},
        T,
      ),
    ).toBeInTheDocument();
    expect(await voucherRow(backend, issued.id)).toMatchObject({ state: 'REDEEMED', redeemedStoreId: 1 });
  });

  it('an unknown code says so; what is not a code is refused before anything is sent', async () => {
    await openAs('merchant', '/scan');

    await typeCode('kopi?');
    expect(await screen.findByText('A code has letters and digits only', {}, T)).toBeInTheDocument();
    expect((await backend.sent('GET')).filter((r) => r.path.includes('/codes/'))).toEqual([]);

    await typeCode('zz99 zz99 zz');
    expect(
      await screen.findByText(
        'No card or voucher has the code ZZ99ZZ99ZZ. Check the code and try again.',
        {},
        T,
      ),
    ).toBeInTheDocument();
    expect(await backend.sent('GET', '/codes/ZZ99ZZ99ZZ')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: /found/ })).toBeNull();
  });
});
