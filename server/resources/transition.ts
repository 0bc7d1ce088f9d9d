// The server's side of the declared state machines (resources/transitions.ts): an operation names its
// action, and this answers the action or refuses in the contract's envelope, with the field and why.
// Who may run it is the operation route's check (`roles: actionOf(decl, name).roles`). A move is
// lock (`lockInScope`: the row within the caller's scope), check (`allowedMove`), write
// (`moveLocked`: the new state and its audit row, in the operation's transaction).
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { checkMove } from '../../resources/transitions';
import type { ActionDeclaration, ResourceDeclaration } from '../../resources/types';
import { type DbOrTx, recordAudit } from '../platform/audit';
import { rememberCalendar } from '../platform/countries';
import { updateById } from '../platform/db/prepared';
import { company, countryConfig } from '../platform/db/schema';
import { AppError } from '../platform/errors';
import type { Caller } from './principal';
import { callerScopeOf, preparedInScope } from './row-scope';

/** A declared table with an id: what `lockInScope` and `moveLocked` move rows of. */
type MovableTable = PgTable & { id: AnyPgColumn };

/**
 * The action `name` of `decl` when it may move `row`; else the refusal: 11 from a state it does not
 * leave, or a declared code (26622 deregistering twice). `subject` names the row in the message.
 */
export const allowedMove = (
  decl: ResourceDeclaration,
  name: string,
  row: Readonly<Record<string, unknown>>,
  subject: string,
): ActionDeclaration => {
  const { action, refusal } = checkMove(decl, name, row, subject);
  if (refusal) throw new AppError(refusal.error, [{ field: refusal.field, message: refusal.message }]);
  return action;
};

/**
 * The row `id` of a declared table as the caller may act on it (their scope, and `also` when given),
 * locked for the rest of the transaction; else `missing` (5 NOT_FOUND unless the service names its
 * own). The first step of every state move an operation makes. `calendarOf`: the row's company
 * column; its company's calendar is read in the same statement and remembered for the transaction
 * (server/platform/countries.ts), for the operation's dates and what reacts to it.
 */
export const lockInScope = async <R extends { id: number }>(
  tx: DbOrTx,
  caller: Caller,
  { decl, table }: { decl: ResourceDeclaration; table: MovableTable },
  id: number,
  {
    also,
    missing,
    calendarOf,
  }: { also?: SQL | undefined; missing?: () => AppError; calendarOf?: AnyPgColumn } = {},
): Promise<R> => {
  if (!calendarOf) {
    const [row] = also
      ? await tx
          .select()
          .from(table)
          .where(and(eq(table.id, id), callerScopeOf(decl, table, caller), also))
          .for('update')
      : await preparedLock(decl, table, caller, undefined)(tx, id);
    if (!row) throw missing ? missing() : new AppError('NOT_FOUND');
    return row as R;
  }
  const [found] = (
    also
      ? await calendarLock(tx, table, calendarOf).where(
          and(eq(table.id, id), callerScopeOf(decl, table, caller), also),
        )
      : await preparedLock(decl, table, caller, calendarOf)(tx, id)
  ) as { row: unknown; country: unknown; zone: unknown; companyId: unknown }[];
  if (!found) throw missing ? missing() : new AppError('NOT_FOUND');
  if (typeof found.companyId === 'number')
    rememberCalendar(tx, found.companyId, { country: found.country, zone: found.zone });
  return found.row as R;
};

/** The row with its company's calendar, locked (the row's table only): `lockInScope`'s read when it has one. */
const calendarLock = (db: DbOrTx, table: MovableTable, calendarOf: AnyPgColumn) => ({
  where: (where: SQL | undefined) =>
    db
      .select({ row: table, country: company.country, zone: countryConfig.timezone, companyId: company.id })
      .from(table)
      .leftJoin(company, eq(company.id, calendarOf))
      .leftJoin(countryConfig, eq(countryConfig.country, company.country))
      .where(where)
      .for('update', { of: table }),
});

const locks = new Map<string, ReturnType<typeof preparedInScope<unknown>>>();

/**
 * `lockInScope`'s statement without `also`: one per table and calendar, prepared once per shape of the
 * caller's scope (row-scope.ts `preparedInScope`). Built by the query builder on every call, a whole
 * row and its joins cost a large part of an operation's own CPU (docs/performance.md "The write path").
 */
const preparedLock = (
  decl: ResourceDeclaration,
  table: MovableTable,
  caller: Caller,
  calendarOf: AnyPgColumn | undefined,
) => {
  const name = `lock_${decl.name}${calendarOf ? `_${calendarOf.name}` : ''}`;
  let lock = locks.get(name);
  if (!lock) {
    lock = preparedInScope<unknown>(name, decl, table, (db, scope) => {
      const where = and(eq(table.id, sql.placeholder('id')), scope);
      return calendarOf
        ? calendarLock(db, table, calendarOf).where(where)
        : db.select().from(table).where(where).for('update');
    });
    locks.set(name, lock);
  }
  const statement = lock;
  return (db: DbOrTx, id: number) => statement(db, caller, { id });
};

/**
 * Moves a row locked by `lockInScope`: `UPDATE … SET set WHERE id`, and the audit row of `action`
 * (who, the row before and after) in the same transaction. Answers the row after. `alongside`: what
 * the operation writes next from the row after (its history, its events), sent together with the
 * audit row: neither needs the other's answer (docs/architecture.md "Statements sent together").
 */
export const moveLocked = async <R extends { id: number; companyId: number | null }>(
  tx: DbOrTx,
  caller: Caller,
  { decl, table }: { decl: ResourceDeclaration; table: MovableTable },
  before: R,
  action: string,
  set: Record<string, unknown>,
  alongside?: (after: R) => Promise<unknown>,
): Promise<R> => {
  // prepared once per table and set of columns (an action sets the same columns every time)
  const [after] = (await updateById(tx, `move_${decl.name}`, table, before.id, set)) as R[];
  if (!after) throw new Error(`locked ${decl.name} row vanished`);
  await Promise.all([
    recordAudit(tx, {
      actor: { id: caller.id, email: caller.email },
      action,
      resource: decl.name,
      recordId: after.id,
      companyId: after.companyId,
      before,
      after,
    }),
    alongside?.(after),
  ]);
  return after;
};
