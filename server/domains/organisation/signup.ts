// A merchant's signup: company, first brand and store filed SUBMITTED with a MERCHANT_SIGNUP request
// for an operator (filed again after a rejection), and what the merchant's /signup page shows.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { brand, company, merchantSignup, store, type UserRow, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import {
  actorOf,
  assertNameFree,
  type BrandRow,
  type CompanyRow,
  findBrand,
  findCompany,
  findStore,
  inTransaction,
  one,
  type RequestRow,
  type SignupInput,
  type StoreRow,
} from './organisation';
import { fileRequest } from './requests';

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
