// The pushes a push test starts from, made on the real server (tests/portal/server.ts) through the
// routes the portal uses: a stamp card programme of Acme Coffee with cards issued at store 1 (Acme
// Coffee Raffles) to four members (Arjun's stamped twice), two templates, and four pushes of Acme: a
// draft to the brand, one scheduled for tomorrow, one sent to store 1's members (with its
// deliveries) and one whose provider failed. The sending is the job runner's, which the server
// process runs and a test app does not: `sendDuePushes` runs it here, as it would at its time.
import { eq } from 'drizzle-orm';
import { push, pushDeliveries, pushTemplates, users } from '../../../server/platform/db/schema';
import { apiAs } from '../api';
import { DAY_MS, failPush, newProgramme, runJobs } from '../make';
import type { RealBackend } from '../server';
import { MEMBERS, nameMembers, WORLD } from '../world';

export { confirmWith, expectFreshKeys, T, tile } from '../operations';

/** The demo's members, by mobile. */
export const PUSH_MEMBERS = MEMBERS;

/** Store 1's members (cards issued there), first by mobile: Arjun, then Mei, Tan and Siti. */
export const STORE_1 = { count: 4, first: { name: 'Arjun Nair', mobile: '+6581112222', stamps: 2 } } as const;

export type PushRow = typeof push.$inferSelect;

export const seedPush = async (backend: RealBackend) => {
  const merchant = await apiAs(backend, 'merchant');
  const now = Date.now();
  const { brandId, storeId } = WORLD.acme;

  await nameMembers(backend.t.db);
  const programme = await newProgramme(merchant, {
    description: 'Buy ten coffees, get the eleventh free. Up to three stamps per visit.',
  });
  const card = (memberMobile: string) =>
    merchant<{ id: number }>('POST', `/stamp-cards/${programme.id}/member-cards`, { memberMobile, storeId });
  await card(PUSH_MEMBERS.tan);
  await card(PUSH_MEMBERS.siti);
  const arjun = await card(PUSH_MEMBERS.arjun);
  await merchant('POST', `/member-cards/${arjun.id}/stamps`, { stamps: 2, storeId });
  await card(PUSH_MEMBERS.mei);

  const template = (title: string, body: string) =>
    merchant<{ id: number; title: string; body: string }>('POST', '/push-templates', { title, body });
  const reminder = await template(
    'Your coffee is waiting, {name}',
    'You have {stamps} stamps at {brand}. Drop by this week to fill your card!',
  );
  await template('New seasonal menu', 'Hi {name}, the new seasonal menu is in at {brand}. Come and try it.');

  const newPush = (values: Record<string, unknown>) =>
    merchant<PushRow>('POST', '/push', { audience: 'BRAND', audienceBrandId: brandId, ...values });
  const schedule = (id: number) => merchant<PushRow>('POST', `/push/${id}/schedule`, {});
  const pending = await newPush({
    title: 'Weekend double stamps',
    body: 'Hi {name}, every coffee earns two stamps at {brand} this weekend.',
    scheduledAt: new Date(now + 3 * DAY_MS).toISOString(),
  });
  const scheduled = await newPush({
    title: 'New seasonal menu',
    body: 'Hi {name}, the new seasonal menu is in at {brand}. Come and try it.',
    scheduledAt: new Date(now + DAY_MS).toISOString(),
  });
  const completed = await newPush({
    templateId: reminder.id,
    title: reminder.title,
    body: reminder.body,
    audience: 'STORE',
    audienceBrandId: null,
    audienceStoreId: storeId,
    scheduledAt: new Date(now - 2 * DAY_MS).toISOString(),
  });
  const failed = await newPush({
    title: 'Flash sale',
    body: '{brand}: 20% off all pastries today only.',
    scheduledAt: new Date(now - 5 * DAY_MS).toISOString(),
  });

  // sent: its time has passed, so the runner sends it into the local outbox at once
  await schedule(completed.id);
  await runJobs(backend, new Date(now));
  // failed: the provider refuses every attempt (its runs end well before tomorrow)
  await failPush(backend, merchant, failed.id, now);
  // tomorrow's: scheduled last, so the runs above never reach it
  await schedule(scheduled.id);
  for (const [p, state] of [
    [completed, 'COMPLETED'],
    [failed, 'FAILED'],
    [scheduled, 'SCHEDULED'],
    [pending, 'PENDING'],
  ] as const)
    if ((await pushRow(backend, p.id)).state !== state) throw new Error(`demo push ${p.title} not ${state}`);
  return { pending, scheduled, completed, failed };
};

/** A push's row as stored now. */
export const pushRow = async (backend: RealBackend, id: number): Promise<PushRow> => {
  const [row] = await backend.t.db.select().from(push).where(eq(push.id, id));
  if (!row) throw new Error(`no push ${id}`);
  return row;
};

/** The pushes stored now, oldest first. */
export const pushRows = async (backend: RealBackend): Promise<PushRow[]> =>
  await backend.t.db.select().from(push).orderBy(push.id);

/** A template's row by its title. */
export const templateRow = async (backend: RealBackend, title: string) => {
  const [row] = await backend.t.db.select().from(pushTemplates).where(eq(pushTemplates.title, title));
  if (!row) throw new Error(`no template ${title}`);
  return row;
};

/** A push's deliveries as stored. */
export const deliveriesOf = async (backend: RealBackend, pushId: number) =>
  backend.t.db.select().from(pushDeliveries).where(eq(pushDeliveries.pushId, pushId));

/**
 * The seed merchant works for brand 1; the company's owner would have no brand. No route takes a
 * colleague off their brand, so the row is changed here (before signing in).
 */
export const asCompanyOwner = async (backend: RealBackend) => {
  await backend.t.db.update(users).set({ brandId: null }).where(eq(users.id, 2));
};
