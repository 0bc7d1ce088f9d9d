// CSV imports end to end through the API (issue 27 item 3): the dry run's row-by-row answers with line
// numbers and nothing written; the real run through its job; the same file again issuing nothing twice;
// the wallet charged exactly, with one ledger row per issuing row; another company's pack refused;
// a formula in what comes back neutralised; bad input as the contract's envelopes.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_IMPORTED, IMPORT_MAX_ROWS } from '../../contract/imports';
import { creditWallet } from '../../server/domains/money/wallet';
import { jobHandlers } from '../../server/jobs';
import {
  account,
  importKeys,
  imports,
  memberStanding,
  members,
  pocketLinks,
  users,
  voucherHistory,
  voucherPacks,
  vouchers,
  walletTransactions,
} from '../../server/platform/db/schema';
import { createJobRunner, type JobLog } from '../../server/platform/jobs';
import { addAcmeAndOther, addOrg, addUser, apiSuite, MAIN, type Org, sgDayFromToday } from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;
let other: Org;

const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
const runJobs = () =>
  createJobRunner({
    db: t.db,
    log: quiet,
    handlers: jobHandlers({ config: t.config }),
    concurrency: 50,
  }).runDue();

const post = (who: string, body: Record<string, unknown>) => call(who, 'POST', `${MAIN}/imports`, body);

const newPack = async (who: string, brandId: number, over: Record<string, unknown> = {}) =>
  dataOf(
    await call(who, 'POST', `${MAIN}/voucher-packs`, {
      title: 'Free coffee',
      price: 1.1,
      voucherValue: 5,
      quantity: 50,
      issueLimitPerMember: 3,
      validFrom: sgDayFromToday(-1),
      validUntil: sgDayFromToday(30),
      voucherValidityDays: 14,
      giftable: false,
      brandId,
      ...over,
    }),
  ) as { id: number };

const fund = (companyId: number, amount: string) =>
  t.db.transaction((tx) =>
    creditWallet(tx, companyId, amount, { type: 'TOP_UP_TXN', reference: 'test funds' }),
  );

const balanceOf = async (companyId: number) =>
  (
    await t.db
      .select({ b: sql<string>`${account.balance}::text` })
      .from(account)
      .where(eq(account.companyId, companyId))
  )[0]?.b;

beforeAll(async () => {
  ({ acme, other } = await addAcmeAndOther(t, tokens));
}, APP_TIMEOUT);

describe('members', () => {
  const file = [
    '\uFEFFName,Mobile',
    '"Tan, Ah Kow",9123 4567',
    '"=HYPERLINK(""http://x"")",+6591234568',
    'Nobody,not-a-phone',
    '',
    '"Li\nMei",+6591234569',
    'Again,+6591234567',
  ].join('\r\n');

  it('dry run answers every row with its line and writes nothing', async () => {
    const { rows } = dataOf(await post('owner', { kind: 'members', csv: file, dryRun: true }));
    expect(rows).toEqual([
      { line: 2, ok: true, message: 'would add +6591234567 (Tan, Ah Kow) as a member' },
      { line: 3, ok: true, message: `would add +6591234568 ('=HYPERLINK("http://x")) as a member` },
      { line: 4, ok: false, message: `"not-a-phone" is not a mobile number (international, or of SG)` },
      { line: 6, ok: true, message: 'would add +6591234569 (Li\nMei) as a member' },
      { line: 8, ok: true, message: '+6591234567 is already a member; nothing would change' },
    ]);
    const found = await t.db.select().from(members).where(eq(members.mobile, '+6591234567'));
    expect(found).toEqual([]);
    expect(await t.db.select().from(imports)).toEqual([]);
  });

  it('imports through the job; the same file again adds nothing and says so', async () => {
    const started = dataOf(await post('owner', { kind: 'members', csv: file, dryRun: false }));
    expect(started).toMatchObject({ id: expect.any(Number), state: 'QUEUED' });
    await runJobs();
    const status = dataOf(await call('owner', 'GET', `${MAIN}/imports/${started.id}`));
    expect(status).toMatchObject({ state: 'DONE', total: 5, done: 4, failed: 1 });
    expect(status.rows).toEqual([
      { line: 4, ok: false, message: `"not-a-phone" is not a mobile number (international, or of SG)` },
    ]);
    const standing = await t.db
      .select({ mobile: memberStanding.memberMobile })
      .from(memberStanding)
      .where(eq(memberStanding.companyId, acme.companyId));
    expect(standing.map((s) => s.mobile).sort()).toEqual(['+6591234567', '+6591234568', '+6591234569']);
    const [tan] = await t.db.select().from(members).where(eq(members.mobile, '+6591234567'));
    expect(tan?.name).toBe('Tan, Ah Kow');
    // the merchant's members list shows them
    const list = dataOf(await call('owner', 'GET', `${MAIN}/members?size=10`)) as { mobile: string }[];
    expect(list.map((m) => m.mobile)).toContain('+6591234569');

    const again = dataOf(await post('owner', { kind: 'members', csv: file, dryRun: false }));
    await runJobs();
    const second = dataOf(await call('owner', 'GET', `${MAIN}/imports/${again.id}`));
    expect(second).toMatchObject({ state: 'DONE', done: 4, failed: 1 });
    expect(
      second.rows.filter((r: { ok: boolean }) => r.ok).map((r: { message: string }) => r.message),
    ).toEqual(Array(4).fill(ALREADY_IMPORTED));
    const keys = await t.db.select().from(importKeys).where(eq(importKeys.companyId, acme.companyId));
    expect(keys).toHaveLength(4);
  });

  it('stops an import whose sender was disabled before it ran, importing nothing', async () => {
    await addUser(t, tokens, 'leaver', { type: 'MERCHANT', companyId: acme.companyId });
    const started = dataOf(
      await post('leaver', { kind: 'members', csv: 'mobile\n+6590000077', dryRun: false }),
    );
    await t.db.update(users).set({ state: 'DISABLE' }).where(eq(users.email, 'leaver@example.test'));
    await runJobs();
    const status = dataOf(await call('owner', 'GET', `${MAIN}/imports/${started.id}`));
    expect(status).toMatchObject({ state: 'FAILED', done: 0, failed: 0 });
    expect(status.rows).toEqual([
      {
        line: 0,
        ok: false,
        message: 'the user who sent the file may no longer import it; nothing more was imported',
      },
    ]);
    expect(await t.db.select().from(members).where(eq(members.mobile, '+6590000077'))).toEqual([]);
  });

  it("hides another company's import (5)", async () => {
    const started = dataOf(
      await post('owner', { kind: 'members', csv: 'mobile\n+6590000001', dryRun: false }),
    );
    expect(codeOf(await call('stranger', 'GET', `${MAIN}/imports/${started.id}`))).toEqual({
      status: 404,
      code: 5,
    });
    await runJobs();
  });
});

describe('voucher issues', () => {
  it('dry run, import, the wallet charged exactly, a second run issuing nothing twice', async () => {
    const pack = await newPack('owner', acme.brandId, { price: 1.1, quantity: 5 });
    const foreign = await newPack('stranger', other.brandId);
    await fund(acme.companyId, '5.50');
    const file = [
      'mobile,pack,quantity',
      `+6592000001,${pack.id},2`,
      `+6592000002,${foreign.id},1`,
      `+6592000003,${pack.id},4`,
      `+6592000003,${pack.id},2`,
      `+6592000004,${pack.id},1`,
      `+6592000005,${pack.id},zero`,
    ].join('\n');
    const { rows } = dataOf(await post('owner', { kind: 'voucherIssues', csv: file, dryRun: true }));
    expect(rows).toEqual([
      { line: 2, ok: true, message: 'would issue 2 × Free coffee to +6592000001 for SGD 2.20' },
      { line: 3, ok: false, message: `there is no pack ${foreign.id} of this company you may issue from` },
      { line: 4, ok: false, message: `pack ${pack.id} (Free coffee) has 3 left; this row asks for 4` },
      { line: 5, ok: true, message: 'would issue 2 × Free coffee to +6592000003 for SGD 2.20' },
      { line: 6, ok: true, message: 'would issue 1 × Free coffee to +6592000004 for SGD 1.10' },
      { line: 7, ok: false, message: 'the quantity must be a whole number from 1 to 100, not "zero"' },
    ]);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.voucherPackId, pack.id))).toEqual([]);
    expect(await balanceOf(acme.companyId)).toBe('5.50');

    const started = dataOf(await post('owner', { kind: 'voucherIssues', csv: file, dryRun: false }));
    await runJobs();
    const status = dataOf(await call('owner', 'GET', `${MAIN}/imports/${started.id}`));
    expect(status).toMatchObject({ state: 'DONE', total: 6, done: 3, failed: 3 });
    const issued = await t.db.select().from(vouchers).where(eq(vouchers.voucherPackId, pack.id));
    expect(issued).toHaveLength(5);
    const [after] = await t.db.select().from(voucherPacks).where(eq(voucherPacks.id, pack.id));
    expect(after?.issuedCount).toBe(5);
    expect(await balanceOf(acme.companyId)).toBe('0.00');
    const ledger = await t.db
      .select({
        amount: sql<string>`${walletTransactions.amount}::text`,
        after: sql<string>`${walletTransactions.balanceAfter}::text`,
        reference: walletTransactions.reference,
      })
      .from(walletTransactions)
      .where(
        and(eq(walletTransactions.companyId, acme.companyId), eq(walletTransactions.type, 'VOUCHER_TXN')),
      )
      .orderBy(walletTransactions.id);
    expect(ledger).toEqual([
      { amount: '-2.20', after: '3.30', reference: '2 × Free coffee' },
      { amount: '-2.20', after: '1.10', reference: '2 × Free coffee' },
      { amount: '-1.10', after: '0.00', reference: '1 × Free coffee' },
    ]);
    const history = await t.db
      .select()
      .from(voucherHistory)
      .where(eq(voucherHistory.companyId, acme.companyId));
    expect(history.filter((h) => h.action === 'ISSUED')).toHaveLength(5);
    // what reacts to an issue reacted to the import's: every voucher has its web link from birth,
    // and each holder stands at the company with the vouchers counted
    const links = await t.db
      .select({ recordId: pocketLinks.recordId, companyId: pocketLinks.companyId })
      .from(pocketLinks)
      .where(
        and(
          eq(pocketLinks.kind, 'VOUCHER'),
          inArray(
            pocketLinks.recordId,
            issued.map((v) => v.id),
          ),
        ),
      );
    expect(links.map((l) => l.recordId).sort()).toEqual(issued.map((v) => v.id).sort());
    expect(new Set(links.map((l) => l.companyId))).toEqual(new Set([acme.companyId]));
    const standing = await t.db
      .select({ mobile: memberStanding.memberMobile, available: memberStanding.availableVouchers })
      .from(memberStanding)
      .where(eq(memberStanding.companyId, acme.companyId))
      .orderBy(memberStanding.memberMobile);
    expect(standing.filter((r) => ['+6592000001', '+6592000003', '+6592000004'].includes(r.mobile))).toEqual([
      { mobile: '+6592000001', available: 2 },
      { mobile: '+6592000003', available: 2 },
      { mobile: '+6592000004', available: 1 },
    ]);

    // the same file again: nothing issued twice, nothing charged
    await fund(acme.companyId, '100.00');
    const again = dataOf(await post('owner', { kind: 'voucherIssues', csv: file, dryRun: false }));
    await runJobs();
    const second = dataOf(await call('owner', 'GET', `${MAIN}/imports/${again.id}`));
    expect(second.rows.filter((r: { ok: boolean }) => r.ok)).toEqual([
      { line: 2, ok: true, message: ALREADY_IMPORTED },
      { line: 5, ok: true, message: ALREADY_IMPORTED },
      { line: 6, ok: true, message: ALREADY_IMPORTED },
    ]);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.voucherPackId, pack.id))).toHaveLength(5);
    expect(await balanceOf(acme.companyId)).toBe('100.00');
  });

  it('fails the rows the wallet cannot pay with a plain message, the others go through', async () => {
    const poor = await addOrg(t, 'Poor');
    await addUser(t, tokens, 'poor', { type: 'MERCHANT', companyId: poor.companyId });
    const pack = await newPack('poor', poor.brandId, { price: 3, quantity: 10 });
    await fund(poor.companyId, '5.00');
    const csv = `mobile,pack,quantity\n+6595000001,${pack.id},1\n+6595000002,${pack.id},1\n+6595000003,${pack.id},1`;
    const started = dataOf(await post('poor', { kind: 'voucherIssues', csv, dryRun: false }));
    await runJobs();
    const status = dataOf(await call('poor', 'GET', `${MAIN}/imports/${started.id}`));
    expect(status).toMatchObject({ state: 'DONE', done: 1, failed: 2 });
    expect(status.rows).toEqual([
      { line: 3, ok: false, message: 'the wallet holds SGD 2.00; this row costs SGD 3.00' },
      { line: 4, ok: false, message: 'the wallet holds SGD 2.00; this row costs SGD 3.00' },
    ]);
    expect(await balanceOf(poor.companyId)).toBe('2.00');
  });

  it('neutralises a formula in a pack title echoed back', async () => {
    const pack = await newPack('owner', acme.brandId, { title: '=1+2', price: 0 });
    const { rows } = dataOf(
      await post('owner', {
        kind: 'voucherIssues',
        csv: `mobile,pack,quantity\n+6593000001,${pack.id},1`,
        dryRun: true,
      }),
    );
    expect(rows).toEqual([
      { line: 2, ok: true, message: `would issue 1 × '=1+2 to +6593000001 for SGD 0.00` },
    ]);
  });

  it('lets an operator import for a company they name, and asks for one', async () => {
    const csv = 'mobile,name\n+6594000001,Op';
    expect((await post('op', { kind: 'members', csv, dryRun: true })).json()).toMatchObject({
      code: 2,
      data: [{ field: 'companyId' }],
    });
    const { rows } = dataOf(
      await post('op', { kind: 'members', csv, dryRun: true, companyId: other.companyId }),
    );
    expect(rows).toEqual([{ line: 2, ok: true, message: 'would add +6594000001 (Op) as a member' }]);
  });
});

describe('bad input', () => {
  it.each([
    ['no header column', { kind: 'members', csv: 'phone\n+6590000000', dryRun: true }, 2, 'csv'],
    ['a header only', { kind: 'members', csv: 'mobile\n', dryRun: true }, 2, 'csv'],
    ['an unclosed quote', { kind: 'members', csv: 'mobile\n"+659', dryRun: true }, 2, 'csv'],
    ['an unknown kind', { kind: 'stamps', csv: 'mobile\n+6590000000', dryRun: true }, 2, undefined],
    ['no dryRun', { kind: 'members', csv: 'mobile\n+6590000000' }, 2, undefined],
  ])('refuses %s with the envelope', async (_, body, code, field) => {
    const res = await post('owner', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code,
      ...(field ? { data: [expect.objectContaining({ field })] } : {}),
    });
  });

  it('refuses a file made for another import, and a column named twice (issue 40 item 8)', async () => {
    const vouchersFile = 'mobile,pack,quantity\n+6590000001,1,1\n+6590000002,1,2';
    expect((await post('owner', { kind: 'members', csv: vouchersFile, dryRun: true })).json()).toMatchObject({
      code: 2,
      data: [
        {
          field: 'csv',
          message:
            'the header row has "pack", "quantity", which this import does not take (its columns: mobile, name, birthday); is it the file of another import?',
        },
      ],
    });
    expect(
      (
        await post('owner', { kind: 'members', csv: 'mobile,Mobile\n+6590000001,+6590000002', dryRun: true })
      ).json(),
    ).toMatchObject({ code: 2, data: [{ field: 'csv', message: 'the header row names "mobile" twice' }] });
  });

  it('refuses more rows than the cap', async () => {
    const csv = `mobile\n${Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => '+6590000000').join('\n')}`;
    const res = await post('owner', { kind: 'members', csv, dryRun: true });
    expect(res.json()).toMatchObject({
      code: 2,
      data: [{ field: 'csv', message: expect.stringContaining('at most') }],
    });
  });

  it('refuses a caller without a token and an unknown import', async () => {
    expect(
      codeOf(await call(null, 'POST', `${MAIN}/imports`, { kind: 'members', csv: 'x', dryRun: true })).status,
    ).toBe(401);
    expect(codeOf(await call('owner', 'GET', `${MAIN}/imports/999999`))).toEqual({ status: 404, code: 5 });
  });
});
