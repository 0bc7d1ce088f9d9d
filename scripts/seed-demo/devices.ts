// Step: in-store devices. Two per store: the first counter ACTIVE (it stamps), the second moved to the
// next of the other lifecycles, each through its operations (with their audit rows); then what the
// devices report of themselves.
import { eq } from 'drizzle-orm';
import { devices as deviceTable } from '../../resources';
import { pathBetween } from '../../resources/transitions';
import {
  activateDevice,
  deliverDevice,
  deregisterDevice,
  registerDevice,
  spoilDevice,
} from '../../server/domains/devices/devices';
import { devices } from '../../server/platform/db/schema/resources';
import type { Row } from '../../server/resources/service';
import { ago, create, idOf, type Seed } from './context';
import { type CompanySeed, DEVICE_SPREAD, type DemoLifecycle } from './data';

/** The declared arrows (resources/tables/devices.ts) that lead a new (APPROVED) device to `lifecycle`. */
const devicePathTo = (lifecycle: DemoLifecycle): string[] => {
  const path = pathBetween(deviceTable, 'lifecycle', 'APPROVED', lifecycle);
  if (!path) throw new Error(`no declared path from APPROVED to ${lifecycle}`);
  return path.map((a) => a.name);
};

/**
 * A device moved from APPROVED to `lifecycle` through its operations, one per arrow; answers the
 * secret `register` showed, when it was registered.
 */
const toLifecycle = async (seed: Seed, id: number, lifecycle: DemoLifecycle): Promise<string | undefined> => {
  const { tx, op } = seed;
  let secret: string | undefined;
  for (const arrow of devicePathTo(lifecycle)) {
    if (arrow === 'registerFailed') await registerDevice(tx, op, id, { failed: true });
    else if (arrow === 'register') {
      const answer = await registerDevice(tx, op, id, {});
      secret = typeof answer.secret === 'string' ? answer.secret : undefined;
    } else if (arrow === 'deliver') await deliverDevice(tx, op, id);
    else if (arrow === 'activate') await activateDevice(tx, op, id);
    else if (arrow === 'spoil') await spoilDevice(tx, op, id);
    else await deregisterDevice(tx, op, id);
  }
  return secret;
};

export const seedDevices = async (
  seed: Seed,
  c: CompanySeed,
  companyId: number,
  storeIds: readonly number[],
): Promise<void> => {
  for (const storeId of storeIds) {
    for (let n = 0; n < 2; n++) {
      seed.next.serial += 1;
      const serial = `LT-${String(seed.next.serial).padStart(6, '0')}`;
      const id = await create(seed, 'devices', {
        companyId,
        storeId,
        serialNo: serial,
        name: `Counter ${n + 1}`,
        model: n === 0 ? 'LoyaTab 8' : 'LoyaTab Mini',
      });
      const lifecycle = n === 0 ? 'ACTIVE' : (DEVICE_SPREAD[seed.next.secondCounter++] ?? 'ACTIVE');
      const secret = await toLifecycle(seed, id, lifecycle);
      // a few ACTIVE devices keep their secret, printed once for trying the device API by hand
      if (lifecycle === 'ACTIVE' && secret && seed.devices.length < 2)
        seed.devices.push({ serialNo: serial, secret, storeId, company: c.name });
    }
  }
};

/**
 * What the devices report of themselves: firmware once registered, a recent contact when ACTIVE. A
 * device was set up two months ago, so its last contact never comes before it existed.
 */
export const reportDevices = async (seed: Seed): Promise<void> => {
  const { tx } = seed;
  for (const d of await tx.select().from(devices).orderBy(devices.id)) {
    const lifecycle = String(d.lifecycle);
    await tx
      .update(devices)
      .set({
        createTime: ago(seed, 60),
        firmwareVersion: lifecycle === 'APPROVED' || lifecycle === 'REGISTERED' ? null : '2.4.1',
        lastSeenAt:
          lifecycle === 'ACTIVE'
            ? ago(seed, seed.random() / 24)
            : lifecycle === 'SPOILT'
              ? ago(seed, 40)
              : null,
      } as never)
      .where(eq(devices.id, idOf(d as Row)));
  }
};
