// The server's one access gate (server/resources/authorize.ts) on its own: which principals, roles
// and permissions pass, and the grant each generic operation on a declaration needs. The routes'
// answers (26237 where the gate refuses) are walked in permission-matrix, cross-tenant and finance.
import { describe, expect, it } from 'vitest';
import { bannerConfig, company, vouchers } from '../../resources';
import { AppError } from '../../server/platform/errors';
import { authorize, declaredGrant, type Grant, kindOf } from '../../server/resources/authorize';
import type { Caller } from '../../server/resources/principal';
import { operatorCaller } from './fixtures';

const operator: Caller = operatorCaller;
const owner: Caller = {
  id: 2,
  email: 'owner@example.com',
  type: 'MERCHANT',
  role: 'merchant',
  companyId: 7,
  brandId: null,
  storeId: null,
  subject: { type: 'MERCHANT' },
};
const colleague: Caller = {
  ...owner,
  id: 3,
  subject: { type: 'MERCHANT', permissions: [{ resource: 'vouchers', action: 'VIEW' }] },
};
const device: Caller = {
  kind: 'device',
  id: -4,
  email: 'device:SN-1',
  type: 'MERCHANT',
  role: 'merchant',
  companyId: 7,
  brandId: 2,
  storeId: 3,
  subject: { type: 'MERCHANT', permissions: [{ resource: 'vouchers', action: 'UPDATE' }] },
  device: { id: 4, serialNo: 'SN-1', lifecycle: 'ACTIVE', storeId: 3 },
};

const refusal = (caller: Caller, grant: Grant): string | undefined => {
  try {
    authorize(caller, grant);
    return undefined;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return `${e.code} ${e.errorName}`;
  }
};

describe('authorize', () => {
  it('lets users through by default and devices only where the grant names them', () => {
    const redeem: Grant = { resource: 'vouchers', action: 'UPDATE' };
    expect(kindOf(owner)).toBe('user');
    expect(refusal(owner, redeem)).toBeUndefined();
    expect(refusal(device, redeem)).toBe('26237 ACCESS_DENIED');
    expect(refusal(device, { ...redeem, kinds: ['user', 'device'] })).toBeUndefined();
  });

  it('refuses a role the grant does not name, and what canAccess refuses', () => {
    expect(refusal(owner, { resource: 'user', action: 'ADD', roles: ['operator'] })).toBe(
      '26237 ACCESS_DENIED',
    );
    expect(refusal(operator, { resource: 'user', action: 'ADD', roles: ['operator'] })).toBeUndefined();
    expect(refusal(colleague, { resource: 'vouchers', action: 'VIEW' })).toBeUndefined();
    expect(refusal(colleague, { resource: 'vouchers', action: 'UPDATE' })).toBe('26237 ACCESS_DENIED');
    expect(refusal(operator, { resource: 'wallet', action: 'VIEW' })).toBe('26237 ACCESS_DENIED');
  });

  it('refuses what the brand variant hides, whatever the permissions', () => {
    const banners = declaredGrant(bannerConfig, 'list');
    expect(refusal({ ...owner, brand: 'jcr' }, banners)).toBeUndefined();
    expect(refusal({ ...owner, brand: 'cvi' }, banners)).toBe('26237 ACCESS_DENIED');
  });
});

describe('declaredGrant', () => {
  it("takes the declaration's permission and the roles of the operation's action", () => {
    expect(declaredGrant(company, 'create')).toEqual({
      resource: 'company',
      action: 'ADD',
      roles: company.access.ADD,
      kinds: ['user'],
    });
    expect(declaredGrant(company, 'update').roles).toEqual(company.access.UPDATE);
    expect(declaredGrant(vouchers, 'export').action).toBe('VIEW');
    // API keys read through the generic routes, and write only through the operations (issue 27)
    expect(declaredGrant(vouchers, 'list').kinds).toEqual(['user', 'apiKey']);
    expect(declaredGrant(vouchers, 'get').kinds).toEqual(['user', 'apiKey']);
    expect(declaredGrant(vouchers, 'update').kinds).toEqual(['user']);
  });

  it("uses DELETE's own roles for a delete when declared, and grants no generic write on a ledger", () => {
    expect(declaredGrant(bannerConfig, 'delete').roles).toEqual(bannerConfig.access.DELETE);
    // only operators delete a company, though its merchant may edit it (issue 24)
    expect(declaredGrant(company, 'delete').roles).toEqual(['operator']);
    expect(company.access.UPDATE).toContain('merchant');
    expect(declaredGrant(vouchers, 'delete').roles).toEqual([]);
    // without DELETE of its own a declaration's delete follows UPDATE
    const undeclared = { ...bannerConfig, access: { ...bannerConfig.access, DELETE: undefined } };
    expect(declaredGrant(undeclared, 'delete').roles).toEqual(bannerConfig.access.UPDATE);
    const ledger = { ...vouchers, ledger: true };
    expect(declaredGrant(ledger, 'action').roles).toEqual([]);
    expect(declaredGrant(ledger, 'list').roles).toEqual(vouchers.access.VIEW);
  });
});
