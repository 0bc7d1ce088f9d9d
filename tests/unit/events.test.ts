// The operations' events (server/platform/events.ts): an event reaches every wired reaction for its
// type, in the order they were wired, with the operation's transaction; an event emitted before the
// wiring is an error, never a silent no-op; the app's wiring (server/reactions.ts) follows what the
// operations emit.
import { afterEach, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../server/platform/audit';
import { emit, type Reactions, wireReactions } from '../../server/platform/events';
import { wireAllReactions } from '../../server/reactions';

const tx = { marker: 'the operation transaction' } as unknown as DbOrTx;
const at = new Date('2026-11-28T10:00:00Z');

afterEach(() => wireAllReactions());

describe('operation events', () => {
  it('reach each reaction for their type, in wiring order, with the transaction', async () => {
    const seen: string[] = [];
    const first: Reactions = {
      'card.activity': async (t, e) => {
        expect(t).toBe(tx);
        seen.push(`first ${e.reason} ${e.cardId}`);
      },
    };
    const second: Reactions = {
      'card.activity': async (_t, e) => {
        seen.push(`second ${e.memberMobile}`);
      },
      'voucher.issued': async () => {
        seen.push('second voucher');
      },
    };
    wireReactions([first, second]);
    await emit(tx, 'card.activity', {
      companyId: 1,
      memberMobile: '+6591234567',
      reason: 'STAMPING',
      cardId: 7,
      at,
    });
    expect(seen).toEqual(['first STAMPING 7', 'second +6591234567']);
    await emit(tx, 'card.changed', { cardIds: [7], at });
    expect(seen).toHaveLength(2);
  });

  it('stops the operation when a reaction fails (its transaction rolls back with it)', async () => {
    wireReactions([
      {
        'voucher.activity': async () => {
          throw new Error('standing refresh failed');
        },
      },
    ]);
    await expect(
      emit(tx, 'voucher.activity', { companyId: 1, memberMobile: null, reason: 'REDEMPTION', at }),
    ).rejects.toThrow('standing refresh failed');
  });

  it('refuses an event emitted before the reactions are wired', async () => {
    wireReactions(null as unknown as Reactions[]);
    await expect(emit(tx, 'card.changed', { cardIds: [1], at })).rejects.toThrow(
      'event card.changed emitted before the reactions were wired (server/reactions.ts)',
    );
  });
});
