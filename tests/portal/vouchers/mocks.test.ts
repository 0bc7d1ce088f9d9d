// The voucher mocks (mocks/vouchers.ts) answer what the server answers (docs/api.md "Vouchers"): the
// rules' error codes with the field they name, the Idempotency-Key replay, the organisation scope, and
// rows the generic lists serve too.
import { describe, expect, it } from 'vitest';
import { MOCK_ACCOUNTS } from '../../../mocks/data';
import { post, refusal, signedInAs } from '../operations';
import { useMockBackend } from '../pages/harness';
import { DEMO_MEMBERS, historyOf, seedDemo } from './demo';

describe('voucher mocks', { timeout: 30_000 }, () => {
  const backend = useMockBackend();

  it('issue: the same key replays the first answer; the key on another body is code 2', async () => {
    const { kopi } = seedDemo(backend.db);
    const http = await signedInAs('merchant');
    const path = `/voucher-packs/${kopi.id}/vouchers`;
    const body = { memberMobile: '+6590009999', quantity: 2 };
    const first = await post(http, path, body, 'key-1');
    const again = await post(http, path, body, 'key-1');
    expect(again.data).toEqual(first.data);
    expect(kopi.issuedCount).toBe(6);
    const other = await refusal(post(http, path, { ...body, quantity: 1 }, 'key-1'));
    expect(other).toEqual({
      code: 2,
      data: [{ field: 'Idempotency-Key', message: 'was already used for another request' }],
    });
    // the new vouchers are in the generic list, each with its ISSUED history
    const list = await http<{ id: number; memberMobile: string }[]>('/vouchers', {
      query: { filter: JSON.stringify([{ field: 'voucherPackId', op: 'eq', value: kopi.id }]), size: 50 },
    });
    const mine = list.data.filter((v) => v.memberMobile === '+6590009999');
    expect(mine).toHaveLength(2);
    for (const v of mine) expect(historyOf(backend.db, v.id).map((h) => h.action)).toEqual(['ISSUED']);
  });

  it('issue rules: member limit 6630, not ACTIVE 11, bad body 2', async () => {
    const { kopi, cake } = seedDemo(backend.db);
    const http = await signedInAs('operator');
    // Tan was issued 3 of Free Kopi (limit 5): 3 more is past the limit
    expect(
      (
        await refusal(
          post(http, `/voucher-packs/${kopi.id}/vouchers`, { memberMobile: DEMO_MEMBERS.tan, quantity: 3 }),
        )
      ).code,
    ).toBe(6630);
    cake.state = 'DISABLED';
    expect(
      await refusal(
        post(http, `/voucher-packs/${cake.id}/vouchers`, { memberMobile: '+6590009999', quantity: 1 }),
      ),
    ).toEqual({
      code: 11,
      data: [{ field: 'state', message: 'the pack is DISABLED' }],
    });
    expect(
      (
        await refusal(
          post(http, `/voucher-packs/${kopi.id}/vouchers`, { memberMobile: '91234567', quantity: 0 }),
        )
      ).code,
    ).toBe(2);
  });

  it('redeem at another brand’s store 6701; donate a non-giftable voucher 6804; void an available one 11', async () => {
    const { voided, cakeVoucher } = seedDemo(backend.db);
    const http = await signedInAs('operator');
    expect(await refusal(post(http, `/vouchers/${voided.id}/redeem`, { storeId: 3 }))).toEqual({
      code: 6701,
      data: [{ field: 'storeId', message: "is not an active store of the voucher's brand" }],
    });
    expect(
      (await refusal(post(http, `/vouchers/${cakeVoucher.id}/donate`, { toMobile: '+6590009999' }))).code,
    ).toBe(6804);
    expect((await refusal(post(http, `/vouchers/${voided.id}/void`, { reason: 'no' }))).code).toBe(11);
  });

  it('expire is an operator’s; the summary counts by state', async () => {
    const { kopi, voided } = seedDemo(backend.db);
    const merchant = await signedInAs('merchant');
    expect((await refusal(post(merchant, `/vouchers/${voided.id}/expire`, {}))).code).toBe(26237);
    const operator = await signedInAs('operator');
    await post(operator, `/vouchers/${voided.id}/expire`, {});
    const summary = await operator(`/voucher-packs/${kopi.id}/summary`);
    expect(summary.data).toEqual({
      quantity: 500,
      issuedCount: 4,
      left: 496,
      available: 1,
      redeemed: 1,
      expired: 2,
    });
  });

  it('member wallet: grouped with history; another company’s merchant reads the member as unknown', async () => {
    seedDemo(backend.db);
    const operator = await signedInAs('operator');
    const wallet = await operator<{
      member: { name: string };
      vouchers: Record<string, { history: unknown[] }[]>;
    }>(`/members/${encodeURIComponent(DEMO_MEMBERS.tan)}/vouchers`);
    expect(wallet.data.member.name).toBe('Tan Wei Ming');
    expect(Object.fromEntries(Object.entries(wallet.data.vouchers).map(([s, v]) => [s, v.length]))).toEqual({
      AVAILABLE: 2,
      REDEEMED: 1,
      EXPIRED: 0,
    });
    const other = backend.db.users.find((u) => u.email === MOCK_ACCOUNTS.merchant.email);
    if (!other) throw new Error('seed user missing');
    other.companyId = 2;
    const merchant = await signedInAs('merchant');
    expect(await refusal(merchant(`/members/${encodeURIComponent(DEMO_MEMBERS.tan)}/vouchers`))).toEqual({
      code: 5,
      data: [{ field: 'mobile', message: 'no member with this mobile' }],
    });
  });
});
