// Merchant signups made on the real server (tests/portal/server.ts) through the routes the portal
// uses: a merchant files their application (POST /organization/signup) and an operator decides it
// (POST /merchant-signups/{id}/approve or /reject). Lee, the world's locked merchant, is enabled by the
// operator first (PATCH /user/{id}/state) when a second applicant is needed.
import { merchantSignup } from '../../../resources';
import { apiAs } from '../api';
import type { Account } from '../renderApp';
import type { RealBackend } from '../server';
import { WORLD } from '../world';

export interface SignupBody {
  company: Record<string, unknown> & { name: string };
  brand: Record<string, unknown> & { name: string };
  store: Record<string, unknown> & { name: string };
}

/** What POST /organization/signup answers (the fields a test reads). */
interface SignupView {
  request: { id: number; approval: string } | null;
}

/** Files `body` as `who`'s signup; the id of the PENDING request it made. */
export const fileSignup = async (backend: RealBackend, who: Account, body: SignupBody): Promise<number> => {
  const view = await (await apiAs(backend, who))<SignupView>('POST', '/organization/signup', body);
  if (!view.request) throw new Error(`${who}'s signup made no request`);
  return view.request.id;
};

/** The operator's decision on request `id` (a rejection with its reason). */
export const decideSignup = async (
  backend: RealBackend,
  id: number,
  decision: 'approve' | 'reject',
  reason?: string,
): Promise<void> => {
  const operator = await apiAs(backend, 'operator');
  await operator(
    'POST',
    `${merchantSignup.path}/${id}/${decision}`,
    decision === 'reject' ? { reason } : undefined,
  );
};

/** Lee (the world's locked merchant, no company yet) enabled by the operator, so Lee can sign in and apply. */
export const enableLee = async (backend: RealBackend): Promise<void> => {
  await (await apiAs(backend, 'operator'))('PATCH', `/user/${WORLD.users.locked}/state`, { state: 'ENABLE' });
};
