// Who may run the stamp card operations, as the server decides it (server/routes/stamping.ts): the
// role (operators and merchants), then the permission rule of contract/access on the resource's
// permission: ADD on member cards to issue one, UPDATE to stamp, UPDATE on stamps transactions to void.
import { canAccess } from '../../../contract/access';
import { stampsTransaction } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { useCaller } from '../../components/useCaller';

export interface StampCardAccess {
  isPending: boolean;
  /** POST /stamp-cards/{id}/member-cards */
  mayIssue: boolean;
  /** POST /member-cards/{id}/stamps */
  mayStamp: boolean;
  /** POST /stamps-transactions/{id}/void */
  mayVoid: boolean;
}

export const useStampCardAccess = (): StampCardAccess => {
  const { caller, isPending } = useCaller();
  if (!caller) return { isPending, mayIssue: false, mayStamp: false, mayVoid: false };
  const may = (action: 'ADD' | 'UPDATE', resource: string) => canAccess(caller.subject, { action, resource });
  return {
    isPending: false,
    mayIssue: may('ADD', memberCards.permission),
    mayStamp: may('UPDATE', memberCards.permission),
    mayVoid: may('UPDATE', stampsTransaction.permission),
  };
};
