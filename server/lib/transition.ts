// The server's side of the declared state machines (resources/transitions.ts): an operation names its
// action, and this answers the action or refuses in the contract's envelope, with the field and why.
import type { Role } from '../../contract/claims';
import { actionOf, refusalMessage, refusalOf } from '../../resources/transitions';
import type { ActionDeclaration, ResourceDeclaration } from '../../resources/types';
import { AppError } from '../errors';

/**
 * The action `name` of `decl` when it may move `row` (for a caller of `role`, when given); else the
 * refusal: 11 from a state it does not leave, a declared code (26622 deregistering twice), or
 * ACCESS_DENIED for a role it does not name. `subject` names the row in the message ('device').
 */
export const allowedMove = (
  decl: ResourceDeclaration,
  name: string,
  row: Readonly<Record<string, unknown>>,
  subject: string,
  role?: Role,
): ActionDeclaration => {
  const action = actionOf(decl, name);
  const state = row[action.field];
  const refusal = refusalOf(action, state, role);
  if (refusal === 'ACCESS_DENIED') throw new AppError('ACCESS_DENIED');
  if (refusal !== null)
    throw new AppError(refusal, [
      { field: action.field, message: refusalMessage(subject, action, state, refusal) },
    ]);
  return action;
};
