// The signed-in principal every service and route acts for: a portal user or an in-store device
// (and the API keys to come). Loaded per request by caller.ts; a type only, so that everything can
// name it without importing what loads it.
import type { AccessSubject } from '../../contract/access';
import type { Role } from '../../contract/claims';
import type { Brand, UserType } from '../../contract/enums';

/** The signed-in caller as the service needs them (loaded fresh from the database per request). */
export interface Caller {
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
  /**
   * Set when an in-store device signed in (`POST /auth/device-token`): the device's row as it is now.
   * Such a caller acts for the device's company and store only, through the operations that accept
   * devices (server/lib/operation.ts `devices: true`).
   */
  device?: { id: number; serialNo: string; lifecycle: string; storeId: number | null };
}
