// The pocket pages' JSON calls (src/pocket/dom.ts getJson, postJson): the envelope's data on success,
// a PocketError with the envelope's code and the HTTP status on a refusal, NETWORK_ERROR when no
// answer or no envelope came. fetch is stood in for: what is checked is how an answer is read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE_PATHS } from '../../contract/http';
import { PUBLIC_PATHS } from '../../contract/pocket';
import { getJson, NETWORK_ERROR, PocketError, postJson } from '../../src/pocket/dom';
import { rejectionOf } from './helpers';

const answer = (status: number, body: unknown) =>
  vi.fn(async (_url: string, _init?: RequestInit) =>
    typeof body === 'string'
      ? new Response(body, { status, headers: { 'content-type': 'text/html' } })
      : Response.json(body, { status }),
  );

const caught = (promise: Promise<unknown>) => rejectionOf(PocketError, promise);

afterEach(() => vi.unstubAllGlobals());

describe('getJson', () => {
  it("answers the envelope's data, asking below the main service's base path", async () => {
    const fetch = answer(200, { type: 'CR', code: 0, data: { stamps: 3 } });
    vi.stubGlobal('fetch', fetch);
    await expect(getJson(PUBLIC_PATHS.card('abc.def'))).resolves.toEqual({ stamps: 3 });
    expect(fetch.mock.calls[0]?.[0]).toBe(`${BASE_PATHS.main}/public/cards/abc.def`);
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it("throws a refusal's code, name, message and status (a dead link is notFound)", async () => {
    vi.stubGlobal(
      'fetch',
      answer(404, { type: 'CR', code: 5, name: 'NOT_FOUND', message: 'Not found', data: null }),
    );
    const error = await caught(getJson(PUBLIC_PATHS.card('dead')));
    expect(error).toMatchObject({ code: 5, name: 'NOT_FOUND', message: 'Not found', status: 404 });
    expect(error.notFound).toBe(true);
    expect(error.network).toBe(false);
  });

  it('throws NETWORK_ERROR when no answer came', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await caught(getJson('/public/cards/x'));
    expect(error.code).toBe(NETWORK_ERROR);
    expect(error.status).toBe(0);
    expect(error.network).toBe(true);
  });

  it("throws NETWORK_ERROR when the answer is not the API's (a proxy's error page)", async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>'));
    const error = await caught(getJson('/public/cards/x'));
    expect(error).toMatchObject({ code: NETWORK_ERROR, status: 502 });
  });
});

describe('postJson', () => {
  it('sends the body as JSON and answers the data; a code 2 carries its fields', async () => {
    const fetch = answer(200, { type: 'CR', code: 0, data: { ok: true } });
    vi.stubGlobal('fetch', fetch);
    await expect(
      postJson(PUBLIC_PATHS.joinConfirm, { mobile: '+6588991234', code: '123456' }),
    ).resolves.toEqual({
      ok: true,
    });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ mobile: '+6588991234', code: '123456' });
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');

    const fields = [{ field: 'mobile', message: 'Invalid mobile' }];
    vi.stubGlobal(
      'fetch',
      answer(400, { type: 'CR', code: 2, name: 'VALIDATION', message: 'Invalid', data: fields }),
    );
    const error = await caught(postJson(PUBLIC_PATHS.joinConfirm, {}));
    expect(error).toMatchObject({ code: 2, status: 400, data: fields });
  });
});
