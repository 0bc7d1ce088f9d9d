import { describe, expect, it } from 'vitest';
import type { LoggedInUser } from '../../contract/auth';
import { type Session, startupTarget } from '../../src/layout/startup';

const user = (over: Partial<LoggedInUser>): LoggedInUser => ({
  id: 1,
  email: 'a@example.com',
  name: 'A',
  type: 'MERCHANT',
  mobile: null,
  companyId: null,
  brandId: null,
  organizationLevel: 'NULL',
  signupState: 'APPROVAL',
  state: 'ENABLE',
  country: 'sg',
  groups: [],
  ...over,
});
const operator: Session = {
  status: 'user',
  role: 'operator',
  pnsAllowed: true,
  user: user({ type: 'OPERATOR' }),
};
const merchant: Session = { status: 'user', role: 'merchant', pnsAllowed: false, user: user({}) };
const newMerchant: Session = {
  status: 'user',
  role: 'merchant',
  pnsAllowed: false,
  user: user({ signupState: 'SUBMITTED' }),
};

describe('startupTarget (spec section 2 startup)', () => {
  it('a visitor on a private page goes to splash; public pages and unknown paths stay', () => {
    expect(startupTarget({ status: 'visitor' }, '/', false)).toBe('/splash');
    expect(startupTarget({ status: 'visitor' }, '/device', false)).toBe('/splash');
    expect(startupTarget({ status: 'visitor' }, '/help', true)).toBeNull();
    expect(startupTarget({ status: 'visitor' }, '/x-action/user-active', true)).toBeNull();
    expect(startupTarget({ status: 'visitor' }, '/nowhere', null)).toBeNull();
  });

  it('a failure to load the user goes to splash', () => {
    expect(startupTarget({ status: 'failed' }, '/', false)).toBe('/splash');
  });

  it('nothing moves while the user is loading', () => {
    expect(startupTarget({ status: 'loading' }, '/', false)).toBeNull();
  });

  it('a merchant whose signup is not approved goes to signup', () => {
    expect(startupTarget(newMerchant, '/', false)).toBe('/signup');
    expect(startupTarget(newMerchant, '/device', false)).toBe('/signup');
    expect(startupTarget(newMerchant, '/splash', true)).toBe('/signup');
    expect(startupTarget(newMerchant, '/signup', false)).toBeNull();
    expect(startupTarget(newMerchant, '/help', true)).toBeNull();
  });

  it('an operator goes to root from the entry pages and keeps a deep link', () => {
    expect(startupTarget(operator, '/splash', true)).toBe('/');
    expect(startupTarget(operator, '/register', true)).toBe('/');
    expect(startupTarget(operator, '/signup', false)).toBe('/');
    expect(startupTarget(operator, '/', false)).toBeNull();
    expect(startupTarget(operator, '/device', false)).toBeNull();
  });

  it('an approved merchant is not sent to signup', () => {
    expect(startupTarget(merchant, '/', false)).toBeNull();
    expect(startupTarget(merchant, '/signup', false)).toBe('/');
  });
});

describe('startupTarget with a second factor the product requires', () => {
  const mustEnrol: Session = {
    status: 'user',
    role: 'operator',
    pnsAllowed: true,
    user: user({ type: 'OPERATOR', twoFactorRequired: true, twoFactorEnabled: false }),
  };

  it('keeps a user without one on Settings > Profile (and the public help and e-mail links)', () => {
    expect(startupTarget(mustEnrol, '/', false)).toBe('/settings/profile');
    expect(startupTarget(mustEnrol, '/device', false)).toBe('/settings/profile');
    expect(startupTarget(mustEnrol, '/settings/change-password', false)).toBe('/settings/profile');
    expect(startupTarget(mustEnrol, '/login', true)).toBe('/settings/profile');
    expect(startupTarget(mustEnrol, '/settings/profile', false)).toBeNull();
    expect(startupTarget(mustEnrol, '/help', true)).toBeNull();
  });

  it('lets them go anywhere once they have one, and comes before the signup rule', () => {
    const enrolled: Session = { ...mustEnrol, user: { ...mustEnrol.user, twoFactorEnabled: true } };
    expect(startupTarget(enrolled, '/device', false)).toBeNull();
    const newMerchantMustEnrol: Session = {
      ...newMerchant,
      user: { ...newMerchant.user, twoFactorRequired: true, twoFactorEnabled: false },
    };
    expect(startupTarget(newMerchantMustEnrol, '/signup', false)).toBe('/settings/profile');
  });
});
