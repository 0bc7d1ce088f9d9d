// Issue 24 item 8: companies, brands and stores are deleted by operators only, and never while
// something still hangs under them: a company's wallet holding money (26436), a brand's open stores
// or its members' live cards and vouchers (26437), a store's registered devices (26438). A refused
// delete leaves the row as it was; the bulk delete is guarded the same way.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditWallet } from '../../server/domains/money/wallet';
import { brand, company, devices, store, vouchers } from '../../server/platform/db/schema';
import { addOrg, addStore, addUser, apiSuite, MAIN, type Org } from './fixtures';
import { codeOf } from './helpers';

const { t, tokens, call } = apiSuite();

let rich: Org;
let empty: Org;

beforeAll(async () => {
  rich = await addOrg(t, 'Rich');
  empty = await addOrg(t, 'Empty');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: rich.companyId });
  await addUser(t, tokens, 'emptyOwner', { type: 'MERCHANT', companyId: empty.companyId });
  await t.db.transaction((tx) =>
    creditWallet(tx, rich.companyId, '12.50', { type: 'TOP_UP_TXN', reference: 'test funds' }),
  );
});

const stateOf = async (table: typeof company | typeof brand | typeof store, id: number) =>
  (await t.db.select({ state: table.state }).from(table).where(eq(table.id, id)))[0]?.state;

describe('a company', () => {
  it('is never deleted by its own merchant, even with an empty wallet', async () => {
    const res = await call('emptyOwner', 'DELETE', `${MAIN}/companies/${empty.companyId}`);
    expect(codeOf(res)).toEqual({ status: 403, code: 26237 });
    expect(await stateOf(company, empty.companyId)).toBe('ACTIVE');
  });

  it('is not deleted while its wallet holds money: 26436, and the company stays', async () => {
    const res = await call('op', 'DELETE', `${MAIN}/companies/${rich.companyId}`);
    expect(codeOf(res)).toEqual({ status: 409, code: 26436 });
    expect(res.json().message).toBe("The company's wallet still holds money: it cannot be deleted");
    expect(await stateOf(company, rich.companyId)).toBe('ACTIVE');
    const bulk = await call('op', 'DELETE', `${MAIN}/companies?ids=[${empty.companyId},${rich.companyId}]`);
    expect(codeOf(bulk)).toEqual({ status: 409, code: 26436 });
    expect(await stateOf(company, empty.companyId)).toBe('ACTIVE');
  });

  it('an operator deletes a company whose wallet is empty (none opened, or at 0)', async () => {
    const res = await call('op', 'DELETE', `${MAIN}/companies/${empty.companyId}`);
    expect(codeOf(res)).toEqual({ status: 200, code: 0 });
    expect(await stateOf(company, empty.companyId)).toBe('DELETE');
  });
});

describe('a brand', () => {
  it('is refused to its merchant, and to an operator while a store of it is open: 26437', async () => {
    expect(codeOf(await call('owner', 'DELETE', `${MAIN}/brands/${rich.brandId}`))).toEqual({
      status: 403,
      code: 26237,
    });
    const res = await call('op', 'DELETE', `${MAIN}/brands/${rich.brandId}`);
    expect(codeOf(res)).toEqual({ status: 409, code: 26437 });
    expect(await stateOf(brand, rich.brandId)).toBe('ACTIVE');
  });

  it('is refused while a member holds an AVAILABLE voucher of it, once its stores are gone', async () => {
    expect(codeOf(await call('op', 'DELETE', `${MAIN}/stores/${rich.storeId}`))).toEqual({
      status: 200,
      code: 0,
    });
    const [voucher] = await t.db
      .insert(vouchers)
      .values({
        code: 'LIVE-1',
        title: 'Free coffee',
        value: 3,
        validFrom: '2026-01-01',
        validUntil: '2099-12-31',
        state: 'AVAILABLE',
        companyId: rich.companyId,
        brandId: rich.brandId,
      } as never)
      .returning();
    expect(codeOf(await call('op', 'DELETE', `${MAIN}/brands/${rich.brandId}`))).toEqual({
      status: 409,
      code: 26437,
    });
    await t.db
      .update(vouchers)
      .set({ state: 'REDEEMED' } as never)
      .where(eq(vouchers.id, (voucher as { id: number }).id));
    expect(codeOf(await call('op', 'DELETE', `${MAIN}/brands/${rich.brandId}`))).toEqual({
      status: 200,
      code: 0,
    });
    expect(await stateOf(brand, rich.brandId)).toBe('DELETE');
  });
});

describe('a store', () => {
  it('is refused while a device is registered there: 26438; deregistered devices do not count', async () => {
    const storeId = await addStore(t, rich.companyId, rich.brandId, 'Counter Two');
    await t.db.insert(devices).values([
      { serialNo: 'SN-LIVE', state: 'ACTIVE', lifecycle: 'ACTIVE', companyId: rich.companyId, storeId },
      { serialNo: 'SN-GONE', state: 'DEREGISTERED', lifecycle: 'ACTIVE', companyId: rich.companyId, storeId },
    ] as never);
    expect(codeOf(await call('owner', 'DELETE', `${MAIN}/stores/${storeId}`))).toEqual({
      status: 403,
      code: 26237,
    });
    const res = await call('op', 'DELETE', `${MAIN}/stores/${storeId}`);
    expect(codeOf(res)).toEqual({ status: 409, code: 26438 });
    expect(await stateOf(store, storeId)).toBe('ACTIVE');
    await t.db
      .update(devices)
      .set({ state: 'DEREGISTERED' } as never)
      .where(eq(devices.serialNo, 'SN-LIVE'));
    expect(codeOf(await call('op', 'DELETE', `${MAIN}/stores/${storeId}`))).toEqual({ status: 200, code: 0 });
  });
});
