// The device demo data (mocks/devices.ts seedDeviceDemo) as the device tests use it, and the page's
// pieces: the lifecycle section's buttons and the lifecycle chip.
import { screen, within } from '@testing-library/react';
import type { MockDb } from '../../../mocks/data';
import { DEVICE_DEMO_SERIALS, seedDeviceDemo } from '../../../mocks/devices';

export { confirmWith, expectFreshKeys, T } from '../operations';
export { DEVICE_DEMO_SERIALS };

export const seedDevices = (db: MockDb) => seedDeviceDemo(db);

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
