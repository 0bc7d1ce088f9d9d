import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient } from '../../../src/providers/httpClient';
import { rejectionOf } from '../helpers';
import { envelope, failureEnvelope, recordingFetch } from './helpers';

const BASES = {
  main: 'https://api.test/main',
  payment: 'https://api.test/pay',
  auth: 'https://api.test/auth',
};

const client = (responder: Parameters<typeof recordingFetch>[0], token: string | null = 'tok-123') => {
  const rec = recordingFetch(responder);
  const onTokenError = vi.fn();
  const http = createHttpClient({
    fetch: rec.fetch,
    baseUrls: BASES,
    getAccessToken: async () => token,
    getCountry: () => 'my',
    onTokenError,
  });
  return { http, calls: rec.calls, onTokenError };
};

const caught = (p: Promise<unknown>) => rejectionOf(ApiError, p);

describe('http client requests', () => {
  it('sends bearer token, country and JSON content type, and unwraps the envelope', async () => {
    const { http, calls } = client(() => envelope({ id: 7, name: 'Ann' }));
    const res = await http<{ id: number; name: string }>('/user/7');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.test/main/user/7');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers.authorization).toBe('Bearer tok-123');
    expect(calls[0]?.headers['x-country']).toBe('my');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[0]?.headers['x-no-count']).toBeUndefined();
    expect(res.data).toEqual({ id: 7, name: 'Ann' });
    expect(res.requestId).toBe('req-ok-1234');
    expect(res.status).toBe(200);
    expect(res.page).toBeUndefined();
  });

  it('uses the chosen service base, encodes the query (repeated sort) and sends X-No-Count', async () => {
    const page = { number: 1, size: 5 };
    const { http, calls } = client(() => envelope([{ id: 1 }], { page }));
    const res = await http('/wallet', {
      service: 'payment',
      noCount: true,
      query: { page: 1, size: 5, sort: ['name,asc', 'id,desc'], search: '{"name":"jo"}', skip: undefined },
    });
    expect(calls[0]?.url).toBe(
      'https://api.test/pay/wallet?page=1&size=5&sort=name%2Casc&sort=id%2Cdesc&search=%7B%22name%22%3A%22jo%22%7D',
    );
    expect(calls[0]?.headers['x-no-count']).toBe('true');
    expect(res.page).toEqual(page);
  });

  it('sends no Authorization when auth is false, and the JSON body of a POST', async () => {
    const { http, calls } = client(() => envelope(null));
    await http('/auth/get-token', { method: 'POST', auth: false, body: { email: 'a@b.co', password: 'x' } });
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(calls[0]?.headers['x-country']).toBe('my');
    expect(calls[0]?.body).toBe('{"email":"a@b.co","password":"x"}');
  });

  it('sends {} on a body method without a body, so a JSON body parser never sees an empty body', async () => {
    const { http, calls } = client(() => envelope(null));
    await http('/auth/logout', { method: 'POST' });
    await http('/user/3', { method: 'DELETE' });
    await http('/user/3');
    expect(calls.map((c) => c.body)).toEqual(['{}', '{}', undefined]);
  });

  it('sends no Authorization when there is no token', async () => {
    const { http, calls } = client(() => envelope(null), null);
    await http('/config/main/country');
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('lets a caller add headers (X-Refresh-Token)', async () => {
    const { http, calls } = client(() => envelope(null));
    await http('/auth/refresh/token', { method: 'POST', auth: false, headers: { 'X-Refresh-Token': 'r-1' } });
    expect(calls[0]?.headers['x-refresh-token']).toBe('r-1');
  });
});

describe('http client errors', () => {
  it('code 2 throws PARAMETER_VALIDATION_FAILED carrying the field list', async () => {
    const fields = [{ field: 'email', message: 'must be an e-mail' }];
    const { http, onTokenError } = client(() =>
      failureEnvelope(2, 'PARAMETER_VALIDATION_FAILED', 'Parameter validation failed', 400, fields),
    );
    const e = await caught(http('/user/merchant/register', { method: 'POST', body: {} }));
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('PARAMETER_VALIDATION_FAILED');
    expect(e.code).toBe(2);
    expect(e.message).toBe('Parameter validation failed');
    expect(e.status).toBe(400);
    expect(e.data).toEqual(fields);
    expect(e.requestId).toBe('abcd-ef01-request');
    expect(e.response?.status).toBe(400);
    expect(onTokenError).not.toHaveBeenCalled();
  });

  it('26200 throws BAD_CREDENTIALS without ending the session', async () => {
    const { http, onTokenError } = client(() =>
      failureEnvelope(26200, 'BAD_CREDENTIALS', 'Bad credentials', 401),
    );
    const e = await caught(http('/auth/get-token', { method: 'POST', auth: false, body: {} }));
    expect([e.name, e.code, e.status]).toEqual(['BAD_CREDENTIALS', 26200, 401]);
    expect(onTokenError).not.toHaveBeenCalled();
  });

  it('26202 carries the reset-password token in data', async () => {
    const { http } = client(() =>
      failureEnvelope(26202, 'USER_SHOULD_RESET_PASSWORD', 'User should reset the password', 403, {
        resetPasswordToken: 'reset-1',
      }),
    );
    const e = await caught(http('/auth/get-token', { method: 'POST', auth: false, body: {} }));
    expect(e.data).toEqual({ resetPasswordToken: 'reset-1' });
  });

  it.each([
    [1001, 'TOKEN_EXPIRED'],
    [1005, 'TOKEN_ALREADY_LOGGED_OUT'],
    [1015, 'REFRESH_DEVICE_MISMATCH'],
  ])('token code %i calls onTokenError and throws %s', async (code, name) => {
    const { http, onTokenError } = client(() => failureEnvelope(code, name, 'token', 401));
    const e = await caught(http('/user/1'));
    expect([e.code, e.name]).toEqual([code, name]);
    expect(onTokenError).toHaveBeenCalledTimes(1);
    expect(onTokenError.mock.calls[0]?.[0]).toBe(e);
  });

  it('fills a missing name and message from the catalogue', async () => {
    const { http } = client(
      () => new Response(JSON.stringify({ type: 'CR', code: 26231, data: null }), { status: 404 }),
    );
    const e = await caught(http('/user/99'));
    expect([e.name, e.message]).toEqual(['USER_NOT_FOUND', 'User not found']);
  });

  it('a network failure is API_FAILED (code 1)', async () => {
    const { http } = client(() => {
      throw new TypeError('fetch failed');
    });
    const e = await caught(http('/user/1'));
    expect([e.name, e.code, e.message, e.requestId]).toEqual(['API_FAILED', 1, 'The request failed', null]);
  });

  it('a non-JSON body is API_FAILED with the HTTP status and request id', async () => {
    const { http } = client(
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'X-Request-Id': 'gw-1' } }),
    );
    const e = await caught(http('/user/1'));
    expect([e.name, e.code, e.status, e.requestId]).toEqual(['API_FAILED', 1, 502, 'gw-1']);
  });

  it('JSON that is not an envelope is API_FAILED', async () => {
    const { http } = client(() => new Response('{"hello":"world"}', { status: 200 }));
    const e = await caught(http('/user/1'));
    expect([e.name, e.code]).toEqual(['API_FAILED', 1]);
  });

  it('an abort is passed through as the AbortError it is', async () => {
    const { http } = client(() => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(http('/user/1')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
