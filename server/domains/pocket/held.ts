// The card or voucher a web card link is for, as a caller may see it: by id or by the code its QR
// carries, within the caller's scope, else the kind's not-found refusal (the pocket routes' reads).
import { and, eq } from 'drizzle-orm';
import type { PocketKind } from '../../../contract/pocket';
import type { DbOrTx } from '../../platform/audit';
import { memberCards, vouchers } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Caller } from '../../resources/principal';
import { declared } from '../../resources/registry';
import { callerScopeOf } from '../../resources/row-scope';

const HELD = {
  CARD: {
    decl: declared('memberCards'),
    table: memberCards,
    missing: 'UNKNOWN_CARD_OR_ORDER',
    what: 'member card',
  },
  VOUCHER: { decl: declared('vouchers'), table: vouchers, missing: 'NOT_FOUND', what: 'voucher' },
} as const;

/** The card or voucher `id` of `kind` with its member, if `caller` may see it; else its not-found refusal. */
export const heldInScope = async (
  db: DbOrTx,
  caller: Caller,
  kind: PocketKind,
  id: number,
): Promise<{ id: number; mobile: string | null }> => {
  const { decl, table, missing, what } = HELD[kind];
  const [row] = await db
    .select({ id: table.id, mobile: table.memberMobile })
    .from(table)
    .where(and(eq(table.id, id), callerScopeOf(decl, table, caller)));
  if (!row) throw new AppError(missing, [{ field: 'id', message: `no such ${what}` }]);
  return row;
};

/** The card or voucher of `kind` whose QR carries `code`, if `caller` may see it; else its not-found refusal. */
export const heldByCode = async (
  db: DbOrTx,
  caller: Caller,
  kind: PocketKind,
  code: string,
): Promise<Record<string, unknown>> => {
  const { decl, table, missing, what } = HELD[kind];
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.code, code), callerScopeOf(decl, table, caller)))
    .limit(1);
  if (!row) throw new AppError(missing, [{ field: 'code', message: `no ${what} has this code` }]);
  return row as Record<string, unknown>;
};

/** The id of the row of `kind` whose QR carries `code`, if `caller` may see it; else null. */
export const heldIdByCode = async (
  db: DbOrTx,
  caller: Caller,
  kind: PocketKind,
  code: string,
): Promise<number | null> => {
  const { decl, table } = HELD[kind];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.code, code), callerScopeOf(decl, table, caller)))
    .limit(1);
  return row?.id ?? null;
};
