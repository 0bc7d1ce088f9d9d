// Which failed reads the portal asks again (src/providers/queryClient.ts): only those that may pass,
// read off the errors the real http client raises for each kind of failure.
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../../contract';
import { ApiError, clientError, createHttpClient } from '../../../src/providers/httpClient';
import {
  createQueryClient,
  isPassingFailure,
  retryPassingFailure,
  TRANSIENT_RETRIES,
} from '../../../src/providers/queryClient';
import { rejectionOf } from '../helpers';
import { failureEnvelope, recordingFetch } from './helpers';

/** The error the http client raises when `answer` is what the network gives. */
const failureOf = (answer: () => Response | Promise<Response>): Promise<ApiError> => {
  const { fetch } = recordingFetch(answer);
  const http = createHttpClient({
    fetch,
    baseUrls: { main: 'https://api.test/main' },
    getAccessToken: () => 'tok',
    getCountry: () => 'sg',
  });
  return rejectionOf(ApiError, http('/things'));
};

const answer = (name: keyof typeof ERRORS) => () =>
  failureEnvelope(ERRORS[name].code, name, ERRORS[name].message, ERRORS[name].status);

describe('which failed reads are asked again', () => {
  it('asks again when no answer came (the network), or a gateway or a starting server answered', async () => {
    const network = await failureOf(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(network.code).toBe(ERRORS.API_FAILED.code);
    expect(isPassingFailure(network)).toBe(true);
    expect(isPassingFailure(await failureOf(answer('NOT_READY')))).toBe(true);
    expect(isPassingFailure(await failureOf(() => new Response('Bad gateway', { status: 502 })))).toBe(true);
    expect(isPassingFailure(await failureOf(() => new Response('', { status: 504 })))).toBe(true);
  });

  it('does not ask again what the server decided: refusals, not found, invalid, a token error, its own failure', async () => {
    for (const name of [
      'ACCESS_DENIED',
      'NOT_FOUND',
      'PARAMETER_VALIDATION_FAILED',
      'TOKEN_EXPIRED',
      'TOO_MANY_REQUESTS',
      'DB_FAILED',
      'API_FAILED',
    ] as const) {
      expect(isPassingFailure(await failureOf(answer(name))), name).toBe(false);
    }
    // a visitor's identity: refused on the client, nothing was sent
    expect(isPassingFailure(clientError('TOKEN_NOT_EXIST'))).toBe(false);
    // not an API error at all (a fault in the page's own code)
    expect(isPassingFailure(new TypeError('x is undefined'))).toBe(false);
  });

  it(`asks a passing failure again ${TRANSIENT_RETRIES} times at most, and is the query client's default`, async () => {
    const network = await failureOf(() => Promise.reject(new TypeError('Failed to fetch')));
    const tries = [0, 1, 2, 3].map((n) => retryPassingFailure(n, network));
    expect(tries).toEqual([true, true, false, false]);
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(retryPassingFailure);
  });
});
