// A closed company, brand or store (issue 40 item 3): DISABLED or DELETE stops everything that acts
// for it, with the level's own code (26433 company, 26434 brand, 26435 store) and its state in `data`.
// Nothing is removed: its logins, keys, devices, webhooks, schedules, money and rows stay, and
// enabling it again lets them work as before. One rule, read by the auth gate (users, devices, API
// keys), sign-in and refresh, the jobs (webhooks, scheduled exports, pushes), imports, the member's
// web card and passes, and joins (docs/decisions.md "A closed company").
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CLOSED_ORG_STATES } from '../../../contract/enums';
import type { DbOrTx } from '../../platform/audit';
import { prepared } from '../../platform/db/prepared';
import { rowsOfResult } from '../../platform/db/raw-rows';
import { brand, company, store } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

/** The states of a company, brand and store as read (null or absent: no such level). */
export interface OrgStates {
  company?: unknown;
  brand?: unknown;
  store?: unknown;
}

/**
 * A store with its brand and company and the three states (a counter's store before it stamps, issues
 * or redeems there: assertOrgOpen): built once, as every counter operation reads it.
 */
export const storeWithStates = prepared('store_with_states', (db) =>
  db
    .select({
      id: store.id,
      brandId: store.brandId,
      companyId: store.companyId,
      state: store.state,
      companyState: company.state,
      brandState: brand.state,
    })
    .from(store)
    .leftJoin(company, eq(company.id, store.companyId))
    .leftJoin(brand, eq(brand.id, store.brandId))
    .where(eq(store.id, sql.placeholder('storeId'))),
);

/** A company, brand or store in one of these states is closed. */
export const isClosedState = (state: unknown): boolean =>
  typeof state === 'string' && (CLOSED_ORG_STATES as readonly string[]).includes(state);

/** What a closure's refusal carries: the closed level's state, and `caller` when the closed one is the caller's own. */
export interface ClosedData {
  state: string;
  /** true: the caller's own company, brand or store is closed (their sign-in, token, key or device) */
  caller?: true;
}

/**
 * The refusal for `states`, the widest closed level first (a closed company closes its brands).
 * `caller`: the states are the caller's own organisation (the portal then ends the session).
 */
const closureOf = (states: OrgStates, { caller = false } = {}): AppError<ClosedData> | null => {
  const data = (state: unknown): ClosedData => ({
    state: String(state),
    ...(caller ? { caller: true } : {}),
  });
  if (isClosedState(states.company)) return new AppError('COMPANY_NOT_ACTIVE', data(states.company));
  if (isClosedState(states.brand)) return new AppError('BRAND_NOT_ACTIVE', data(states.brand));
  if (isClosedState(states.store)) return new AppError('STORE_NOT_ACTIVE', data(states.store));
  return null;
};

/** Throws 26433, 26434 or 26435 when a level of `states` is closed. */
export const assertOrgOpen = (states: OrgStates, options: { caller?: boolean } = {}): void => {
  const closed = closureOf(states, options);
  if (closed) throw closed;
};

const CLOSED_LEVELS: Readonly<Record<string, string>> = {
  COMPANY_NOT_ACTIVE: 'company',
  BRAND_NOT_ACTIVE: 'brand',
  STORE_NOT_ACTIVE: 'store',
};

/** 'company', 'brand' or 'store' when `error` is one of the closure's refusals, else null. */
export const closedLevelOf = (error: AppError): string | null => CLOSED_LEVELS[error.errorName] ?? null;

/** Where something acts: its company and, when it is limited to one, its brand and store. */
export interface OrgScope {
  companyId: number | null;
  brandId?: number | null;
  storeId?: number | null;
}

/**
 * The states of `scope`'s company, brand (a store's own brand when no brand is named) and store, in one
 * statement of three indexed look-ups.
 */
const orgStatesOf = async (db: DbOrTx, scope: OrgScope): Promise<OrgStates> => {
  const storeId = scope.storeId ?? null;
  const brandId =
    scope.brandId ??
    (storeId === null ? null : sql`(select ${store.brandId} from ${store} where ${store.id} = ${storeId})`);
  const rows = await db.execute(sql`select
    (select ${company.state} from ${company} where ${company.id} = ${scope.companyId}) as company,
    (select ${brand.state} from ${brand} where ${brand.id} = ${brandId}) as brand,
    (select ${store.state} from ${store} where ${store.id} = ${storeId}) as store`);
  const [row] = rowsOfResult<OrgStates>(rows);
  return row ?? {};
};

/** Throws 26433, 26434 or 26435 when `scope`'s company, brand or store is closed. */
export const assertScopeOpen = async (
  db: DbOrTx,
  scope: OrgScope,
  options: { caller?: boolean } = {},
): Promise<void> => {
  if (scope.companyId === null && !scope.brandId && !scope.storeId) return;
  assertOrgOpen(await orgStatesOf(db, scope), options);
};

/** SQL: the company `companyId` (a column or value) is not closed; true for none (an operator's row). */
export const companyOpenSql = (companyId: AnyPgColumn | SQL): SQL =>
  sql`not exists (select 1 from ${company} where ${company.id} = ${companyId} and ${inArray(company.state, [...CLOSED_ORG_STATES])})`;
