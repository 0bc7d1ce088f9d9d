import { setupServer } from 'msw/node';

/**
 * The portal tests' MSW server (a live binding: `renewServer` replaces it). It holds no handler of its
 * own: a test file's real server goes in front through useServer() (tests/portal/server.ts), and a test
 * may put a handler of its own before that for what only a stand-in can do (a fault, a slow answer, a
 * code the server cannot be brought to give). A request nothing answers is an error.
 */
export let server: ReturnType<typeof setupServer>;

/**
 * A fresh server. The portal setup calls it before each test file: the files of a worker share one
 * module graph (vitest's `isolate: false`), and a file must not meet the last one's handlers.
 */
export const renewServer = (): void => {
  server = setupServer();
};
renewServer();
