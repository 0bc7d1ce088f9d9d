// What the tests of the operation screens and mocks share (vouchers, stamp cards, devices): the rows of
// a mock table, an API client signed in as a seed account, a call's refusal, an operation POST with an
// Idempotency-Key, the keys' freshness, the spec's confirm dialog, and a figure tile by its label.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { MOCK_ACCOUNTS, type MockDb, type MockRow } from '../../mocks/data';
import { createProviders } from '../../src/providers';
import { ApiError, type HttpClient } from '../../src/providers/httpClient';
import { createMemoryStorage, createSessionStore } from '../../src/providers/storage';
import type { SentRequest } from './pages/harness';

export const T = { timeout: 10_000 };

/** The mock db's rows of a declared resource (none yet: an empty list). */
export const rows = (db: MockDb, table: string): MockRow[] => db.resourceRows[table] ?? [];

/** The API as one of the seed accounts calls it (signed in through the mocks). */
export const signedInAs = async (who: keyof typeof MOCK_ACCOUNTS): Promise<HttpClient> => {
  const p = createProviders({ storage: createSessionStore(createMemoryStorage()) });
  await p.authProvider.login(MOCK_ACCOUNTS[who]);
  return p.httpClient;
};

/** The code and data of the error envelope `call` is refused with; a success fails the test. */
export const refusal = async (call: Promise<unknown>): Promise<{ code: number; data: unknown }> => {
  try {
    await call;
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, data: e.data };
    throw e;
  }
  throw new Error('expected a refusal');
};

/** POST `body` to `path`, under the Idempotency-Key `key` when given. */
export const post = (http: HttpClient, path: string, body: unknown, key?: string) =>
  http(path, { method: 'POST', body, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each request carries an Idempotency-Key, a UUID, and no two the same. */
export const expectFreshKeys = (requests: readonly SentRequest[]) => {
  const keys = requests.map((r) => r.headers.get('Idempotency-Key'));
  for (const key of keys) expect(key).toMatch(UUID);
  expect(new Set(keys).size).toBe(keys.length);
};

/** The confirm dialog (spec section 5): its question, then Confirm. */
export const confirmWith = async (question: string) => {
  const dialog = await screen.findByRole('dialog', { name: 'Please confirm' }, T);
  expect(dialog).toHaveTextContent(question);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
};

/** The figure a tile shows, by the tile's label (also while a dialog hides the page from the tree). */
export const tile = (label: string) => screen.getByRole('group', { name: label, hidden: true });
