// The demo data set (scripts/seed-demo.ts) as the browser suites use it: the users they sign in as,
// the Harbour Kopi programme and PIN store they stamp at, and a browser suite against `npm start`
// holding it.
import type { BrowserContextOptions } from 'playwright-core';
import { type BrowserSuite, browserSuite, DEMO_PASSWORD, startDemoServer } from './harness';

/** The demo seed's users the browser suites sign in as (scripts/seed-demo/data.ts), all on DEMO_PASSWORD. */
export const DEMO_USERS = {
  /** the platform's operator */
  operator: { email: 'operator@loyalty-demo.example', password: DEMO_PASSWORD },
  /** Harbour Kopi's owner: an approved merchant */
  owner: { email: 'owner@harbour-kopi.example', password: DEMO_PASSWORD },
  /** Harbour Kopi's counter colleague: group "Front counter" (the counter's rights, View on what it runs) */
  counter: { email: 'counter@harbour-kopi.example', password: DEMO_PASSWORD },
  /** Sunrise Bakery's owner, signup SUBMITTED (not yet approved) */
  pendingOwner: { email: 'owner@sunrise-bakery.example', password: DEMO_PASSWORD },
} as const;

/** Harbour Kopi's stamp-card programme. */
export const DEMO_PROGRAMME = 'Kopi Lover Card';
/** scripts/seed-demo.ts DEMO_STORE_PIN, set on the first store of each demo brand */
export const DEMO_STORE_PIN = '2468';
/** Harbour Kopi's first store: the one DEMO_STORE_PIN is set on. */
export const DEMO_PIN_STORE = 'Harbour Kopi Tanjong Pagar';

/** A browserSuite (one page per name) against `npm start` with the demo data (startDemoServer). */
export const demoSuite = <N extends string>(
  names: readonly N[],
  timeoutMs?: number,
  device?: BrowserContextOptions,
): BrowserSuite<N> => browserSuite(startDemoServer, names, timeoutMs, device);
