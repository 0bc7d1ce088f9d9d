import { setupWorker } from 'msw/browser';
import { createMockDb } from './data';
import { seedDeviceDemo } from './devices';
import { createHandlers } from './handlers';
import { seedPushDemo } from './push';
import { seedStampingDemo } from './stamping';
import { seedVoucherDemo } from './vouchers';

/**
 * The server-less demo (VITE_USE_MOCKS=true): start this before rendering the app. It needs
 * mockServiceWorker.js served from the site root (`npx msw init public/`).
 */
export const startMockWorker = async (): Promise<void> => {
  const db = createMockDb();
  // packs, vouchers, members and devices to look at; tests seed their own (the default set stays empty)
  seedVoucherDemo(db);
  seedStampingDemo(db);
  seedDeviceDemo(db);
  seedPushDemo(db);
  const worker = setupWorker(...createHandlers(db));
  // Anything outside the API (the app's own files) goes to the network untouched.
  await worker.start({ onUnhandledFrame: 'bypass', quiet: true });
};
