// A declaration's `actions` are its state machine: each names the field it moves, the states it
// leaves, the state it reaches and who may run it. These pure readers are the one place that answers
// "may this move happen": the server's operations and generic actions refuse with them, the portal
// offers its buttons with them, the mocks and the demo seed walk them.
import type { PermissionResource } from '../contract/access';
import type { Role } from '../contract/claims';
import type { ErrorName } from '../contract/errors';
import type { ActionDeclaration, ResourceDeclaration } from './types';

/** The action `name` of `decl`; a missing one is a programming error. */
export const actionOf = (decl: ResourceDeclaration, name: string): ActionDeclaration => {
  const action = decl.actions?.find((a) => a.name === name);
  if (!action) throw new Error(`${decl.name}: no action ${name}`);
  return action;
};

/** The permission whose UPDATE runs `action`: its own (the counter's stamping, redeeming), else the table's. */
export const actionPermission = (decl: ResourceDeclaration, action: ActionDeclaration): PermissionResource =>
  action.permission ?? decl.permission;

/** The permission whose ADD runs a table's creating operation (`createWith`), else the table's. */
export const createPermission = (decl: ResourceDeclaration): PermissionResource =>
  decl.createWith?.permission ?? decl.permission;

/**
 * Why `action` may not move a row whose field holds `state`, for a caller of `role` (left out: any
 * role): ACCESS_DENIED for a role it does not name, a declared refusal of that state, else
 * STATE_TRANSITION_NOT_ALLOWED from a state it does not leave. `null` when the move may happen.
 */
export const refusalOf = (action: ActionDeclaration, state: unknown, role?: Role): ErrorName | null => {
  if (role !== undefined && !action.roles.includes(role)) return 'ACCESS_DENIED';
  const current = String(state);
  const declared = action.refuse?.find((r) => r.from.includes(current));
  if (declared) return declared.error;
  return action.from.includes(current) ? null : 'STATE_TRANSITION_NOT_ALLOWED';
};

/**
 * The message of a refusal, naming the row as `subject` ('device'): "cannot deliver a device that is
 * SPOILT", or for a declared refusal (a code of its own says why) "the voucher is EXPIRED".
 */
export const refusalMessage = (
  subject: string,
  action: ActionDeclaration,
  state: unknown,
  error: ErrorName,
): string =>
  error === 'STATE_TRANSITION_NOT_ALLOWED'
    ? `cannot ${action.path ?? action.name} a ${subject} that is ${String(state)}`
    : `the ${subject} is ${String(state)}`;

/** Why a declared move was refused, as the envelope carries it: the code, and the field with why. */
export interface MoveRefusal {
  error: ErrorName;
  field: string;
  message: string;
}

/**
 * The action `name` of `decl`, and the refusal when it may not move `row` (null when it may): the
 * server (server/resources/transition.ts) and the mocks throw it each their own way. `subject` names the row.
 */
export const checkMove = (
  decl: ResourceDeclaration,
  name: string,
  row: Readonly<Record<string, unknown>>,
  subject: string,
): { action: ActionDeclaration; refusal: MoveRefusal | null } => {
  const action = actionOf(decl, name);
  const state = row[action.field];
  const error = refusalOf(action, state);
  return {
    action,
    refusal: error && { error, field: action.field, message: refusalMessage(subject, action, state, error) },
  };
};

/** The actions of `decl` a caller of `role` may run on a row whose `field` holds `state`, in order. */
export const actionsFrom = (
  decl: ResourceDeclaration,
  field: string,
  state: unknown,
  role: Role,
): ActionDeclaration[] =>
  (decl.actions ?? []).filter((a) => a.field === field && refusalOf(a, state, role) === null);

/** The fields `action` writes besides its own: `{[field]: to, ...set}`. */
export const movedFields = (action: ActionDeclaration): Record<string, string> => ({
  [action.field]: action.to,
  ...action.set,
});

/**
 * The shortest run of actions on `field` that takes a row from `start` to `target` (the demo seed
 * puts a device in each lifecycle this way); `null` when none does.
 */
export const pathBetween = (
  decl: ResourceDeclaration,
  field: string,
  start: string,
  target: string,
): ActionDeclaration[] | null => {
  const arrows = (decl.actions ?? []).filter((a) => a.field === field);
  const seen = new Map<string, ActionDeclaration[]>([[start, []]]);
  const queue = [start];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    const path = seen.get(state) ?? [];
    if (state === target) return path;
    for (const arrow of arrows) {
      if (!arrow.from.includes(state) || seen.has(arrow.to)) continue;
      seen.set(arrow.to, [...path, arrow]);
      queue.push(arrow.to);
    }
  }
  return null;
};
