// The device operations and the store's stamping PIN as the portal calls them (docs/operations.md
// "Devices", docs/api.md "Devices" and the store PIN rows): one POST per arrow of a device's lifecycle,
// and GET / POST /stores/{id}/pin. Every operation goes out with an Idempotency-Key (the confirmed
// operation machinery of the voucher screens), so that one confirmation changes things once.
import { useCallback, useEffect, useState } from 'react';
import type { PinStatus } from '../../../contract/stamping';
import { devices, store } from '../../../resources';
import type { WireRow } from '../../../resources/rows';
import { actionOf } from '../../../resources/transitions';
import { useHttpClient } from '../../components/HttpClientContext';
import { IDEMPOTENCY_KEY_HEADER } from '../../components/operations/api';
import { type Loadable, loadInto } from '../../components/operations/useLoadable';
import type { HttpClient } from '../../providers/httpClient';

/** A device row as the server answers it (the declared fields, its company and times). */
export type DeviceRow = WireRow<typeof devices> & {
  /** `register` only, and only the first time: the device's sign-in secret, never shown again */
  secret?: string;
};

/** A button of the device page: an arrow of the lifecycle as declared (resources/tables/devices.ts). */
export type DeviceOperation = (typeof devices.actions)[number]['name'];

const id = (value: number | string) => encodeURIComponent(String(value));
const withKey = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/** POST /devices/{id}/{register|deliver|activate|spoil|deregister}: the device as it is afterwards. */
export const runDeviceOperation = async (
  http: HttpClient,
  deviceId: number | string,
  operation: DeviceOperation,
  key: string,
): Promise<DeviceRow> => {
  const arrow = actionOf(devices, operation);
  return (
    await http<DeviceRow>(`${devices.path}/${id(deviceId)}/${arrow.path ?? arrow.name}`, {
      method: 'POST',
      body: arrow.body ?? {},
      headers: withKey(key),
    })
  ).data;
};

// ---- the store's stamping PIN -----------------------------------------------------------------------

/** What staff type on a member's phone: 4 to 8 digits (the server's PIN_PATTERN). */
export const PIN_MIN = 4;
export const PIN_MAX = 8;

export const fetchPinStatus = async (http: HttpClient, storeId: number | string): Promise<PinStatus> =>
  (await http<PinStatus>(`${store.path}/${id(storeId)}/pin`)).data;

/** POST /stores/{id}/pin {pin}: sets or resets the PIN; the answer never holds it. */
export const setStorePin = async (
  http: HttpClient,
  storeId: number | string,
  pin: string,
  key: string,
): Promise<PinStatus> =>
  (
    await http<PinStatus>(`${store.path}/${id(storeId)}/pin`, {
      method: 'POST',
      body: { pin },
      headers: withKey(key),
    })
  ).data;

/**
 * Tells one PIN request from another without keeping the PIN itself (the operation machinery holds its
 * request description while an answer is missing): FNV-1a over the store and the PIN.
 */
export const pinRequestOf = (storeId: number | string, pin: string): string => {
  let hash = 0x811c9dc5;
  for (const ch of `${String(storeId)}:${pin}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `set-pin ${String(storeId)} ${hash.toString(16)}`;
};

/** A store's PIN status; `reload()` asks again, `replace()` takes an answer the server just gave. */
export const usePinStatus = (storeId: number | string | undefined) => {
  const http = useHttpClient();
  const [state, setState] = useState<Loadable<PinStatus>>({ status: 'idle' });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    // version is a reload request: read it so the effect runs again when it changes
    void version;
    if (storeId === undefined) {
      setState({ status: 'idle' });
      return;
    }
    return loadInto(setState, () => fetchPinStatus(http, storeId), { keepShown: true });
  }, [http, storeId, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const replace = useCallback((data: PinStatus) => setState({ status: 'ready', data }), []);
  return { state, reload, replace };
};
