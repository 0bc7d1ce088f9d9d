// Test support for the generated screens: seed rows into the MSW mock data, record the requests the
// portal sends, and answer GET <path>/export (the mocks have no CSV export) with the filter it got.
import { HttpResponse, http } from 'msw';
import { BASE_PATHS } from '../../../contract';
import type { MockRow } from '../../../mocks/data';
import { mockDb, server } from '../../../mocks/node';
import { TEST_ORIGIN } from '../setup';

export const MAIN = `${TEST_ORIGIN}${BASE_PATHS.main}`;

/** Every request the portal made to `path` (below the main base), in order. */
export const recordRequests = (path: string) => {
  const seen: Request[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname === `${BASE_PATHS.main}${path}`) seen.push(request.clone());
  };
  server.events.on('request:start', listener);
  return {
    seen,
    /** the query of each GET, as an object of its parameters */
    queries: () =>
      seen
        .filter((r) => r.method === 'GET')
        .map((r) => Object.fromEntries(new URL(r.url).searchParams.entries())),
    stop: () => server.events.removeListener('request:start', listener),
  };
};

const stamp = '2026-01-10T08:00:00.000Z';

/** Replaces a resource's mock rows; id, times and scope columns filled in. */
export const seedRows = (resource: string, rows: Record<string, unknown>[]): MockRow[] => {
  const full = rows.map((row, i) => ({
    id: i + 1,
    companyId: 1,
    brandId: 1,
    createTime: stamp,
    updateTime: stamp,
    ...row,
  })) as MockRow[];
  mockDb.resourceRows[resource] = full;
  return full;
};

export const seedVouchers = () =>
  seedRows('vouchers', [
    {
      code: 'SPRING-001',
      title: 'Free coffee',
      voucherPackId: null,
      memberMobile: '+6591110001',
      value: 5,
      state: 'AVAILABLE',
      validFrom: '2026-01-01',
      validUntil: '2026-12-31',
      redeemedStoreId: null,
      redeemedAt: null,
    },
    {
      code: 'SPRING-002',
      title: 'Half-price cake',
      voucherPackId: null,
      memberMobile: '+6591110002',
      value: 12.5,
      state: 'REDEEMED',
      validFrom: '2026-01-01',
      validUntil: '2026-06-30',
      redeemedStoreId: null,
      redeemedAt: '2026-02-01T10:00:00.000Z',
    },
  ]);

/** GET /vouchers/export answered with a two-line CSV; the requests are kept for the test to read. */
export const serveExport = (path: string) => {
  const requests: Request[] = [];
  server.use(
    http.get(`${MAIN}${path}/export`, ({ request }) => {
      requests.push(request);
      return new HttpResponse('id,code\n1,SPRING-001\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="vouchers.csv"',
        },
      });
    }),
  );
  return requests;
};
