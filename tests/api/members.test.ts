// The members list, its export and a member's profile (issue 25): each filter picks exactly its rows,
// sorting and paging, who sees which members (operators every one, a company's standing when a filter
// names it; a merchant its company's; a colleague limited to a brand that brand's; without `member`
// VIEW nothing, and masked mobiles elsewhere), the export's CSV and audit row, the profile's.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskMobile } from '../../contract/members';
import {
  auditLog,
  memberLevelHistory,
  memberLevels,
  memberStanding,
  users,
} from '../../server/platform/db/schema';
import {
  addBrand,
  addMemberCard,
  addOrg,
  addProgramme,
  addStore,
  addUser,
  apiSuite,
  MAIN,
  type Org,
  PASSWORD,
  signIn,
} from './fixtures';
import { APP_TIMEOUT, codeOf, createUser, dataOf, sgDay } from './helpers';

const { t, tokens, call } = apiSuite();
const MEMBERS = `${MAIN}/members`;

let acme: Org;
let other: Org;
let teaBrand: number;
let teaStore: number;
let goldId: number;

const ANN = '+6591000001';
const BEN = '+6591000002';
const CAT = '+6591000003';
const DAN = '+6591000004';

const shift = (days: number) => sgDay(new Date(Date.now() + days * 86_400_000));
const q = (filter: unknown[], extra = '') =>
  `${MEMBERS}?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;
const mobilesOf = (res: { json: () => unknown }) =>
  ((res.json() as { data: { mobile: string }[] }).data ?? []).map((r) => r.mobile);
const sorted = (list: string[]) => [...list].sort();

const programme = (who: string, brandId: number, title: string) => addProgramme(call, who, brandId, title);

const card = async (who: string, programmeId: number, memberMobile: string, storeId: number) =>
  (await addMemberCard(call, who, programmeId, memberMobile, storeId)).id;

const stamp = async (who: string, cardId: number, storeId: number, stamps: number) =>
  dataOf(await call(who, 'POST', `${MAIN}/member-cards/${cardId}/stamps`, { storeId, stamps }));

const userId = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;

const lastAudit = async (action: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'members'), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

beforeAll(async () => {
  acme = await addOrg(t, 'Acme');
  other = await addOrg(t, 'Other');
  teaBrand = await addBrand(t, acme.companyId, 'Acme Tea');
  teaStore = await addStore(t, acme.companyId, teaBrand, 'Acme Tea Store');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  await addUser(t, tokens, 'bowner', { type: 'MERCHANT', companyId: other.companyId });
  await addUser(t, tokens, 'tea', { type: 'MERCHANT', companyId: acme.companyId, brandId: teaBrand });
  await addUser(t, tokens, 'clerk', { type: 'MERCHANT', companyId: acme.companyId });
  // a merchant whose company is not set up yet
  await createUser(t.db, {
    email: 'newcomer@example.test',
    password: PASSWORD,
    type: 'MERCHANT',
    signupState: 'APPROVAL',
  });
  await signIn(t, tokens, 'newcomer', 'newcomer@example.test');
  // the clerk, invited by the owner, runs vouchers and cards, but may not view members
  await t.db
    .update(users)
    .set({ invitationType: 'MERCHANT_INVITE_MERCHANT', invitedBy: await userId('owner@example.test') })
    .where(eq(users.email, 'clerk@example.test'));
  const granted = await call(
    'owner',
    'PATCH',
    `${MAIN}/user/${await userId('clerk@example.test')}/permissions`,
    {
      permissions: [
        { resource: 'vouchers', action: 'VIEW' },
        { resource: 'stampCard', action: 'VIEW' },
        { resource: 'stampsTransaction', action: 'VIEW' },
      ],
    },
  );
  expect(granted.json().code, granted.body).toBe(0);

  const coffee = await programme('owner', acme.brandId, 'Coffee card');
  const tea = await programme('owner', teaBrand, 'Tea card');
  const otherCard = await programme('bowner', other.brandId, 'Other card');
  const annCard = await card('owner', coffee, ANN, acme.storeId);
  await stamp('owner', annCard, acme.storeId, 5);
  await card('owner', coffee, BEN, acme.storeId);
  const catCard = await card('owner', tea, CAT, teaStore);
  await stamp('owner', catCard, teaStore, 2);
  await card('bowner', otherCard, DAN, other.storeId);
  await card('bowner', otherCard, ANN, other.storeId);
  // BEN holds an AVAILABLE voucher of Acme
  const pack = dataOf(
    await call('owner', 'POST', `${MAIN}/voucher-packs`, {
      title: 'Free coffee',
      price: 0,
      voucherValue: 5,
      quantity: 10,
      issueLimitPerMember: 3,
      validFrom: shift(-1),
      validUntil: shift(30),
      voucherValidityDays: 14,
      giftable: false,
      brandId: acme.brandId,
    }),
  ) as { id: number };
  expect(
    codeOf(
      await call('owner', 'POST', `${MAIN}/voucher-packs/${pack.id}/vouchers`, {
        memberMobile: BEN,
        quantity: 1,
      }),
    ),
  ).toEqual({ status: 200, code: 0 });
  // ANN stands at Acme's Gold level (the level service is another module's: set here directly)
  const [gold] = await t.db
    .insert(memberLevels)
    .values({ companyId: acme.companyId, name: 'Gold', rank: 2, threshold: 5 })
    .returning();
  goldId = gold?.id ?? 0;
  await t.db
    .update(memberStanding)
    .set({ levelId: goldId })
    .where(and(eq(memberStanding.companyId, acme.companyId), eq(memberStanding.memberMobile, ANN)));
  await t.db.insert(memberLevelHistory).values({
    companyId: acme.companyId,
    memberMobile: ANN,
    fromLevelId: null,
    toLevelId: goldId,
    reason: 'STAMPING',
    measureValue: 5,
    at: new Date(),
  });
}, APP_TIMEOUT);

describe('GET /members: who sees whom', () => {
  it('an operator sees every member, without activity unless a company is named', async () => {
    const res = await call('op', 'GET', `${MEMBERS}?sort=mobile,asc`);
    expect(mobilesOf(res)).toEqual([ANN, BEN, CAT, DAN]);
    expect(res.json().page).toMatchObject({ number: 0, size: 20, totalElements: 4, totalPages: 1 });
    expect(res.json().data[0]).toMatchObject({
      mobile: ANN,
      companyId: null,
      level: null,
      stampsInWindow: null,
    });
    const acmeOnly = await call(
      'op',
      'GET',
      q([{ field: 'companyId', op: 'eq', value: acme.companyId }], '&sort=mobile,asc'),
    );
    expect(mobilesOf(acmeOnly)).toEqual([ANN, BEN, CAT]);
    expect(acmeOnly.json().data[0]).toMatchObject({
      mobile: ANN,
      companyId: acme.companyId,
      level: { id: goldId, name: 'Gold', rank: 2 },
      levelId: goldId,
      stampsInWindow: 5,
      visitsInWindow: 1,
    });
  });

  it('a per-company filter without a company is code 2 naming it (operators)', async () => {
    const res = await call('op', 'GET', q([{ field: 'stampsInWindow', op: 'gte', value: 1 }]));
    expect(codeOf(res)).toEqual({ status: 400, code: 2 });
    expect(res.json().data).toEqual([
      { field: 'filter[0].field', message: expect.stringContaining('companyId') },
    ]);
  });

  it("a merchant sees its company's members only; a brand-limited colleague its brand's", async () => {
    expect(sorted(mobilesOf(await call('owner', 'GET', MEMBERS)))).toEqual([ANN, BEN, CAT]);
    expect(sorted(mobilesOf(await call('bowner', 'GET', MEMBERS)))).toEqual([ANN, DAN]);
    expect(mobilesOf(await call('tea', 'GET', MEMBERS))).toEqual([CAT]);
    // the merchant's own company whatever the filter says
    expect(
      mobilesOf(await call('bowner', 'GET', q([{ field: 'companyId', op: 'eq', value: acme.companyId }]))),
    ).toEqual([]);
    // a merchant whose company is not set up yet: nobody, not a refusal
    const none = await call('newcomer', 'GET', MEMBERS);
    expect(none.json()).toMatchObject({ code: 0, data: [], page: { totalElements: 0 } });
  });

  it('a colleague without member VIEW gets 26237', async () => {
    expect(codeOf(await call('clerk', 'GET', MEMBERS))).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await call('clerk', 'GET', `${MEMBERS}/export`))).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await call('clerk', 'GET', `${MEMBERS}/${ANN}`))).toEqual({ status: 403, code: 26237 });
  });
});

describe('GET /members: filters, sorting, paging', () => {
  const acmeFilter = () => ({ field: 'companyId', op: 'eq', value: acme.companyId });
  const pick = async (filter: unknown[]) =>
    sorted(mobilesOf(await call('op', 'GET', q([acmeFilter(), ...filter]))));

  it('each filter picks exactly its members', async () => {
    expect(await pick([{ field: 'levelId', op: 'eq', value: goldId }])).toEqual([ANN]);
    expect(await pick([{ field: 'brandId', op: 'eq', value: teaBrand }])).toEqual([CAT]);
    expect(await pick([{ field: 'brandId', op: 'in', value: [acme.brandId] }])).toEqual([ANN, BEN]);
    expect(await pick([{ field: 'storeId', op: 'eq', value: teaStore }])).toEqual([CAT]);
    expect(await pick([{ field: 'stampsInWindow', op: 'gte', value: 3 }])).toEqual([ANN]);
    expect(await pick([{ field: 'stampsInWindow', op: 'gte', value: 1 }])).toEqual([ANN, CAT]);
    expect(await pick([{ field: 'hasAvailableVoucher', op: 'eq', value: true }])).toEqual([BEN]);
    expect(await pick([{ field: 'hasAvailableVoucher', op: 'eq', value: false }])).toEqual([ANN, CAT]);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    expect(await pick([{ field: 'lastVisitAt', op: 'gte', value: yesterday }])).toEqual([ANN, CAT]);
    expect(await pick([{ field: 'lastVisitAt', op: 'lte', value: yesterday }])).toEqual([]);
    expect(await pick([{ field: 'mobile', op: 'eq', value: BEN }])).toEqual([BEN]);
    // a level names its company: no companyId needed
    expect(mobilesOf(await call('op', 'GET', q([{ field: 'levelId', op: 'eq', value: goldId }])))).toEqual([
      ANN,
    ]);
    // the search box: mobile or name contains
    expect(
      sorted(
        mobilesOf(
          await call(
            'owner',
            'GET',
            `${MEMBERS}?search=${encodeURIComponent(JSON.stringify({ mobile: '0003', name: '0003' }))}`,
          ),
        ),
      ),
    ).toEqual([CAT]);
  });

  it('sorts by activity and pages with the contract parameters (X-No-Count leaves the totals out)', async () => {
    expect(
      mobilesOf(await call('owner', 'GET', `${MEMBERS}?sort=stampsInWindow,desc&sort=mobile,asc`)),
    ).toEqual([ANN, CAT, BEN]);
    expect(mobilesOf(await call('owner', 'GET', `${MEMBERS}?sort=mobile,desc`))).toEqual([CAT, BEN, ANN]);
    const second = await call('owner', 'GET', `${MEMBERS}?sort=mobile,asc&page=1&size=2`);
    expect(mobilesOf(second)).toEqual([CAT]);
    expect(second.json().page).toEqual({ number: 1, size: 2, totalPages: 2, totalElements: 3 });
    const noCount = await call('owner', 'GET', `${MEMBERS}?sort=mobile,asc&size=2`, undefined, {
      'x-no-count': 'true',
    });
    expect(mobilesOf(noCount)).toEqual([ANN, BEN]);
    expect(noCount.json().page).toMatchObject({ number: 0, size: 2 });
    expect(noCount.json().page.totalElements).toBeUndefined();
  });

  it('bad filters answer code 2 naming filter[i], never a 500', async () => {
    const bad = async (filter: unknown[]) => {
      const res = await call('owner', 'GET', q(filter));
      expect(codeOf(res)).toEqual({ status: 400, code: 2 });
      return (res.json().data as { field: string }[]).map((v) => v.field);
    };
    expect(await bad([{ field: 'nope', op: 'eq', value: 1 }])).toEqual(['filter[0].field']);
    expect(
      await bad([
        { field: 'mobile', op: 'eq', value: ANN },
        { field: 'stampsInWindow', op: 'regex', value: 'x' },
      ]),
    ).toEqual(['filter[1].op']);
    expect(await bad([{ field: 'brandId', op: 'eq', value: 'x' }])).toEqual(['filter[0].value']);
    expect(codeOf(await call('owner', 'GET', `${MEMBERS}?filter=%5B`))).toEqual({ status: 400, code: 3 });
    expect(codeOf(await call('owner', 'GET', `${MEMBERS}?sort=nope,asc`))).toEqual({ status: 400, code: 2 });
  });
});

describe('GET /members/export', () => {
  it('answers the filtered members as CSV and audits who exported what and how many', async () => {
    const filter = JSON.stringify([{ field: 'stampsInWindow', op: 'gte', value: 1 }]);
    const res = await call(
      'owner',
      'GET',
      `${MEMBERS}/export?sort=mobile,asc&filter=${encodeURIComponent(filter)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,mobile,name,createTime,companyId,level,levelId,stampsInWindow,visitsInWindow,completedCardsInWindow,measureValue,firstVisitAt,lastVisitAt',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${ANN},`);
    expect(lines[1]).toContain(`,${acme.companyId},Gold,${goldId},5,1,`);
    expect(lines[2]).toContain(`,${CAT},`);
    expect(await lastAudit('export')).toMatchObject({
      actorEmail: 'owner@example.test',
      companyId: acme.companyId,
      after: { rows: 2, filter, search: null, sort: 'mobile,asc' },
    });
  });
});

describe('GET /members/{mobile}: the profile', () => {
  it("answers a merchant's view of the member (their company only) and audits it", async () => {
    const res = await call('owner', 'GET', `${MEMBERS}/${encodeURIComponent(ANN)}`);
    expect(codeOf(res)).toEqual({ status: 200, code: 0 });
    const data = res.json().data;
    expect(data.member).toMatchObject({ mobile: ANN });
    expect(data.level).toEqual({ id: goldId, name: 'Gold', rank: 2 });
    expect(data.standing).toHaveLength(1);
    expect(data.standing[0]).toMatchObject({
      companyId: acme.companyId,
      stampsInWindow: 5,
      visitsInWindow: 1,
      levelHistory: [{ toLevelId: goldId, toLevelName: 'Gold', reason: 'STAMPING', measureValue: 5 }],
    });
    expect(data.cards).toEqual([
      expect.objectContaining({ title: 'Coffee card', stamps: 5, stampsRequired: 10 }),
    ]);
    expect(data.firstVisitAt).toEqual(expect.any(String));
    expect(data.vouchers.AVAILABLE).toEqual([]);
    expect(data.pushes).toEqual([]);
    expect(await lastAudit('view')).toMatchObject({
      actorEmail: 'owner@example.test',
      companyId: acme.companyId,
      recordId: String(data.member.id),
    });
    // an operator sees both companies' standing; the id names the member too
    const op = dataOf(await call('op', 'GET', `${MEMBERS}/${data.member.id}`)) as {
      standing: { companyId: number }[];
      cards: unknown[];
    };
    expect(op.standing.map((s) => s.companyId).sort()).toEqual([acme.companyId, other.companyId].sort());
    expect(op.cards).toHaveLength(2);
  });

  it("another company's member answers 5 like a missing one", async () => {
    expect(codeOf(await call('owner', 'GET', `${MEMBERS}/${encodeURIComponent(DAN)}`))).toEqual({
      status: 404,
      code: 5,
    });
    expect(codeOf(await call('owner', 'GET', `${MEMBERS}/%2B6599999999`))).toEqual({ status: 404, code: 5 });
    expect(codeOf(await call('tea', 'GET', `${MEMBERS}/${encodeURIComponent(ANN)}`))).toEqual({
      status: 404,
      code: 5,
    });
    expect(codeOf(await call('owner', 'GET', `${MEMBERS}/not-a-mobile`))).toEqual({ status: 400, code: 2 });
  });
});

describe('privacy: a mobile whole only to who may view members', () => {
  it('masks mobiles on the voucher list and show, stamps transactions and the member lookup', async () => {
    const list = dataOf(await call('clerk', 'GET', `${MAIN}/vouchers`)) as {
      id: number;
      memberMobile: string;
    }[];
    expect(list.map((v) => v.memberMobile)).toEqual([maskMobile(BEN)]);
    expect(maskMobile(BEN)).toBe('+65••••0002');
    const one = dataOf(await call('clerk', 'GET', `${MAIN}/vouchers/${list[0]?.id}`)) as Record<
      string,
      unknown
    >;
    expect(one).toMatchObject({ memberMobile: maskMobile(BEN), issuedToMobile: maskMobile(BEN) });
    const tx = dataOf(await call('clerk', 'GET', `${MAIN}/stamps-transactions?sort=id,asc`)) as {
      memberMobile: string;
    }[];
    expect(tx.map((r) => r.memberMobile)).toEqual([maskMobile(ANN), maskMobile(CAT)]);
    const wallet = dataOf(await call('clerk', 'GET', `${MEMBERS}/${encodeURIComponent(BEN)}/vouchers`)) as {
      member: { mobile: string };
      vouchers: { AVAILABLE: { memberMobile: string; history: { memberMobile: string }[] }[] };
    };
    expect(wallet.member.mobile).toBe(maskMobile(BEN));
    expect(wallet.vouchers.AVAILABLE[0]?.memberMobile).toBe(maskMobile(BEN));
    expect(wallet.vouchers.AVAILABLE[0]?.history[0]?.memberMobile).toBe(maskMobile(BEN));
    // the owner (who may view members) sees it whole
    const own = dataOf(await call('owner', 'GET', `${MAIN}/vouchers`)) as { memberMobile: string }[];
    expect(own.map((v) => v.memberMobile)).toEqual([BEN]);
  });

  it('finds rows by the exact mobile, never by a part of it', async () => {
    const exact = await call(
      'clerk',
      'GET',
      `${MAIN}/vouchers?filter=${encodeURIComponent(JSON.stringify([{ field: 'memberMobile', op: 'eq', value: BEN }]))}`,
    );
    expect((dataOf(exact) as unknown[]).length).toBe(1);
    const search = (text: string) =>
      call(
        'clerk',
        'GET',
        `${MAIN}/vouchers?search=${encodeURIComponent(JSON.stringify({ memberMobile: text }))}`,
      );
    expect((dataOf(await search(BEN)) as unknown[]).length).toBe(1);
    expect((dataOf(await search('0002')) as unknown[]).length).toBe(0);
    const regex = await call(
      'clerk',
      'GET',
      `${MAIN}/vouchers?filter=${encodeURIComponent(JSON.stringify([{ field: 'memberMobile', op: 'regex', value: '^\\+659' }]))}`,
    );
    expect(codeOf(regex)).toEqual({ status: 400, code: 2 });
    expect(codeOf(await call('clerk', 'GET', `${MAIN}/vouchers?sort=memberMobile,asc`))).toEqual({
      status: 400,
      code: 2,
    });
  });
});
