// The server's side of the declared state machines (resources/transitions.ts): an operation names its
// action, and this answers the action or refuses in the contract's envelope, with the field and why.
// Who may run it is the operation route's check (`roles: actionOf(decl, name).roles`).
import { checkMove } from '../../resources/transitions';
import type { ActionDeclaration, ResourceDeclaration } from '../../resources/types';
import { AppError } from '../errors';

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
