// The declarations' access on top of the one permission rule. react-admin asks `canAccess` with its
// resource NAME ('devices') and its own action names ('list', 'edit', 'delete'); the rule knows the
// declaration's PERMISSION resource ('device') and the spec's VIEW/ADD/UPDATE. This wrapper maps the
// one onto the other and also requires the declaration's `access` roles, so a button shows only when
// both the declaration and the user's permissions allow it (the server checks the same two things).
import type { AuthProvider } from 'react-admin';
import { isPermissionAction, RA_ACTION_MAP, type RaAction } from '../../contract/access';
import type { Role } from '../../contract/claims';
import type { PermissionAction } from '../../contract/enums';
import { RESOURCES } from '../../resources';
import type { ResourceDeclaration } from '../../resources/types';

/** The declaration's roles for one action; DELETE falls back to UPDATE when not declared. */
export const rolesFor = (
  decl: Pick<ResourceDeclaration, 'access'>,
  action: PermissionAction | 'DELETE',
): readonly Role[] =>
  action === 'DELETE' ? (decl.access.DELETE ?? decl.access.UPDATE) : decl.access[action];

/**
 * May `role` do `action` on the declared resource, as far as its declaration is concerned? A ledger
 * is append-only: its rows are written by the operations, so nobody adds, changes or deletes one.
 */
export const declarationAllows = (
  decl: Pick<ResourceDeclaration, 'access' | 'ledger'>,
  role: Role | undefined,
  action: PermissionAction | 'DELETE',
): boolean =>
  role !== undefined && (decl.ledger !== true || action === 'VIEW') && rolesFor(decl, action).includes(role);

const isRaAction = (action: string): action is RaAction => Object.hasOwn(RA_ACTION_MAP, action);

const BY_NAME: ReadonlyMap<string, ResourceDeclaration> = new Map(RESOURCES.map((d) => [d.name, d]));

/** Wraps the portal's auth provider: declared resources are checked by permission name and roles. */
export const withDeclarationAccess = <P extends AuthProvider>(
  provider: P,
  declarations: ReadonlyMap<string, ResourceDeclaration> = BY_NAME,
): P => {
  const base = provider.canAccess;
  if (!base) return provider;
  const canAccess: NonNullable<AuthProvider['canAccess']> = async (params) => {
    const decl = declarations.get(params.resource);
    if (!decl) return base(params);
    const { action } = params;
    const declared: PermissionAction | 'DELETE' | null =
      action === 'delete' || action === 'DELETE'
        ? 'DELETE'
        : isPermissionAction(action)
          ? action
          : isRaAction(action)
            ? RA_ACTION_MAP[action]
            : null;
    if (declared === null) return false;
    const permissions = (await provider.getPermissions?.({})) as { role?: Role } | null | undefined;
    // the create screen of a table whose rows an operation creates belongs to the operation's roles
    const viaOperation = action === 'create' && decl.createWith !== undefined;
    const allowed = viaOperation
      ? permissions?.role !== undefined && (decl.createWith?.roles ?? []).includes(permissions.role)
      : declarationAllows(decl, permissions?.role, declared);
    if (!allowed) return false;
    // Deleting is an UPDATE in the permission rule (contract RA_ACTION_MAP).
    const ruleAction = declared === 'DELETE' ? 'UPDATE' : declared;
    return base({ ...params, action: ruleAction, resource: decl.permission });
  };
  // The provider is an object of closures (no `this`), so copying its members keeps them working.
  return { ...provider, canAccess };
};
