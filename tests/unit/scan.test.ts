// The counter's scanner, its pure parts (issue 26 item 3): a code as people type it or a reader reads
// it, getUserMedia's refusals as the screen words them, and who may open /scan (the counter's VIEW,
// issue 40 item 1, and VIEW on member cards or on vouchers, either one).
import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '../../contract/access';
import { normaliseCode } from '../../contract/pocket';
import { maySee } from '../../src/layout/menuPermissions';
import { lookupsOf } from '../../src/pages/scan/api';
import { CameraError, problemOf } from '../../src/pages/scan/camera';

describe('normaliseCode', () => {
  it('drops blanks, dashes and dots and upper-cases letters', () => {
    expect(normaliseCode('k3m9 x7pq-2r')).toBe('K3M9X7PQ2R');
    expect(normaliseCode('  ab.cd\tef  ')).toBe('ABCDEF');
  });
  it('refuses what is no code: other characters, nothing, too long', () => {
    expect(normaliseCode('kopi?')).toBeNull();
    expect(normaliseCode('https://example.com/c/1.2.x')).toBeNull();
    expect(normaliseCode('  - ')).toBeNull();
    expect(normaliseCode('A'.repeat(65))).toBeNull();
  });
});

describe('problemOf', () => {
  const dom = (name: string) => new DOMException('no', name);
  it('tells a refusal from an absent camera from a failure', () => {
    expect(problemOf(dom('NotAllowedError'))).toBe('denied');
    expect(problemOf(dom('SecurityError'))).toBe('denied');
    expect(problemOf(dom('NotFoundError'))).toBe('absent');
    expect(problemOf(dom('OverconstrainedError'))).toBe('absent');
    expect(problemOf(new CameraError('absent'))).toBe('absent');
    expect(problemOf(new Error('boom'))).toBe('failed');
  });
});

describe('who may scan', () => {
  const colleague = (...resources: string[]): AccessSubject => ({
    type: 'MERCHANT',
    permissions: resources.map((resource) => ({ resource, action: 'VIEW' as const })),
  });
  it("the counter's VIEW with VIEW on member cards or on vouchers opens /scan; the look-ups follow each", () => {
    expect(maySee(colleague('counter', 'stampCard'), '/scan')).toBe(true);
    expect(maySee(colleague('counter', 'vouchers'), '/scan')).toBe(true);
    // reading the tables is not the counter's look-up, nor is the counter's right without a table
    expect(maySee(colleague('stampCard', 'vouchers'), '/scan')).toBe(false);
    expect(maySee(colleague('counter'), '/scan')).toBe(false);
    expect(maySee(colleague('device'), '/scan')).toBe(false);
    expect(lookupsOf(colleague('counter', 'vouchers'))).toEqual({ cards: false, vouchers: true });
    expect(lookupsOf(colleague('vouchers'))).toEqual({ cards: false, vouchers: false });
    expect(lookupsOf({ type: 'OPERATOR' })).toEqual({ cards: true, vouchers: true });
  });
  it('the poster needs VIEW on stores and stamp cards', () => {
    expect(maySee(colleague('store', 'stampCard'), '/organization/store/poster')).toBe(true);
    expect(maySee(colleague('stampCard'), '/organization/store/poster')).toBe(false);
  });
});
