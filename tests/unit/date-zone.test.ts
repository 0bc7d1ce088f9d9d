// Times are written and picked in the signed-in user's country's zone, whatever the browser's
// (src/components/dates.ts, contract/format.ts, src/components/pickerValues.ts).
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../contract/format';
import { timeZoneOfCountry } from '../../src/components/dates';
import {
  dayFromWire,
  dayToWire,
  EN_LOCALE,
  PICKER_FORMATS,
  timeFromWire,
  timeToWire,
} from '../../src/components/pickerValues';

const SUPPORTED = [
  { countryCode: 'sg', timeZone: 'Asia/Singapore' },
  { countryCode: 'au', timeZone: 'Australia/Sydney' },
];

describe("the country's zone", () => {
  it('a time at 23:30 UTC is the next day in Asia/Singapore', () => {
    const late = '2026-11-25T23:30:00.000Z';
    expect(formatDateTime(late, 'en-SG', 'Asia/Singapore')).toBe('26 Nov 2026, 07:30');
    expect(formatDate(late, 'en-SG', 'Asia/Singapore')).toBe('26 Nov 2026');
    expect(formatDate(late, 'en-SG', 'UTC')).toBe('25 Nov 2026');
    // a stored day stays that day in any zone
    expect(formatDate('2026-11-25', 'en-SG', 'Pacific/Kiritimati')).toBe('25 Nov 2026');
    expect(formatDate('2026-11-25', 'en-SG', 'Pacific/Pago_Pago')).toBe('25 Nov 2026');
  });

  it("is the user's country's from the supported countries, else the product's home zone", () => {
    expect(timeZoneOfCountry('AU', SUPPORTED)).toBe('Australia/Sydney');
    expect(timeZoneOfCountry('sg', SUPPORTED)).toBe('Asia/Singapore');
    expect(timeZoneOfCountry('jp', SUPPORTED)).toBe('Asia/Singapore');
    expect(timeZoneOfCountry(null, [])).toBe('Asia/Singapore');
  });

  it('the time picker shows an instant in the zone and writes it back as the same ISO instant', () => {
    const shown = timeFromWire('2026-11-25T23:30:00.000Z', 'Asia/Singapore');
    expect(shown?.locale(EN_LOCALE).format(PICKER_FORMATS.en.time)).toBe('26 Nov 2026, 07:30');
    expect(shown && timeToWire(shown)).toBe('2026-11-25T23:30:00.000Z');
    expect(shown?.locale('zh-cn').format(PICKER_FORMATS['zh-CN'].time)).toBe('2026年11月26日 07:30');
    expect(timeFromWire(null, 'Asia/Singapore')).toBeNull();
    expect(timeFromWire('', 'Asia/Singapore')).toBeNull();
    expect(timeFromWire('not a time', 'Asia/Singapore')).toBeNull();
  });

  it('the day picker keeps the wire day in any zone, and writes months as Intl does', () => {
    for (const zone of ['Asia/Singapore', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      const day = dayFromWire('2026-09-05', zone);
      expect(day && dayToWire(day)).toBe('2026-09-05');
      expect(day?.locale(EN_LOCALE).format(PICKER_FORMATS.en.day)).toBe(formatDate('2026-09-05', 'en-SG'));
    }
    expect(dayFromWire('2026-9-5', 'UTC')).toBeNull();
  });
});
