// Who may run the stamp card operations, as the server decides it (server/domains/stamping/stamping.routes.ts): the
// declared arrows and their roles (resources/tables/memberCards.ts), then the permission rule of
// contract/access on the resource's permission: ADD on member cards to issue one, UPDATE to stamp,
// UPDATE on stamps transactions to void.
import { canAccess } from '../../../contract/access';
import type { Role } from '../../../contract/claims';
import { stampsTransaction } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { actionsFrom } from '../../../resources/transitions';
import { useCaller } from '../../components/useCaller';
import { cardStateName } from './api';

export interface StampCardAccess {
  isPending: boolean;
  /** POST /stamp-cards/{id}/member-cards */
  mayIssue: boolean;
  /** POST /member-cards/{id}/stamps, on a card in numeric state `state` */
  mayStamp: (state: unknown) => boolean;
  /** POST /stamps-transactions/{id}/void */
  mayVoid: boolean;
}

export const useStampCardAccess = (): StampCardAccess => {
  const { caller, isPending } = useCaller();
  if (!caller) return { isPending, mayIssue: false, mayStamp: () => false, mayVoid: false };
  const role: Role = caller.isOperator ? 'operator' : 'merchant';
  const may = (action: 'ADD' | 'UPDATE', resource: string) => canAccess(caller.subject, { action, resource });
  const update = may('UPDATE', memberCards.permission);
  return {
    isPending: false,
    mayIssue: may('ADD', memberCards.permission),
    mayStamp: (state) =>
      update && actionsFrom(memberCards, 'state', cardStateName(state), role).some((a) => a.name === 'stamp'),
    mayVoid: may('UPDATE', stampsTransaction.permission),
  };
};
