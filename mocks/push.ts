// MSW mocks of the push notification operations (docs/operations.md "Push notifications", docs/api.md "Push
// notifications", server/services/push.ts): schedule and cancel with their state rules (11), the audience
// preview GET /push/audience ({count, sample}) over the mock's cards, vouchers and stampings, and the
// sending: a SCHEDULED push whose time has come is sent, into the local push outbox, the next time pushes
// or deliveries are read (the server's job runner sends it at its time). The rows live in the mock db's
// resourceRows (push, pushTemplates, pushDeliveries), so the generic mocks (mocks/resources.ts) serve
// them; this module also checks what the generic mocks do not: unknown placeholders in a push's or a
// template's text, the target each audience requires, and a push's text frozen once scheduled.
import { http } from 'msw';
import { BASE_PATHS } from '../contract';
import { canAccess, type Permission } from '../contract/access';
import { roleOf } from '../contract/claims';
import { PUSH_AUDIENCES, type PushAudience } from '../contract/enums';
import type { ErrorName } from '../contract/errors';
import { fillPlaceholders, PUSH_PLACEHOLDERS, type PushValues, unknownPlaceholders } from '../contract/push';
import { brand, company, push, pushTemplates, stampsTransaction, store, vouchers } from '../resources';
import { memberCards } from '../resources/tables/memberCards';
import { members } from '../resources/tables/members';
import { pushDeliveries } from '../resources/tables/pushDeliveries';
import { movedFields } from '../resources/transitions';
import type { ResourceDeclaration } from '../resources/types';
import type { MockDb, MockRow, MockUser } from './data';
import { allowedMove, type Body, Fail, fail, guard, invalid, readBody, success } from './respond';
import { seedStampingDemo } from './stamping';
import { seedVoucherDemo } from './vouchers';

export interface PushMockContext {
  db: MockDb;
  /** the handlers' origin ('*' matches any) */
  origin: string;
  authenticate: (request: Request) => { user: MockUser };
  fullPermissions: (user: MockUser) => Permission[] | null;
}

const E164 = /^\+[1-9]\d{6,14}$/;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The member card state AVAILABLE (mocks/stamping.ts CARD). */
const CARD_AVAILABLE = 0;

const rowsOf = (db: MockDb, decl: ResourceDeclaration): MockRow[] => {
  db.resourceRows[decl.name] ??= [];
  return db.resourceRows[decl.name] as MockRow[];
};
const isoOf = (ms: number) => new Date(ms).toISOString();
const refuse = (name: ErrorName, field: string, message: string): never => fail(name, [{ field, message }]);
const idOrNull = (v: unknown): number | null => (typeof v === 'number' ? v : null);

// ---- the audience ---------------------------------------------------------------------------------

/** What an audience is: the push's company and who in it. */
export interface MockAudience {
  companyId: number;
  audience: PushAudience;
  audienceBrandId: number | null;
  audienceStoreId: number | null;
  audienceMobile: string | null;
}

const audienceOfRow = (row: MockRow): MockAudience => ({
  companyId: Number(row.companyId),
  audience: row.audience as PushAudience,
  audienceBrandId: idOrNull(row.audienceBrandId),
  audienceStoreId: idOrNull(row.audienceStoreId),
  audienceMobile: typeof row.audienceMobile === 'string' ? row.audienceMobile : null,
});

/**
 * The mobiles `a` reaches, in order: of its company, those holding one of its vouchers or member cards
 * (of its brand for BRAND); for STORE, a card issued there, a stamping there or a voucher redeemed
 * there; for MEMBER, that member when they hold something of the company.
 */
export const audienceMobiles = (db: MockDb, a: MockAudience): string[] => {
  const ofCompany = (r: MockRow) => r.companyId === a.companyId;
  const held = rowsOf(db, vouchers).filter(ofCompany);
  const cards = rowsOf(db, memberCards).filter(ofCompany);
  const mobilesOf = (list: readonly MockRow[]) =>
    list.map((r) => r.memberMobile).filter((m): m is string => typeof m === 'string' && m !== '');
  const ofBrand = (brandId: number | null) => (r: MockRow) => brandId === null || r.brandId === brandId;
  let found: string[];
  switch (a.audience) {
    case 'ALL_MEMBERS':
      found = mobilesOf([...held, ...cards]);
      break;
    case 'BRAND':
      found =
        a.audienceBrandId === null ? [] : mobilesOf([...held, ...cards].filter(ofBrand(a.audienceBrandId)));
      break;
    case 'STORE': {
      const storeId = a.audienceStoreId;
      found =
        storeId === null
          ? []
          : mobilesOf([
              ...cards.filter((c) => c.storeId === storeId),
              ...rowsOf(db, stampsTransaction).filter((t) => ofCompany(t) && t.storeId === storeId),
              ...held.filter((v) => v.redeemedStoreId === storeId),
            ]);
      break;
    }
    case 'MEMBER':
      found =
        a.audienceMobile !== null && mobilesOf([...held, ...cards]).includes(a.audienceMobile)
          ? [a.audienceMobile]
          : [];
      break;
    default: {
      const never: never = a.audience;
      throw new Error(`unknown audience ${String(never)}`);
    }
  }
  return [...new Set(found)].sort();
};

/** The names {brand} and {company} take: the audience's brand (a store's brand), else the company's. */
const namesOf = (db: MockDb, a: MockAudience): { brand: string; company: string } => {
  const companyName = String(rowsOf(db, company).find((c) => c.id === a.companyId)?.name ?? '');
  let brandId = a.audience === 'BRAND' ? a.audienceBrandId : null;
  if (a.audience === 'STORE' && a.audienceStoreId !== null)
    brandId = idOrNull(rowsOf(db, store).find((s) => s.id === a.audienceStoreId)?.brandId);
  const brandName = brandId === null ? null : rowsOf(db, brand).find((b) => b.id === brandId)?.name;
  return { brand: typeof brandName === 'string' ? brandName : companyName, company: companyName };
};

/** One member's placeholder values, as the server fills them (server/services/push.ts valuesOf). */
export const placeholderValues = (db: MockDb, a: MockAudience, mobile: string): PushValues => {
  const names = namesOf(db, a);
  const brandId = a.audience === 'BRAND' ? a.audienceBrandId : null;
  const mine = (r: MockRow) =>
    r.memberMobile === mobile && r.companyId === a.companyId && (brandId === null || r.brandId === brandId);
  const stamps = rowsOf(db, memberCards)
    .filter((c) => mine(c) && c.state === CARD_AVAILABLE)
    .reduce((most, c) => Math.max(most, Number(c.stamps ?? 0)), 0);
  const available = rowsOf(db, vouchers).filter((v) => mine(v) && v.state === 'AVAILABLE').length;
  const member = rowsOf(db, members).find((m) => m.mobile === mobile);
  const name = typeof member?.name === 'string' && member.name.trim() !== '' ? member.name.trim() : mobile;
  return {
    name,
    mobile,
    brand: names.brand,
    company: names.company,
    stamps: String(stamps),
    vouchers: String(available),
  };
};

/** GET /push/audience's answer: how many members `a` reaches now, and the first one's values. */
export const previewAudience = (
  db: MockDb,
  a: MockAudience,
): { count: number; sample: PushValues | null } => {
  const mobiles = audienceMobiles(db, a);
  const [first] = mobiles;
  return { count: mobiles.length, sample: first === undefined ? null : placeholderValues(db, a, first) };
};

/** A colleague limited to a brand stays inside it (26237), as the server's assertAudienceAllowed. */
const assertAudienceAllowed = (db: MockDb, user: MockUser, a: MockAudience) => {
  if (user.type === 'OPERATOR' || user.brandId === null) return;
  const outside = (field: string) => refuse('ACCESS_DENIED', field, 'is outside the brand you work for');
  if (a.audience === 'ALL_MEMBERS' || a.audience === 'MEMBER') outside('audience');
  if (a.audience === 'BRAND' && a.audienceBrandId !== user.brandId) outside('audienceBrandId');
  if (a.audience === 'STORE' && a.audienceStoreId !== null) {
    const where = rowsOf(db, store).find((s) => s.id === a.audienceStoreId);
    if (where?.brandId !== user.brandId) outside('audienceStoreId');
  }
};

// ---- the operations, on the data alone (the handlers and the demo seed share them) -----------------

/** The fields the declared arrow `name` (resources/tables/push.ts) moves, when it may move `row`. */
const arrow = (row: MockRow, name: string): Record<string, string> =>
  movedFields(allowedMove(push, name, row, 'push'));

/** PENDING → SCHEDULED (else 11); one member by mobile must hold something of the company (else 2). */
export const schedulePush = (db: MockDb, row: MockRow, user?: MockUser, at: number = db.now()): MockRow => {
  const moved = arrow(row, 'schedule');
  const a = audienceOfRow(row);
  if (user) assertAudienceAllowed(db, user, a);
  if (a.audience === 'MEMBER' && audienceMobiles(db, a).length === 0)
    refuse('PARAMETER_VALIDATION_FAILED', 'audienceMobile', 'holds no card or voucher of this company');
  return Object.assign(row, {
    ...moved,
    startedAt: null,
    sentAt: null,
    failureReason: null,
    updateTime: isoOf(at),
  });
};

/** SCHEDULED → PENDING while its sending has not started (else 11). */
export const cancelPush = (db: MockDb, row: MockRow, at: number = db.now()): MockRow => {
  const moved = arrow(row, 'cancel');
  if (row.startedAt !== null && row.startedAt !== undefined)
    refuse('STATE_TRANSITION_NOT_ALLOWED', 'state', 'its sending has started');
  return Object.assign(row, { ...moved, updateTime: isoOf(at) });
};

/**
 * Sends a SCHEDULED push into the local push outbox: one SENT delivery per member of its audience with
 * the text filled in for them, then COMPLETED with its counts. `failWith`: the provider failing for good
 * instead (FAILED with the 7001 reason, nobody sent), as the demo shows one.
 */
export const sendPush = (db: MockDb, row: MockRow, at: number = db.now(), failWith?: string): MockRow => {
  if (row.state !== 'SCHEDULED') return row;
  const a = audienceOfRow(row);
  const when = isoOf(at);
  if (failWith !== undefined)
    return Object.assign(row, {
      state: 'FAILED',
      startedAt: when,
      sentAt: null,
      sentCount: 0,
      failedCount: 0,
      failureReason: `7001 Push notification provider failed: ${failWith}`,
      updateTime: when,
    });
  const deliveries = rowsOf(db, pushDeliveries);
  let sent = 0;
  for (const mobile of audienceMobiles(db, a)) {
    if (deliveries.some((d) => d.pushId === row.id && d.memberMobile === mobile)) continue;
    const values = placeholderValues(db, a, mobile);
    deliveries.push({
      id: db.nextId(),
      pushId: row.id,
      memberMobile: mobile,
      title: fillPlaceholders(String(row.title ?? ''), values),
      body: fillPlaceholders(String(row.body ?? ''), values),
      provider: 'outbox',
      tokens: 0,
      state: 'SENT',
      error: null,
      at: when,
      companyId: row.companyId ?? null,
      createTime: when,
      updateTime: when,
    });
    sent += 1;
  }
  return Object.assign(row, {
    state: 'COMPLETED',
    startedAt: when,
    sentAt: when,
    sentCount: sent,
    failedCount: 0,
    failureReason: null,
    updateTime: when,
  });
};

/** Sends every SCHEDULED push whose time has come (the server's job runner, on read). */
export const sendDuePushes = (db: MockDb, at: number = db.now()): void => {
  for (const row of rowsOf(db, push))
    if (row.state === 'SCHEDULED' && Date.parse(String(row.scheduledAt)) <= at) sendPush(db, row, at);
};

// ---- what a save must satisfy (the server's declared rules the generic mocks leave out) ------------

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** Unknown placeholders, a missing audience target, a frozen field changed: code 2, or 11. */
const assertSavable = (decl: ResourceDeclaration, row: Body, existing?: MockRow) => {
  for (const rule of decl.rules ?? []) {
    if (rule.kind !== 'requiredWhen') continue;
    if (blank(row[rule.field]) && rule.when.in.includes(String(row[rule.when.field])))
      invalid(rule.field, `is required when ${rule.when.field} is ${String(row[rule.when.field])}`);
  }
  const unknown = decl.fields.flatMap((f) => {
    const v = row[f.name];
    if (!('placeholders' in f) || f.placeholders !== true || typeof v !== 'string') return [];
    const names = unknownPlaceholders(v);
    return names.length === 0
      ? []
      : [
          {
            field: f.name,
            message: `names unknown placeholder ${names.map((n) => `{${n}}`).join(', ')}; known: ${PUSH_PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}`,
          },
        ];
  });
  if (unknown.length > 0) fail('PARAMETER_VALIDATION_FAILED', unknown);
  if (!existing) return;
  for (const rule of decl.frozen ?? []) {
    if (!Object.hasOwn(row, rule.field) || !rule.while.in.includes(String(existing[rule.while.field])))
      continue;
    if (String(row[rule.field] ?? null) !== String(existing[rule.field] ?? null))
      refuse(
        rule.error,
        rule.field,
        `cannot change while ${rule.while.field} is ${String(existing[rule.while.field])}`,
      );
  }
};

// ---- demo data -------------------------------------------------------------------------------------

const seeded = new WeakSet<MockDb>();

/**
 * Templates and pushes of the seed merchant's company (company 1) in every state, over the voucher and
 * stamp card demos' members: a draft, one scheduled for tomorrow, one sent to the members of store 1
 * (with its deliveries) and one whose provider failed. Once per data set.
 */
export const seedPushDemo = (
  db: MockDb,
): { pending: MockRow; scheduled: MockRow; completed: MockRow; failed: MockRow } => {
  seedVoucherDemo(db);
  seedStampingDemo(db);
  const find = (title: string) => rowsOf(db, push).find((p) => p.title === title);
  const titles = [
    'Weekend double stamps',
    'New seasonal menu',
    'Your coffee is waiting, {name}',
    'Flash sale',
  ];
  if (seeded.has(db)) {
    const [pending, scheduled, completed, failed] = titles.map(find);
    if (pending && scheduled && completed && failed) return { pending, scheduled, completed, failed };
  }
  seeded.add(db);
  const now = db.now();
  const at = (ms: number) => isoOf(ms);
  const template = (title: string, body: string, days: number): MockRow => {
    const row: MockRow = {
      id: db.nextId(),
      title,
      body,
      imageUrl: null,
      deepLink: null,
      state: 'ACTIVE',
      companyId: 1,
      createTime: at(now - days * DAY_MS),
      updateTime: at(now - days * DAY_MS),
    };
    rowsOf(db, pushTemplates).push(row);
    return row;
  };
  const reminder = template(
    'Your coffee is waiting, {name}',
    'You have {stamps} stamps at {brand}. Drop by this week to fill your card!',
    30,
  );
  template('New seasonal menu', 'Hi {name}, the new seasonal menu is in at {brand}. Come and try it.', 20);
  const row = (values: Body, createdDaysAgo: number): MockRow => {
    const created = at(now - createdDaysAgo * DAY_MS);
    const r: MockRow = {
      id: db.nextId(),
      templateId: null,
      audience: 'ALL_MEMBERS',
      audienceBrandId: null,
      audienceStoreId: null,
      audienceMobile: null,
      state: 'PENDING',
      startedAt: null,
      sentAt: null,
      sentCount: 0,
      failedCount: 0,
      failureReason: null,
      companyId: 1,
      createTime: created,
      updateTime: created,
      ...values,
    };
    rowsOf(db, push).push(r);
    return r;
  };
  const pending = row(
    {
      title: 'Weekend double stamps',
      body: 'Hi {name}, every coffee earns two stamps at {brand} this weekend.',
      audience: 'BRAND',
      audienceBrandId: 1,
      scheduledAt: at(now + 3 * DAY_MS),
    },
    1,
  );
  const scheduled = row(
    {
      title: 'New seasonal menu',
      body: 'Hi {name}, the new seasonal menu is in at {brand}. Come and try it.',
      audience: 'BRAND',
      audienceBrandId: 1,
      scheduledAt: at(now + DAY_MS),
    },
    2,
  );
  schedulePush(db, scheduled, undefined, now - DAY_MS);
  const completed = row(
    {
      templateId: reminder.id,
      title: String(reminder.title),
      body: String(reminder.body),
      audience: 'STORE',
      audienceStoreId: 1,
      scheduledAt: at(now - 2 * DAY_MS),
    },
    3,
  );
  schedulePush(db, completed, undefined, now - 3 * DAY_MS);
  sendPush(db, completed, now - 2 * DAY_MS);
  const failed = row(
    {
      title: 'Flash sale',
      body: '{brand}: 20% off all pastries today only.',
      audience: 'BRAND',
      audienceBrandId: 1,
      scheduledAt: at(now - 5 * DAY_MS),
    },
    6,
  );
  schedulePush(db, failed, undefined, now - 6 * DAY_MS);
  sendPush(db, failed, now - 5 * DAY_MS, 'the provider rejected the credentials (401)');
  return { pending, scheduled, completed, failed };
};

// ---- handlers ----------------------------------------------------------------------------------------

type Params = Record<string, string | readonly string[] | undefined>;

export const createPushHandlers = ({ db, origin, authenticate, fullPermissions }: PushMockContext) => {
  const main = `${origin}${BASE_PATHS.main}`;
  // (caller id, key) → the first successful answer and what it answered (path and body)
  const answers = new Map<string, { request: string; data: unknown }>();

  const allow = (user: MockUser, decl: ResourceDeclaration, action: 'VIEW' | 'ADD' | 'UPDATE') => {
    const permissions = fullPermissions(user);
    const subject = permissions === null ? { type: user.type } : { type: user.type, permissions };
    if (
      !decl.access[action].includes(roleOf(user.type)) ||
      !canAccess(subject, { action, resource: decl.permission })
    )
      fail('ACCESS_DENIED');
    if (action !== 'VIEW' && user.type === 'MERCHANT' && user.signupState !== 'APPROVAL')
      fail('MERCHANT_NOT_APPROVED');
  };

  const visible = (user: MockUser) => (row: MockRow) =>
    user.type === 'OPERATOR' || (user.companyId !== null && row.companyId === user.companyId);

  const findPush = (user: MockUser, params: Params): MockRow => {
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) return invalid('id', 'must be a positive integer');
    const row = rowsOf(db, push).find((p) => p.id === id);
    if (!row || !visible(user)(row)) return fail('NOT_FOUND');
    return row;
  };

  /** POST `path` as an operation: caller, access, Idempotency-Key, no body, then `run`. */
  const operation = (path: string, run: (args: { user: MockUser; params: Params }) => unknown) =>
    http.post(
      `${main}${path}`,
      guard(async ({ request, params }) => {
        const { user } = authenticate(request);
        allow(user, push, 'UPDATE');
        const key = request.headers.get('Idempotency-Key');
        if (key !== null && !KEY_PATTERN.test(key))
          return invalid('Idempotency-Key', 'must be 1 to 255 visible ASCII characters');
        const body = await readBody(request);
        for (const field of Object.keys(body)) invalid(field, 'is not allowed');
        const fingerprint = new URL(request.url).pathname;
        const slot = key === null ? null : `${user.id}:${key}`;
        const stored = slot === null ? undefined : answers.get(slot);
        if (stored) {
          if (stored.request !== fingerprint)
            return invalid('Idempotency-Key', 'was already used for another request');
          return success(stored.data);
        }
        const data: unknown = JSON.parse(JSON.stringify(run({ user, params })));
        if (slot !== null) answers.set(slot, { request: fingerprint, data });
        return success(data);
      }),
    );

  /** Before a generic handler answers: checks that may refuse, else nothing (MSW goes on to the next). */
  const before =
    (check: (args: { request: Request; params: Params }) => Promise<void> | void) =>
    async ({ request, params }: { request: Request; params: Params }) => {
      try {
        await check({ request: request.clone(), params });
      } catch (error) {
        if (error instanceof Fail) return error.response;
        throw error;
      }
      return undefined;
    };

  const savable = (decl: ResourceDeclaration) => [
    http.post(
      `${main}${decl.path}`,
      before(async ({ request }) => assertSavable(decl, await readBody(request))),
    ),
    http.put(
      `${main}${decl.path}/:id`,
      before(async ({ request, params }) => {
        const existing = rowsOf(db, decl).find((r) => r.id === Number(params.id));
        // a missing row is the generic handler's 404
        if (!existing) return;
        const body = await readBody(request);
        assertSavable(decl, { ...existing, ...body }, existing);
      }),
    ),
  ];

  const idParam = (query: URLSearchParams, name: string): number | null => {
    const raw = query.get(name);
    if (raw === null || raw === '') return null;
    const id = Number(raw);
    if (!Number.isInteger(id) || id <= 0) return invalid(name, 'must be a positive integer');
    return id;
  };

  // sending is due on every read of pushes and deliveries: then the generic handlers answer
  const sendDue = () => {
    sendDuePushes(db);
  };

  return [
    http.get(
      `${main}${push.path}/audience`,
      guard(async ({ request }) => {
        const { user } = authenticate(request);
        allow(user, push, 'VIEW');
        sendDue();
        const query = new URL(request.url).searchParams;
        const audience = query.get('audience');
        if (audience === null || !(PUSH_AUDIENCES as readonly string[]).includes(audience))
          return invalid('audience', `must be one of ${PUSH_AUDIENCES.join(', ')}`);
        const mobile = query.get('audienceMobile');
        if (mobile !== null && !E164.test(mobile))
          return invalid('audienceMobile', 'must be an E.164 mobile');
        const companyId = user.type === 'OPERATOR' ? idParam(query, 'companyId') : user.companyId;
        if (companyId === null) return invalid('companyId', 'is required');
        const a: MockAudience = {
          companyId,
          audience: audience as PushAudience,
          audienceBrandId: idParam(query, 'audienceBrandId'),
          audienceStoreId: idParam(query, 'audienceStoreId'),
          audienceMobile: mobile,
        };
        assertAudienceAllowed(db, user, a);
        return success(previewAudience(db, a));
      }),
    ),
    operation(`${push.path}/:id/schedule`, ({ user, params }) => {
      sendDue();
      return schedulePush(db, findPush(user, params), user);
    }),
    operation(`${push.path}/:id/cancel`, ({ user, params }) => {
      sendDue();
      return cancelPush(db, findPush(user, params));
    }),
    http.get(`${main}${push.path}`, sendDue),
    http.get(`${main}${push.path}/:id`, sendDue),
    http.get(`${main}${pushDeliveries.path}`, sendDue),
    ...savable(push),
    ...savable(pushTemplates),
  ];
};
