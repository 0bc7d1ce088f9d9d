// Pure helpers behind the permission matrix: which resources a caller may show for a target type and
// the list ↔ set mapping (which cells they may tick is contract/access.ts canGrant, the server's rule).
import {
  type AccessSubject,
  FINANCE_RESOURCES,
  OPERATOR_ONLY_RESOURCES,
  PERMISSION_RESOURCES,
  type Permission,
  type PermissionResource,
} from '../../../contract/access';
import { PERMISSION_ACTIONS, type PermissionAction, type UserType } from '../../../contract/enums';

export const MATRIX_ACTIONS: readonly PermissionAction[] = PERMISSION_ACTIONS;

const isIn = (list: readonly string[], value: string) => list.includes(value);

/**
 * The matrix rows: every permission resource the caller may see, narrowed to what matters for a
 * user (or group) of `targetType`. Operators never see finance; a merchant target never gets
 * operator-only resources; a merchant caller sees only merchant resources.
 */
export const matrixResources = (caller: AccessSubject, targetType: UserType): PermissionResource[] =>
  PERMISSION_RESOURCES.filter((resource) => {
    if (caller.type === 'OPERATOR' && isIn(FINANCE_RESOURCES, resource)) return false;
    if (caller.type === 'MERCHANT' && isIn(OPERATOR_ONLY_RESOURCES, resource)) return false;
    if (targetType === 'MERCHANT' && isIn(OPERATOR_ONLY_RESOURCES, resource)) return false;
    if (targetType === 'OPERATOR' && isIn(FINANCE_RESOURCES, resource)) return false;
    return true;
  });

export const cellKey = (resource: string, action: string): string => `${resource}:${action}`;

export const hasPermission = (list: readonly Permission[], resource: string, action: string): boolean =>
  list.some((p) => p.resource === resource && p.action === action);

/** Adds or removes one cell, keeping the list in the matrix's order (resources, then actions). */
export const togglePermission = (
  list: readonly Permission[],
  resource: string,
  action: PermissionAction,
  on: boolean,
): Permission[] => {
  const others = list.filter((p) => !(p.resource === resource && p.action === action));
  return sortPermissions(on ? [...others, { resource, action }] : others);
};

const order = (p: Permission): [number, number] => {
  const r = (PERMISSION_RESOURCES as readonly string[]).indexOf(p.resource);
  return [r < 0 ? Number.MAX_SAFE_INTEGER : r, MATRIX_ACTIONS.indexOf(p.action)];
};

/** Resources in PERMISSION_RESOURCES order, actions VIEW, UPDATE, ADD; duplicates dropped. */
export const sortPermissions = (list: readonly Permission[]): Permission[] => {
  const seen = new Set<string>();
  const unique = list.filter((p) => {
    const key = cellKey(p.resource, p.action);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) => {
    const [ra, aa] = order(a);
    const [rb, ab] = order(b);
    return ra - rb || aa - ab || a.resource.localeCompare(b.resource);
  });
};

/** Only `{resource, action}` of each entry (the server may add ids or times). */
export const plainPermissions = (list: unknown): Permission[] =>
  Array.isArray(list)
    ? sortPermissions(
        list
          .filter(
            (p): p is Permission =>
              typeof p === 'object' &&
              p !== null &&
              typeof (p as Permission).resource === 'string' &&
              isIn(MATRIX_ACTIONS, String((p as Permission).action)),
          )
          .map((p) => ({ resource: p.resource, action: p.action })),
      )
    : [];

export interface PermissionSource {
  resource: string;
  action: PermissionAction;
  /** 'direct' and/or the names of the groups granting it */
  from: string[];
}

/** Where each effective permission comes from: direct grants first, then each group. */
export const permissionSources = (
  effective: readonly Permission[],
  direct: readonly Permission[],
  groups: readonly { name: string; permissions: readonly Permission[] }[],
  directLabel: string,
): PermissionSource[] =>
  sortPermissions(effective).map((p) => ({
    ...p,
    from: [
      ...(hasPermission(direct, p.resource, p.action) ? [directLabel] : []),
      ...groups.filter((g) => hasPermission(g.permissions, p.resource, p.action)).map((g) => g.name),
    ],
  }));
