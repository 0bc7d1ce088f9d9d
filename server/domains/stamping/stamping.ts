import { STAMP_CARD_STATE_VALUES, STAMP_CARD_STATES, type StampCardStateName } from '../../../contract/enums';
import type { ErrorName } from '../../../contract/errors';
import type { StoredRow } from '../../../resources/rows';
import type { memberCards as memberCardsDecl } from '../../../resources/tables/memberCards';
import type { stampCard as stampCardDecl } from '../../../resources/tables/stampCard';
import type { stampsTransaction as stampsTransactionDecl } from '../../../resources/tables/stampsTransaction';
import type { DbOrTx } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { type Caller, staffIdOf } from '../../resources/principal';
import { declared } from '../../resources/registry';
import { assertOrgOpen, storeWithStates } from '../access/closure';
import { assertActsForStore } from '../access/operation';

type Row = Record<string, unknown>;

/** The member card's numeric state (the spec's 0 AVAILABLE, 1 COMPLETED, 2 EXPIRED). */
export const CARD_STATE = STAMP_CARD_STATE_VALUES;
export const stateName = (n: number): string => STAMP_CARD_STATES[n] ?? String(n);
/** The numeric state named `name`. */
export const stateValue = (name: string): number => STAMP_CARD_STATE_VALUES[name as StampCardStateName];

export type ProgrammeRow = StoredRow<typeof stampCardDecl> & Row;

export type MemberCardRow = StoredRow<typeof memberCardsDecl> & Row;

export type TransactionRow = StoredRow<typeof stampsTransactionDecl> & Row;

/**
 * The terms a card keeps from its programme as it is at issue (issue 40 item 2): what completes it,
 * how many stamps a stamping gives, the daily and time limits, and its reward. Stamping reads them
 * from the card, so editing a live programme changes only the cards issued afterwards.
 */
export const CARD_TERMS = [
  'stampsRequired',
  'maxStampsPerTransaction',
  'maxStampsPerMemberPerDay',
  'minMinutesBetweenStamps',
  'rewardVoucherPackId',
] as const;
export type CardTerms = Pick<MemberCardRow, (typeof CARD_TERMS)[number]>;

/** The programme's terms as a new card keeps them. */
export const cardTermsOf = (programme: ProgrammeRow): CardTerms => ({
  stampsRequired: programme.stampsRequired,
  maxStampsPerTransaction: programme.maxStampsPerTransaction,
  maxStampsPerMemberPerDay: programme.maxStampsPerMemberPerDay,
  minMinutesBetweenStamps: programme.minMinutesBetweenStamps,
  rewardVoucherPackId: programme.rewardVoucherPackId,
});

export const programmeDecl = declared('stampCard');
export const cardDecl = declared('memberCards');
export const txnDecl = declared('stampsTransaction');
export const storeDecl = declared('store');
export const voucherDecl = declared('vouchers');

export const actor = (caller: Caller) => (caller.device ? null : { id: caller.id, email: caller.email });
/** The staff account behind a stamping or a void: the user, or null for an in-store device or an API key. */
export const staffOf = staffIdOf;

/** The first violation's message of a refusal, else the catalogue message. */
export const firstMessage = (err: AppError): string => {
  const data = err.data;
  if (Array.isArray(data)) {
    const first: unknown = data[0];
    if (
      typeof first === 'object' &&
      first !== null &&
      'message' in first &&
      typeof first.message === 'string'
    )
      return first.message;
  }
  return err.message;
};

export const fail = (error: ErrorName, field: string, message: string) =>
  new AppError(error, [{ field, message }]);

/**
 * The store `storeId` where the caller stamps or issues for a programme of `brandId`: an ACTIVE store
 * of that brand, the caller's own when limited to one (else 6701); a device only its own, while
 * ACTIVE (6604, 6603).
 */
export const assertStore = async (
  tx: DbOrTx,
  caller: Caller,
  storeId: number,
  brandId: number,
): Promise<void> => {
  assertActsForStore(caller, storeId);
  const [where] = await storeWithStates(tx, { storeId });
  // nothing is issued at a closed company, brand or store (26433 / 26434 / 26435)
  if (where) assertOrgOpen({ company: where.companyState, brand: where.brandState, store: where.state });
  assertStoreRow(caller, storeId, brandId, where);
};

/** 6701 unless `where` (the store `storeId` as read) is an ACTIVE store of `brandId` the caller may use. */
export const assertStoreRow = (
  caller: Caller,
  storeId: number,
  brandId: number,
  where: { brandId: unknown; state: unknown } | undefined,
): void => {
  const callersStore = caller.storeId === null || caller.storeId === storeId;
  if (!where || where.brandId !== brandId || where.state !== 'ACTIVE' || !callersStore)
    throw fail('STORE_NOT_FOUND_FOR_TXN', 'storeId', "is not an active store of the programme's brand");
};

export const noSuchCard = () => fail('UNKNOWN_CARD_OR_ORDER', 'id', 'no such member card');
