// The deep link kept through sign-in (src/layout/deepLink.ts) follows only a path of this site.
import { describe, expect, it } from 'vitest';
import { nextOf, safeNextPath, withNext } from '../../src/layout/deepLink';

describe('safeNextPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeNextPath('/vouchers/voucherPackList?x=1')).toBe('/vouchers/voucherPackList?x=1');
    expect(safeNextPath('/store/3/show#top')).toBe('/store/3/show#top');
  });

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example',
    'javascript:alert(1)',
    'vouchers',
    '',
    null,
    '/login',
    '/splash?next=/x',
    '/register',
  ])('refuses %s', (value) => {
    expect(safeNextPath(value)).toBeNull();
  });
});

describe('withNext and nextOf', () => {
  it('carries a path in ?next= and reads it back', () => {
    const to = withNext('/login', '/vouchers/voucherPackList?x=1&y=2');
    expect(to).toBe('/login?next=%2Fvouchers%2FvoucherPackList%3Fx%3D1%26y%3D2');
    expect(nextOf(to.slice(to.indexOf('?')))).toBe('/vouchers/voucherPackList?x=1&y=2');
  });

  it('adds nothing for the root or an unsafe path', () => {
    expect(withNext('/splash', '/')).toBe('/splash');
    expect(withNext('/splash', '//evil.example')).toBe('/splash');
    expect(nextOf('?next=https%3A%2F%2Fevil.example')).toBeNull();
  });
});
