import { describe, expect, it } from 'vitest';
import {
  canAccess,
  canGrant,
  FINANCE_RESOURCES,
  MERCHANT_READ_ONLY_RESOURCES,
  OPERATOR_ONLY_RESOURCES,
  PERMISSION_RESOURCES,
  toPermissionAction,
} from '../../contract/access';
import { NAMED_TABLES, PERMISSION_ACTIONS } from '../../contract/enums';

const operator = { type: 'OPERATOR' } as const;
const owner = { type: 'MERCHANT' } as const;

describe('resources', () => {
  it('names every named table of the spec plus the product entities, once each', () => {
    for (const t of NAMED_TABLES) expect(PERMISSION_RESOURCES).toContain(t);
    for (const r of ['user', 'userGroup', 'device', 'mainConfig', 'auditLog', 'organization', 'topUp']) {
      expect(PERMISSION_RESOURCES).toContain(r);
    }
    expect(new Set(PERMISSION_RESOURCES).size).toBe(PERMISSION_RESOURCES.length);
  });
});

describe('operator', () => {
  it('may do everything except finance, of which they only read payment history', () => {
    for (const resource of PERMISSION_RESOURCES) {
      for (const action of PERMISSION_ACTIONS) {
        const expected =
          resource === 'paymentHistory'
            ? action === 'VIEW'
            : !(FINANCE_RESOURCES as readonly string[]).includes(resource);
        expect(canAccess(operator, { action, resource })).toBe(expected);
      }
    }
    expect(canAccess(operator, { action: 'VIEW', resource: 'wallet' })).toBe(false);
    expect(canAccess(operator, { action: 'VIEW', resource: 'paymentHistory' })).toBe(true);
    expect(canAccess(operator, { action: 'ADD', resource: 'paymentHistory' })).toBe(false);
    expect(canAccess(operator, { action: 'UPDATE', resource: 'mainConfig' })).toBe(true);
  });

  it('ignores permissions an operator happens to carry', () => {
    expect(canAccess({ type: 'OPERATOR', permissions: [] }, { action: 'ADD', resource: 'vouchers' })).toBe(
      true,
    );
  });
});

describe('merchant without explicit permissions (company owner)', () => {
  it('may do finance and every merchant resource', () => {
    expect(canAccess(owner, { action: 'ADD', resource: 'topUp' })).toBe(true);
    expect(canAccess(owner, { action: 'UPDATE', resource: 'stampCard' })).toBe(true);
    expect(canAccess(owner, { action: 'VIEW', resource: 'bannerConfig' })).toBe(true);
    expect(canAccess(owner, { action: 'VIEW', resource: 'push' })).toBe(true);
  });

  it('never touches operator-only resources', () => {
    for (const resource of OPERATOR_ONLY_RESOURCES) {
      for (const action of PERMISSION_ACTIONS) expect(canAccess(owner, { action, resource })).toBe(false);
    }
  });

  it('reads the reference data (industries) but never changes it, whatever their permissions', () => {
    const granted = {
      type: 'MERCHANT',
      permissions: [{ resource: 'industryConfig', action: 'UPDATE' }],
    } as const;
    for (const subject of [owner, granted, { type: 'MERCHANT', permissions: [] }] as const) {
      for (const resource of MERCHANT_READ_ONLY_RESOURCES) {
        expect(canAccess(subject, { action: 'VIEW', resource })).toBe(true);
        expect(canAccess(subject, { action: 'UPDATE', resource })).toBe(false);
        expect(canAccess(subject, { action: 'ADD', resource })).toBe(false);
      }
    }
  });
});

describe('merchant with permissions', () => {
  const clerk = {
    type: 'MERCHANT',
    permissions: [
      { resource: 'vouchers', action: 'VIEW' },
      { resource: 'stampCard', action: 'UPDATE' },
      { resource: 'mainConfig', action: 'UPDATE' },
    ],
  } as const;

  it('may do only what the permissions grant', () => {
    expect(canAccess(clerk, { action: 'VIEW', resource: 'vouchers' })).toBe(true);
    expect(canAccess(clerk, { action: 'UPDATE', resource: 'vouchers' })).toBe(false);
    expect(canAccess(clerk, { action: 'ADD', resource: 'vouchers' })).toBe(false);
    expect(canAccess(clerk, { action: 'VIEW', resource: 'push' })).toBe(false);
    expect(canAccess(clerk, { action: 'VIEW', resource: 'wallet' })).toBe(false);
  });

  it('may view what it may update', () => {
    expect(canAccess(clerk, { action: 'VIEW', resource: 'stampCard' })).toBe(true);
    expect(canAccess(clerk, { action: 'ADD', resource: 'stampCard' })).toBe(false);
  });

  it('cannot be granted an operator-only resource', () => {
    expect(canAccess(clerk, { action: 'UPDATE', resource: 'mainConfig' })).toBe(false);
  });

  it('with an empty list may do nothing', () => {
    expect(canAccess({ type: 'MERCHANT', permissions: [] }, { action: 'VIEW', resource: 'vouchers' })).toBe(
      false,
    );
  });
});

describe('react-admin actions and unknown names', () => {
  it('maps list/show/export to VIEW, edit/delete to UPDATE, create to ADD', () => {
    expect(
      ['list', 'show', 'export', 'edit', 'delete', 'create'].map((a) => toPermissionAction(a as 'list')),
    ).toEqual(['VIEW', 'VIEW', 'VIEW', 'UPDATE', 'UPDATE', 'ADD']);
    const viewer = { type: 'MERCHANT', permissions: [{ resource: 'device', action: 'VIEW' }] } as const;
    expect(canAccess(viewer, { action: 'list', resource: 'device' })).toBe(true);
    expect(canAccess(viewer, { action: 'edit', resource: 'device' })).toBe(false);
  });

  it('refuses unknown resources and actions to everyone', () => {
    expect(canAccess(operator, { action: 'VIEW', resource: 'nuclearCodes' })).toBe(false);
    expect(canAccess(owner, { action: 'VIEW', resource: 'toString' })).toBe(false);
    expect(canAccess(operator, { action: 'DELETE' as 'VIEW', resource: 'vouchers' })).toBe(false);
  });
});

describe('granting (a user, a group, an API key)', () => {
  it('lets an operator grant everything but finance (not even the payment history they read)', () => {
    const grantable = PERMISSION_RESOURCES.filter((resource) =>
      canGrant(operator, { resource, action: 'VIEW' }),
    );
    expect(PERMISSION_RESOURCES.filter((r) => !grantable.includes(r)).sort()).toEqual(
      [...FINANCE_RESOURCES].sort(),
    );
  });

  it('lets a merchant grant only what they may do themselves', () => {
    const clerk = { type: 'MERCHANT', permissions: [{ resource: 'vouchers', action: 'UPDATE' }] } as const;
    expect(canGrant(clerk, { resource: 'vouchers', action: 'UPDATE' })).toBe(true);
    expect(canGrant(clerk, { resource: 'vouchers', action: 'VIEW' })).toBe(true);
    expect(canGrant(clerk, { resource: 'vouchers', action: 'ADD' })).toBe(false);
    expect(canGrant(owner, { resource: 'wallet', action: 'UPDATE' })).toBe(true);
    expect(canGrant(owner, { resource: 'mainConfig', action: 'VIEW' })).toBe(false);
    expect(canGrant(owner, { resource: 'industryConfig', action: 'UPDATE' })).toBe(false);
  });
});
