// The SQL floor: the statements the app runs for each case, as one would write them by hand.
// The app selects every declared column, in the list's order (at desc, id), 20 rows.
export const FIRST_PAGE_SQL = {
  operator: 'select * from stamps_transaction order by at desc, id asc limit 20',
  tenant: 'select * from stamps_transaction where company_id = $1 order by at desc, id asc limit 20',
  afterCursor:
    'select * from stamps_transaction where at <= $1 and (at < $1 or (at = $1 and id > $2)) order by at desc, id asc limit 20',
  search: `select * from stamps_transaction where receipt_no ilike $1 order by at desc, id asc limit 20`,
  tenantCount: 'select count(*) from stamps_transaction where company_id = $1',
} as const;
