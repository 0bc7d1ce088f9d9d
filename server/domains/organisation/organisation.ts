// The organisation's business rules: a merchant's signup (company, first brand and store), requests
// for more brands and stores, an operator's approval or rejection of any of them, the hierarchy a
// merchant sees, and the ownership checks other services use (invitations into a brand or store).
// Every write is one transaction with its audit entry. A decision is taken by its first statement,
// `update merchant_signup set approval = … where id = … and approval = 'PENDING'`, so of two
// operators deciding at once exactly one wins; the other finds no PENDING row and gets 26400.
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ApprovalState, OrgState, RequestKind } from '../../../contract/enums';
import { fieldViolation } from '../../../contract/validation';
import { merchantSignup as merchantSignupDecl } from '../../../resources/tables/merchantSignup';
import { actionOf } from '../../../resources/transitions';
import { type AuditActor, type DbOrTx, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { uniqueViolation } from '../../platform/db/errors';
import { fieldOfConstraint } from '../../platform/db/naming';
import { brand, company, merchantSignup, store, type UserRow, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { mapDbError } from '../../resources/db-error-map';
import { declarationOf } from '../../resources/registry';
import { allowedMove } from '../../resources/transition';
import { mailNotice } from '../access/email-actions';

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

const actorOf = (user: UserRow): AuditActor => ({ id: user.id, email: user.email });

/** A derived table's rows carry their declared keys; the query builder types them loosely. */
const one = async <T>(rows: Promise<unknown[]>): Promise<T | undefined> => (await rows)[0] as T | undefined;

// ---- lookups and ownership ----------------------------------------------------------------------

const findCompany = (db: DbOrTx, id: number) =>
  one<CompanyRow>(db.select().from(company).where(eq(company.id, id)).limit(1));

export const findBrand = (db: DbOrTx, id: number) =>
  one<BrandRow>(db.select().from(brand).where(eq(brand.id, id)).limit(1));

export const findStore = (db: DbOrTx, id: number) =>
  one<StoreRow>(db.select().from(store).where(eq(store.id, id)).limit(1));

/**
 * The brand `id` as a merchant of `companyId` may use it: 26431 when there is no such brand (or it
 * is deleted), 26440 when it is another company's, 26434 when `active` is asked and it is not ACTIVE.
 */
export const ownBrand = async (
  db: DbOrTx,
  companyId: number | null,
  id: number,
  { active = false } = {},
): Promise<BrandRow> => {
  const row = await findBrand(db, id);
  if (!row || row.state === 'DELETE') throw new AppError('BRAND_NOT_FOUND');
  if (companyId === null || row.companyId !== companyId) throw new AppError('BRAND_NOT_BELONG_TO_USER');
  if (active && row.state !== 'ACTIVE') throw new AppError('BRAND_NOT_ACTIVE');
  return row;
};

/** The store `id` as a merchant of `companyId` may use it: 26432, 26441 or (with `active`) 26435. */
export const ownStore = async (
  db: DbOrTx,
  companyId: number | null,
  id: number,
  { active = false } = {},
): Promise<StoreRow> => {
  const row = await findStore(db, id);
  if (!row || row.state === 'DELETE') throw new AppError('STORE_NOT_FOUND');
  if (companyId === null || row.companyId !== companyId) throw new AppError('STORE_NOT_BELONG_TO_USER');
  if (active && row.state !== 'ACTIVE') throw new AppError('STORE_NOT_ACTIVE');
  return row;
};

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
const assertNameFree = async (
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

const inTransaction = async <T>(db: Db, run: (tx: DbOrTx) => Promise<T>): Promise<T> => {
  try {
    return await db.transaction((tx) => run(tx));
  } catch (err) {
    throw mapUnique(err);
  }
};

// ---- signup -------------------------------------------------------------------------------------

const latestSignupRequest = (db: DbOrTx, where: SQL) =>
  one<RequestRow>(
    db
      .select()
      .from(merchantSignup)
      .where(and(eq(merchantSignup.requestKind, 'MERCHANT_SIGNUP'), where))
      .orderBy(desc(merchantSignup.id))
      .limit(1),
  );

export interface SignupView {
  signupState: UserRow['signupState'];
  request: RequestRow | null;
  company: CompanyRow | null;
  brand: BrandRow | null;
  store: StoreRow | null;
}

/** What the merchant's /signup page shows: the latest request and the rows it names. */
export const signupView = async (db: DbOrTx, user: UserRow): Promise<SignupView> => {
  const request =
    (user.companyId !== null
      ? await latestSignupRequest(db, eq(merchantSignup.companyId, user.companyId))
      : undefined) ?? (await latestSignupRequest(db, eq(merchantSignup.userId, user.id)));
  const companyId = request?.companyId ?? user.companyId;
  return {
    signupState: user.signupState,
    request: request ?? null,
    company: companyId ? ((await findCompany(db, companyId)) ?? null) : null,
    brand: request?.brandId ? ((await findBrand(db, request.brandId)) ?? null) : null,
    store: request?.storeId ? ((await findStore(db, request.storeId)) ?? null) : null,
  };
};

/**
 * Files (or, after a rejection, files again) a merchant's signup: company, brand and store in state
 * SUBMITTED, the merchant linked to the company, and a MERCHANT_SIGNUP request PENDING.
 */
export const submitSignup = async (db: Db, user: UserRow, input: SignupInput): Promise<SignupView> =>
  inTransaction(db, async (tx) => {
    // one signup at a time per merchant: the row lock serialises double clicks and two tabs
    const [me] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!me) throw new AppError('USER_NOT_FOUND');
    if (me.signupState === 'APPROVAL') throw new AppError('MERCHANT_ALREADY_SIGNED_UP');

    const previous = await signupView(tx, me);
    const again = previous.request?.approval === 'REJECT' ? previous : undefined;
    if (previous.request?.approval === 'PENDING') throw new AppError('USER_ALREADY_HAS_COMPANY');
    // a merchant already in a company that never went through a signup of theirs (invited)
    if (me.companyId !== null && !again) throw new AppError('USER_ALREADY_HAS_COMPANY');

    const companyId = again?.company?.id;
    await assertNameFree(tx, 'company', {
      name: input.company.name,
      ...(companyId === undefined ? {} : { exceptId: companyId }),
    });

    const submitted = { state: 'SUBMITTED' as const };
    const companyRow = (
      companyId === undefined
        ? await one<CompanyRow>(
            tx
              .insert(company)
              .values({ ...input.company, ...submitted })
              .returning(),
          )
        : await one<CompanyRow>(
            tx
              .update(company)
              .set({ ...input.company, ...submitted })
              .where(eq(company.id, companyId))
              .returning(),
          )
    ) as CompanyRow;

    const brandId = again?.brand?.id;
    if (brandId !== undefined) {
      await assertNameFree(tx, 'brand', {
        name: input.brand.name,
        where: eq(brand.companyId, companyRow.id),
        exceptId: brandId,
      });
    }
    const brandValues = { ...input.brand, ...submitted, companyId: companyRow.id };
    const brandRow = (
      brandId === undefined
        ? await one<BrandRow>(tx.insert(brand).values(brandValues).returning())
        : await one<BrandRow>(tx.update(brand).set(brandValues).where(eq(brand.id, brandId)).returning())
    ) as BrandRow;

    const storeId = again?.store?.id;
    const storeValues = { ...input.store, ...submitted, companyId: companyRow.id, brandId: brandRow.id };
    const storeRow = (
      storeId === undefined
        ? await one<StoreRow>(tx.insert(store).values(storeValues).returning())
        : await one<StoreRow>(tx.update(store).set(storeValues).where(eq(store.id, storeId)).returning())
    ) as StoreRow;

    if (me.companyId !== companyRow.id) {
      await tx.update(users).set({ companyId: companyRow.id }).where(eq(users.id, me.id));
    }
    const request = await fileRequest(tx, me, 'MERCHANT_SIGNUP', {
      company: companyRow,
      brand: brandRow,
      store: storeRow,
      contactEmail: input.company.contactEmail,
      contactMobile: typeof input.company.phone === 'string' ? input.company.phone : me.mobile,
    });
    await recordAudit(tx, {
      actor: actorOf(me),
      action: again ? 'resubmit' : 'submit',
      resource: 'merchantSignup',
      recordId: request.id,
      companyId: companyRow.id,
      before: again
        ? { request: again.request, company: again.company, brand: again.brand, store: again.store }
        : null,
      after: { request, company: companyRow, brand: brandRow, store: storeRow },
    });
    return signupView(tx, { ...me, companyId: companyRow.id });
  });

const fileRequest = async (
  tx: DbOrTx,
  user: UserRow,
  kind: RequestKind,
  rows: {
    company: CompanyRow;
    brand: BrandRow;
    store?: StoreRow;
    contactEmail?: unknown;
    contactMobile?: unknown;
  },
): Promise<RequestRow> => {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const request = await one<RequestRow>(
    tx
      .insert(merchantSignup)
      .values({
        requestKind: kind,
        approval: 'PENDING',
        userId: user.id,
        companyName: rows.company.name,
        registrationNo: text(rows.company.registrationNo),
        brandName: rows.brand.name,
        storeName: rows.store?.name ?? null,
        contactEmail: text(rows.contactEmail) ?? text(rows.company.contactEmail) ?? user.email,
        contactMobile: text(rows.contactMobile) ?? user.mobile,
        companyId: rows.company.id,
        brandId: rows.brand.id,
        storeId: rows.store?.id ?? null,
      })
      .returning(),
  );
  if (!request) throw new Error('insert returned nothing');
  return request;
};

// ---- brand and store requests -------------------------------------------------------------------

/** The merchant's company, ACTIVE: 26420 without one, 26433 when it is not active yet. */
const activeCompanyOf = async (tx: DbOrTx, user: UserRow): Promise<CompanyRow> => {
  if (user.companyId === null) throw new AppError('USER_HAS_NO_COMPANY');
  const row = await findCompany(tx, user.companyId);
  if (!row || row.state === 'DELETE') throw new AppError('USER_HAS_NO_COMPANY');
  if (row.state !== 'ACTIVE') throw new AppError('COMPANY_NOT_ACTIVE');
  return row;
};

export interface RequestResult<T> {
  request: RequestRow;
  row: T;
}

/** A new brand of the merchant's company, SUBMITTED, with an ADD_BRAND request for an operator. */
export const requestBrand = async (
  db: Db,
  user: UserRow,
  input: BrandInput,
): Promise<RequestResult<BrandRow>> =>
  inTransaction(db, async (tx) => {
    // someone limited to one brand or store works inside it; new brands are the company's business
    if (user.brandId !== null || user.storeId !== null) throw new AppError('ACCESS_DENIED');
    const companyRow = await activeCompanyOf(tx, user);
    await assertNameFree(tx, 'brand', {
      name: input.name,
      where: eq(brand.companyId, companyRow.id),
    });
    const row = (await one<BrandRow>(
      tx
        .insert(brand)
        .values({ ...input, companyId: companyRow.id, state: 'SUBMITTED' })
        .returning(),
    )) as BrandRow;
    const request = await fileRequest(tx, user, 'ADD_BRAND', { company: companyRow, brand: row });
    await recordAudit(tx, {
      actor: actorOf(user),
      action: 'request',
      resource: 'brand',
      recordId: row.id,
      companyId: companyRow.id,
      after: { request, brand: row },
    });
    return { request, row };
  });

/** A new store under one of the merchant's ACTIVE brands, SUBMITTED, with an ADD_STORE request. */
export const requestStore = async (
  db: Db,
  user: UserRow,
  input: StoreInput & { brandId: number },
): Promise<RequestResult<StoreRow>> =>
  inTransaction(db, async (tx) => {
    if (user.storeId !== null) throw new AppError('ACCESS_DENIED');
    const companyRow = await activeCompanyOf(tx, user);
    const brandRow = await ownBrand(tx, companyRow.id, input.brandId, { active: true });
    if (user.brandId !== null && user.brandId !== brandRow.id) throw new AppError('BRAND_NOT_BELONG_TO_USER');
    await assertNameFree(tx, 'store', {
      name: input.name,
      where: eq(store.brandId, brandRow.id),
    });
    const row = (await one<StoreRow>(
      tx
        .insert(store)
        .values({ ...input, companyId: companyRow.id, brandId: brandRow.id, state: 'SUBMITTED' })
        .returning(),
    )) as StoreRow;
    const request = await fileRequest(tx, user, 'ADD_STORE', {
      company: companyRow,
      brand: brandRow,
      store: row,
    });
    await recordAudit(tx, {
      actor: actorOf(user),
      action: 'request',
      resource: 'store',
      recordId: row.id,
      companyId: companyRow.id,
      after: { request, store: row },
    });
    return { request, row };
  });

// ---- decisions ----------------------------------------------------------------------------------

export type Decision = 'approve' | 'reject';

const setState = async (
  tx: DbOrTx,
  table: typeof company | typeof brand | typeof store,
  id: number | null,
  state: OrgState,
) => {
  if (id === null) return;
  // a row deleted in the meantime stays deleted
  await tx
    .update(table)
    .set({ state })
    .where(and(eq(table.id, id), ne(table.state, 'DELETE')));
};

/**
 * An operator's decision on a PENDING request. Approve: MERCHANT_SIGNUP activates the company, brand
 * and store and moves every merchant of the company to signup state APPROVAL; ADD_BRAND activates
 * the brand, ADD_STORE the store. Reject (with a reason): the named rows go back to BLANK.
 */
export const decide = async (
  db: Db,
  operator: UserRow,
  id: number,
  decision: Decision,
  reason?: string,
): Promise<RequestRow> =>
  inTransaction(db, async (tx) => {
    const arrow = actionOf(merchantSignupDecl, decision);
    const approval = arrow.to as ApprovalState;
    // the decision itself, first: only one transaction can move the row out of PENDING
    const decided = await one<RequestRow>(
      tx
        .update(merchantSignup)
        .set({
          approval,
          decidedBy: operator.id,
          decidedAt: new Date(),
          reason: decision === 'reject' ? (reason ?? null) : null,
        })
        .where(
          and(
            eq(merchantSignup.id, id),
            inArray(merchantSignup.approval, arrow.from as RequestRow['approval'][]),
          ),
        )
        .returning(),
    );
    if (!decided) {
      const [exists] = await tx
        .select({ approval: merchantSignup.approval })
        .from(merchantSignup)
        .where(eq(merchantSignup.id, id));
      if (!exists) throw new AppError('NOT_FOUND');
      // the declared refusal (resources/tables/merchantSignup.ts): decided already
      allowedMove(merchantSignupDecl, decision, exists, 'request');
      throw new Error('a PENDING request was not decided');
    }
    const state: OrgState = decision === 'approve' ? 'ACTIVE' : 'BLANK';
    const { companyId, brandId, storeId } = decided;
    switch (decided.requestKind) {
      case 'MERCHANT_SIGNUP':
        await setState(tx, company, companyId, state);
        await setState(tx, brand, brandId, state);
        await setState(tx, store, storeId, state);
        if (decision === 'approve') {
          const who: SQL[] = [];
          if (decided.userId !== null) who.push(eq(users.id, decided.userId));
          if (companyId !== null)
            who.push(and(eq(users.companyId, companyId), eq(users.type, 'MERCHANT')) as SQL);
          if (who.length > 0)
            await tx.update(users).set({ signupState: 'APPROVAL' }).where(sql.join(who, sql` or `));
        }
        break;
      case 'ADD_BRAND':
        await setState(tx, brand, brandId, state);
        break;
      case 'ADD_STORE':
        await setState(tx, store, storeId, state);
        break;
      default: {
        const never: never = decided.requestKind;
        throw new Error(`unknown request kind ${String(never)}`);
      }
    }
    await recordAudit(tx, {
      actor: actorOf(operator),
      action: decision,
      resource: 'merchantSignup',
      recordId: decided.id,
      companyId,
      before: { approval: 'PENDING' },
      after: decided,
    });
    return decided;
  });

// ---- the hierarchy ------------------------------------------------------------------------------

export interface Hierarchy {
  company: CompanyRow;
  brands: (BrandRow & { stores: StoreRow[] })[];
}

/**
 * A company with its brands and their stores (deleted rows left out). A merchant sees their own
 * company only (26420 without one, 26439 naming another), and only their branch when their account
 * is limited to a brand or a store.
 */
export const hierarchy = async (db: Db, user: UserRow, companyId?: number): Promise<Hierarchy> => {
  let id = companyId;
  if (user.type !== 'OPERATOR') {
    if (user.companyId === null) throw new AppError('USER_HAS_NO_COMPANY');
    id ??= user.companyId;
  }
  if (id === undefined) {
    throw new AppError('PARAMETER_VALIDATION_FAILED', [fieldViolation('companyId', 'required')]);
  }
  const companyRow = await ownCompany(db, user, id);
  const brandWhere = [eq(brand.companyId, companyRow.id), ne(brand.state, 'DELETE')];
  if (user.type !== 'OPERATOR' && user.brandId !== null) brandWhere.push(eq(brand.id, user.brandId));
  const brands = (await db
    .select()
    .from(brand)
    .where(and(...brandWhere))
    .orderBy(asc(brand.name), asc(brand.id))) as BrandRow[];
  const storeWhere = [ne(store.state, 'DELETE')];
  if (user.type !== 'OPERATOR' && user.storeId !== null) storeWhere.push(eq(store.id, user.storeId));
  const stores =
    brands.length === 0
      ? []
      : ((await db
          .select()
          .from(store)
          .where(
            and(
              inArray(
                store.brandId,
                brands.map((b) => b.id),
              ),
              ...storeWhere,
            ),
          )
          .orderBy(asc(store.name), asc(store.id))) as StoreRow[]);
  return {
    company: companyRow,
    brands: brands.map((b) => ({ ...b, stores: stores.filter((s) => s.brandId === b.id) })),
  };
};

// ---- telling the merchant -----------------------------------------------------------------------

const NOTICE_TEXT: Record<RequestKind, { what: (r: RequestRow & Row) => string; path: string }> = {
  MERCHANT_SIGNUP: { what: (r) => `Your merchant application for ${String(r.companyName)}`, path: '/signup' },
  ADD_BRAND: {
    what: (r) => `Your request for the new brand ${String(r.brandName)}`,
    path: '/organization/org-hierarchy',
  },
  ADD_STORE: {
    what: (r) => `Your request for the new store ${String(r.storeName)}`,
    path: '/organization/org-hierarchy',
  },
};

/**
 * Mails the merchant who filed a request the operator's decision (and the reason of a rejection).
 * Sent after the decision is committed: a mail that cannot be sent never undoes a decision.
 */
export const mailDecision = async (db: Db, request: RequestRow & Row): Promise<void> => {
  const [requester] =
    request.userId === null
      ? []
      : await db
          .select({ email: users.email, name: users.name })
          .from(users)
          .where(eq(users.id, request.userId));
  const to = requester?.email ?? (typeof request.contactEmail === 'string' ? request.contactEmail : null);
  if (!to) return;
  const text = NOTICE_TEXT[request.requestKind];
  const approved = request.approval === 'APPROVED';
  const signup = request.requestKind === 'MERCHANT_SIGNUP';
  await mailNotice(db, {
    to,
    name: requester?.name ?? null,
    subject: approved ? 'Your request is approved' : 'Your request was not approved',
    paragraphs: approved
      ? [
          `${text.what(request)} is approved.`,
          signup
            ? 'Sign in to start running your loyalty programme.'
            : 'It is live in your organisation now.',
        ]
      : [
          `${text.what(request)} was not approved.`,
          `The reason: ${request.reason ?? 'none given'}`,
          signup ? 'Sign in to correct your application and submit it again.' : 'You may file a new request.',
        ],
    path: approved && signup ? '/' : text.path,
    action: approved ? 'Open the portal' : signup ? 'Correct your application' : 'Open your organisation',
  });
};
