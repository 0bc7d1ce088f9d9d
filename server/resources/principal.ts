// The signed-in principal every service and route acts for: a portal user, an in-store device or an
// API key (issue 27). Loaded per request by caller.ts; types only, so
// that everything can name them without importing what loads them.
import type { AccessSubject } from '../../contract/access';
import type { Role } from '../../contract/claims';
import type { Brand, UserType } from '../../contract/enums';
import type { UserRow } from '../platform/db/schema';

/** Which sort of principal signed in: the gate (authorize.ts) lets each route name the kinds it takes. */
export type CallerKind = 'user' | 'device' | 'apiKey';

/** What every principal has: who it is, the role and organisation it acts for, what it may do. */
interface Principal {
  id: number;
  email: string;
  type: UserType;
  role: Role;
  companyId: number | null;
  brandId: number | null;
  storeId: number | null;
  subject: AccessSubject;
  /** the product variant this server runs (config BRAND): what it hides, nobody may use */
  brand?: Brand;
}

/** An in-store device's row as it is now (`POST /auth/device-token` signed it in). */
export interface CallerDevice {
  id: number;
  serialNo: string;
  lifecycle: string;
  storeId: number | null;
}

/**
 * A portal user. `kind` and `row` are absent on a caller built outside a request (the demo seed acts
 * as an operator or a company owner through the services); a request's user has both (SignedInUser).
 */
export interface UserCaller extends Principal {
  kind?: 'user';
  /** the user's row as the auth gate loaded it for this request */
  row?: UserRow;
  device?: undefined;
}

/**
 * An in-store device: it acts for its company and store only, through the operations that accept
 * devices (server/domains/access/operation.ts `devices: true`); `id` is minus the device's id.
 */
export interface DeviceCaller extends Principal {
  kind: 'device';
  device: CallerDevice;
  row?: undefined;
}

/** An API key as it is now (server/domains/access/api-keys.ts authenticated it for this request). */
export interface CallerApiKey {
  id: number;
  prefix: string;
  name: string;
}

/**
 * An API key: a merchant of its company (and brand or store, when limited) holding exactly the key's
 * permissions, through the routes that take keys (the operations and the reads). `id` is
 * apiKeyPrincipalId(key id): negative, as a device's, and never one of a device's.
 */
export interface ApiKeyCaller extends Principal {
  kind: 'apiKey';
  apiKey: CallerApiKey;
  device?: undefined;
  row?: undefined;
}

/** API keys' principal ids lie below every device's (minus the device's id). */
const API_KEY_PRINCIPAL_BASE = 1_000_000_000;
/** The principal id of API key `id`: what idempotency keys and audit rows record as its caller. */
export const apiKeyPrincipalId = (id: number): number => -(API_KEY_PRINCIPAL_BASE + id);

/** The signed-in caller as the services need them (loaded fresh from the database per request). */
export type Caller = UserCaller | DeviceCaller | ApiKeyCaller;

/** The portal user behind a caller, for the columns that name staff (stamped by, set by): else null. */
export const staffIdOf = (caller: Caller): number | null =>
  caller.kind === 'device' || caller.kind === 'apiKey' ? null : caller.id;

/** A request's signed-in portal user, with their row (the users and organisation routes read it). */
export interface SignedInUser extends UserCaller {
  kind: 'user';
  row: UserRow;
}

/**
 * The company itself acting through the services, not a person (its wallet pays): a member level's
 * reward, a campaign's voucher. `email` names the mechanism in what it writes (`member-levels@system`).
 */
export const companyActor = (companyId: number, email: string): Caller => ({
  id: 0,
  email,
  type: 'MERCHANT',
  role: 'merchant',
  companyId,
  brandId: null,
  storeId: null,
  subject: { type: 'MERCHANT' },
});
