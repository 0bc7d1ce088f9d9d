// Step, last: the rows the services wrote as they went. The audited services (company, brand, store)
// wrote their entries; the wallet service wrote the top-ups and every charge of the issues; issuing and
// donating made the members on first use.
import { sql } from 'drizzle-orm';
import { auditLog, members, payments, walletTransactions } from '../../server/platform/db/schema/resources';
import { count, type SeedBase } from './context';

export const countServiceRows = async (seed: SeedBase): Promise<void> => {
  const { tx } = seed;
  const [audited] = await tx.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  count(seed, 'auditLog', audited?.n ?? 0);
  const [ledger] = await tx.select({ n: sql<number>`count(*)::int` }).from(walletTransactions);
  count(seed, 'walletTransactions', ledger?.n ?? 0);
  const [paid] = await tx.select({ n: sql<number>`count(*)::int` }).from(payments);
  count(seed, 'payments', paid?.n ?? 0);
  const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(members);
  seed.counts.members = held?.n ?? 0;
};
