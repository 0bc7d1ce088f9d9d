// Test support for the generated screens on the real server (tests/portal/server.ts): the list queries
// the portal sent, the two vouchers with known codes a list test reads, and the voucher packs and
// programmes the form and button tests start from, made through the routes the portal uses.
import { vouchers } from '../../../server/platform/db/schema';
import { apiAs } from '../api';
import { dayFromNow, newPack } from '../make';
import type { RealBackend } from '../server';
import { WORLD } from '../world';

/** The query of each GET the page sent to `path` (below the service base), as an object of its parameters. */
export const queriesOf = async (backend: RealBackend, path: string): Promise<Record<string, string>[]> =>
  (await backend.sent('GET', path)).map((r) => Object.fromEntries(new URLSearchParams(r.search).entries()));

/**
 * Two vouchers of Acme Coffee with known codes, ids 1 and 2, issued to no pack: SPRING-001 available,
 * SPRING-002 redeemed. Written straight into the table (issuing draws its codes at random).
 */
export const seedVouchers = async (backend: RealBackend) => {
  const scope = { companyId: WORLD.acme.companyId, brandId: WORLD.acme.brandId };
  await backend.t.db.insert(vouchers).values([
    {
      ...scope,
      code: 'SPRING-001',
      title: 'Free coffee',
      memberMobile: '+6591110001',
      issuedToMobile: '+6591110001',
      value: 5,
      state: 'AVAILABLE',
      validFrom: '2026-01-01',
      validUntil: '2026-12-31',
    },
    {
      ...scope,
      code: 'SPRING-002',
      title: 'Half-price cake',
      memberMobile: '+6591110002',
      issuedToMobile: '+6591110002',
      value: 12.5,
      state: 'REDEEMED',
      validFrom: '2026-01-01',
      validUntil: '2026-06-30',
      redeemedAt: new Date('2026-02-01T10:00:00.000Z'),
    },
  ]);
};

/**
 * A voucher pack of Acme Coffee made by the merchant (POST /voucher-packs), valid from a month ago to
 * ten months ahead (so it can issue today), one voucher a member; its row as answered.
 */
export const merchantPack = async (backend: RealBackend, values: Record<string, unknown> = {}) =>
  newPack(await apiAs(backend, 'merchant'), {
    issueLimitPerMember: 1,
    validFrom: dayFromNow(-30),
    voucherValidityDays: 30,
    ...values,
  });
