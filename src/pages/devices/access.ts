// Who may move a device and set a store's PIN, as the server decides it (server/domains/devices/devices.routes.ts,
// server/domains/stamping/stamping.routes.ts): the declared arrows (resources/tables/devices.ts), then the permission rule of contract/access on the
// table's permission (UPDATE). Operators move every device; merchants deregister their own.
import { canAccess } from '../../../contract/access';
import type { Role } from '../../../contract/claims';
import { devices, store } from '../../../resources';
import { actionsFrom } from '../../../resources/transitions';
import { declarationAllows } from '../../builders/access';
import { useCaller } from '../../components/useCaller';
import type { DeviceOperation } from './api';

export interface DeviceAccess {
  isPending: boolean;
  /** the operations the caller may run on a device of `companyId` in lifecycle `lifecycle` */
  operationsFor: (device: { lifecycle: unknown; companyId: unknown }) => DeviceOperation[];
}

export const useDeviceAccess = (): DeviceAccess => {
  const { caller, isPending } = useCaller();
  if (!caller) return { isPending, operationsFor: () => [] };
  const role: Role = caller.isOperator ? 'operator' : 'merchant';
  const mayUpdate = canAccess(caller.subject, { action: 'UPDATE', resource: devices.permission });
  return {
    isPending: false,
    operationsFor: ({ lifecycle, companyId }) => {
      // a merchant's own devices only (the server answers 5 for anyone else's)
      const own = caller.isOperator || (caller.companyId !== null && companyId === caller.companyId);
      if (!mayUpdate || !own || typeof lifecycle !== 'string') return [];
      return actionsFrom(devices, 'lifecycle', lifecycle, role).map((a) => a.name as DeviceOperation);
    },
  };
};

/** May the caller set the PIN of a store of `companyId` (operators, and merchants of its company)? */
export const useStorePinAccess = (): { isPending: boolean; mayChange: (companyId: unknown) => boolean } => {
  const { caller, isPending } = useCaller();
  if (!caller) return { isPending, mayChange: () => false };
  const role: Role = caller.isOperator ? 'operator' : 'merchant';
  const allowed =
    declarationAllows(store, role, 'UPDATE') &&
    canAccess(caller.subject, { action: 'UPDATE', resource: store.permission });
  return {
    isPending: false,
    mayChange: (companyId) =>
      allowed && (caller.isOperator || (caller.companyId !== null && companyId === caller.companyId)),
  };
};
