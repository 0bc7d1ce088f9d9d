// The stamping mocks (mocks/stamping.ts) answer what the server answers (docs/api.md "Stamp cards and
// member cards"): the rules' codes with the field they name, completion issuing the reward voucher,
// void of the last SUCCESS only, FAILED transactions for refused stampings, and the key replay.
import { describe, expect, it } from 'vitest';
import { STAMP_DEMO_PIN } from '../../../mocks/stamping';
import { post, refusal, signedInAs } from '../operations';
import { useMockBackend } from '../pages/harness';
import { rows, STAMP_DEMO_MEMBERS, seedStamping, transactionsOf } from './demo';

describe('stamping mocks', { timeout: 30_000 }, () => {
  const backend = useMockBackend();

  it('issue: 6623 for a member with an open card, 6626 sold out, 6701 another brand’s store; the key replays', async () => {
    const { programme } = seedStamping(backend.db);
    const http = await signedInAs('merchant');
    const path = `/stamp-cards/${programme.id}/member-cards`;
    expect((await refusal(post(http, path, { memberMobile: STAMP_DEMO_MEMBERS.tan, storeId: 1 }))).code).toBe(
      6623,
    );
    expect((await refusal(post(http, path, { memberMobile: '+6590000001', storeId: 4 }))).code).toBe(6701);
    const body = { memberMobile: '+6590000001', storeId: 1 };
    const first = await post(http, path, body, 'k-1');
    const again = await post(http, path, body, 'k-1');
    expect(again.data).toEqual(first.data);
    expect(programme.issuedCount).toBe(5);
    programme.quantity = 5;
    expect((await refusal(post(http, path, { memberMobile: '+6590000002', storeId: 1 }))).code).toBe(6626);
  });

  it('stamps: 6620 past the maximum, 6621 a wrong PIN, 6622 after five, 26630 a used receipt; refusals are FAILED rows', async () => {
    const { arjun } = seedStamping(backend.db);
    const http = await signedInAs('merchant');
    const path = `/member-cards/${arjun.id}/stamps`;
    const tooMany = await refusal(post(http, path, { stamps: 4, storeId: 1 }));
    expect(tooMany).toEqual({
      code: 6620,
      data: [{ field: 'stamps', message: 'must be 1 to 3 (8 left on the card)' }],
    });
    expect((await refusal(post(http, path, { stamps: 1, storeId: 1, receiptNo: 'R-10021' }))).code).toBe(
      26630,
    );
    for (let i = 0; i < 5; i += 1)
      expect((await refusal(post(http, path, { stamps: 1, storeId: 1, pin: '0000' }))).code).toBe(6621);
    expect((await refusal(post(http, path, { stamps: 1, storeId: 1, pin: STAMP_DEMO_PIN }))).code).toBe(6622);
    const failed = transactionsOf(backend.db, arjun.id).filter((t) => t.result === 'FAILED');
    expect(failed.map((t) => t.failureCode)).toEqual([6620, 26630, 6621, 6621, 6621, 6621, 6621, 6622]);
    expect(arjun.stamps).toBe(2);
  });

  it('completion issues the reward voucher; a missing reward pack is 6629 and stamps nothing', async () => {
    const { tan, siti, programme, reward } = seedStamping(backend.db);
    const http = await signedInAs('merchant');
    programme.rewardVoucherPackId = null;
    expect(
      (await refusal(post(http, `/member-cards/${tan.id}/stamps`, { stamps: 1, storeId: 1 }))).code,
    ).toBe(6629);
    expect(tan.stamps).toBe(9);
    programme.rewardVoucherPackId = reward.id;
    const done = await post(http, `/member-cards/${tan.id}/stamps`, {
      stamps: 1,
      storeId: 1,
      expectedStamps: 9,
    });
    expect(done.data).toMatchObject({ result: 'SUCCESS', stampsAfter: 10, memberCardState: 1 });
    const voucherId = (done.data as { rewardVoucherId: number }).rewardVoucherId;
    expect(rows(backend.db, 'vouchers').find((v) => v.id === voucherId)).toMatchObject({
      voucherPackId: reward.id,
      memberMobile: STAMP_DEMO_MEMBERS.tan,
    });
    // a completed card takes no stamps
    expect(
      (await refusal(post(http, `/member-cards/${siti.id}/stamps`, { stamps: 1, storeId: 1 }))).code,
    ).toBe(6625);
  });

  it('void: 6628 not the last, 26624 a FAILED one; the last reopens the card and ends its reward', async () => {
    const { tan, siti } = seedStamping(backend.db);
    const http = await signedInAs('merchant');
    const tanRows = transactionsOf(backend.db, tan.id);
    const older = tanRows.find((t) => t.receiptNo === 'R-10021');
    const failed = tanRows.find((t) => t.result === 'FAILED');
    expect((await refusal(post(http, `/stamps-transactions/${older?.id}/void`, { reason: 'x' }))).code).toBe(
      6628,
    );
    expect((await refusal(post(http, `/stamps-transactions/${failed?.id}/void`, { reason: 'x' }))).code).toBe(
      26624,
    );
    const last = transactionsOf(backend.db, siti.id).at(-1);
    const rewardId = siti.rewardVoucherId;
    const voided = await post(http, `/stamps-transactions/${last?.id}/void`, { reason: 'Wrong member' });
    expect(voided.data).toMatchObject({ result: 'VOIDED', voidReason: 'Wrong member' });
    expect(siti).toMatchObject({ stamps: 9, state: 0, rewardVoucherId: null });
    expect(rows(backend.db, 'vouchers').find((v) => v.id === rewardId)?.state).toBe('EXPIRED');
    const movements = rows(backend.db, 'stampingHistory').filter((m) => m.memberCardId === siti.id);
    expect(movements.at(-1)).toMatchObject({ stampsDelta: -1, stampsAfter: 9 });
  });
});
