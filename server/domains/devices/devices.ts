// The device operations (docs/operations.md "Devices", docs/api.md "Devices"): one per arrow of the
// lifecycle declared in resources/tables/devices.ts (`actions`), APPROVED → REGISTERED (or REGISTER_FAILED, from which register may be retried) →
// DELIVERED → ACTIVE → SPOILT or DEREGISTERED. Each runs inside the operation's one transaction
// (server/domains/access/operation.ts), locks the device row first (`select … for update`) so racing calls queue
// and each sees what the previous one left, and writes its audit row. `state` follows the lifecycle:
// DEREGISTERED once spoilt or deregistered, ACTIVE before.
//
// `register` answers the device's secret once; only its SHA-256 is kept (device_secrets). A device
// signs in with its serial number and that secret (`loginDevice`, `POST /auth/device-token`).
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { StoredRow } from '../../../resources/rows';
import type { devices as devicesDecl } from '../../../resources/tables/devices';
import { movedFields } from '../../../resources/transitions';
import type { ActionDeclaration } from '../../../resources/types';
import type { DbOrTx } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { brand, company, deviceSecrets, devices, loginSessions, store } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { LoginThrottle } from '../../platform/rate-limit';
import { sameHash, sha256 } from '../../platform/tokens';
import type { Caller } from '../../resources/principal';
import { declarationOf } from '../../resources/registry';
import { allowedMove, lockInScope, moveLocked } from '../../resources/transition';
import { devicesVisibleTo } from '../../resources/visibility';
import { assertOrgOpen } from '../access/closure';
import {
  createLogin,
  DEVICE_SIGN_IN_LIFECYCLES,
  deviceAccessTokenFor,
  deviceDid,
  type TerminalRow,
  terminalColumns,
  terminalOrg,
  terminalOrgJoins,
} from '../access/sessions';

/** A device as the services read it (resources/tables/devices.ts). */
export type DeviceRow = StoredRow<typeof devicesDecl> & Record<string, unknown>;

const decl = declarationOf('devices');
if (!decl) throw new Error('devices: declaration missing');

/** The declared arrow `name` when it may move `device` (resources/tables/devices.ts); else its refusal. */
const arrow = (device: DeviceRow, name: string): ActionDeclaration =>
  allowedMove(decl, name, device, 'device');

/**
 * The device `id` as the caller may move it, locked for the rest of the transaction; else 5. A
 * merchant reaches their own company's devices only (and a colleague limited to a brand, the devices
 * of that brand's stores).
 */
const lockDevice = (tx: DbOrTx, caller: Caller, id: number): Promise<DeviceRow> =>
  lockInScope<DeviceRow>(tx, caller, { decl, table: devices }, id, {
    also: caller.type === 'OPERATOR' ? undefined : devicesVisibleTo(tx, caller),
  });

/** Moves the locked device along `action` (its lifecycle and what follows it) and writes the audit row. */
const move = (tx: DbOrTx, caller: Caller, before: DeviceRow, action: ActionDeclaration): Promise<DeviceRow> =>
  moveLocked(tx, caller, { decl, table: devices }, before, action.name, {
    ...movedFields(action),
    updateTime: new Date(),
  });

/** Ends every login of a device (its secret was replaced or withdrawn). */
const revokeDeviceLogins = async (tx: DbOrTx, deviceId: number, reason: string): Promise<void> => {
  await tx
    .update(loginSessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(loginSessions.terminalId, deviceId), isNull(loginSessions.revokedAt)));
};

/** A device's secret: 32 random bytes, base64url (as refresh tokens). */
export const newDeviceSecret = (): string => randomBytes(32).toString('base64url');

/**
 * APPROVED or REGISTER_FAILED → REGISTERED, answering the device with its new `secret` (the only time
 * it is shown; a new register replaces it and ends the logins of the old one), or → REGISTER_FAILED
 * with `failed` (the secret, if any, is withdrawn). Else 11.
 */
export const registerDevice = async (
  tx: DbOrTx,
  caller: Caller,
  id: number,
  { failed }: { failed?: boolean | undefined },
): Promise<DeviceRow | (DeviceRow & { secret: string })> => {
  const device = await lockDevice(tx, caller, id);
  if (failed === true) {
    const failedArrow = arrow(device, 'registerFailed');
    await tx.delete(deviceSecrets).where(eq(deviceSecrets.deviceId, device.id));
    await revokeDeviceLogins(tx, device.id, 'device-register-failed');
    return move(tx, caller, device, failedArrow);
  }
  const registered = arrow(device, 'register');
  const secret = newDeviceSecret();
  const secretHash = sha256(secret);
  const now = new Date();
  await tx
    .insert(deviceSecrets)
    .values({ deviceId: device.id, secretHash, createTime: now })
    .onConflictDoUpdate({ target: deviceSecrets.deviceId, set: { secretHash, createTime: now } });
  await revokeDeviceLogins(tx, device.id, 'device-secret-replaced');
  const after = await move(tx, caller, device, registered);
  return { ...after, secret };
};

/** REGISTERED → DELIVERED (else 11). */
export const deliverDevice = async (tx: DbOrTx, caller: Caller, id: number): Promise<DeviceRow> => {
  const device = await lockDevice(tx, caller, id);
  return move(tx, caller, device, arrow(device, 'deliver'));
};

/** DELIVERED → ACTIVE (else 11); the device must name a store of its company (else 2 naming storeId). */
export const activateDevice = async (tx: DbOrTx, caller: Caller, id: number): Promise<DeviceRow> => {
  const device = await lockDevice(tx, caller, id);
  const activated = arrow(device, 'activate');
  if (device.storeId === null)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'storeId', message: 'a device is activated in a store: set its store first' },
    ]);
  const [where] = await tx
    .select({ companyId: store.companyId })
    .from(store)
    .where(eq(store.id, device.storeId));
  if (!where || where.companyId !== device.companyId)
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'storeId', message: "is not a store of the device's company" },
    ]);
  return move(tx, caller, device, activated);
};

/** DELIVERED or ACTIVE → SPOILT, state DEREGISTERED (else 11). */
export const spoilDevice = async (tx: DbOrTx, caller: Caller, id: number): Promise<DeviceRow> => {
  const device = await lockDevice(tx, caller, id);
  return move(tx, caller, device, arrow(device, 'spoil'));
};

/** ACTIVE → DEREGISTERED, state DEREGISTERED; already DEREGISTERED or SPOILT 26622; others 11. */
export const deregisterDevice = async (tx: DbOrTx, caller: Caller, id: number): Promise<DeviceRow> => {
  const device = await lockDevice(tx, caller, id);
  return move(tx, caller, device, arrow(device, 'deregister'));
};

// ---- signing in ------------------------------------------------------------------------------------

export interface DeviceLoginDeps {
  db: Db;
  config: Config;
  throttle: LoginThrottle;
}

export interface DeviceLoginOutput {
  device: Omit<TerminalRow, 'brandId' | 'companyState' | 'brandState' | 'storeState'>;
  accessToken: string;
  refreshToken: string;
}

/**
 * `POST /auth/device-token`: a device signs in with its serial number and the secret `register`
 * answered. Unknown serial number, no secret or a wrong one: 26200, as a user's bad credentials, with
 * no hint which part was wrong (throttled like user logins, the serial number standing for the
 * e-mail). A right secret of a device that may not sign in (not REGISTERED, DELIVERED or ACTIVE):
 * 26201, as a blocked user's right password. Starts a login of the device (`terminalId`).
 */
export const loginDevice = async (
  { db, config, throttle }: DeviceLoginDeps,
  input: { serialNo: string; secret: string; ip: string },
): Promise<DeviceLoginOutput> => {
  const account = `device:${input.serialNo}`;
  await throttle.check(account, input.ip);
  const [row] = await db
    .select({ ...terminalColumns, secretHash: deviceSecrets.secretHash })
    .from(devices)
    .innerJoin(deviceSecrets, eq(deviceSecrets.deviceId, devices.id))
    .leftJoin(store, terminalOrgJoins.store)
    .leftJoin(company, terminalOrgJoins.company)
    .leftJoin(brand, terminalOrgJoins.brand)
    .where(eq(devices.serialNo, input.serialNo))
    .limit(1);
  // hash even when there is no such device, so the time taken does not say which part was wrong
  const given = sha256(input.secret);
  const found = row as (TerminalRow & { secretHash: string }) | undefined;
  if (!found || !sameHash(given, found.secretHash)) {
    await throttle.fail(account, input.ip);
    throw new AppError('BAD_CREDENTIALS');
  }
  await throttle.succeed(account, input.ip);
  if (!DEVICE_SIGN_IN_LIFECYCLES.includes(found.lifecycle)) throw new AppError('INVALID_USER_STATE');
  // a device of a closed company, brand or store may not sign in (26433 / 26434 / 26435)
  assertOrgOpen(terminalOrg(found), { caller: true });
  const { secretHash: _hash, ...device } = found;
  const { session, refreshToken } = await createLogin(db, {
    terminalId: device.id,
    deviceId: deviceDid(device.id),
    ttlS: config.refreshTokenTtlS,
  });
  const { brandId: _brand, companyState: _c, brandState: _b, storeState: _s, ...answered } = device;
  return { device: answered, accessToken: await deviceAccessTokenFor(config, device, session), refreshToken };
};
