// The generic service's declared actions (../service.ts): a state move of one row or of many, as the
// declaration's `actions` say (from which states, to which, what follows it, who may). An action served
// by an operation of its own is never run here.
import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { refusalOf } from '../../../resources/transitions';
import type { ActionDeclaration } from '../../../resources/types';
import { ownFields, storedChoice } from '../../platform/db/derive-tables';
import { AppError } from '../../platform/errors';
import { authorize, declaredGrant } from '../authorize';
import { guard } from '../db-error-map';
import type { Caller } from '../principal';
import type { Row } from '../rules';
import { updateWhere } from './audit';
import { callerScope, findVisible, type ServiceContext, shown, write } from './context';

const actionOf = ({ decl }: ServiceContext, name: string, bulk: boolean): ActionDeclaration => {
  // an action served by an operation of its own is never run generically
  const action = decl.actions?.find((a) => a.name === name && a.operation !== true && (!bulk || a.bulk));
  if (!action) throw new AppError('NOT_FOUND');
  return action;
};

const assertActionAllowed = ({ decl }: ServiceContext, caller: Caller, action: ActionDeclaration) => {
  authorize(caller, declaredGrant(decl, 'action'));
  authorize(caller, { resource: decl.permission, action: 'UPDATE', roles: action.roles });
};

const transitionSet = (
  { decl }: ServiceContext,
  action: ActionDeclaration,
): { set: Row; from: (string | number)[] } => {
  const field = ownFields(decl).find((f) => f.name === action.field);
  if (!field) throw new Error(`${decl.name}.${action.name}: no field ${action.field}`);
  const set: Row = { [action.field]: storedChoice(field, action.to) };
  // the fields that follow it (resources/transitions.ts movedFields), stored as their choices are
  for (const [name, value] of Object.entries(action.set ?? {})) {
    const other = ownFields(decl).find((f) => f.name === name);
    if (!other) throw new Error(`${decl.name}.${action.name}: no field ${name}`);
    set[name] = storedChoice(other, value);
  }
  if (action.stampField) set[action.stampField] = new Date();
  return { set, from: action.from.map((s) => storedChoice(field, s)) };
};

/** A stored value of the action's field as its choice (a numeric select stores the index). */
const choiceName = ({ decl }: ServiceContext, action: ActionDeclaration, stored: unknown): unknown => {
  const field = ownFields(decl).find((f) => f.name === action.field);
  return field?.type === 'select' && field.numeric && typeof stored === 'number'
    ? field.choices[stored]
    : stored;
};

const transitionColumn = ({ decl, cols }: ServiceContext, action: ActionDeclaration): AnyPgColumn => {
  const col = cols[action.field];
  if (!col) throw new Error(`${decl.name}.${action.name}: no column ${action.field}`);
  return col;
};

/** A transition: UPDATE … WHERE id AND scope AND field IN from; 409 when the state forbids it. */
export const runAction = async (
  ctx: ServiceContext,
  caller: Caller,
  id: number,
  name: string,
): Promise<Row> => {
  const action = actionOf(ctx, name, false);
  assertActionAllowed(ctx, caller, action);
  const { set, from } = transitionSet(ctx, action);
  const where = and(
    eq(ctx.idCol, id),
    callerScope(ctx, caller),
    inArray(transitionColumn(ctx, action), from),
  );
  const [row] = await guard(ctx.decl, () =>
    write(ctx, (tx) => updateWhere(ctx, tx, caller, action.name, set, where)),
  );
  if (row) return shown(ctx, caller, row);
  const current = await findVisible(ctx, caller, id); // 404 when it is not there (or not the caller's)
  // 11, or the code the declaration gives that state (`refuse`)
  throw new AppError(
    refusalOf(action, choiceName(ctx, action, current[action.field])) ?? 'STATE_TRANSITION_NOT_ALLOWED',
    [{ field: action.field, message: `${action.name} needs ${action.field} in ${action.from.join(', ')}` }],
  );
};

/** A bulk transition: moves the rows that may move; the answer lists their ids. */
export const runBulkAction = async (
  ctx: ServiceContext,
  caller: Caller,
  ids: readonly number[],
  name: string,
): Promise<number[]> => {
  const action = actionOf(ctx, name, true);
  assertActionAllowed(ctx, caller, action);
  const { set, from } = transitionSet(ctx, action);
  const where = and(
    inArray(ctx.idCol, [...ids]),
    callerScope(ctx, caller),
    inArray(transitionColumn(ctx, action), from),
  );
  const rows = await guard(ctx.decl, () =>
    write(ctx, (tx) => updateWhere(ctx, tx, caller, action.name, set, where)),
  );
  return rows.map((r) => r.id as number);
};
