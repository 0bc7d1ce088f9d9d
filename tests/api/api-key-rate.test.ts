// An API key's calls per minute (issue 27 item 1, docs/api.md "Rate limits"): past
// API_KEY_MAX_PER_MINUTE a key hears 6 TOO_MANY_REQUESTS with Retry-After, whatever it calls; another
// key of the same company and the people signed in are not slowed by it. An address that sends
// wrong keys is refused after API_KEY_MISSES_PER_MINUTE of them, even with a right one (issue 41).
import { describe, expect, it } from 'vitest';
import type { ApiKeyIssued } from '../../contract/api-keys';
import { addOrg, addUser, apiSuite, MAIN } from './fixtures';
import { codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite({
  env: { API_KEY_MAX_PER_MINUTE: '3', API_KEY_MISSES_PER_MINUTE: '3' },
});

/** GET /members with `key` as a bearer value, from `ip`. */
const fromAddress = (ip: string, key: string) =>
  t.app.inject({
    method: 'GET',
    url: `${MAIN}/members?size=1`,
    remoteAddress: ip,
    headers: { authorization: `Bearer ${key}` },
  });

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

describe('an address sending wrong API keys', () => {
  it('is refused with 6 after its share, even with a right key; other addresses go on', async () => {
    const right = tokens.calm ?? '';
    expect(right).not.toBe('');
    // a well-formed key that is no key: the right one with its secret changed
    const wrong = `${right.slice(0, -4)}${right.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    for (let i = 0; i < 3; i += 1)
      expect(codeOf(await fromAddress('203.0.113.9', wrong))).toEqual({ status: 401, code: 1000 });
    const refused = await fromAddress('203.0.113.9', wrong);
    expect(codeOf(refused)).toEqual({ status: 429, code: 6 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // the address is refused before any key is looked up
    expect(codeOf(await fromAddress('203.0.113.9', right))).toEqual({ status: 429, code: 6 });
    expect(codeOf(await fromAddress('203.0.113.10', right))).toEqual({ status: 200, code: 0 });
  });
});
