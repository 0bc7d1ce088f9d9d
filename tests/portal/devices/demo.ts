// The devices a device test starts from, made on the real server (tests/portal/server.ts) through the
// routes the portal uses, as mocks/devices.ts seedDeviceDemo made them on the mocks: one device of
// Acme Coffee Pte Ltd in each lifecycle (created by the merchant in store 1 Acme Coffee Raffles, the
// spoilt one in store 2, then moved by the operator along the declared arrows), one delivered
// without a store, one of Borealis; and store 1's stamping PIN. What the devices report of themselves
// (firmware, last contact) no route sets: it is written into their rows. Also the page's pieces: the
// lifecycle section's buttons and the lifecycle chip.
import { screen, within } from '@testing-library/react';
import { asc, eq } from 'drizzle-orm';
import { devices, pinFailures, storePins } from '../../../server/platform/db/schema';
import { apiAs } from '../api';
import { DAY_MS } from '../make';
import type { RealBackend } from '../server';
import { WORLD } from '../world';

export { confirmWith, expectFreshKeys, T } from '../operations';

/** The demo devices by serial number: one of the seed merchant's company in each lifecycle. */
export const DEVICE_DEMO_SERIALS = {
  approved: 'ACME-T100-0001',
  registered: 'ACME-T100-0002',
  registerFailed: 'ACME-T100-0003',
  delivered: 'ACME-T100-0004',
  active: 'ACME-T100-0005',
  spoilt: 'ACME-T100-0006',
  deregistered: 'ACME-T100-0007',
  noStore: 'ACME-T100-0008',
  otherCompany: 'BORE-T100-0001',
} as const;
/** Store 1's stamping PIN (the stamping demo's). */
export const DEMO_STORE_PIN = '2468';

const MINUTE_MS = 60_000;

export type Device = typeof devices.$inferSelect;

type Arrow = 'register' | 'registerFailed' | 'deliver' | 'activate' | 'spoil' | 'deregister';

export const seedDevices = async (
  backend: RealBackend,
): Promise<Record<keyof typeof DEVICE_DEMO_SERIALS, Device>> => {
  const merchant = await apiAs(backend, 'merchant');
  const operator = await apiAs(backend, 'operator');
  const now = Date.now();
  const { storeId, closedStoreId } = WORLD.acme;
  const device = async (
    serialNo: string,
    values: { name: string; storeId?: number | null; companyId?: number },
    arrows: Arrow[] = [],
  ): Promise<Device> => {
    const { storeId: where = storeId, companyId, ...rest } = values;
    const body = { serialNo, model: 'T100', ...rest, ...(where === null ? {} : { storeId: where }) };
    // the merchant adds their company's devices; another company's, an operator
    const made =
      companyId === undefined
        ? await merchant<Device>('POST', '/devices', body)
        : await operator<Device>('POST', '/devices', { ...body, companyId });
    for (const arrow of arrows) {
      const [path, arrowBody] = arrow === 'registerFailed' ? ['register', { failed: true }] : [arrow, {}];
      await operator('POST', `/devices/${made.id}/${path}`, arrowBody);
    }
    return deviceRow(backend, made.id);
  };
  const s = DEVICE_DEMO_SERIALS;
  const made = {
    approved: await device(s.approved, { name: 'Counter 3' }),
    registered: await device(s.registered, { name: 'Counter 2' }, ['register']),
    registerFailed: await device(s.registerFailed, { name: 'Spare till' }, ['registerFailed']),
    delivered: await device(s.delivered, { name: 'Drive-through' }, ['register', 'deliver']),
    active: await device(s.active, { name: 'Front counter' }, ['register', 'deliver', 'activate']),
    spoilt: await device(s.spoilt, { name: 'Old till', storeId: closedStoreId }, [
      'register',
      'deliver',
      'spoil',
    ]),
    deregistered: await device(s.deregistered, { name: 'Pop-up stall' }, [
      'register',
      'deliver',
      'activate',
      'deregister',
    ]),
    noStore: await device(s.noStore, { name: 'Not placed yet', storeId: null }, ['register', 'deliver']),
    otherCompany: await device(s.otherCompany, {
      name: 'Bugis counter',
      storeId: WORLD.borealis.storeId,
      companyId: WORLD.borealis.companyId,
    }),
  };
  const expected: Record<keyof typeof made, string> = {
    approved: 'APPROVED',
    registered: 'REGISTERED',
    registerFailed: 'REGISTER_FAILED',
    delivered: 'DELIVERED',
    active: 'ACTIVE',
    spoilt: 'SPOILT',
    deregistered: 'DEREGISTERED',
    noStore: 'DELIVERED',
    otherCompany: 'APPROVED',
  };
  for (const [key, d] of Object.entries(made))
    if (d.lifecycle !== expected[key as keyof typeof made])
      throw new Error(`${d.serialNo} is ${d.lifecycle}`);
  // what the devices report of themselves: their firmware, and when an active one was last seen
  const { db } = backend.t;
  await db.update(devices).set({ firmwareVersion: '2.4.1' });
  for (const [d, at] of [
    [made.active, now - 5 * MINUTE_MS],
    [made.deregistered, now - 8 * DAY_MS],
  ] as const)
    await db
      .update(devices)
      .set({ lastSeenAt: new Date(at) })
      .where(eq(devices.id, d.id));
  await merchant('POST', `/stores/${storeId}/pin`, { pin: DEMO_STORE_PIN });
  return made;
};

/** A device's row as stored now. */
export const deviceRow = async (backend: RealBackend, id: number): Promise<Device> => {
  const [row] = await backend.t.db.select().from(devices).where(eq(devices.id, id));
  if (!row) throw new Error(`no device ${id}`);
  return row;
};

/** A store's PIN row as stored (its hash and when it was set), if it has one. */
export const pinRow = async (backend: RealBackend, storeId: number) => {
  const [row] = await backend.t.db.select().from(storePins).where(eq(storePins.storeId, storeId));
  return row;
};

/**
 * `times` wrong PINs typed at the till of store `storeId` (a brand 1 store), as a member card of a
 * small programme is stamped there with PIN 0000 through the route (each refused 6621); answers the
 * times the server recorded them, oldest first.
 */
export const typeWrongPins = async (
  backend: RealBackend,
  storeId: number,
  times: number,
): Promise<Date[]> => {
  const merchant = await apiAs(backend, 'merchant');
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const programme = await merchant<{ id: number }>('POST', '/stamp-cards', {
    brandId: WORLD.acme.brandId,
    title: 'PIN practice card',
    stampsRequired: 10,
    maxStampsPerTransaction: 1,
    price: 0,
    startDate: day(Date.now() - DAY_MS),
    endDate: day(Date.now() + 30 * DAY_MS),
  });
  const card = await merchant<{ id: number }>('POST', `/stamp-cards/${programme.id}/member-cards`, {
    memberMobile: '+6590002222',
    storeId,
  });
  for (let i = 0; i < times; i += 1) {
    try {
      await merchant('POST', `/member-cards/${card.id}/stamps`, { stamps: 1, storeId, pin: '0000' });
    } catch (e) {
      if (e instanceof Error && e.message.includes('"code":6621')) continue;
      throw e;
    }
    throw new Error('a wrong PIN was taken');
  }
  const rows = await backend.t.db
    .select()
    .from(pinFailures)
    .where(eq(pinFailures.storeId, storeId))
    .orderBy(asc(pinFailures.at));
  return rows.map((r) => r.at);
};

/** The names of the lifecycle buttons the page offers now (also while a dialog hides the page). */
export const lifecycleButtons = (): string[] =>
  within(screen.getByRole('region', { name: 'Lifecycle', hidden: true }))
    .queryAllByRole('button', { hidden: true })
    // the buttons of the operations, not the close button of a refusal's alert
    .filter((b) => !b.closest('[role="alert"]'))
    .map((b) => (b.textContent ?? '').trim());

/** The lifecycle chip beside the device's serial number. */
export const lifecycleChip = (serialNo: string): string =>
  (
    screen
      .getByRole('heading', { name: serialNo, hidden: true })
      .parentElement?.querySelector('.MuiChip-label')?.textContent ?? ''
  ).trim();
