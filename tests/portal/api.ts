// The real server's API as a seed account calls it, for a portal test's own set-up: what the test
// needs before its page opens (a pack, vouchers in some state, a card) is made through the same routes
// the portal uses, so it holds exactly what the server would hold.
import { BASE_PATHS } from '../../contract';
import { login } from '../api/helpers';
import type { Account } from './renderApp';
import type { RealBackend } from './server';
import { SEED_ACCOUNTS } from './world';

export type Api = <T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

/** A call as `who` (under the main service base unless `path` names its service); a refusal fails the set-up with the server's envelope. */
export const apiAs = async (backend: RealBackend, who: Account): Promise<Api> => {
  const { app } = backend.t;
  const { email, password } = SEED_ACCOUNTS[who];
  const signedIn = await login(app, email, password);
  if (!signedIn.accessToken) throw new Error(`${who} could not sign in: ${signedIn.response.body}`);
  return async (method, path, body, headers = {}) => {
    const answer = await app.inject({
      method,
      url: path.startsWith('/portal-') ? path : `${BASE_PATHS.main}${path}`,
      headers: { authorization: `Bearer ${signedIn.accessToken}`, ...headers },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    const envelope = answer.json() as { code: number; data: unknown };
    if (envelope.code !== 0) throw new Error(`${method} ${path} as ${who}: ${answer.body}`);
    return envelope.data as never; // the caller names the answer's type
  };
};
