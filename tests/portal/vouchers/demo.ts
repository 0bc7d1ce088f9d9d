// The voucher demo data (mocks/vouchers.ts seedVoucherDemo) as the voucher tests use it: the packs by
// title and the seeded vouchers by what happened to them.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { MockDb, MockRow } from '../../../mocks/data';
import { DEMO_MEMBERS, seedVoucherDemo } from '../../../mocks/vouchers';
import type { SentRequest } from '../pages/harness';

export const T = { timeout: 10_000 };
export { DEMO_MEMBERS };

const rows = (db: MockDb, table: string): MockRow[] => db.resourceRows[table] ?? [];

export const seedDemo = (db: MockDb) => {
  seedVoucherDemo(db);
  const pack = (title: string): MockRow => {
    const found = rows(db, 'voucherPacks').find((p) => p.title === title);
    if (!found) throw new Error(`no demo pack ${title}`);
    return found;
  };
  const kopi = pack('Free Kopi');
  const cake = pack('Birthday Cake Slice');
  // Tan's three Free Kopi vouchers, in the order issued: redeemed; redeemed then voided; donated to Arjun
  const [redeemed, voided, donated] = rows(db, 'vouchers').filter(
    (v) => v.voucherPackId === kopi.id && v.issuedToMobile === DEMO_MEMBERS.tan,
  );
  const expired = rows(db, 'vouchers').find((v) => v.state === 'EXPIRED');
  const cakeVoucher = rows(db, 'vouchers').find((v) => v.voucherPackId === cake.id);
  if (!redeemed || !voided || !donated || !expired || !cakeVoucher) throw new Error('demo vouchers missing');
  return { kopi, cake, redeemed, voided, donated, expired, cakeVoucher };
};

export const vouchersOf = (db: MockDb, packId: number) =>
  rows(db, 'vouchers').filter((v) => v.voucherPackId === packId);

export const historyOf = (db: MockDb, voucherId: number) =>
  rows(db, 'voucherHistory').filter((h) => h.voucherId === voucherId);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each request carries an Idempotency-Key, a UUID, and no two the same. */
export const expectFreshKeys = (requests: readonly SentRequest[]) => {
  const keys = requests.map((r) => r.headers.get('Idempotency-Key'));
  for (const key of keys) expect(key).toMatch(UUID);
  expect(new Set(keys).size).toBe(keys.length);
};

/** The confirm dialog (spec section 5): its question, then Confirm. */
export const confirmWith = async (question: string) => {
  const dialog = await screen.findByRole('dialog', { name: 'Please confirm' }, T);
  expect(dialog).toHaveTextContent(question);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
};

/** The figure a tile shows, by the tile's label (also while a dialog hides the page from the tree). */
export const tile = (label: string) => screen.getByRole('group', { name: label, hidden: true });
