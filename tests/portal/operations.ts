// What the tests of the operation screens share (vouchers, stamp cards, devices, pushes): the keys'
// freshness on operation POSTs, the spec's confirm dialog, and a figure tile by its label.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SentRequest } from './server';

export const T = { timeout: 30_000 };

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
