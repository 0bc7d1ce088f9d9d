// Operating is not configuring (issue 40 item 1, docs/decisions.md "Operating is not configuring"):
// the counter's right (`counter`) runs the counter (look a code up, issue a card, stamp, void a
// stamping of the last 30 minutes, redeem, issue from a pack) and nothing else; the rights on the
// tables configure them and no longer run the counter. The migration gives every group, user and
// API key that ran the counter before the matching counter right, so none loses what it could do.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../contract/access';
import { COUNTER_VOID_MS } from '../../contract/stamping';
import { COMPANIES } from '../../scripts/seed-demo/data';
import {
  apiKeys,
  stampsTransaction,
  userGroupPermissions,
  userGroups,
  userPermissions,
  users,
  voucherHistory,
} from '../../server/platform/db/schema';
import {
  addAcmeAndOther,
  addColleague,
  addCountingPack,
  addMemberCard,
  addRewardProgramme,
  apiSuite,
  MAIN,
  mobileSequence,
  type Org,
  signIn,
} from './fixtures';
import { codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
const nextMobile = mobileSequence('97');
let acme: Org;
let programmeId: number;
let packId: number;

/** The demo's "Front counter" group, as the seed makes it (scripts/seed-demo/data.ts). */
const FRONT_COUNTER = ((): Permission[] => {
  const group = COMPANIES.flatMap((c) => (c.colleague ? [c.colleague.group] : []))[0];
  if (!group) throw new Error('the demo has no counter group');
  return group.permissions;
})();

/** Someone who configures the programme and the vouchers but has no counter right. */
const CONFIGURER: Permission[] = [
  { resource: 'stampCard', action: 'UPDATE' },
  { resource: 'stampCard', action: 'ADD' },
  { resource: 'vouchers', action: 'UPDATE' },
  { resource: 'voucherPacks', action: 'UPDATE' },
];

const addWithPermissions = async (who: string, permissions: readonly Permission[]) => {
  const row = await addColleague(t, `${who}@example.test`, acme.companyId);
  await t.db.insert(userPermissions).values(permissions.map((p) => ({ userId: row.id, ...p })));
  await signIn(t, tokens, who, `${who}@example.test`);
};

const issueCard = async (who: string) =>
  call(who, 'POST', `${MAIN}/stamp-cards/${programmeId}/member-cards`, {
    memberMobile: nextMobile(),
    storeId: acme.storeId,
  });

const stamp = (who: string, cardId: number, stamps = 1) =>
  call(who, 'POST', `${MAIN}/member-cards/${cardId}/stamps`, { stamps, storeId: acme.storeId });

const issueVoucher = async (who: string): Promise<{ id: number; code: string }> => {
  const res = await call(who, 'POST', `${MAIN}/voucher-packs/${packId}/vouchers`, {
    memberMobile: nextMobile(),
    quantity: 1,
  });
  return (dataOf(res) as { vouchers: { id: number; code: string }[] }).vouchers[0] as {
    id: number;
    code: string;
  };
};

beforeAll(async () => {
  ({ acme } = await addAcmeAndOther(t, tokens));
  ({ programmeId } = await addRewardProgramme(call, 'owner', acme));
  packId = await addCountingPack(call, 'owner', acme);
  await addWithPermissions('counter', FRONT_COUNTER);
  await addWithPermissions('configurer', CONFIGURER);
});

describe("the counter's right runs the counter", () => {
  it('the demo group holds the counter right and only views the tables', () => {
    expect(FRONT_COUNTER.filter((p) => p.resource === 'counter').map((p) => p.action)).toEqual([
      'VIEW',
      'UPDATE',
      'ADD',
    ]);
    expect(FRONT_COUNTER.filter((p) => p.resource !== 'counter').every((p) => p.action === 'VIEW')).toBe(
      true,
    );
  });

  it('looks a code up, issues a card, stamps it, voids that stamping, issues vouchers and redeems one', async () => {
    const card = dataOf(await issueCard('counter')) as { id: number; code: string };
    const found = dataOf(await call('counter', 'GET', `${MAIN}/codes/${card.code}`));
    expect(found).toEqual({ kind: 'CARD', id: card.id });
    expect(dataOf(await stamp('counter', card.id, 2))).toMatchObject({ stamps: 2, stampsAfter: 2 });
    const [txn] = await t.db
      .select({ id: stampsTransaction.id })
      .from(stampsTransaction)
      .where(eq(stampsTransaction.memberCardId, card.id));
    const voided = await call('counter', 'POST', `${MAIN}/stamps-transactions/${txn?.id}/void`, {
      reason: 'stamped the wrong card',
    });
    expect(dataOf(voided)).toMatchObject({ result: 'VOIDED' });
    const voucher = await issueVoucher('counter');
    expect(dataOf(await call('counter', 'GET', `${MAIN}/codes/${voucher.code}`))).toEqual({
      kind: 'VOUCHER',
      id: voucher.id,
    });
    const redeemed = await call('counter', 'POST', `${MAIN}/vouchers/${voucher.id}/redeem`, {
      storeId: acme.storeId,
    });
    expect(dataOf(redeemed)).toMatchObject({ state: 'REDEEMED' });
  });

  it('changes, disables and deletes nothing it operates (26237)', async () => {
    const voucher = await issueVoucher('owner');
    const refused = [
      ['PUT', `/stamp-cards/${programmeId}`, { stampsRequired: 2 }],
      ['POST', `/stamp-cards/${programmeId}/disable`, {}],
      ['POST', '/stamp-cards/actions/disable', { ids: [programmeId] }],
      ['DELETE', `/stamp-cards/${programmeId}`, undefined],
      ['POST', '/stamp-cards', { title: 'Mine' }],
      ['PUT', `/voucher-packs/${packId}`, { price: 0 }],
      ['POST', `/voucher-packs/${packId}/disable`, {}],
      ['PUT', `/vouchers/${voucher.id}`, { remark: 'x' }],
      ['POST', `/vouchers/${voucher.id}/donate`, { toMobile: nextMobile() }],
      ['POST', `/vouchers/${voucher.id}/expire`, {}],
    ] as const;
    for (const [method, url, body] of refused) {
      const res = await call('counter', method, `${MAIN}${url}`, body);
      expect({ method, url, ...codeOf(res) }).toEqual({ method, url, status: 403, code: 26237 });
    }
    // the programme is as it was
    expect(dataOf(await call('owner', 'GET', `${MAIN}/stamp-cards/${programmeId}`))).toMatchObject({
      stampsRequired: 5,
      state: 'ACTIVE',
    });
  });

  it('voids a stamping of the last 30 minutes only; an older one is for who corrects stampings', async () => {
    const card = dataOf(await issueCard('owner')) as { id: number };
    dataOf(await stamp('owner', card.id));
    const [txn] = await t.db
      .update(stampsTransaction)
      .set({ at: new Date(Date.now() - COUNTER_VOID_MS - 60_000) })
      .where(eq(stampsTransaction.memberCardId, card.id))
      .returning({ id: stampsTransaction.id });
    const url = `${MAIN}/stamps-transactions/${txn?.id}/void`;
    const byCounter = await call('counter', 'POST', url, { reason: 'late' });
    expect(codeOf(byCounter)).toEqual({ status: 403, code: 26237 });
    expect(byCounter.json().data).toEqual([
      {
        field: 'id',
        message:
          'the counter voids a stamping of the last 30 minutes; an older one is voided by someone who may correct stampings',
      },
    ]);
    expect(dataOf(await call('owner', 'POST', url, { reason: 'late' }))).toMatchObject({ result: 'VOIDED' });
  });
});

describe('where the counter issued', () => {
  it('a colleague bound to a store issues vouchers at that store: their history names it (analytics by store)', async () => {
    const row = await addColleague(t, 'till@example.test', acme.companyId);
    await t.db.insert(userPermissions).values(FRONT_COUNTER.map((p) => ({ userId: row.id, ...p })));
    await t.db.update(users).set({ storeId: acme.storeId }).where(eq(users.id, row.id));
    await signIn(t, tokens, 'till', 'till@example.test');
    const voucher = await issueVoucher('till');
    const [issued] = await t.db
      .select({ storeId: voucherHistory.storeId, action: voucherHistory.action })
      .from(voucherHistory)
      .where(eq(voucherHistory.voucherId, voucher.id));
    expect(issued).toEqual({ storeId: acme.storeId, action: 'ISSUED' });
  });
});

describe('configuring is not operating', () => {
  it('edits the programme but neither issues, stamps, looks up nor redeems (26237)', async () => {
    const edited = await call('configurer', 'PUT', `${MAIN}/stamp-cards/${programmeId}`, {
      description: 'Edited by the configurer',
    });
    expect(codeOf(edited)).toEqual({ status: 200, code: 0 });
    const card = await addMemberCard(call, 'owner', programmeId, nextMobile(), acme.storeId);
    const voucher = await issueVoucher('owner');
    expect(codeOf(await issueCard('configurer'))).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await stamp('configurer', card.id))).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await call('configurer', 'GET', `${MAIN}/codes/ANYCODE1`))).toEqual({
      status: 403,
      code: 26237,
    });
    const redeem = await call('configurer', 'POST', `${MAIN}/vouchers/${voucher.id}/redeem`, {
      storeId: acme.storeId,
    });
    expect(codeOf(redeem)).toEqual({ status: 403, code: 26237 });
    const issue = await call('configurer', 'POST', `${MAIN}/voucher-packs/${packId}/vouchers`, {
      memberMobile: nextMobile(),
      quantity: 1,
    });
    expect(codeOf(issue)).toEqual({ status: 403, code: 26237 });
  });
});

describe('the migration keeps what every group, user and key could do', () => {
  const MIGRATION = path.resolve(
    import.meta.dirname,
    '../../server/platform/db/migrations/0031_counter_permission.sql',
  );

  const runMigration = async () => {
    const statements = readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    // one transaction, as the migrator runs it: the temporary table lives on its connection
    await t.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
  };

  it('adds the matching counter right beside each right that ran the counter, and nothing else', async () => {
    const [group] = await t.db
      .insert(userGroups)
      .values({ name: 'Old counter', type: 'MERCHANT', companyId: acme.companyId })
      .returning({ id: userGroups.id });
    const groupId = group?.id ?? 0;
    await t.db.insert(userGroupPermissions).values([
      { groupId, resource: 'stampCard', action: 'UPDATE' },
      { groupId, resource: 'vouchers', action: 'UPDATE' },
      { groupId, resource: 'vouchers', action: 'VIEW' },
      { groupId, resource: 'device', action: 'UPDATE' },
    ]);
    const direct = await addColleague(t, 'old-issuer@example.test', acme.companyId);
    await t.db.insert(userPermissions).values([
      { userId: direct.id, resource: 'vouchers', action: 'ADD' },
      { userId: direct.id, resource: 'push', action: 'ADD' },
    ]);
    const key = dataOf(
      await call('owner', 'POST', `${MAIN}/api-keys`, {
        name: 'Old till',
        permissions: [{ resource: 'member', action: 'VIEW' }],
      }),
    ) as { id: number };
    // as a key made before the counter right existed
    const before: Permission[] = [
      { resource: 'stampCard', action: 'ADD' },
      { resource: 'stampCard', action: 'UPDATE' },
      { resource: 'member', action: 'VIEW' },
    ];
    await t.db.update(apiKeys).set({ permissions: before }).where(eq(apiKeys.id, key.id));

    await runMigration();

    const counterOf = async (rows: Promise<{ resource: string; action: string }[]>) =>
      (await rows)
        .filter((p) => p.resource === 'counter')
        .map((p) => p.action)
        .sort();
    expect(
      await counterOf(
        t.db.select().from(userGroupPermissions).where(eq(userGroupPermissions.groupId, groupId)),
      ),
    ).toEqual(['UPDATE', 'VIEW']);
    expect(
      await counterOf(t.db.select().from(userPermissions).where(eq(userPermissions.userId, direct.id))),
    ).toEqual(['ADD']);
    const [migratedKey] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(migratedKey?.permissions.slice(0, 3)).toEqual(before);
    expect(await counterOf(Promise.resolve(migratedKey?.permissions ?? []))).toEqual(['ADD', 'UPDATE']);
    // the old rights stay: nothing is taken away
    expect(
      (await t.db.select().from(userGroupPermissions).where(eq(userGroupPermissions.groupId, groupId)))
        .length,
    ).toBe(6);

    // a second run adds nothing
    await runMigration();
    const [again] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(again?.permissions).toEqual(migratedKey?.permissions);
  });
});
