import { describe, expect, it } from 'vitest';
import { layoutFor } from '../../src/layout/layoutFor';

describe('layoutFor (spec section 2 layout rules)', () => {
  it.each([
    '/login',
    '/register',
    '/forget-password',
    '/x-action/user-active',
    '/x-action/then/profile',
    '/test/api-json',
  ])('%s has no header', (path) => {
    expect(layoutFor(path).header).toBe(false);
  });

  it.each(['/', '/signup', '/splash', '/help', '/device', '/finance/wallet/balance', '/settings'])(
    '%s has a header',
    (path) => {
      expect(layoutFor(path).header).toBe(true);
    },
  );

  it.each([
    '/login',
    '/register',
    '/signup',
    '/splash',
    '/x-action/forget-pwd',
    '/x-action/stripe-account-connect',
  ])('%s has no side menu', (path) => {
    expect(layoutFor(path).menu).toBe(false);
  });

  it.each(['/', '/help', '/device', '/forget-password', '/test/phone-input', '/config/bannerConfig'])(
    '%s has the side menu',
    (path) => {
      expect(layoutFor(path).menu).toBe(true);
    },
  );

  it('splash has no padding and draws edge to edge', () => {
    expect(layoutFor('/splash')).toEqual({ header: true, menu: false, padding: false, fullWidth: true });
  });

  it.each([
    '/transaction/payment-history',
    '/communications/pushNotificationTemplates',
    '/finance',
    '/finance/wallet/balance',
    '/finance/wallet/txn/history',
    '/finance/wallet/top-up',
    '/finance/payment-methods',
  ])('%s is full width and padded', (path) => {
    expect(layoutFor(path)).toMatchObject({ padding: true, fullWidth: true });
  });

  it.each(['/transaction', '/communications/pushNotifications', '/device', '/help', '/'])(
    '%s is padded with a max width',
    (path) => {
      expect(layoutFor(path)).toMatchObject({ padding: true, fullWidth: false });
    },
  );

  it('matches whole path segments only, ignores a trailing slash and the query', () => {
    expect(layoutFor('/testing').header).toBe(true);
    expect(layoutFor('/financeReport').fullWidth).toBe(false);
    expect(layoutFor('/login/').header).toBe(false);
    expect(layoutFor('/finance/?tab=1').fullWidth).toBe(true);
  });

  it('the full row for an ordinary page', () => {
    expect(layoutFor('/stamp-cards')).toEqual({ header: true, menu: true, padding: true, fullWidth: false });
  });
});
