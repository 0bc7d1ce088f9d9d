import { UnsecuredJWT } from 'jose';
import type { TokenClaims } from '../../../contract';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export type Responder = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch stand-in that records every request exactly as the client built it. */
export const recordingFetch = (responder: Responder) => {
  const calls: RecordedCall[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const call: RecordedCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    return responder(call);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
};

export const envelope = (
  data: unknown,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  new Response(JSON.stringify({ type: 'CR', code: 0, data, ...extra }), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'req-ok-1234', ...headers },
  });

export const failureEnvelope = (
  code: number,
  name: string,
  message: string,
  status: number,
  data: unknown = null,
) =>
  new Response(JSON.stringify({ type: 'CR', code, name, message, data }), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'abcd-ef01-request' },
  });

/** An unsigned but decodable access token, as the auth provider reads it. */
export const fakeJwt = (claims: Partial<TokenClaims> & { exp: number }): string =>
  new UnsecuredJWT({
    tid: 't-1',
    uid: 2,
    putyp: 'MERCHANT',
    did: 'd',
    mid: 1,
    mob: '',
    eml: 'merchant@example.com',
    role: 'merchant',
    ...claims,
  }).encode();

/** Query parameters of a recorded URL, repeated keys kept. */
export const queryOf = (url: string): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {};
  new URL(url, 'http://x').searchParams.forEach((value, key) => {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  });
  return out;
};
