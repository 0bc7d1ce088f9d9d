// Calling one operation so that one confirmation changes things once: every operation POST carries an
// Idempotency-Key, and a request whose answer was lost goes again under the same key, so the server
// answers the first result instead of doing it twice.
import { useCallback, useRef } from 'react';
import { type HttpClient, isApiError } from '../../providers/httpClient';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const newIdempotencyKey = (): string => crypto.randomUUID();

/** An id as one segment of a path. */
export const pathId = (value: number | string): string => encodeURIComponent(String(value));

/** POST `path` with `body` under the Idempotency-Key `key`: the answer's data. */
export const postOperation = async <T>(
  http: HttpClient,
  path: string,
  body: unknown,
  key: string,
): Promise<T> =>
  (await http<T>(path, { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } })).data;

/**
 * Sends one confirmed operation under an Idempotency-Key. Each confirmation gets a fresh key, except
 * one case: when the last attempt of the very same request got no answer (the network failed), it may
 * still have been applied, so confirming it again re-sends the same key and the server answers the
 * first result instead of doing it twice. A request the server answered (success or refusal) is done.
 */
export const useIdempotentSend = () => {
  const unanswered = useRef<{ request: string; key: string } | null>(null);
  return useCallback(async <T>(request: string, send: (key: string) => Promise<T>): Promise<T> => {
    const key = unanswered.current?.request === request ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = null;
    try {
      return await send(key);
    } catch (error) {
      if (!(isApiError(error) && error.response !== undefined)) unanswered.current = { request, key };
      throw error;
    }
  }, []);
};
