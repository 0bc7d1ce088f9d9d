// What the dashboard tests count, made on the real server (tests/portal/server.ts): Nina's sign-up
// waiting for an operator, a push of Acme's whose provider failed, a stamp card programme of Acme
// Coffee with three members' cards, four vouchers issued and one of them redeemed, and a wallet
// topped up. The stamps of the last two weeks are history: one stamping made through the route, and
// copies of it at earlier times written straight into the table (no route stamps in the past).
import { eq } from 'drizzle-orm';
import { BASE_PATHS } from '../../../contract';
import { FINANCE_PATHS } from '../../../contract/finance';
import { push, stampsTransaction } from '../../../server/platform/db/schema';
import { apiAs } from '../api';
import { DAY_MS, failedFlashSale, newPack, newProgramme } from '../make';
import type { RealBackend } from '../server';
import { MEMBERS, WORLD } from '../world';

export { restrictColleague } from '../world';

const DEMO = [MEMBERS.tan, MEMBERS.siti, MEMBERS.arjun] as const;

/** Stamps given in the last 30 days: 2,630 stampings of 3. */
export const STAMPINGS = 2_630;

export const seedDashboard = async (backend: RealBackend) => {
  const merchant = await apiAs(backend, 'merchant');
  const now = Date.now();
  const { storeId } = WORLD.acme;

  // a sign-up waiting for an operator
  await (await apiAs(backend, 'newMerchant'))('POST', '/organization/signup', {
    company: {
      name: 'Nina Noodles Pte Ltd',
      registrationNo: '202112345N',
      address: '1 Nina Road, Singapore',
      contactEmail: 'hello@nina.example.com',
      phone: '+6562000000',
    },
    brand: { name: 'Nina Noodles', description: 'Noodles' },
    store: { name: 'Nina Tanjong Pagar', address: '7 Wallich Street', latitude: 1.2764, longitude: 103.8458 },
  });

  // a programme with three cards, one stamped
  const programme = await newProgramme(merchant);
  const cards: { id: number }[] = [];
  for (const memberMobile of DEMO)
    cards.push(
      await merchant('POST', `/stamp-cards/${programme.id}/member-cards`, { memberMobile, storeId }),
    );
  await merchant('POST', `/member-cards/${cards[0]?.id}/stamps`, { stamps: 3, storeId });
  // the stampings of the two weeks before: the one above, at earlier times (history rows)
  const [stamped] = await backend.t.db.select().from(stampsTransaction);
  if (!stamped) throw new Error('no stamping');
  const { id: _id, receiptNo: _receipt, ...copy } = stamped as Record<string, unknown>;
  const earlier = Array.from({ length: STAMPINGS - 1 }, (_, i) => {
    const at = new Date(now - (1 + (i % 13)) * DAY_MS - i * 1000);
    return { ...copy, at, createTime: at, updateTime: at };
  });
  for (let i = 0; i < earlier.length; i += 500)
    await backend.t.db.insert(stampsTransaction).values(earlier.slice(i, i + 500));

  // a push to the brand's members whose provider failed
  const pushed = await failedFlashSale(backend, merchant, now);
  const [failed] = await backend.t.db.select().from(push).where(eq(push.id, pushed.id));
  if (failed?.state !== 'FAILED') throw new Error(`the demo push is ${failed?.state}, not FAILED`);

  // four vouchers issued, one redeemed
  const pack = await newPack(merchant);
  const issued = await merchant<{ vouchers: { id: number }[] }>(
    'POST',
    `/voucher-packs/${pack.id}/vouchers`,
    { memberMobile: DEMO[0], quantity: 4 },
  );
  await merchant('POST', `/vouchers/${issued.vouchers[0]?.id}/redeem`, { storeId });

  // the wallet
  await merchant('POST', `${BASE_PATHS.payment}${FINANCE_PATHS.topUps}`, {
    amount: 1250.5,
    paymentMethod: 'FREE',
  });
  return { programme };
};
