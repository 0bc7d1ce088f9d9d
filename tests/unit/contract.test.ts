import { describe, expect, it } from 'vitest';
import {
  ALL_ERRORS,
  BLOCKED_USER_STATES,
  ERRORS,
  errorByCode,
  isTokenErrorCode,
  NAMED_TABLES,
  STAMP_CARD_STATE_VALUES,
  USER_STATES,
} from '../../contract';

// The codes spec section 8 lists explicitly; each must be in the catalogue.
const SPEC_CODES = [
  0, 1, 2, 3, 4, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1015, 1601, 1602, 5101, 6701, 6750, 7001,
  8001, 3000, 3001, 26200, 26201, 26202, 26210, 26221, 26222, 26232, 26233, 26400, 29000, 29200,
];

describe('error catalogue', () => {
  it('has every code the spec lists', () => {
    const missing = SPEC_CODES.filter((c) => !errorByCode(c));
    expect(missing).toEqual([]);
  });

  it('gives each code exactly one name and each name exactly one code', () => {
    const codes = ALL_ERRORS.map((e) => e.code);
    const names = ALL_ERRORS.map((e) => e.name);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it('maps classes to the contract HTTP statuses', () => {
    expect(ERRORS.PARAMETER_VALIDATION_FAILED.status).toBe(400);
    expect(ERRORS.JSON_PARSE_FAILED.status).toBe(400);
    for (const c of [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1015, 1601, 1602]) {
      expect(errorByCode(c)?.status, String(c)).toBe(401);
    }
    expect(ERRORS.API_FAILED.status).toBe(500);
    expect(ERRORS.DB_FAILED.status).toBe(500);
    expect(ERRORS.TOO_MANY_REQUESTS.status).toBe(429);
    expect(ERRORS.EMAIL_ALREADY_IN_USE.status).toBe(409);
    expect(ERRORS.NOT_FOUND.status).toBe(404);
  });

  it('keeps every family code inside the range the spec gives it', () => {
    const ranges: Array<[number, number]> = [
      [0, 99],
      [1000, 1007],
      [1015, 1015],
      [1601, 1602],
      [3000, 3001],
      [4000, 4099],
      [4200, 4206],
      [4300, 4300],
      [4400, 4400],
      [5101, 5101],
      [6201, 6263],
      [6401, 6460],
      [6602, 6604],
      [6620, 6634],
      [6701, 6701],
      [6750, 6750],
      [6801, 6805],
      [7001, 7001],
      [8001, 8001],
      [26200, 26222],
      [26231, 26253],
      [26400, 26400],
      [26420, 26441],
      [26620, 26630],
      [29000, 29000],
      [29200, 29200],
    ];
    const outside = ALL_ERRORS.filter((e) => !ranges.some(([lo, hi]) => e.code >= lo && e.code <= hi));
    expect(outside.map((e) => e.code)).toEqual([]);
  });

  it('treats only codes beginning with 10 as token errors that end the session', () => {
    expect(isTokenErrorCode(1001)).toBe(true);
    expect(isTokenErrorCode(1015)).toBe(true);
    expect(isTokenErrorCode(26200)).toBe(false);
    expect(isTokenErrorCode(2)).toBe(false);
  });
});

describe('enumerations', () => {
  it('blocks sign-in for every full user state but ENABLE', () => {
    expect([...BLOCKED_USER_STATES].sort()).toEqual(USER_STATES.filter((s) => s !== 'ENABLE').sort());
  });

  it('stores stamp card states as 0, 1, 2', () => {
    expect(STAMP_CARD_STATE_VALUES).toEqual({ AVAILABLE: 0, COMPLETED: 1, EXPIRED: 2 });
  });

  it('names all seventeen tables of the spec', () => {
    expect(NAMED_TABLES).toHaveLength(17);
  });
});
