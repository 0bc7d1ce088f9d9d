// npm start: builds the portal when dist/ is missing or older than its sources (scripts/portal-build.ts),
// then starts the server.
// The npm script is `exec node …`: the shell npm starts is replaced by this process, so the signal npm
// relays on SIGTERM / SIGINT reaches the server (a lingering `sh -c` died and left the server serving).
// Plain Node runs this file (type stripping, no tsx): the server it starts is one bundled module
// (scripts/bundle.ts), which Node loads three times faster than the sources through tsx.
import { loadBundle, SERVER_ENTRY } from './bundle.ts';
import { buildPortalIfStale } from './portal-build.ts';

const main = async () => {
  await buildPortalIfStale();
  const { startServer } = (await loadBundle(SERVER_ENTRY)) as typeof import('../server/server');
  await startServer();
};

main().catch((err: unknown) => {
  console.error('start failed:', err);
  process.exit(1);
});
