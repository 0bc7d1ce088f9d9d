// Scheduled exports (issue 27 item 4, docs/api.md "Scheduled exports"): creation checks the view as the
// list's Export checks it (each refusal the envelope with its code); the job at a chosen `now` mails
// each recipient exactly the CSV the list's Export answers for the creator (never another company's
// rows), with the creator's scope as it is at the run (a colleague who lost the permission, a
// disabled creator: FAILED, nothing sent); who sees and stops which; daily and weekly next runs.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVERY_MS } from '../../contract/scheduled-exports';
import {
  csvText,
  nextRunAfter,
  runDueExports,
  SCHEDULED_EXPORTS_JOB,
} from '../../server/domains/integrations/scheduled-exports';
import { jobHandlers, PERIODIC_JOBS } from '../../server/jobs';
import { mailOutbox, scheduledExports, userPermissions, users } from '../../server/platform/db/schema';
import { createJobRunner } from '../../server/platform/jobs';
import { createMailer } from '../../server/platform/mail';
import { addBrand, addColleague, addOrg, addUser, apiSuite, MAIN, type Org, signIn } from './fixtures';
import { codeOf, dataOf, readOutbox } from './helpers';

const { t, tokens, call } = apiSuite();
const URL = `${MAIN}/scheduled-exports`;
const quiet = { info: () => {}, error: () => {} };
let acme: Org;
let other: Org;
let colleagueId: number;

const run = (now: Date) =>
  runDueExports(
    t.db,
    createMailer({ smtpUrl: undefined, mailFrom: 'x@example.test' }, t.db, quiet as never),
    { now },
  );
const create = (who: string, body: Record<string, unknown>) => call(who, 'POST', URL, body);
const view = { resource: 'brand', sort: ['name,asc'], every: 'DAY', to: ['reports@acme.example'] };

beforeAll(async () => {
  acme = await addOrg(t, 'acme');
  other = await addOrg(t, 'other');
  await addBrand(t, acme.companyId, 'Acme Bakery');
  await addBrand(t, acme.companyId, '=cmd|calc');
  await addBrand(t, other.companyId, 'Other Secret');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  await addUser(t, tokens, 'otherOwner', { type: 'MERCHANT', companyId: other.companyId });
  // a colleague the owner invited, who may view brands
  const colleague = await addColleague(t, 'colleague@example.test', acme.companyId);
  colleagueId = colleague.id;
  await t.db.insert(userPermissions).values({ userId: colleague.id, resource: 'brand', action: 'VIEW' });
  await signIn(t, tokens, 'colleague', 'colleague@example.test');
  await addUser(t, tokens, 'nobody', { type: 'MERCHANT', companyId: acme.companyId });
  await t.db
    .update(users)
    .set({ invitationType: 'MERCHANT_INVITE_MERCHANT' })
    .where(eq(users.email, 'nobody@example.test'));
});

describe('creating a scheduled export', () => {
  it('refuses a bad view with the envelope and the code the list uses', async () => {
    const refused = async (who: string, body: Record<string, unknown>) => codeOf(await create(who, body));
    const bad = { status: 400, code: 2 };
    expect(await refused('owner', { ...view, resource: 'nope' })).toEqual(bad);
    expect(await refused('owner', { ...view, every: 'MONTH' })).toEqual(bad);
    expect(await refused('owner', { ...view, to: [] })).toEqual(bad);
    expect(await refused('owner', { ...view, to: ['not-an-address'] })).toEqual(bad);
    expect(
      await refused('owner', { ...view, to: Array.from({ length: 11 }, (_, i) => `r${i}@acme.example`) }),
    ).toEqual(bad);
    expect(await refused('owner', { ...view, filter: [{ field: 'nope', op: 'eq', value: 1 }] })).toEqual(bad);
    expect(await refused('owner', { ...view, sort: ['description,asc'] })).toEqual(bad);
    expect(await refused('owner', { ...view, columns: ['passwordHash'] })).toEqual(bad);
    expect(await refused('owner', { ...view, resource: 'members', columns: ['mobile'] })).toEqual(bad);
    expect(await refused('owner', { ...view, extra: 1 })).toEqual(bad);
    // a field the list refuses is named in the envelope
    const named = await create('owner', { ...view, filter: [{ field: 'nope', op: 'eq', value: 1 }] });
    expect(named.json()).toMatchObject({ code: 2, data: expect.anything() });
    // may not export the list: 26237; no token: 1601
    expect(await refused('nobody', view)).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await call(null, 'POST', URL, view))).toEqual({ status: 401, code: 1601 });
    expect(await t.db.select().from(scheduledExports)).toHaveLength(0);
  });
});

describe('running scheduled exports', () => {
  const at = new Date('2030-01-06T01:00:00Z');

  it('mails each recipient the CSV the Export answers, in the creator’s scope only', async () => {
    const body = { ...view, to: ['Reports@Acme.example', 'boss@acme.example'], columns: ['name', 'state'] };
    const made = dataOf(await create('owner', body)) as { id: number; state: string; to: string[] };
    expect(made).toMatchObject({ state: 'ACTIVE', to: ['reports@acme.example', 'boss@acme.example'] });
    await t.db.update(scheduledExports).set({ nextRunAt: at }).where(eq(scheduledExports.id, made.id));

    expect(await run(new Date(at.getTime() - 1000))).toEqual([]);
    expect(await run(at)).toEqual([{ id: made.id, result: 'SENT', rows: 3 }]);
    const exported = await call(
      'owner',
      'GET',
      `${MAIN}/brands/export?sort=name,asc&project=${encodeURIComponent('["name","state"]')}`,
    );
    const mails = await readOutbox(t.db);
    expect(mails.map((m) => m.to).sort()).toEqual(['boss@acme.example', 'reports@acme.example']);
    for (const mail of mails) {
      expect(mail.attachmentName).toBe('brand-2030-01-06.csv');
      expect(mail.attachment).toBe(exported.body);
      expect(mail.subject).toBe('Scheduled export: brand (daily)');
    }
    const csv = mails[0]?.attachment ?? '';
    expect(csv).toContain('Acme Bakery');
    expect(csv).toContain("'=cmd|calc");
    expect(csv).not.toContain('Other Secret');
    const [row] = await t.db.select().from(scheduledExports).where(eq(scheduledExports.id, made.id));
    expect(row).toMatchObject({ lastResult: 'SENT', lastRows: 3, state: 'ACTIVE' });
    expect(row?.nextRunAt.toISOString()).toBe('2030-01-07T01:00:00.000Z');
    // not due again the same day: a second pass (another server) sends nothing
    expect(await run(at)).toEqual([]);
    await t.db.update(scheduledExports).set({ state: 'STOPPED' }).where(eq(scheduledExports.id, made.id));
    await t.db.delete(mailOutbox);
  });

  it('applies the creator’s scope at the run: lost permission or disabled creator stops it with a notice, no file', async () => {
    const byColleague = dataOf(await create('colleague', view)) as { id: number };
    const byOwner = dataOf(await create('otherOwner', { ...view, every: 'WEEK' })) as { id: number };
    await t.db.update(scheduledExports).set({ nextRunAt: at });
    await t.db.delete(userPermissions).where(eq(userPermissions.userId, colleagueId));
    await t.db.update(users).set({ state: 'DISABLE' }).where(eq(users.email, 'otherowner@example.test'));
    const outcomes = await run(at);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { id: byColleague.id, result: 'FAILED', message: 'Its creator may no longer export brand.' },
        expect.objectContaining({ id: byOwner.id, result: 'FAILED' }),
      ]),
    );
    // no file: a notice to the recipients and to a creator who can still sign in (not the disabled one)
    const notices = await readOutbox(t.db);
    expect(notices.map((m) => m.to).sort()).toEqual([
      'colleague@example.test',
      'reports@acme.example',
      'reports@acme.example',
    ]);
    for (const mail of notices) {
      expect(mail.subject).toMatch(/^Scheduled export stopped: brand \((daily|weekly)\)$/);
      expect(mail.attachment).toBeNull();
    }
    expect(notices.find((m) => m.to === 'colleague@example.test')?.text).toContain(
      `(#${byColleague.id}) has stopped and sends nothing more. Its creator may no longer export brand.`,
    );
    await t.db.delete(mailOutbox);
    const rows = await t.db.select().from(scheduledExports);
    const colleagueRow = rows.find((r) => r.id === byColleague.id);
    expect(colleagueRow).toMatchObject({ state: 'FAILED', lastResult: 'FAILED' });
    expect(rows.find((r) => r.id === byOwner.id)?.lastMessage).toContain('DISABLE');
    await t.db.update(users).set({ state: 'ENABLE' }).where(eq(users.email, 'otherowner@example.test'));
  });

  it('runs daily one day on and weekly a week on, skipping runs a server missed', () => {
    const from = new Date('2030-01-06T01:00:00Z');
    expect(nextRunAfter(from, 'DAY', from).getTime() - from.getTime()).toBe(EVERY_MS.DAY);
    expect(nextRunAfter(from, 'WEEK', from).getTime() - from.getTime()).toBe(EVERY_MS.WEEK);
    const late = new Date(from.getTime() + 3.5 * EVERY_MS.DAY);
    expect(nextRunAfter(from, 'DAY', late).toISOString()).toBe('2030-01-10T01:00:00.000Z');
    expect(nextRunAfter(from, 'WEEK', late).toISOString()).toBe('2030-01-13T01:00:00.000Z');
  });
});

describe('seeing and stopping scheduled exports', () => {
  it('shows owners their company’s, others their own, operators all; stops once', async () => {
    await t.db.delete(scheduledExports);
    const mine = dataOf(await create('owner', view)) as { id: number };
    await t.db.insert(userPermissions).values({ userId: colleagueId, resource: 'brand', action: 'VIEW' });
    const colleagues = dataOf(await create('colleague', view)) as { id: number };
    const others = dataOf(await create('otherOwner', view)) as { id: number };
    const ids = async (who: string) =>
      (dataOf(await call(who, 'GET', URL)) as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
    expect(await ids('owner')).toEqual([mine.id, colleagues.id]);
    expect(await ids('colleague')).toEqual([colleagues.id]);
    expect(await ids('otherOwner')).toEqual([others.id]);
    expect(await ids('op')).toEqual([mine.id, colleagues.id, others.id]);
    // another company's, or a colleague's own seen by the colleague only: 5, as a missing one
    expect(codeOf(await call('owner', 'POST', `${URL}/${others.id}/stop`))).toEqual({ status: 404, code: 5 });
    expect(codeOf(await call('colleague', 'POST', `${URL}/${mine.id}/stop`))).toEqual({
      status: 404,
      code: 5,
    });
    expect(codeOf(await call('owner', 'POST', `${URL}/abc/stop`))).toEqual({ status: 400, code: 2 });
    const stopped = dataOf(await call('owner', 'POST', `${URL}/${colleagues.id}/stop`));
    expect(stopped).toMatchObject({
      id: colleagues.id,
      state: 'STOPPED',
      lastMessage: 'Stopped by owner@example.test',
    });
    expect(codeOf(await call('owner', 'POST', `${URL}/${colleagues.id}/stop`))).toEqual({
      status: 409,
      code: 11,
    });
    expect(dataOf(await call('op', 'POST', `${URL}/${others.id}/stop`))).toMatchObject({ state: 'STOPPED' });
    // a stopped one never runs
    await t.db.update(scheduledExports).set({ nextRunAt: new Date('2030-01-01T00:00:00Z') });
    const ran = await run(new Date('2030-01-02T00:00:00Z'));
    expect(ran.map((r) => r.id)).toEqual([mine.id]);
  });
});

describe('the job, the members list and large lists', () => {
  it('runs as a periodic job of the runner at a chosen now', async () => {
    await t.db.delete(scheduledExports);
    await t.db.delete(mailOutbox);
    const made = dataOf(await create('op', { ...view, to: ['ops@example.test'] })) as { id: number };
    const at = new Date('2031-03-01T00:00:30Z');
    await t.db.update(scheduledExports).set({ nextRunAt: at });
    const runner = createJobRunner({
      db: t.db,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      handlers: jobHandlers({ config: t.config }),
      periodic: PERIODIC_JOBS.filter((p) => p.name === SCHEDULED_EXPORTS_JOB),
    });
    await runner.runDue(at);
    const [mail] = await readOutbox(t.db, 'ops@example.test');
    // an operator's export: every company's brands
    expect(mail?.attachment).toContain('Other Secret');
    expect(mail?.attachment).toContain('Acme Bakery');
    const [row] = await t.db.select().from(scheduledExports).where(eq(scheduledExports.id, made.id));
    expect(row).toMatchObject({ lastResult: 'SENT', lastRows: 5 });
  });

  it('mails the members list as its own Export answers it', async () => {
    await t.db.delete(scheduledExports);
    await t.db.delete(mailOutbox);
    const made = dataOf(
      await create('owner', {
        resource: 'members',
        sort: ['createTime,desc'],
        every: 'WEEK',
        to: ['m@acme.example'],
      }),
    ) as { id: number };
    const at = new Date('2031-03-02T00:00:00Z');
    await t.db.update(scheduledExports).set({ nextRunAt: at });
    expect(await run(at)).toEqual([{ id: made.id, result: 'SENT', rows: 0 }]);
    const exported = await call('owner', 'GET', `${MAIN}/members/export?sort=createTime,desc`);
    const [mail] = await readOutbox(t.db, 'm@acme.example');
    expect(mail?.attachment).toBe(exported.body);
    expect(mail?.attachment?.startsWith('id,mobile,name,createTime,companyId,level')).toBe(true);
  });

  it('caps a mailed CSV and says rows were left out', async () => {
    const rows = [
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
      { id: 3, name: '=c' },
    ];
    const plan = (async function* () {
      yield rows.slice(0, 2);
      yield rows.slice(2);
    })();
    expect(await csvText({ columns: ['id', 'name'], batches: plan }, 2)).toEqual({
      text: 'id,name\n1,a\n2,b\n',
      rows: 2,
      more: true,
    });
    const all = (async function* () {
      yield rows;
    })();
    expect(await csvText({ columns: ['id', 'name'], batches: all }, 3)).toEqual({
      text: "id,name\n1,a\n2,b\n3,'=c\n",
      rows: 3,
      more: false,
    });
  });
});
