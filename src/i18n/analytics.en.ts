// English messages of /analytics (src/pages/analytics/).
export const analyticsEn = {
  analytics: {
    filters: 'Range and grouping',
    from: 'From',
    to: 'To',
    range_invalid: 'The end comes before the start',
    group_by: 'Group by',
    group: { company: 'Company', brand: 'Brand', store: 'Store' },
    none: { company: 'No company', brand: 'Whole company', store: 'Not at one store (company-wide)' },
    export: 'Export CSV',
    loading: 'Counting…',
    totals: 'Totals',
    total: 'Total',
    by_day: 'By day',
    zone: 'Days in %{zone}',
    top: {
      company: 'Busiest companies',
      brand: 'Busiest brands',
      store: 'Busiest stores',
    },
    table: {
      company: 'By company',
      brand: 'By brand',
      store: 'By store',
    },
    empty: 'Nothing happened in this range.',
    figures: {
      stampsGiven: 'Stamps given',
      cardsCompleted: 'Cards completed',
      vouchersIssued: 'Vouchers issued',
      vouchersRedeemed: 'Vouchers redeemed',
      vouchersExpired: 'Vouchers expired',
      redemptionRate: 'Redemption rate',
      activeMembers: 'Active members',
      pushesSent: 'Pushes sent',
    },
  },
};
