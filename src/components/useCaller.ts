import { useGetIdentity, usePermissions } from 'react-admin';
import type { AccessSubject } from '../../contract/access';
import type { PortalPermissions } from '../providers/authProvider';

export interface Caller {
  id: number;
  subject: AccessSubject;
  companyId: number | null;
  isOperator: boolean;
}

/** The signed-in user as the access screens need them: id, company and canAccess subject. */
export const useCaller = (): { caller: Caller | null; isPending: boolean } => {
  const { identity, isPending: identityPending } = useGetIdentity();
  const { permissions, isPending: permissionsPending } = usePermissions<PortalPermissions | null>();
  if (identityPending || permissionsPending || !identity || !permissions) {
    return { caller: null, isPending: identityPending || permissionsPending };
  }
  const subject: AccessSubject =
    permissions.permissions === undefined
      ? { type: permissions.type }
      : { type: permissions.type, permissions: permissions.permissions };
  const companyId = typeof identity.companyId === 'number' ? identity.companyId : null;
  return {
    caller: { id: Number(identity.id), subject, companyId, isOperator: permissions.type === 'OPERATOR' },
    isPending: false,
  };
};
