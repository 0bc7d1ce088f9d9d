// The pure rules of campaigns (contract/campaigns.ts, issue 43): when a stamping campaign's window
// holds, how campaigns combine, a bonus's condition, the periods and birthdays.
import { describe, expect, it } from 'vitest';
import {
  bonusConditionHolds,
  combineBoosts,
  isBirthdayOn,
  parseBirthday,
  type StampingCampaign,
  winBackPeriod,
  withinWindow,
} from '../../contract/campaigns';

const campaign = (over: Partial<StampingCampaign>): StampingCampaign => ({
  id: 1,
  name: 'C',
  kind: 'MULTIPLIER',
  multiplier: 2,
  bonusStamps: null,
  bonusCondition: null,
  minAmount: null,
  daysOfWeek: null,
  hourFrom: null,
  hourTo: null,
  storeIds: null,
  createTime: '2026-11-01T00:00:00+00:00',
  ...over,
});

describe('withinWindow', () => {
  const at = { storeId: 3, weekday: 2, hour: 15 };
  it('holds everywhere and always without days, hours or stores', () => {
    expect(withinWindow(campaign({}), at)).toBe(true);
  });
  it('reads hours as from ≤ hour < to, wrapping past midnight', () => {
    expect(withinWindow(campaign({ hourFrom: 14, hourTo: 17 }), at)).toBe(true);
    expect(withinWindow(campaign({ hourFrom: 16, hourTo: 17 }), at)).toBe(false);
    expect(withinWindow(campaign({ hourFrom: 12, hourTo: 15 }), at)).toBe(false);
    expect(withinWindow(campaign({ hourFrom: 22, hourTo: 2 }), { ...at, hour: 1 })).toBe(true);
    expect(withinWindow(campaign({ hourFrom: 22, hourTo: 2 }), at)).toBe(false);
  });
  it('reads days (Monday = 1) and stores', () => {
    expect(withinWindow(campaign({ daysOfWeek: ['TUE'] }), at)).toBe(true);
    expect(withinWindow(campaign({ daysOfWeek: ['MON', 'WED'] }), at)).toBe(false);
    expect(withinWindow(campaign({ storeIds: [3, 4] }), at)).toBe(true);
    expect(withinWindow(campaign({ storeIds: [4] }), at)).toBe(false);
  });
});

describe('combineBoosts', () => {
  it('one multiplier, the highest (a tie: the one made first), then every bonus unmultiplied', () => {
    const boosts = combineBoosts(2, [
      campaign({ id: 5, multiplier: 3, createTime: '2026-11-02T00:00:00+00:00' }),
      campaign({ id: 4, multiplier: 3, createTime: '2026-11-01T00:00:00+00:00' }),
      campaign({ id: 6, multiplier: 2 }),
      campaign({
        id: 8,
        kind: 'BONUS',
        multiplier: null,
        bonusStamps: 2,
        createTime: '2026-11-03T00:00:00+00:00',
      }),
      campaign({
        id: 7,
        kind: 'BONUS',
        multiplier: null,
        bonusStamps: 1,
        createTime: '2026-11-02T00:00:00+00:00',
      }),
    ]);
    expect(boosts.map((b) => [b.campaignId, b.stamps])).toEqual([
      [4, 4],
      [7, 1],
      [8, 2],
    ]);
  });
  it('nothing to add: nothing', () => {
    expect(combineBoosts(1, [])).toEqual([]);
  });
});

describe('bonusConditionHolds', () => {
  const receipt = campaign({ kind: 'BONUS', bonusCondition: 'RECEIPT_OVER', minAmount: '20.00' });
  it('compares a receipt exactly, in cents', () => {
    expect(bonusConditionHolds(receipt, { visitedToday: false, amount: '19.99' })).toBe(false);
    expect(bonusConditionHolds(receipt, { visitedToday: false, amount: '20' })).toBe(true);
    expect(bonusConditionHolds(receipt, { visitedToday: false })).toBe(false);
  });
  it('the first visit of the day', () => {
    const first = campaign({ kind: 'BONUS', bonusCondition: 'FIRST_VISIT_OF_DAY' });
    expect(bonusConditionHolds(first, { visitedToday: false })).toBe(true);
    expect(bonusConditionHolds(first, { visitedToday: true })).toBe(false);
  });
});

describe('periods and birthdays', () => {
  it('cuts a win-back into windows from its first day', () => {
    expect(winBackPeriod('2026-11-01', '2026-11-01', 30)).toBe('W0');
    expect(winBackPeriod('2026-11-01', '2026-11-30', 30)).toBe('W0');
    expect(winBackPeriod('2026-11-01', '2026-12-01', 30)).toBe('W1');
  });
  it('keeps 29 February on 28 February in other years', () => {
    expect(isBirthdayOn('1990-06-15', '2026-06-15')).toBe(true);
    expect(isBirthdayOn('1990-06-15', '2026-06-16')).toBe(false);
    expect(isBirthdayOn('1992-02-29', '2027-02-28')).toBe(true);
    expect(isBirthdayOn('1992-02-29', '2028-02-28')).toBe(false);
    expect(isBirthdayOn('1992-02-29', '2028-02-29')).toBe(true);
  });
  it('takes a real past day as a birthday', () => {
    expect(parseBirthday(' 1990-02-28 ', '2026-11-30')).toEqual({ birthday: '1990-02-28' });
    expect(parseBirthday('1990-02-30', '2026-11-30')).toEqual({
      error: 'the birthday is not a day (YYYY-MM-DD)',
    });
    expect(parseBirthday('2027-01-01', '2026-11-30')).toEqual({ error: 'the birthday is in the future' });
    expect(parseBirthday('1880-01-01', '2026-11-30')).toEqual({ error: 'the birthday is too long ago' });
  });
});
