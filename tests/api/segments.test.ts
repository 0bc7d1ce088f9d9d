// Segments end to end (issue 25, docs/api.md "Segments"): saving one checks its filter (code 2 naming
// `filter`), its reach counts exactly the company's members its filter picks (saved, or a filter being
// edited), another company's segment is 5 and a filter naming another company's level reaches no one,
// and a push to a segment reaches exactly the members the segment picks when the push is sent, each
// recorded as a delivery, with the filter it used kept on the push.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../server/jobs';
import { memberLevels, memberStanding, members, push, pushDeliveries } from '../../server/platform/db/schema';
import { createJobRunner, type JobLog } from '../../server/platform/jobs';
import { outboxProvider } from '../../server/platform/push-providers';
import { addAcmeWithTwoBrands, addCardHolders, apiSuite, MAIN, type Org } from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;
let other: Org;
/** Acme's second brand and its store */
let acme2: { brandId: number; storeId: number };
let gold: number;
let silver: number;
let otherGold: number;

const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };

// Acme: A1..A4 at its first brand and store, B1..B2 at its second; Other: O1 (and A1, a member of both)
const A = ['+6592000001', '+6592000002', '+6592000003', '+6592000004'] as const;
const B = ['+6592000011', '+6592000012'] as const;
const O = ['+6592000021'] as const;

const cardsFor = (who: string, brandId: number, storeId: number, mobiles: readonly string[], stamps = 0) =>
  addCardHolders(call, who, { brandId, storeId }, `Card ${brandId}-${storeId}`, mobiles, stamps);

const level = async (companyId: number, name: string, rank: number) => {
  const [row] = await t.db
    .insert(memberLevels)
    .values({ companyId, name, rank, threshold: rank * 5 } as never)
    .returning({ id: memberLevels.id });
  if (!row) throw new Error('no level');
  return row.id as number;
};

const placeAt = (companyId: number, levelId: number, mobiles: readonly string[]) =>
  Promise.all(
    mobiles.map((m) =>
      t.db
        .update(memberStanding)
        .set({ levelId })
        .where(and(eq(memberStanding.companyId, companyId), eq(memberStanding.memberMobile, m))),
    ),
  );

const newSegment = (filter: unknown, who = 'owner', extra: Record<string, unknown> = {}) =>
  call(who, 'POST', `${MAIN}/segments`, {
    name: `Segment ${Math.random().toString(36).slice(2, 8)}`,
    filter,
    ...extra,
  });

const reach = async (id: number, who = 'owner') => call(who, 'GET', `${MAIN}/segments/${id}/reach`);

const savedReach = async (filter: unknown) => {
  const seg = dataOf(await newSegment(filter)) as { id: number };
  return (dataOf(await reach(seg.id)) as { members: number }).members;
};

const drain = async () => {
  const r = createJobRunner({
    db: t.db,
    log: quiet,
    handlers: jobHandlers({ config: t.config, pushProvider: outboxProvider }),
    instanceId: 'segments-test',
  });
  while ((await r.runDue(new Date(Date.now() + 5_000))) > 0) {
    /* again */
  }
};

beforeAll(async () => {
  ({ acme, other, acme2 } = await addAcmeWithTwoBrands(t, tokens));
  await cardsFor('owner', acme.brandId, acme.storeId, A.slice(0, 2), 5);
  await cardsFor('owner', acme.brandId, acme.storeId, A.slice(2), 1);
  await cardsFor('owner', acme2.brandId, acme2.storeId, B);
  await cardsFor('stranger', other.brandId, other.storeId, [...O, A[0]], 4);
  gold = await level(acme.companyId, 'Gold', 2);
  silver = await level(acme.companyId, 'Silver', 1);
  otherGold = await level(other.companyId, 'Gold', 2);
  await placeAt(acme.companyId, gold, [A[0]]);
  await placeAt(acme.companyId, silver, [A[1], A[2]]);
  await placeAt(other.companyId, otherGold, [O[0], A[0]]);
}, APP_TIMEOUT);

describe('saving a segment', () => {
  it('saves, reads, changes and deletes a segment with a filter the members list takes', async () => {
    const filter = [{ field: 'levelId', op: 'eq', value: gold }];
    const created = await newSegment(filter, 'owner', { name: 'Gold members', description: 'Our best' });
    expect(codeOf(created)).toEqual({ status: 200, code: 0 });
    const seg = dataOf(created) as { id: number; companyId: number; filter: unknown };
    expect(seg).toMatchObject({ name: 'Gold members', companyId: acme.companyId, filter });
    const next = [{ field: 'stampsInWindow', op: 'gte', value: 5 }];
    const updated = await call('owner', 'PUT', `${MAIN}/segments/${seg.id}`, { filter: next });
    expect(dataOf(updated)).toMatchObject({ id: seg.id, filter: next });
    expect(dataOf(await call('owner', 'GET', `${MAIN}/segments/${seg.id}`))).toMatchObject({ filter: next });
    expect(codeOf(await call('owner', 'DELETE', `${MAIN}/segments/${seg.id}`))).toEqual({
      status: 200,
      code: 0,
    });
    expect(codeOf(await call('owner', 'GET', `${MAIN}/segments/${seg.id}`)).code).toBe(5);
  });

  it.each([
    [
      [{ field: 'stampsInWindow', op: 'regex', value: 'x' }],
      'filter[0].op: stampsInWindow cannot be filtered with regex',
    ],
    [[{ field: 'nickname', op: 'eq', value: 'x' }], 'filter[0].field'],
    [[{ field: 'levelId', op: 'eq', value: 'gold' }], 'filter[0]'],
    [[{ field: 'brandId', op: 'in', value: [] }], 'filter[0].value: must be 1 to'],
  ])('refuses filter %j with code 2 naming filter', async (filter, message) => {
    const res = await newSegment(filter);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 2,
      data: [{ field: 'filter', message: expect.stringContaining(message) }],
    });
  });

  it('refuses a filter that is not a list, or none, with code 2; an update the same way', async () => {
    expect((await newSegment({ field: 'levelId' })).json()).toMatchObject({
      code: 2,
      data: [{ field: 'filter' }],
    });
    expect((await call('owner', 'POST', `${MAIN}/segments`, { name: 'No filter' })).json()).toMatchObject({
      code: 2,
      data: [{ field: 'filter' }],
    });
    const seg = dataOf(await newSegment([])) as { id: number };
    const res = await call('owner', 'PUT', `${MAIN}/segments/${seg.id}`, {
      filter: [{ field: 'hasAvailableVoucher', op: 'gte', value: true }],
    });
    expect(res.json()).toMatchObject({
      code: 2,
      data: [{ field: 'filter', message: expect.stringContaining('filter[0]') }],
    });
  });
});

describe('reach', () => {
  // the ids are known once the suite has set up: each filter is read when its test runs
  it.each<[string, () => unknown[], number]>([
    ['no filter: every member of the company', () => [], 6],
    ['a level', () => [{ field: 'levelId', op: 'eq', value: gold }], 1],
    ['levels', () => [{ field: 'levelId', op: 'in', value: [gold, silver] }], 3],
    ['stamps in the window', () => [{ field: 'stampsInWindow', op: 'gte', value: 5 }], 2],
    ['a brand', () => [{ field: 'brandId', op: 'eq', value: acme2.brandId }], 2],
    [
      'a store and a level',
      () => [
        { field: 'storeId', op: 'eq', value: acme.storeId },
        { field: 'levelId', op: 'eq', value: silver },
      ],
      2,
    ],
    ['a mobile pattern', () => [{ field: 'mobile', op: 'regex', value: '000001$' }], 1],
    ['no AVAILABLE voucher', () => [{ field: 'hasAvailableVoucher', op: 'eq', value: false }], 6],
  ])('counts exactly: %s', async (_name, filter, n) => {
    expect(await savedReach(filter())).toBe(n);
  });

  it('reaches no one through a filter naming another company (its level, brand, store or id)', async () => {
    expect(await savedReach([{ field: 'levelId', op: 'eq', value: otherGold }])).toBe(0);
    expect(await savedReach([{ field: 'brandId', op: 'eq', value: other.brandId }])).toBe(0);
    expect(await savedReach([{ field: 'storeId', op: 'eq', value: other.storeId }])).toBe(0);
    expect(await savedReach([{ field: 'companyId', op: 'eq', value: other.companyId }])).toBe(0);
  });

  it("answers 5 for another company's segment, to its reach and to its row", async () => {
    const seg = dataOf(await newSegment([], 'stranger')) as { id: number };
    expect((dataOf(await reach(seg.id, 'stranger')) as { members: number }).members).toBe(2);
    expect(codeOf(await reach(seg.id, 'owner'))).toMatchObject({ code: 5 });
    expect(codeOf(await call('owner', 'GET', `${MAIN}/segments/${seg.id}`))).toMatchObject({ code: 5 });
    expect(codeOf(await reach(999_999))).toMatchObject({ code: 5 });
    // an operator reaches any company's
    expect((dataOf(await reach(seg.id, 'op')) as { members: number }).members).toBe(2);
  });

  it('counts an unsaved filter (POST /segments/reach), refusing a bad one as saving would', async () => {
    const res = await call('owner', 'POST', `${MAIN}/segments/reach`, {
      filter: [{ field: 'levelId', op: 'in', value: [gold, silver] }],
    });
    expect(res.json()).toMatchObject({ code: 0, data: { members: 3 } });
    const bad = await call('owner', 'POST', `${MAIN}/segments/reach`, {
      filter: [{ field: 'stampsInWindow', op: 'regex', value: '1' }],
    });
    expect(bad.json()).toMatchObject({ code: 2, data: [{ field: 'filter' }] });
    // an operator names the company, else 2 naming companyId
    const op = await call('op', 'POST', `${MAIN}/segments/reach`, { filter: [] });
    expect(op.json()).toMatchObject({ code: 2, data: [{ field: 'companyId' }] });
    const opOther = await call('op', 'POST', `${MAIN}/segments/reach`, {
      filter: [],
      companyId: other.companyId,
    });
    expect(opOther.json()).toMatchObject({ code: 0, data: { members: 2 } });
    // a merchant's company is their own, whatever the body says
    const mine = await call('owner', 'POST', `${MAIN}/segments/reach`, {
      filter: [],
      companyId: other.companyId,
    });
    expect(mine.json()).toMatchObject({ code: 0, data: { members: 6 } });
    expect((await call('owner', 'POST', `${MAIN}/segments/reach`, { filter: 'x' })).json()).toMatchObject({
      code: 2,
    });
  });
});

describe('a push to a segment', () => {
  const deliveredTo = async (pushId: number) =>
    (
      await t.db
        .select({ mobile: pushDeliveries.memberMobile, state: pushDeliveries.state })
        .from(pushDeliveries)
        .where(eq(pushDeliveries.pushId, pushId))
        .orderBy(pushDeliveries.memberMobile)
    ).map((d) => `${d.mobile} ${d.state}`);

  const newPush = (segmentId: unknown, who = 'owner') =>
    call(who, 'POST', `${MAIN}/push`, {
      title: 'Hello {name}',
      body: 'You are one of ours',
      audience: 'SEGMENT',
      ...(segmentId === undefined ? {} : { segmentId }),
      scheduledAt: new Date(Date.now() - 1000).toISOString(),
    });

  it('needs a segment of its own company (2 naming segmentId)', async () => {
    expect((await newPush(undefined)).json()).toMatchObject({ code: 2, data: [{ field: 'segmentId' }] });
    const theirs = dataOf(await newSegment([], 'stranger')) as { id: number };
    expect((await newPush(theirs.id)).json()).toMatchObject({ code: 2, data: [{ field: 'segmentId' }] });
  });

  it("previews the segment's reach while composing; a brand-limited colleague may not use one (26237)", async () => {
    const seg = dataOf(await newSegment([{ field: 'levelId', op: 'in', value: [gold, silver] }])) as {
      id: number;
    };
    const res = await call('owner', 'GET', `${MAIN}/push/audience?audience=SEGMENT&segmentId=${seg.id}`);
    expect(res.json()).toMatchObject({ code: 0, data: { count: 3, sample: { mobile: A[0] } } });
    const theirs = dataOf(await newSegment([], 'stranger')) as { id: number };
    const leak = await call('owner', 'GET', `${MAIN}/push/audience?audience=SEGMENT&segmentId=${theirs.id}`);
    expect(leak.json()).toMatchObject({ code: 0, data: { count: 0, sample: null } });
    const limited = await call('brand2', 'GET', `${MAIN}/push/audience?audience=SEGMENT&segmentId=${seg.id}`);
    expect(codeOf(limited).code).toBe(26237);
  });

  it('reaches exactly the members the segment picks when it is sent, including one who joined after scheduling', async () => {
    const seg = dataOf(
      await newSegment([{ field: 'levelId', op: 'eq', value: silver }], 'owner', { name: 'Silver' }),
    ) as {
      id: number;
    };
    const created = dataOf(await newPush(seg.id)) as { id: number; audience: string; segmentId: number };
    expect(created).toMatchObject({ audience: 'SEGMENT', segmentId: seg.id });
    expect(codeOf(await call('owner', 'POST', `${MAIN}/push/${created.id}/schedule`))).toEqual({
      status: 200,
      code: 0,
    });
    // the segment and the push are kept as scheduled: the segment id is frozen
    expect(
      codeOf(await call('owner', 'PUT', `${MAIN}/push/${created.id}`, { segmentId: seg.id + 1 })).code,
    ).toBe(11);
    // B1 reaches Silver after the push was scheduled: the push is sent to who the segment picks then
    await placeAt(acme.companyId, silver, [B[0]]);
    await drain();
    expect(await deliveredTo(created.id)).toEqual([`${A[1]} SENT`, `${A[2]} SENT`, `${B[0]} SENT`]);
    const [row] = await t.db.select().from(push).where(eq(push.id, created.id));
    expect(row).toMatchObject({
      state: 'COMPLETED',
      sentCount: 3,
      segmentId: seg.id,
      segmentFilter: [{ field: 'levelId', op: 'eq', value: silver }],
    });
    // a segment a push was sent to stays: deleting it is refused with a clear error, not a 500
    const del = await call('owner', 'DELETE', `${MAIN}/segments/${seg.id}`);
    expect(del.statusCode).toBeLessThan(500);
    expect(codeOf(del).code).not.toBe(0);
    // members of another company at the same level name are never reached
    const others = await t.db.select({ m: members.mobile }).from(members).where(eq(members.mobile, O[0]));
    expect(others).toHaveLength(1);
    expect(await deliveredTo(created.id)).not.toContain(`${O[0]} SENT`);
  });
});
