// API keys (issue 27 item 1; docs/api.md "API keys", docs/decisions.md "API keys"). A company's owner
// or an operator makes a key for the company, optionally limited to one brand or store, with
// permissions from the group matrix and an optional expiry. The key is shown once; only its SHA-256 is
// kept, and its first characters (`prefix`, unique) find its row. A key signs in on every request
// (server/domains/access/guard.ts), acting as a merchant of its company with exactly its permissions, through
// the routes that take keys (the operations and the reads). Every change is audited.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { canGrant, OPERATOR_ONLY_RESOURCES, type Permission } from '../../../contract/access';
import {
  API_KEY_MARK,
  API_KEY_NAME_MAX,
  API_KEY_PATTERN,
  API_KEY_PREFIX_LENGTH,
  API_KEY_ROTATION_GRACE_HOURS,
  API_KEY_TOUCH_EVERY_S,
  type ApiKeyCreate,
  type ApiKeyIssued,
  type ApiKeyView,
  apiKeyStateAt,
  mayManageApiKeys,
} from '../../../contract/api-keys';
import type { OrganizationLevel } from '../../../contract/enums';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { type ApiKeyRow, apiKeys, brand, company, store } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { sameHash, sha256 } from '../../platform/tokens';
import type { SignedInUser } from '../../resources/principal';
import { assertOrgOpen } from './closure';
import { validatePermissions } from './rbac';

const HOUR_MS = 3_600_000;

/** A new key and what is kept of it. */
const newKey = (): { key: string; prefix: string; secretHash: string } => {
  const key = `${API_KEY_MARK}${randomBytes(30).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX_LENGTH), secretHash: sha256(key) };
};

const iso = (t: Date | null): string | null => (t === null ? null : t.toISOString());

/** The wire form of a key (never its hash). */
export const apiKeyView = (row: ApiKeyRow, now = new Date()): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  companyId: row.companyId,
  brandId: row.brandId,
  storeId: row.storeId,
  organizationLevel: row.organizationLevel,
  permissions: row.permissions,
  state: apiKeyStateAt(row, now),
  createdById: row.createdById,
  createdByEmail: row.createdByEmail,
  createTime: row.createTime.toISOString(),
  expiresAt: iso(row.expiresAt),
  lastUsedAt: iso(row.lastUsedAt),
  lastUsedIp: row.lastUsedIp,
  revokedAt: iso(row.revokedAt),
  graceUntil: iso(row.graceUntil),
  replacedById: row.replacedById,
});

const invalid = (field: string, message: string) =>
  new AppError('PARAMETER_VALIDATION_FAILED', [{ field, message }]);

/** Keys are managed by operators and companies' owners (docs/decisions.md "API keys"); others 26237. */
const assertManages = (caller: SignedInUser): void => {
  if (!mayManageApiKeys(caller.subject)) throw new AppError('ACCESS_DENIED');
  if (caller.type === 'MERCHANT' && caller.companyId === null) throw new AppError('ACCESS_DENIED');
};

/** The keys a manager reaches: an operator every key; an owner their company's, within their brand or store. */
const reachable = (caller: SignedInUser): SQL | undefined => {
  if (caller.type === 'OPERATOR') return undefined;
  const parts: SQL[] = [eq(apiKeys.companyId, caller.companyId ?? -1)];
  if (caller.storeId !== null) parts.push(eq(apiKeys.storeId, caller.storeId));
  else if (caller.brandId !== null) parts.push(eq(apiKeys.brandId, caller.brandId));
  return and(...parts);
};

/**
 * Where a new key acts: the company (an operator's choice, a merchant's own), and a brand or a store
 * of it; a store's key acts for the store's brand too. An owner limited to a brand or store makes keys
 * inside it only.
 */
const placeOf = async (
  db: DbOrTx,
  caller: SignedInUser,
  input: Pick<ApiKeyCreate, 'companyId' | 'brandId' | 'storeId'>,
): Promise<{ companyId: number; brandId: number | null; storeId: number | null }> => {
  let companyId: number;
  if (caller.type === 'OPERATOR') {
    if (input.companyId === undefined) throw invalid('companyId', 'an operator names the company of the key');
    const [found] = await db.select({ id: company.id }).from(company).where(eq(company.id, input.companyId));
    if (!found) throw new AppError('COMPANY_NOT_FOUND', [{ field: 'companyId', message: 'no such company' }]);
    companyId = found.id;
  } else {
    companyId = caller.companyId ?? -1;
    if (input.companyId !== undefined && input.companyId !== companyId)
      throw new AppError('ACCESS_DENIED', [{ field: 'companyId', message: 'is not your company' }]);
  }
  let brandId = input.brandId ?? null;
  const storeId = input.storeId ?? caller.storeId ?? null;
  if (caller.storeId !== null && storeId !== caller.storeId)
    throw new AppError('ACCESS_DENIED', [{ field: 'storeId', message: 'you act for one store only' }]);
  if (storeId !== null) {
    const [found] = await db
      .select({ brandId: store.brandId })
      .from(store)
      .where(and(eq(store.id, storeId), eq(store.companyId, companyId)));
    if (!found) throw new AppError('STORE_NOT_FOUND', [{ field: 'storeId', message: 'no such store here' }]);
    if (brandId !== null && brandId !== found.brandId) throw invalid('brandId', "is not the store's brand");
    brandId = found.brandId;
  }
  if (caller.type === 'MERCHANT' && caller.brandId !== null) {
    if (brandId === null) brandId = caller.brandId;
    if (brandId !== caller.brandId)
      throw new AppError('ACCESS_DENIED', [{ field: 'brandId', message: 'you act for one brand only' }]);
  }
  if (brandId !== null && storeId === null) {
    const [found] = await db
      .select({ id: brand.id })
      .from(brand)
      .where(and(eq(brand.id, brandId), eq(brand.companyId, companyId)));
    if (!found) throw new AppError('BRAND_NOT_FOUND', [{ field: 'brandId', message: 'no such brand here' }]);
  }
  return { companyId, brandId, storeId };
};

/** What a key may hold: known names, never operator-only ones, and only what its maker may grant (26238). */
const permissionsFor = (caller: SignedInUser, list: readonly Permission[]): Permission[] => {
  if (list.length === 0) throw invalid('permissions', 'give the key at least one permission');
  const permissions = validatePermissions(list);
  const operatorOnly = permissions.find((p) =>
    (OPERATOR_ONLY_RESOURCES as readonly string[]).includes(p.resource),
  );
  if (operatorOnly)
    throw new AppError('ACCESS_DENIED', [
      { field: 'permissions', message: `${operatorOnly.resource} is for operators only, never a key` },
    ]);
  // an operator grants anything but finance, a merchant what they hold (contract/access canGrant)
  const exceeding = permissions.find((p) => !canGrant(caller.subject, p));
  if (exceeding)
    throw new AppError('GRANT_EXCEEDS_OWN', [
      { field: 'permissions', message: `${exceeding.resource}:${exceeding.action}` },
    ]);
  return permissions;
};

const expiryOf = (value: string | null | undefined, now: Date): Date | null => {
  if (value === undefined || value === null) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw invalid('expiresAt', 'is not a date and time');
  if (at.getTime() <= now.getTime()) throw invalid('expiresAt', 'must be in the future');
  return at;
};

const actorOf = (caller: SignedInUser) => ({ id: caller.id, email: caller.email });

/** Inserts a key row with a fresh secret (a prefix already taken, one in 2^48, is drawn again). */
const insertKey = async (
  tx: DbOrTx,
  values: Omit<typeof apiKeys.$inferInsert, 'prefix' | 'secretHash'>,
): Promise<{ row: ApiKeyRow; key: string }> => {
  for (;;) {
    const { key, prefix, secretHash } = newKey();
    const [row] = await tx
      .insert(apiKeys)
      .values({ ...values, prefix, secretHash })
      .onConflictDoNothing({ target: apiKeys.prefix })
      .returning();
    if (row) return { row, key };
  }
};

/** `POST /api-keys`: the new key, shown this once. */
export const createApiKey = (db: Db, caller: SignedInUser, input: ApiKeyCreate): Promise<ApiKeyIssued> => {
  assertManages(caller);
  const name = input.name.trim();
  if (name === '') throw invalid('name', 'name the key (what system uses it)');
  if (name.length > API_KEY_NAME_MAX) throw invalid('name', `at most ${API_KEY_NAME_MAX} characters`);
  const now = new Date();
  const permissions = permissionsFor(caller, input.permissions);
  const expiresAt = expiryOf(input.expiresAt, now);
  return db.transaction(async (tx) => {
    const place = await placeOf(tx, caller, input);
    const { row, key } = await insertKey(tx, {
      ...place,
      name,
      permissions,
      expiresAt,
      createdById: caller.id,
      createdByEmail: caller.email,
      createTime: now,
    });
    await recordAudit(tx, {
      actor: actorOf(caller),
      action: 'create',
      resource: 'apiKeys',
      recordId: row.id,
      companyId: row.companyId,
      after: apiKeyView(row, now),
    });
    return { id: row.id, key, prefix: row.prefix };
  });
};

/** `GET /api-keys`: the keys the caller manages, newest first (an operator may name a company). */
export const listApiKeys = async (
  db: Db,
  caller: SignedInUser,
  query: { companyId?: number | undefined; organizationLevel?: OrganizationLevel | undefined },
): Promise<ApiKeyView[]> => {
  assertManages(caller);
  const where = and(
    reachable(caller),
    query.companyId === undefined ? undefined : eq(apiKeys.companyId, query.companyId),
    query.organizationLevel === undefined
      ? undefined
      : eq(apiKeys.organizationLevel, query.organizationLevel),
  );
  const rows = await db
    .select()
    .from(apiKeys)
    .where(where)
    .orderBy(desc(apiKeys.createTime), desc(apiKeys.id));
  const now = new Date();
  return rows.map((row) => apiKeyView(row, now));
};

/** The key `id` as the caller manages it, locked for the transaction; else 5. */
const lockKey = async (tx: DbOrTx, caller: SignedInUser, id: number): Promise<ApiKeyRow> => {
  const [row] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), reachable(caller)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', [{ field: 'id', message: 'no such API key' }]);
  return row;
};

const refuseUnless = (row: ApiKeyRow, now: Date, allowed: readonly string[], what: string): void => {
  const state = apiKeyStateAt(row, now);
  if (!allowed.includes(state))
    throw new AppError('STATE_TRANSITION_NOT_ALLOWED', [
      { field: 'state', message: `a key that is ${state} cannot be ${what}` },
    ]);
};

/** `POST /api-keys/{id}/revoke`: the key stops working at once (ACTIVE or ROTATED; else 11). */
export const revokeApiKey = (db: Db, caller: SignedInUser, id: number): Promise<ApiKeyView> => {
  assertManages(caller);
  return db.transaction(async (tx) => {
    const now = new Date();
    const before = await lockKey(tx, caller, id);
    refuseUnless(before, now, ['ACTIVE', 'ROTATED'], 'revoked');
    const [after] = await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, id)).returning();
    if (!after) throw new AppError('NOT_FOUND');
    await recordAudit(tx, {
      actor: actorOf(caller),
      action: 'revoke',
      resource: 'apiKeys',
      recordId: id,
      companyId: after.companyId,
      before: apiKeyView(before, now),
      after: apiKeyView(after, now),
    });
    return apiKeyView(after, now);
  });
};

/**
 * `POST /api-keys/{id}/rotate`: a new key with the same name, permissions, place and expiry, shown this
 * once; the old one keeps working for API_KEY_ROTATION_GRACE_HOURS (ACTIVE keys only; else 11).
 */
export const rotateApiKey = (db: Db, caller: SignedInUser, id: number): Promise<ApiKeyIssued> => {
  assertManages(caller);
  return db.transaction(async (tx) => {
    const now = new Date();
    const old = await lockKey(tx, caller, id);
    refuseUnless(old, now, ['ACTIVE'], 'rotated');
    const { row, key } = await insertKey(tx, {
      companyId: old.companyId,
      brandId: old.brandId,
      storeId: old.storeId,
      name: old.name,
      permissions: old.permissions,
      expiresAt: old.expiresAt,
      createdById: caller.id,
      createdByEmail: caller.email,
      createTime: now,
    });
    const graceUntil = new Date(now.getTime() + API_KEY_ROTATION_GRACE_HOURS * HOUR_MS);
    await tx.update(apiKeys).set({ graceUntil, replacedById: row.id }).where(eq(apiKeys.id, old.id));
    await recordAudit(tx, {
      actor: actorOf(caller),
      action: 'rotate',
      resource: 'apiKeys',
      recordId: old.id,
      companyId: old.companyId,
      before: apiKeyView(old, now),
      after: { replacedById: row.id, prefix: row.prefix, graceUntil: graceUntil.toISOString() },
    });
    return { id: row.id, key, prefix: row.prefix };
  });
};

// ---- signing in with a key ---------------------------------------------------------------------------

/** Is this bearer value or header an API key (rather than an access token)? */
export const looksLikeApiKey = (value: string): boolean => value.startsWith(API_KEY_MARK);

/**
 * The key behind `key`, checked: a malformed one 1003, an unknown or revoked one 1000, an expired one
 * (its expiry or its rotation grace passed) 1001. Its last use is written at most once a minute, or at
 * once when the caller's address changed.
 */
export const authenticateApiKey = async (db: Db, key: string, ip: string): Promise<ApiKeyRow> => {
  if (!API_KEY_PATTERN.test(key)) throw new AppError('TOKEN_INVALID_FORMAT');
  const [found] = await db
    .select({ key: apiKeys, companyState: company.state, brandState: brand.state, storeState: store.state })
    .from(apiKeys)
    // the organisation it acts for, by primary key: a closed one stops the key (closure.ts)
    .leftJoin(company, eq(company.id, apiKeys.companyId))
    .leftJoin(store, eq(store.id, apiKeys.storeId))
    .leftJoin(brand, eq(brand.id, sql`coalesce(${apiKeys.brandId}, ${store.brandId})`))
    .where(eq(apiKeys.prefix, key.slice(0, API_KEY_PREFIX_LENGTH)))
    .limit(1);
  const row = found?.key;
  const given = sha256(key);
  if (!found || !row || !sameHash(given, row.secretHash)) throw new AppError('TOKEN_NOT_EXIST');
  const now = new Date();
  const state = apiKeyStateAt(row, now);
  if (state === 'REVOKED') throw new AppError('TOKEN_NOT_EXIST');
  if (state === 'EXPIRED') throw new AppError('TOKEN_EXPIRED');
  // a key of a closed company, brand or store: 26433 / 26434 / 26435 (it works again once enabled)
  assertOrgOpen(
    { company: found.companyState, brand: found.brandState, store: found.storeState },
    { caller: true },
  );
  const stale =
    row.lastUsedAt === null ||
    now.getTime() - row.lastUsedAt.getTime() >= API_KEY_TOUCH_EVERY_S * 1000 ||
    row.lastUsedIp !== ip;
  if (stale) {
    await db.update(apiKeys).set({ lastUsedAt: now, lastUsedIp: ip }).where(eq(apiKeys.id, row.id));
    row.lastUsedAt = now;
    row.lastUsedIp = ip;
  }
  return row;
};
