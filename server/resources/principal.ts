// The signed-in principal every service and route acts for: a portal user or an in-store device
// (and the API keys to come, as one more `kind`). Loaded per request by caller.ts; types only, so
// that everything can name them without importing what loads them.
import type { AccessSubject } from '../../contract/access';
import type { Role } from '../../contract/claims';
import type { Brand, UserType } from '../../contract/enums';
import type { UserRow } from '../db/schema';

/** Which sort of principal signed in: the gate (authorize.ts) lets each route name the kinds it takes. */
export type CallerKind = 'user' | 'device';

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
 * devices (server/lib/operation.ts `devices: true`); `id` is minus the device's id.
 */
export interface DeviceCaller extends Principal {
  kind: 'device';
  device: CallerDevice;
  row?: undefined;
}

/** The signed-in caller as the services need them (loaded fresh from the database per request). */
export type Caller = UserCaller | DeviceCaller;

/** A request's signed-in portal user, with their row (the users and organisation routes read it). */
export interface SignedInUser extends UserCaller {
  kind: 'user';
  row: UserRow;
}
