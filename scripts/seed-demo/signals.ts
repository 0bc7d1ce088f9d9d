// Step, after the stamp cards: the demo data's one real anomaly, and the fraud-signals job's run over
// the whole ledger (server/domains/stamping/signals.ts), which finds exactly that one: a Harbour Kopi member's
// card stamped at Tanjong Pagar and, 3 minutes later, at Raffles Place (a shared or copied card).
// Everything else the seed stamped is ordinary traffic and raises nothing (tests/api/signals.test.ts).
import { and, asc, eq, lte } from 'drizzle-orm';
import { detectSignals } from '../../server/domains/stamping/detect-signals';
import { SIGNAL_RULES } from '../../server/domains/stamping/signal-rules';
import { storeSignals } from '../../server/domains/stamping/signals';
import { stampCardOnce } from '../../server/domains/stamping/stamp';
import { company, memberCards, stampCard, store } from '../../server/platform/db/schema/resources';
import { count, DAY, type Seed } from './context';
import { DEMO_MARKER_REGISTRATION_NO } from './data';

const MINUTE = 60_000;
/** the anomaly: two stampings of one card at two stores, this far apart, this long before the seed's now */
export const ANOMALY = { minutesApart: 3, hoursAgo: 2 } as const;

/** Stamps one open Harbour Kopi card at two of its stores 3 minutes apart. */
export const seedAnomaly = async (seed: Seed): Promise<void> => {
  const { tx, op } = seed;
  const [kopi] = await tx
    .select({ id: company.id })
    .from(company)
    .where(eq(company.registrationNo, DEMO_MARKER_REGISTRATION_NO));
  if (!kopi) throw new Error('seed: no Harbour Kopi');
  const stores = await tx
    .select({ id: store.id, brandId: store.brandId })
    .from(store)
    .where(and(eq(store.companyId, kopi.id), eq(store.state, 'ACTIVE')))
    .orderBy(asc(store.id));
  const [first, second] = stores;
  if (!first || !second || first.brandId !== second.brandId)
    throw new Error('seed: Harbour Kopi needs two active stores of one brand');
  // an open card of the brand's programme with room for two more stamps without completing
  const [card] = await tx
    .select({ id: memberCards.id })
    .from(memberCards)
    .innerJoin(stampCard, eq(stampCard.id, memberCards.stampCardId))
    .where(
      and(
        eq(memberCards.brandId, first.brandId as number),
        eq(memberCards.state, 0),
        eq(stampCard.state, 'ACTIVE'),
        lte(memberCards.stamps, 3),
      ),
    )
    .orderBy(asc(memberCards.id))
    .limit(1);
  if (!card) throw new Error('seed: no open Harbour Kopi card for the anomaly');
  const at = new Date(seed.now.getTime() - ANOMALY.hoursAgo * 60 * MINUTE);
  for (const [i, where] of [first, second].entries()) {
    seed.next.receipt += 1;
    await stampCardOnce(
      tx,
      op,
      card.id,
      { stamps: 1, storeId: where.id as number, receiptNo: `R${String(seed.next.receipt).padStart(8, '0')}` },
      new Date(at.getTime() + i * ANOMALY.minutesApart * MINUTE),
    );
    count(seed, 'stampsTransaction');
    count(seed, 'stampingHistory');
  }
};

/** The job's first run over the demo ledger (as a fresh server's would: its whole look-back). */
export const raiseSignals = async (seed: Seed): Promise<void> => {
  const since = new Date(seed.now.getTime() - SIGNAL_RULES.lookbackDays * DAY);
  count(seed, 'signals', await storeSignals(seed.tx, await detectSignals(seed.tx, since, seed.now)));
};
