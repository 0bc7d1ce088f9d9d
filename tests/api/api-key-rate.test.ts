// An API key's calls per minute (issue 27 item 1, docs/api.md "Rate limits"): past
// API_KEY_MAX_PER_MINUTE a key hears 6 TOO_MANY_REQUESTS with Retry-After, whatever it calls; another
// key of the same company and the people signed in are not slowed by it.
import { describe, expect, it } from 'vitest';
import type { ApiKeyIssued } from '../../contract/api-keys';
import { addOrg, addUser, apiSuite, MAIN } from './fixtures';
import { codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite({ env: { API_KEY_MAX_PER_MINUTE: '3' } });

describe('an API key past its calls a minute', () => {
  it('is refused with 6 and Retry-After; another key and the owner go on', async () => {
    const acme = await addOrg(t, 'Acme');
    await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
    for (const name of ['busy', 'calm']) {
      const issued = dataOf(
        await call('owner', 'POST', `${MAIN}/api-keys`, {
          name,
          permissions: [{ resource: 'member', action: 'VIEW' }],
        }),
      ) as ApiKeyIssued;
      tokens[name] = issued.key;
    }
    for (let i = 0; i < 3; i += 1)
      expect(codeOf(await call('busy', 'GET', `${MAIN}/members?size=1`))).toEqual({ status: 200, code: 0 });
    const refused = await call('busy', 'GET', `${MAIN}/members?size=1`);
    expect(codeOf(refused)).toEqual({ status: 429, code: 6 });
    const retry = Number(refused.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    // a refused route counts too: the key is still over
    expect(codeOf(await call('busy', 'GET', `${MAIN}/api-keys`))).toEqual({ status: 429, code: 6 });

    expect(codeOf(await call('calm', 'GET', `${MAIN}/members?size=1`))).toEqual({ status: 200, code: 0 });
    for (let i = 0; i < 5; i += 1)
      expect(codeOf(await call('owner', 'GET', `${MAIN}/members?size=1`))).toEqual({ status: 200, code: 0 });
  });
});
