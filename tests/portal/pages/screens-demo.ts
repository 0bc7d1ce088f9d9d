// What an operator's to-do list counts, made on the real server (tests/portal/server.ts) through the
// routes the portal uses: two merchant sign-ups waiting (Nina's, and Lee's once the operator has
// enabled Lee), a brand request of Acme's (asked by Reese, who first sets her password as she must:
// Mark works inside one brand and may not ask for new ones) and a push of Acme's whose provider
// failed (sent to the one member holding a card of Acme Coffee, by the job runner the test runs).

import { push } from '../../../server/platform/db/schema';
import { AUTH, login } from '../../api/helpers';
import { apiAs } from '../api';
import { failedFlashSale, newProgramme } from '../make';
import type { RealBackend } from '../server';
import { SEED_ACCOUNTS, WORLD } from '../world';
import { enableLee, fileSignup } from './signup-demo';

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
  const { storeId } = WORLD.acme;

  // two sign-ups waiting
  await fileSignup(backend, 'newMerchant', application('Kopi Corner', '201912345K'));
  await enableLee(backend);
  await fileSignup(backend, 'locked', application('Old Bakery', '201812345B'));

  // a brand request
  await resetReese(backend);
  await (await apiAs(backend, 'mustReset'))('POST', '/organization/brand-requests', {
    name: 'Acme Juice Bar',
  });

  // a push whose provider refused every attempt, to the member of Acme Coffee's programme
  const merchant = await apiAs(backend, 'merchant');
  const programme = await newProgramme(merchant);
  await merchant('POST', `/stamp-cards/${programme.id}/member-cards`, {
    memberMobile: '+6591234567',
    storeId,
  });
  const pushed = await failedFlashSale(backend, merchant, now);
  const states = await backend.t.db.select({ id: push.id, state: push.state }).from(push);
  if (states.find((p) => p.id === pushed.id)?.state !== 'FAILED')
    throw new Error(`the to-do push is not FAILED: ${JSON.stringify(states)}`);
};
