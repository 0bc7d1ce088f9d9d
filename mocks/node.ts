import { setupServer } from 'msw/node';
import { createMockDb, type MockDb } from './data';
import { createHandlers } from './handlers';

/** An MSW server for Vitest over its own data set: `server.listen()` in beforeAll, `server.close()` after. */
export const createMockServer = (db: MockDb = createMockDb()) => ({
  db,
  server: setupServer(...createHandlers(db)),
});

export const { db: mockDb, server } = createMockServer();
