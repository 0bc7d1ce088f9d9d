// Every job the server runs, by name, and the periodic ones with their period. A new job is one
// entry here (and, when periodic, one in PERIODIC_JOBS); the runner (./runner.ts) adds 'cleanup'.
import type { Config } from '../config';
import { expireDueMemberCards } from '../services/stamping';
import { expireDueVouchers } from '../services/vouchers';
import type { JobHandler, PeriodicJob } from './runner';

/** What the handlers need besides the database, which each gets from its context. */
export interface JobDeps {
  config: Config;
}

export const jobHandlers = (_deps: JobDeps): Record<string, JobHandler> => ({
  'expire-vouchers': async (_payload, { db, now }) => ({ expired: await expireDueVouchers(db, now) }),
  'expire-member-cards': async (_payload, { db, now }) => ({ expired: await expireDueMemberCards(db, now) }),
});

export const PERIODIC_JOBS: PeriodicJob[] = [
  { name: 'expire-vouchers', everyMs: 60_000 },
  { name: 'expire-member-cards', everyMs: 60_000 },
];
