// Who may run the stamp card operations, as the server decides it (server/domains/stamping/stamping.routes.ts): the
// declared arrows and their roles (resources/tables/memberCards.ts), then the permission rule of
// contract/access: the counter's ADD to issue a card, its UPDATE to stamp (issue 40 item 1), and to
// void a stamping UPDATE on stamps transactions, or the counter's UPDATE within COUNTER_VOID_MS.
import { COUNTER, canAccess } from '../../../contract/access';
import type { Role } from '../../../contract/claims';
import { COUNTER_VOID_MS } from '../../../contract/stamping';
import { stampsTransaction } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { actionOf, actionPermission, actionsFrom } from '../../../resources/transitions';
import { useCaller } from '../../components/useCaller';
import { cardStateName } from './api';

export interface StampCardAccess {
  isPending: boolean;
  /** POST /stamp-cards/{id}/member-cards */
  mayIssue: boolean;
  /** POST /member-cards/{id}/stamps, on a card in numeric state `state` */
  mayStamp: (state: unknown) => boolean;
  /** POST /stamps-transactions/{id}/void, of a stamping made at `at` (ISO) */
  mayVoid: (at: string) => boolean;
}

export const useStampCardAccess = (): StampCardAccess => {
  const { caller, isPending } = useCaller();
  if (!caller) return { isPending, mayIssue: false, mayStamp: () => false, mayVoid: () => false };
  const role: Role = caller.isOperator ? 'operator' : 'merchant';
  const may = (action: 'ADD' | 'UPDATE', resource: string) => canAccess(caller.subject, { action, resource });
  const stamps = may('UPDATE', actionPermission(memberCards, actionOf(memberCards, 'stamp')));
  const corrects = may('UPDATE', stampsTransaction.permission);
  const counter = may('UPDATE', COUNTER);
  return {
    isPending: false,
    mayIssue: may('ADD', COUNTER),
    mayStamp: (state) =>
      stamps && actionsFrom(memberCards, 'state', cardStateName(state), role).some((a) => a.name === 'stamp'),
    mayVoid: (at) => corrects || (counter && Date.now() - Date.parse(at) <= COUNTER_VOID_MS),
  };
};
