// A card keeps what it promised (issue 40 item 2): a member card keeps the terms it was issued under
// (stamps required, stamps per stamping, the limits, the reward) and a voucher whether it may be given
// away, so editing a live programme or pack changes only what is issued afterwards.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addAcmeAndOther,
  addCountingPack,
  addMemberCard,
  addRewardProgramme,
  apiSuite,
  MAIN,
  mobileSequence,
  type Org,
} from './fixtures';
import { codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
const nextMobile = mobileSequence('96');
let acme: Org;

const stamp = (cardId: number, stamps: number) =>
  call('owner', 'POST', `${MAIN}/member-cards/${cardId}/stamps`, { stamps, storeId: acme.storeId });

const edit = async (path: string, body: Record<string, unknown>) =>
  expect(codeOf(await call('owner', 'PUT', `${MAIN}${path}`, body))).toEqual({ status: 200, code: 0 });

beforeAll(async () => {
  ({ acme } = await addAcmeAndOther(t, tokens));
});

describe('a member card keeps the terms it was issued under', () => {
  it('completes at its own stamps required, with its own reward, after the programme changed both', async () => {
    const { programmeId, packId } = await addRewardProgramme(call, 'owner', acme);
    const before = await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId);
    expect(dataOf(await stamp(before.id, 3))).toMatchObject({ stampsAfter: 3 });
    // the programme now asks 2 stamps, 1 a stamping, with another reward
    const otherPack = (
      dataOf(
        await call('owner', 'POST', `${MAIN}/voucher-packs`, {
          title: 'Another reward',
          price: 0,
          voucherValue: 1,
          quantity: 100,
          issueLimitPerMember: 10,
          validFrom: '2026-01-01',
          validUntil: '2027-12-31',
          voucherValidityDays: 30,
          brandId: acme.brandId,
        }),
      ) as { id: number }
    ).id;
    await edit(`/stamp-cards/${programmeId}`, {
      stampsRequired: 2,
      maxStampsPerTransaction: 1,
      rewardVoucherPackId: otherPack,
    });

    // the card issued before: 5 stamps, up to 5 a stamping, the first reward
    expect(dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${before.id}`))).toMatchObject({
      stamps: 3,
      stampsRequired: 5,
      maxStampsPerTransaction: 5,
      rewardVoucherPackId: packId,
      state: 0,
    });
    const completed = dataOf(await stamp(before.id, 2)) as {
      rewardVoucherId: number;
      memberCardState: number;
    };
    expect(completed).toMatchObject({ stampsAfter: 5, memberCardState: 1 });
    expect(dataOf(await call('owner', 'GET', `${MAIN}/vouchers/${completed.rewardVoucherId}`))).toMatchObject(
      {
        voucherPackId: packId,
      },
    );

    // a card issued after: the new terms
    const after = await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId);
    expect(dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${after.id}`))).toMatchObject({
      stampsRequired: 2,
      maxStampsPerTransaction: 1,
      rewardVoucherPackId: otherPack,
    });
    const tooMany = await stamp(after.id, 2);
    expect(codeOf(tooMany)).toEqual({ status: 400, code: 6620 });
    expect(tooMany.json().data).toEqual([
      { field: 'stamps', message: 'must be 1 to 1 (2 left on the card)' },
    ]);
    dataOf(await stamp(after.id, 1));
    const done = dataOf(await stamp(after.id, 1)) as { rewardVoucherId: number };
    expect(dataOf(await call('owner', 'GET', `${MAIN}/vouchers/${done.rewardVoucherId}`))).toMatchObject({
      voucherPackId: otherPack,
    });
  });

  it('keeps the stamping limits it was issued under', async () => {
    const { programmeId } = await addRewardProgramme(call, 'owner', acme);
    const before = await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId);
    await edit(`/stamp-cards/${programmeId}`, { minMinutesBetweenStamps: 60, maxStampsPerMemberPerDay: 1 });
    // issued with no limit: two stampings in a row, two stamps a day
    dataOf(await stamp(before.id, 1));
    dataOf(await stamp(before.id, 1));
    const after = await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId);
    dataOf(await stamp(after.id, 1));
    expect(codeOf(await stamp(after.id, 1))).toEqual({ status: 409, code: 6630 });
  });
});

describe('a voucher keeps whether it may be given away', () => {
  it('an issued giftable voucher stays giftable when the pack stops being; a new one is not (6804)', async () => {
    const packId = await addCountingPack(call, 'owner', acme);
    await edit(`/voucher-packs/${packId}`, { giftable: true });
    const issue = async () =>
      (
        dataOf(
          await call('owner', 'POST', `${MAIN}/voucher-packs/${packId}/vouchers`, {
            memberMobile: nextMobile(),
            quantity: 1,
          }),
        ) as { vouchers: { id: number; giftable: boolean }[] }
      ).vouchers[0];
    const before = await issue();
    expect(before?.giftable).toBe(true);
    await edit(`/voucher-packs/${packId}`, { giftable: false });
    const after = await issue();
    expect(after?.giftable).toBe(false);
    const donate = (id: number | undefined) =>
      call('owner', 'POST', `${MAIN}/vouchers/${id}/donate`, { toMobile: nextMobile() });
    expect(codeOf(await donate(before?.id))).toEqual({ status: 200, code: 0 });
    const refused = await donate(after?.id);
    expect(codeOf(refused)).toEqual({ status: 409, code: 6804 });
    expect(refused.json().data).toEqual([
      { field: 'giftable', message: 'the voucher was issued not giftable' },
    ]);
  });
});
