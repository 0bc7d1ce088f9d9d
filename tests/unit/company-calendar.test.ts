// The merchant's calendar on the server (server/platform/countries.ts): the day, weekday and hour a time
// falls on in a zone. What a zone's clock reads is kept for the UTC minute it was read in, so these
// read the same zone again and again across its midnight, as one server does all day.
import { describe, expect, it } from 'vitest';
import { dayIn, weekdayAndHourIn } from '../../server/platform/countries';

describe("a zone's day, read minute after minute", () => {
  it("turns at the zone's midnight, not at the minute it was last read in", () => {
    // Singapore is UTC+8: its midnight is 16:00 UTC
    expect(dayIn('Asia/Singapore', new Date('2026-12-03T15:59:00.000Z'))).toBe('2026-12-03');
    expect(dayIn('Asia/Singapore', new Date('2026-12-03T15:59:59.999Z'))).toBe('2026-12-03');
    expect(dayIn('Asia/Singapore', new Date('2026-12-03T16:00:00.000Z'))).toBe('2026-12-04');
    expect(dayIn('Asia/Singapore', new Date('2026-12-03T15:59:30.000Z'))).toBe('2026-12-03');
    // Kathmandu is UTC+5:45: its midnight is 18:15 UTC
    expect(dayIn('Asia/Kathmandu', new Date('2026-12-03T18:14:59.000Z'))).toBe('2026-12-03');
    expect(dayIn('Asia/Kathmandu', new Date('2026-12-03T18:15:00.000Z'))).toBe('2026-12-04');
    // another zone read in the same minute answers its own day
    expect(dayIn('UTC', new Date('2026-12-03T18:15:00.000Z'))).toBe('2026-12-03');
  });

  it('reads a time before 1973 exactly, when offsets had seconds', () => {
    // Monrovia was UTC−0:44:30 until 1972: its midnight fell 30 seconds into a UTC minute
    expect(dayIn('Africa/Monrovia', new Date('1960-06-01T00:44:29.000Z'))).toBe('1960-05-31');
    expect(dayIn('Africa/Monrovia', new Date('1960-06-01T00:44:31.000Z'))).toBe('1960-06-01');
  });

  it('turns the weekday and the hour with the zone too', () => {
    // Thursday 3 Dec 2026, 23:59 in Singapore, then Friday 00:00, then 01:00
    const read = (at: string) => weekdayAndHourIn('Asia/Singapore', new Date(at));
    expect(read('2026-12-03T15:59:10.000Z')).toEqual({ weekday: 4, hour: 23 });
    expect(read('2026-12-03T16:00:00.000Z')).toEqual({ weekday: 5, hour: 0 });
    expect(read('2026-12-03T16:59:59.000Z')).toEqual({ weekday: 5, hour: 0 });
    expect(read('2026-12-03T17:00:00.000Z')).toEqual({ weekday: 5, hour: 1 });
  });

  it('refuses an invalid date, every time', () => {
    expect(() => dayIn('Asia/Singapore', new Date(Number.NaN))).toThrow(RangeError);
    expect(() => dayIn('Asia/Singapore', new Date(Number.NaN))).toThrow(RangeError);
  });
});
