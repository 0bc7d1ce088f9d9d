// Who may run the voucher operations, as the server decides it (server/domains/vouchers/vouchers.routes.ts): the
// declared arrows and their roles (resources/tables/vouchers.ts), then the permission rule of
// contract/access on the vouchers permission.
import { canAccess } from '../../../contract/access';
import type { Role } from '../../../contract/claims';
import { vouchers } from '../../../resources';
import { actionsFrom } from '../../../resources/transitions';
import { useCaller } from '../../components/useCaller';

/** A voucher operation the page offers (the declared arrows people run). */
export type VoucherOperation = 'redeem' | 'void' | 'donate' | 'expire';

export interface VoucherAccess {
  isPending: boolean;
  /** POST /voucher-packs/{id}/vouchers: issuing is not a generic create (vouchers' ADD is empty) */
  mayIssue: boolean;
  /** the operations the caller may run on a voucher in `state`, in the declaration's order */
  operationsFor: (state: unknown) => VoucherOperation[];
}

export const useVoucherAccess = (): VoucherAccess => {
  const { caller, isPending } = useCaller();
  if (!caller) return { isPending, mayIssue: false, operationsFor: () => [] };
  const role: Role = caller.isOperator ? 'operator' : 'merchant';
  const mayIssue =
    (vouchers.createWith.roles as readonly Role[]).includes(role) &&
    canAccess(caller.subject, { action: 'ADD', resource: vouchers.permission });
  const mayUpdate = canAccess(caller.subject, { action: 'UPDATE', resource: vouchers.permission });
  return {
    isPending: false,
    mayIssue,
    operationsFor: (state) =>
      mayUpdate && typeof state === 'string'
        ? actionsFrom(vouchers, 'state', state, role).map((a) => a.name as VoucherOperation)
        : [],
  };
};
