import { setupWorker } from 'msw/browser';
import { createMockDb } from './data';
import { createHandlers } from './handlers';
import { seedVoucherDemo } from './vouchers';

/**
 * The server-less demo (VITE_USE_MOCKS=true): start this before rendering the app. It needs
 * mockServiceWorker.js served from the site root (`npx msw init public/`).
 */
export const startMockWorker = async (): Promise<void> => {
  const db = createMockDb();
  // packs, vouchers and members to look at; tests seed their own (the default data set stays empty)
  seedVoucherDemo(db);
  const worker = setupWorker(...createHandlers(db));
  // Anything outside the API (the app's own files) goes to the network untouched.
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
};
