// Who may run the voucher operations, as the server decides it (server/lib/operation.ts): the role,
// then the permission rule of contract/access on the vouchers permission.
import { canAccess } from '../../../contract/access';
import type { Role } from '../../../contract/claims';
import { vouchers } from '../../../resources';
import { declarationAllows } from '../../builders/access';
import { useCaller } from '../../components/useCaller';

/**
 * Issuing is an operation of its own, not the generic create that the declaration's empty ADD refuses
 * (vouchers are never created by hand): operators and merchants issue, given ADD on vouchers.
 */
const ISSUE_ROLES: readonly Role[] = ['operator', 'merchant'];

export interface VoucherAccess {
  isPending: boolean;
  /** POST /voucher-packs/{id}/vouchers */
  mayIssue: boolean;
  /** redeem, void and donate */
  mayOperate: boolean;
  /** expire at once: operators only */
  mayExpire: boolean;
}

export const useVoucherAccess = (): VoucherAccess => {
  const { caller, isPending } = useCaller();
  if (!caller) return { isPending, mayIssue: false, mayOperate: false, mayExpire: false };
  const role: Role = caller.isOperator ? 'operator' : 'merchant';
  const mayIssue =
    ISSUE_ROLES.includes(role) && canAccess(caller.subject, { action: 'ADD', resource: vouchers.permission });
  const mayOperate =
    declarationAllows(vouchers, role, 'UPDATE') &&
    canAccess(caller.subject, { action: 'UPDATE', resource: vouchers.permission });
  return { isPending: false, mayIssue, mayOperate, mayExpire: mayOperate && caller.isOperator };
};
