import { setupServer } from 'msw/node';
import { createMockDb, type MockDb } from './data';
import { createHandlers } from './handlers';

/** An MSW server for Vitest over its own data set: `server.listen()` in beforeAll, `server.close()` after. */
export const createMockServer = (db: MockDb = createMockDb()) => ({
  db,
  server: setupServer(...createHandlers(db)),
});

/** The portal tests' data set and server (live bindings: `renewMockServer` replaces both). */
export let mockDb: MockDb;
export let server: ReturnType<typeof setupServer>;

/**
 * A fresh data set and server. The portal setup calls it before each test file: the files of a worker
 * share one module graph (vitest's `isolate: false`), and a file must not meet what the last one wrote.
 */
export const renewMockServer = (): void => {
  ({ db: mockDb, server } = createMockServer());
};
renewMockServer();
