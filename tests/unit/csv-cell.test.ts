import { describe, expect, it } from 'vitest';
import { cell } from '../../server/resources/csv';

describe('CSV export cells', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(cell('=HYPERLINK("http://evil","x")')).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(cell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(cell('+cmd|calc')).toBe(`'+cmd|calc`);
    expect(cell('-2+3+cmd')).toBe(`'-2+3+cmd`);
  });

  it('keeps phone numbers, signed numbers and plain text as they are', () => {
    expect(cell('+65 6123 4567')).toBe('+65 6123 4567');
    expect(cell('-12.50')).toBe('-12.50');
    expect(cell(-3)).toBe('-3');
    expect(cell('Kopi & Toast')).toBe('Kopi & Toast');
    expect(cell(null)).toBe('');
    expect(cell(new Date('2026-11-22T00:00:00Z'))).toBe('2026-11-22T00:00:00.000Z');
  });
});
