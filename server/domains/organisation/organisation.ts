// The organisation's rows and the checks its services share: lookups, the ownership checks other
// services use (invitations into a brand or store), the name rules and the transaction every write
// runs in with its audit entry. The operations are signup.ts, requests.ts, decisions.ts and
// hierarchy.ts.
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ErrorName } from '../../../contract';
import type { AuditActor, DbOrTx } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { uniqueViolation } from '../../platform/db/errors';
import { fieldOfConstraint } from '../../platform/db/naming';
import { brand, company, type merchantSignup, store, type UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { mapDbError } from '../../resources/db-error-map';
import { declarationOf } from '../../resources/registry';

type Row = Record<string, unknown>;

/** The organisation's rows as the driver answers them, typed by value from their tables. */
export type CompanyRow = typeof company.$inferSelect;
export type BrandRow = typeof brand.$inferSelect;
export type StoreRow = typeof store.$inferSelect;
export type RequestRow = typeof merchantSignup.$inferSelect;

export type CompanyInput = Row & { name: string; registrationNo: string; contactEmail: string };
export type BrandInput = Row & { name: string };
export type StoreInput = Row & { name: string; address: string };

export interface SignupInput {
  company: CompanyInput;
  brand: BrandInput;
  store: StoreInput;
}

export const actorOf = (user: UserRow): AuditActor => ({ id: user.id, email: user.email });

/** A derived table's rows carry their declared keys; the query builder types them loosely. */
export const one = async <T>(rows: Promise<unknown[]>): Promise<T | undefined> =>
  (await rows)[0] as T | undefined;

// ---- lookups and ownership ----------------------------------------------------------------------

export const findCompany = (db: DbOrTx, id: number) =>
  one<CompanyRow>(db.select().from(company).where(eq(company.id, id)).limit(1));

export const findBrand = (db: DbOrTx, id: number) =>
  one<BrandRow>(db.select().from(brand).where(eq(brand.id, id)).limit(1));

export const findStore = (db: DbOrTx, id: number) =>
  one<StoreRow>(db.select().from(store).where(eq(store.id, id)).limit(1));

/**
 * The look-up of a brand or store `id` as a merchant of `companyId` may use it, else the refusal of
 * its kind: missing (or deleted), another company's, or (when `active` is asked) not ACTIVE.
 */
const ownedBy =
  <R extends { state: string; companyId: number | null }>(
    find: (db: DbOrTx, id: number) => Promise<R | undefined>,
    [missing, foreign, inactive]: readonly [ErrorName, ErrorName, ErrorName],
  ) =>
  async (db: DbOrTx, companyId: number | null, id: number, { active = false } = {}): Promise<R> => {
    const row = await find(db, id);
    if (!row || row.state === 'DELETE') throw new AppError(missing);
    if (companyId === null || row.companyId !== companyId) throw new AppError(foreign);
    if (active && row.state !== 'ACTIVE') throw new AppError(inactive);
    return row;
  };

/**
 * The brand `id` as a merchant of `companyId` may use it: 26431 when there is no such brand (or it
 * is deleted), 26440 when it is another company's, 26434 when `active` is asked and it is not ACTIVE.
 */
export const ownBrand = ownedBy(findBrand, [
  'BRAND_NOT_FOUND',
  'BRAND_NOT_BELONG_TO_USER',
  'BRAND_NOT_ACTIVE',
]);

/** The store `id` as a merchant of `companyId` may use it: 26432, 26441 or (with `active`) 26435. */
export const ownStore = ownedBy(findStore, [
  'STORE_NOT_FOUND',
  'STORE_NOT_BELONG_TO_USER',
  'STORE_NOT_ACTIVE',
]);

/** The company `id` as `user` may see it: operators any, merchants only their own (26439). */
export const ownCompany = async (db: DbOrTx, user: UserRow, id: number): Promise<CompanyRow> => {
  const row = await findCompany(db, id);
  if (!row || row.state === 'DELETE') throw new AppError('COMPANY_NOT_FOUND');
  if (user.type !== 'OPERATOR' && user.companyId !== id) throw new AppError('COMPANY_NOT_BELONG_TO_USER');
  return row;
};

// ---- name rules ---------------------------------------------------------------------------------

const sameName = (column: AnyPgColumn, name: string): SQL => sql`lower(${column}) = lower(${name})`;

type OrgLevel = 'company' | 'brand' | 'store';
const ORG_TABLES = { company, brand, store } as const;
const ORG_LEVELS: readonly OrgLevel[] = ['company', 'brand', 'store'];

/** The level's declaration: its own catalogue codes (errors.duplicate) live there. */
const orgDeclaration = (level: OrgLevel) => {
  const decl = declarationOf(level);
  if (!decl) throw new Error(`no declaration ${level}`);
  return decl;
};

/**
 * Throws the level's duplicate-name code (26423 / 26424 / 26425, from its declaration) when another
 * live row under `where` has the name (case-insensitive).
 */
export const assertNameFree = async (
  db: DbOrTx,
  level: OrgLevel,
  query: {
    name: string;
    where?: SQL;
    exceptId?: number;
  },
) => {
  const { name, where, exceptId } = query;
  const table = ORG_TABLES[level];
  const [hit] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        sameName(table.name, name),
        ne(table.state, 'DELETE'),
        where,
        exceptId === undefined ? undefined : ne(table.id, exceptId),
      ),
    )
    .limit(1);
  if (hit) {
    const error = orgDeclaration(level).errors?.duplicate?.name ?? 'ALREADY_EXISTS';
    throw new AppError(error, [{ field: 'name', message: 'is already taken' }]);
  }
};

/**
 * A duplicate that slipped past the check between two requests: the unique index answers, mapped as
 * the generic service maps it (the declaration's code for the field, else 9).
 */
const mapUnique = (err: unknown): unknown => {
  const constraint = uniqueViolation(err);
  if (constraint === undefined) return err;
  const level = ORG_LEVELS.find((l) => fieldOfConstraint(orgDeclaration(l), constraint) !== undefined);
  return level ? mapDbError(orgDeclaration(level), err) : err;
};

export const inTransaction = async <T>(db: Db, run: (tx: DbOrTx) => Promise<T>): Promise<T> => {
  try {
    return await db.transaction((tx) => run(tx));
  } catch (err) {
    throw mapUnique(err);
  }
};
