// The /analytics CSV: the screen's labels as the header, one line per group (a group of none named as
// the screen names it), a last line of totals, values quoted where CSV needs it.
import { describe, expect, it } from 'vitest';
import type { AnalyticsAnswer } from '../../contract/analytics';
import { analyticsCsv } from '../../src/pages/analytics/api';

const figures = {
  stampsGiven: 6,
  cardsCompleted: 1,
  vouchersIssued: 3,
  vouchersRedeemed: 1,
  vouchersExpired: 0,
  redemptionRate: 33.3,
  activeMembers: 3,
  pushesSent: 5,
};

describe('analyticsCsv', () => {
  it('writes the header, each group and the totals', () => {
    const answer: AnalyticsAnswer = {
      from: '2026-11-01',
      to: '2026-11-30',
      groupBy: 'brand',
      timeZone: 'Asia/Singapore',
      rows: [
        { id: 1, name: 'Kopi, Tea & Co', ...figures },
        { id: null, name: null, ...figures, stampsGiven: 0, redemptionRate: null },
      ],
      totals: { ...figures, stampsGiven: 6 },
      days: [],
    };
    const labels = {
      group: 'Brand',
      none: 'Whole company',
      total: 'Total',
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
    };
    expect(analyticsCsv(answer, labels).split('\n')).toEqual([
      'Brand,Stamps given,Cards completed,Vouchers issued,Vouchers redeemed,Vouchers expired,Redemption rate,Active members,Pushes sent',
      '"Kopi, Tea & Co",6,1,3,1,0,33.3,3,5',
      'Whole company,0,1,3,1,0,,3,5',
      'Total,6,1,3,1,0,33.3,3,5',
      '',
    ]);
  });
});
