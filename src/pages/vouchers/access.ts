// Who may run the voucher operations, as the server decides it (server/domains/vouchers/vouchers.routes.ts): the
// declared arrows and their roles (resources/tables/vouchers.ts), then the permission rule of
// contract/access on each operation's permission: the counter's to issue and redeem (issue 40 item 1),
// the vouchers' own to void, donate and expire.
import { canAccess } from '../../../contract/access';
import type { Role } from '../../../contract/claims';
import { vouchers } from '../../../resources';
import { actionPermission, actionsFrom, createPermission } from '../../../resources/transitions';
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
    canAccess(caller.subject, { action: 'ADD', resource: createPermission(vouchers) });
  return {
    isPending: false,
    mayIssue,
    operationsFor: (state) =>
      typeof state === 'string'
        ? actionsFrom(vouchers, 'state', state, role)
            .filter((a) =>
              canAccess(caller.subject, { action: 'UPDATE', resource: actionPermission(vouchers, a) }),
            )
            .map((a) => a.name as VoucherOperation)
        : [],
  };
};
