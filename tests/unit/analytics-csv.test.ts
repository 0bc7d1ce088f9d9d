// The /analytics CSV and the country's calendar of its default range: the screen's labels as the header, one line per group (a group of none named as
// the screen names it), a last line of totals, values quoted where CSV needs it.
import { describe, expect, it } from 'vitest';
import type { AnalyticsAnswer } from '../../contract/analytics';
import { analyticsCsv, dayIn, localDay } from '../../src/pages/analytics/api';

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

describe("dayIn: a day of the country's calendar", () => {
  const evening = new Date('2026-11-26T17:00:00.000Z'); // 01:00 on the 27th in Singapore
  it("is the country's date, not UTC's, with the offset in days", () => {
    expect(dayIn('Asia/Singapore', 0, evening)).toBe('2026-11-27');
    expect(dayIn('UTC', 0, evening)).toBe('2026-11-26');
    expect(dayIn('Asia/Singapore', -29, evening)).toBe('2026-10-29');
    expect(dayIn('Asia/Singapore', 5, new Date('2026-12-30T20:00:00.000Z'))).toBe('2027-01-05');
  });
  it("falls back to the browser's calendar for a zone it does not know", () => {
    expect(dayIn('Not/AZone', 0, evening)).toBe(localDay(0, evening));
  });
});
