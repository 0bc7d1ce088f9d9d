// The one access rule of the product. The portal's authProvider (menus, buttons) and the server's
// routes (enforcement) both call `canAccess`, so what a user sees and what the server lets them do
// cannot drift apart. Pure data and one function: no React, no Fastify, no database.
import { type Brand, NAMED_TABLES, PERMISSION_ACTIONS, type PermissionAction, type UserType } from './enums';

/** Everything a permission can name: the spec's named tables plus the product's other entities. */
export const PERMISSION_RESOURCES = [
  // running the counter, apart from configuring what it runs (issue 40 item 1, COUNTER below); first,
  // as the permission matrix lists it first: it is what most colleagues hold
  'counter',
  ...NAMED_TABLES,
  'user',
  'userGroup',
  'device',
  'product',
  'mainConfig',
  'systemConfig',
  'maintenanceConfig',
  'auditLog',
  'approval',
  'analytics',
  'wallet',
  'walletTransaction',
  'topUp',
  'paymentMethod',
  'paymentHistory',
  'organization',
  'signal',
  'member',
  'memberLevel',
  'segment',
  // outbound webhooks of a company (issue 27; docs/decisions.md "Webhooks")
  'webhook',
  // promotions and automations (issue 43; docs/decisions.md "Campaigns")
  'campaign',
] as const;
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number];

/**
 * The counter's right (issue 40 item 1, docs/decisions.md "Operating is not configuring"): what staff
 * at a till do for a member, apart from changing what they do it with. VIEW looks a card or a voucher
 * up by its code (the Scan screen, mayLookUpCodes); UPDATE stamps a card, redeems a voucher and voids
 * a stamping of the last COUNTER_VOID_MS (contract/stamping.ts); ADD issues a member card and vouchers
 * from a pack. The programmes, packs, prices, devices and states stay with `stampCard`,
 * `voucherPacks`, `vouchers`, `device` and the others, which no longer run the counter.
 */
export const COUNTER = 'counter' satisfies PermissionResource;

/** Money: merchants only. Operators "see everything except finance" (spec section 1). */
export const FINANCE_RESOURCES = [
  'wallet',
  'walletTransaction',
  'paymentMethod',
  'paymentHistory',
  'topUp',
] as const satisfies readonly PermissionResource[];

/**
 * The finance an operator may read: every company's payments (the operator's Transaction > Payment
 * History, spec section 6; docs/operations.md). Never wallets, balances or saved cards.
 */
export const OPERATOR_READABLE_FINANCE = ['paymentHistory'] as const satisfies readonly PermissionResource[];

/** Product-wide settings and oversight: operators only, whatever a merchant's permissions say. */
export const OPERATOR_ONLY_RESOURCES = [
  'mainConfig',
  'systemConfig',
  'maintenanceConfig',
  'countryConfig',
  'forceUpdateConfig',
  'approval',
] as const satisfies readonly PermissionResource[];

/** Product-wide reference data a merchant reads but never changes (a brand picks its industry). */
export const MERCHANT_READ_ONLY_RESOURCES = [
  'industryConfig',
] as const satisfies readonly PermissionResource[];

export interface Permission {
  resource: string;
  action: PermissionAction;
}

export interface AccessSubject {
  type: UserType;
  /** A merchant's effective (full) permissions; absent means the company owner: all merchant resources. */
  permissions?: readonly Permission[];
}

/** react-admin's action names, mapped onto the spec's three permission actions. */
export const RA_ACTION_MAP = {
  list: 'VIEW',
  show: 'VIEW',
  export: 'VIEW',
  edit: 'UPDATE',
  delete: 'UPDATE',
  create: 'ADD',
} as const satisfies Record<string, PermissionAction>;
export type RaAction = keyof typeof RA_ACTION_MAP;

export interface AccessRequest {
  action: PermissionAction | RaAction;
  resource: string;
}

const has = (list: readonly string[], value: string) => list.includes(value);

export const isPermissionResource = (resource: string): resource is PermissionResource =>
  has(PERMISSION_RESOURCES, resource);

export const isPermissionAction = (action: string): action is PermissionAction =>
  has(PERMISSION_ACTIONS, action);

export const toPermissionAction = (action: PermissionAction | RaAction): PermissionAction =>
  isPermissionAction(action) ? action : RA_ACTION_MAP[action];

/**
 * May `subject` do `action` on `resource`?
 * - Unknown resources are refused for everyone (fail closed: a typo must not open a door).
 * - An operator may do everything except finance, of which they only read payment history.
 * - A merchant never touches operator-only resources and only reads the reference data; without explicit permissions (the company
 *   owner) they may do every other resource; with permissions, only what those grant. Holding
 *   UPDATE or ADD on a resource implies VIEW on it, since nobody edits what they cannot see.
 * Which rows (their own company's) is the server's job, not this rule's.
 */
export const canAccess = (subject: AccessSubject, request: AccessRequest): boolean => {
  const { resource } = request;
  const action = toPermissionAction(request.action);
  if (!isPermissionResource(resource) || !isPermissionAction(action)) return false;
  if (subject.type === 'OPERATOR')
    return has(OPERATOR_READABLE_FINANCE, resource) ? action === 'VIEW' : !has(FINANCE_RESOURCES, resource);
  if (subject.type !== 'MERCHANT') return false;
  if (has(OPERATOR_ONLY_RESOURCES, resource)) return false;
  if (has(MERCHANT_READ_ONLY_RESOURCES, resource)) return action === 'VIEW';
  if (subject.permissions === undefined) return true;
  return subject.permissions.some(
    (p) => p.resource === resource && (p.action === action || action === 'VIEW'),
  );
};

/**
 * The counter's look-up (GET /codes/{code}, the Scan screen): VIEW on `counter`, and on member cards
 * (their permission `stampCard`) or vouchers, the tables a code is looked for in.
 */
export const mayLookUpCodes = (subject: AccessSubject): boolean =>
  canAccess(subject, { action: 'VIEW', resource: COUNTER }) &&
  (canAccess(subject, { action: 'VIEW', resource: 'stampCard' }) ||
    canAccess(subject, { action: 'VIEW', resource: 'vouchers' }));

/**
 * May `granter` put this permission on a user, a group or an API key? An operator grants anything
 * but finance, which they never hold (a company's owner grants that); a merchant only what they may
 * do themselves. The permission matrix's ticks and the server's 26238 on an API key read this.
 */
export const canGrant = (granter: AccessSubject, permission: AccessRequest): boolean =>
  granter.type === 'OPERATOR' ? !has(FINANCE_RESOURCES, permission.resource) : canAccess(granter, permission);

/**
 * What a brand variant of the product hides (spec sections 2 and 6), whatever the permissions say:
 * merchants have Banner Config only in brand jcr; Force Update Config does not exist in jcr. The
 * portal leaves these screens out and the server refuses their calls (26237).
 */
export const hiddenInBrand = (brand: Brand, type: UserType, resource: string): boolean =>
  (resource === 'bannerConfig' && type === 'MERCHANT' && brand !== 'jcr') ||
  (resource === 'forceUpdateConfig' && brand === 'jcr');
