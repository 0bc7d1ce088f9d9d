import { COMPANIES } from './generate';

// The SQL floor: the statements the app sends for each case, as one would write them by hand. The
// app selects every declared column in the list's order (at desc, id), 20 rows; where it counts, the
// count goes in the same statement as a scalar subquery (server/platform/list/query.ts selectPage). The
// operator's whole table and a cursor's page are not counted: their total is the planner's estimate,
// which the app reads once every 30 s.
const COUNT_TENANT = '(select count(*) from stamps_transaction where company_id = $1) as total';

export const FIRST_PAGE_SQL = {
  operator: 'select * from stamps_transaction order by at desc, id asc limit 20',
  tenant: `select *, ${COUNT_TENANT} from stamps_transaction where company_id = $1 order by at desc, id asc limit 20`,
  afterCursor:
    'select * from stamps_transaction where at <= $1 and (at < $1 or (at = $1 and id > $2)) order by at desc, id asc limit 20',
  search:
    'select *, (select count(*) from stamps_transaction where receipt_no ilike $1) as total from stamps_transaction where receipt_no ilike $1 order by at desc, id asc limit 20',
  tenantCount: `select *, ${COUNT_TENANT} from stamps_transaction where company_id = $1 order by at desc, id asc limit 1`,
} as const;

/** A stamp's receipt number the generated data holds (`R` + a row number). */
export const receiptOf = (i: number): string => `R${10_000 + ((i * 7919) % 89_999)}`;

/** The cases the embedded bench times straight on PGlite, as the app sends them. */
export const EMBEDDED_CASES: Record<
  string,
  (exec: (text: string, params?: unknown[]) => Promise<unknown>, i: number) => Promise<unknown>
> = {
  'operator first page': (exec) => exec(FIRST_PAGE_SQL.operator),
  'merchant first page': (exec) => exec(FIRST_PAGE_SQL.tenant, [1]),
  'new merchant first page': (exec) => exec(FIRST_PAGE_SQL.tenant, [COMPANIES + 1]),
  'search receiptNo (trigram)': (exec, i) => exec(FIRST_PAGE_SQL.search, [`%${receiptOf(i)}%`]),
  'tenant count (page of 1 + count)': (exec) => exec(FIRST_PAGE_SQL.tenantCount, [1]),
};
