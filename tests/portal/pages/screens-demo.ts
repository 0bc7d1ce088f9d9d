// What an operator's to-do list counts, made on the real server (tests/portal/server.ts) through the
// routes the portal uses: two merchant sign-ups waiting (Nina's, and Lee's once the operator has
// enabled Lee), a brand request of Acme's (asked by Reese, who first sets her password as she must:
// Mark works inside one brand and may not ask for new ones) and a push of Acme's whose provider
// failed (sent to the one member holding a card of Acme Coffee, by the job runner the test runs).

import { push } from '../../../server/db/schema';
import type { PushProvider } from '../../../server/services/push-providers';
import { AUTH, login } from '../../api/helpers';
import { apiAs } from '../api';
import { runJobs } from '../push/demo';
import type { RealBackend } from '../server';
import { SEED_ACCOUNTS, WORLD } from '../world';
import { enableLee, fileSignup } from './signup-demo';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const application = (name: string, registrationNo: string) => ({
  company: { name: `${name} Pte Ltd`, registrationNo, contactEmail: 'hello@example.sg' },
  brand: { name },
  store: { name: `${name} Raffles`, address: '1 Raffles Place' },
});

/** Reese signs in, is told to reset her password, and sets it (to the seed password) with the token given. */
const resetReese = async (backend: RealBackend) => {
  const { app } = backend.t;
  const { email, password } = SEED_ACCOUNTS.mustReset;
  const refused = (await login(app, email, password)).response.json() as {
    data?: { resetPasswordToken?: string };
  };
  const token = refused.data?.resetPasswordToken;
  if (!token) throw new Error(`Reese was not asked to reset: ${JSON.stringify(refused)}`);
  const reset = await app.inject({
    method: 'POST',
    url: `${AUTH}/password/reset`,
    payload: { token, password },
  });
  if (reset.json().code !== 0) throw new Error(`Reese's reset was refused: ${reset.body}`);
};

export const seedTodos = async (backend: RealBackend) => {
  const now = Date.now();
  const { brandId, storeId } = WORLD.acme;

  // two sign-ups waiting
  await fileSignup(backend, 'newMerchant', application('Kopi Corner', '201912345K'));
  await enableLee(backend);
  await fileSignup(backend, 'locked', application('Old Bakery', '201812345B'));

  // a brand request
  await resetReese(backend);
  await (await apiAs(backend, 'mustReset'))('POST', '/organization/brand-requests', {
    name: 'Acme Juice Bar',
  });

  // a push whose provider refused every attempt (the retries wait 2, 4, 8, 16 s: the job runner is
  // run a minute apart), to the member of Acme Coffee's programme
  const merchant = await apiAs(backend, 'merchant');
  const programme = await merchant<{ id: number }>('POST', '/stamp-cards', {
    title: 'Acme Coffee Card',
    stampsRequired: 10,
    maxStampsPerTransaction: 3,
    price: 0,
    startDate: dayOf(now - 60 * DAY_MS),
    endDate: dayOf(now + 300 * DAY_MS),
    brandId,
  });
  await merchant('POST', `/stamp-cards/${programme.id}/member-cards`, {
    memberMobile: '+6591234567',
    storeId,
  });
  const pushed = await merchant<{ id: number }>('POST', '/push', {
    title: 'Flash sale',
    body: '{brand}: 20% off all pastries today only.',
    audience: 'BRAND',
    audienceBrandId: brandId,
    scheduledAt: new Date(now - 60_000).toISOString(),
  });
  await merchant('POST', `/push/${pushed.id}/schedule`, {});
  const refusing: PushProvider = {
    name: 'outbox',
    send: () => Promise.reject(new Error('the provider rejected the credentials (401)')),
  };
  for (let minute = 0; minute < 5; minute += 1)
    await runJobs(backend, new Date(now + minute * 60_000), refusing);
  const states = await backend.t.db.select({ id: push.id, state: push.state }).from(push);
  if (states.find((p) => p.id === pushed.id)?.state !== 'FAILED')
    throw new Error(`the to-do push is not FAILED: ${JSON.stringify(states)}`);
};
