import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '../../contract/access';
import { type MenuGroup, menuFor } from '../../src/layout/menuFor';
import { maySee } from '../../src/layout/menuPermissions';
import { canSee, ROUTES, type RouteDef } from '../../src/routes';

// The spec's menus (and the links later issues placed in them) are pinned below; a table added later
// brings its own menu entry from its declaration, which these tests leave to the property tests at
// the end: `shape` keeps only the links this file names.

/** The operator's menu in cvi, in the spec order: each group with the links this file pins. */
const OPERATOR_MENU: (readonly [string, string[]])[] = [
  // spec 2: User holds User Search only; the members area (issue 25) is a group of its own beside it
  ['user', ['/user/UserSearch']],
  ['members', ['/aotg/list', '/aotg', '/aotg/segments']],
  ['stampCards', ['/stamp-cards', '/stamp-cards/StampsTransaction', '/stamp-cards/StampsMovement']],
  ['vouchers', ['/vouchers', '/vouchers/voucherHistory']],
  ['communications', ['/communications/pushNotificationTemplates', '/communications/pushNotifications']],
  // issue 43: campaigns in a group of their own after Communications
  ['campaigns', ['/campaigns', '/campaigns/rewards', '/campaigns/referrals']],
  // issue 24: fraud signals in a group of their own beside Transaction
  ['transaction', ['/transaction/payment-history']],
  ['risk', ['/transaction/signals']],
  ['device', ['/device']],
  [
    'config',
    [
      '/config/bannerConfig',
      '/config/maintenanceConfig',
      '/config/countryConfig',
      '/config/forceUpdateConfig',
      '/config/systemConfig',
    ],
  ],
  ['analytics', ['/analytics']],
  ['organization', ['/organization/org-hierarchy', '/organization/brand', '/organization/store']],
  ['approve', ['/approve/merchant-signup']],
  ['access', ['/access/operator-access', '/access/merchant-access', '/access/user-group']],
  // issue 27's keys, webhooks and scheduled exports: a group of their own after Access
  ['integrations', ['/access/api-keys', '/webhooks', '/config/scheduledExports']],
  ['help', []],
];
// the links pinned: the operator's, and the merchant's Finance
const PINNED_LINKS: ReadonlySet<string> = new Set([
  ...OPERATOR_MENU.flatMap(([, links]) => links),
  '/finance/wallet/balance',
]);
const PINNED = (path: string) => PINNED_LINKS.has(path);
const shape = (groups: MenuGroup[]) =>
  groups
    .map((g) => [g.id, g.links.filter((l) => PINNED(l.path)).map((l) => l.path)] as const)
    .filter(([id, links]) => links.length > 0 || id === 'help');
const ids = (groups: MenuGroup[]) => groups.map((g) => g.id);

describe('menuFor (spec sections 2 and 6)', () => {
  it('operator in cvi: everything except Finance, in the spec order', () => {
    expect(shape(menuFor({ role: 'operator', brand: 'cvi' }))).toEqual(OPERATOR_MENU);
  });

  it('operator in jcr: Force Update Config removed, the rest unchanged', () => {
    const cvi = menuFor({ role: 'operator', brand: 'cvi' });
    const jcr = menuFor({ role: 'operator', brand: 'jcr' });
    expect(ids(jcr)).toEqual(ids(cvi));
    expect(
      jcr
        .find((g) => g.id === 'config')
        ?.links.filter((l) => PINNED(l.path))
        .map((l) => l.label),
    ).toEqual(['menu.config.banner', 'menu.config.maintenance', 'menu.config.country', 'menu.config.system']);
  });

  it('merchant in cvi without push permission, without company: no Communications, no Config, Access with Merchant Access only', () => {
    const groups = menuFor({
      role: 'merchant',
      brand: 'cvi',
      pnsAllowed: false,
      hasCompany: false,
      hasBrand: false,
    });
    expect(shape(groups)).toEqual([
      ['user', ['/user/UserSearch']],
      ['members', ['/aotg/list', '/aotg', '/aotg/segments']],
      ['stampCards', ['/stamp-cards', '/stamp-cards/StampsTransaction', '/stamp-cards/StampsMovement']],
      ['vouchers', ['/vouchers', '/vouchers/voucherHistory']],
      ['campaigns', ['/campaigns', '/campaigns/rewards', '/campaigns/referrals']],
      ['device', ['/device']],
      ['finance', ['/finance/wallet/balance']],
      ['organization', ['/organization/org-hierarchy', '/organization/brand', '/organization/store']],
      // spec 6: Access with only Merchant Access (their audit trail is reached from it, issue 24)
      ['access', ['/access/merchant-access']],
      ['integrations', ['/access/api-keys', '/webhooks', '/config/scheduledExports']],
      ['help', []],
    ]);
  });

  it('merchant with push permission gets Communications in its place', () => {
    const groups = menuFor({ role: 'merchant', brand: 'cvi', pnsAllowed: true });
    expect(ids(groups)).toEqual([
      'user',
      'members',
      'stampCards',
      'vouchers',
      'communications',
      'campaigns',
      'device',
      'finance',
      'organization',
      'access',
      'integrations',
      'help',
    ]);
  });

  it('merchant with both a company and a brand loses the hierarchy Settings link', () => {
    const org = (hasCompany: boolean, hasBrand: boolean) =>
      menuFor({ role: 'merchant', brand: 'cvi', hasCompany, hasBrand })
        .find((g) => g.id === 'organization')
        ?.links.filter((l) => PINNED(l.path))
        .map((l) => l.path);
    expect(org(true, true)).toEqual(['/organization/brand', '/organization/store']);
    expect(org(true, false)).toEqual([
      '/organization/org-hierarchy',
      '/organization/brand',
      '/organization/store',
    ]);
    expect(org(false, true)).toEqual([
      '/organization/org-hierarchy',
      '/organization/brand',
      '/organization/store',
    ]);
  });

  it('merchant in jcr gets Config with Banner Config only', () => {
    const groups = menuFor({ role: 'merchant', brand: 'jcr', pnsAllowed: false });
    expect(
      groups
        .find((g) => g.id === 'config')
        ?.links.filter((l) => PINNED(l.path))
        .map((l) => l.path),
    ).toEqual(['/config/bannerConfig']);
    expect(groups.find((g) => g.id === 'config')?.links.map((l) => l.path)).toEqual(['/config/bannerConfig']);
    expect(ids(groups)).toEqual([
      'user',
      'members',
      'stampCards',
      'vouchers',
      'campaigns',
      'device',
      'config',
      'finance',
      'organization',
      'access',
      'integrations',
      'help',
    ]);
  });

  it('offers Member Levels in the Members group, after the member list, only to who may view member levels', () => {
    const userGroup = (sees?: (path: string) => boolean) =>
      menuFor({ role: 'merchant', brand: 'cvi', ...(sees ? { sees } : {}) })
        .filter((g) => g.id === 'user' || g.id === 'members')
        .flatMap((g) => g.links.map((l) => [l.label, l.path]));
    expect(userGroup()).toEqual([
      ['menu.user.search', '/user/UserSearch'],
      ['menu.members.list', '/aotg/list'],
      ['menu.members.levels', '/aotg'],
      ['menu.members.segments', '/aotg/segments'],
    ]);
    const withoutLevels = (subject: AccessSubject) => (path: string) => maySee(subject, path);
    expect(
      userGroup(withoutLevels({ type: 'MERCHANT', permissions: [{ resource: 'user', action: 'VIEW' }] })),
    ).toEqual([['menu.user.search', '/user/UserSearch']]);
    expect(
      userGroup(
        withoutLevels({ type: 'MERCHANT', permissions: [{ resource: 'memberLevel', action: 'VIEW' }] }),
      ),
    ).toEqual([['menu.members.levels', '/aotg']]);
  });

  it('offers API Keys to operators and owners only, whatever a colleague was granted (issue 27)', () => {
    const access = (subject: AccessSubject) =>
      menuFor({
        role: subject.type === 'OPERATOR' ? 'operator' : 'merchant',
        brand: 'cvi',
        sees: (path) => maySee(subject, path),
      })
        .filter((g) => g.id === 'access' || g.id === 'integrations')
        .flatMap((g) => g.links.filter((l) => PINNED(l.path)).map((l) => l.path));
    expect(access({ type: 'MERCHANT' })).toContain('/access/api-keys');
    expect(access({ type: 'OPERATOR' })).toContain('/access/api-keys');
    const colleague = access({
      type: 'MERCHANT',
      permissions: [
        { resource: 'user', action: 'ADD' },
        { resource: 'stampCard', action: 'UPDATE' },
      ],
    });
    expect(colleague).toContain('/access/merchant-access');
    expect(colleague).not.toContain('/access/api-keys');
  });

  it('a visitor sees Help only', () => {
    expect(menuFor({ role: 'visitor', brand: 'cvi' })).toEqual([
      { id: 'help', label: 'menu.help.title', icon: 'help', links: [], path: '/help' },
    ]);
    expect(ids(menuFor({ role: 'visitor', brand: 'jcr', pnsAllowed: true }))).toEqual(['help']);
  });

  it('never gives Finance to an operator nor Approve List or Transaction to a merchant', () => {
    for (const brand of ['cvi', 'jcr'] as const) {
      expect(ids(menuFor({ role: 'operator', brand }))).not.toContain('finance');
      const m = ids(menuFor({ role: 'merchant', brand, pnsAllowed: true, hasCompany: true, hasBrand: true }));
      expect(m).not.toContain('approve');
      // spec 6: no Transaction group (their fraud signals are reached from "Waiting for you")
      expect(m).not.toContain('transaction');
      expect(m).not.toContain('analytics');
    }
  });

  it('shows Members only to who may view members (the sees check of the menu)', () => {
    const groups = menuFor({
      role: 'merchant',
      brand: 'cvi',
      sees: (path) => !path.startsWith('/aotg'),
    });
    expect(
      groups
        .find((g) => g.id === 'user')
        ?.links.filter((l) => PINNED(l.path))
        .map((l) => l.path),
    ).toEqual(['/user/UserSearch']);
    expect(ids(groups)).not.toContain('members');
  });

  it('shows Segments last in Members to who may VIEW segments (issue 25), and not to the others', () => {
    const sees = (allowed: readonly string[]) => (path: string) => allowed.includes(path);
    const user = (allowed: readonly string[], role: 'operator' | 'merchant' = 'merchant') =>
      menuFor({ role, brand: 'cvi', hasCompany: true, hasBrand: true, sees: sees(allowed) })
        .filter((g) => g.id === 'user' || g.id === 'members')
        .flatMap((g) => g.links.map((l) => [l.label, l.path]));
    expect(user(['/user/UserSearch', '/aotg/segments'])).toEqual([
      ['menu.user.search', '/user/UserSearch'],
      ['menu.members.segments', '/aotg/segments'],
    ]);
    expect(user(['/user/UserSearch'])).toEqual([['menu.user.search', '/user/UserSearch']]);
    expect(user(['/aotg/segments'], 'operator')).toEqual([['menu.members.segments', '/aotg/segments']]);
  });

  it('offers every screen with a menu entry to each role that may open it, in its group and order', () => {
    for (const role of ['operator', 'merchant'] as const) {
      const input = { role, brand: 'cvi' as const, pnsAllowed: true, hasCompany: false, hasBrand: false };
      const shown = new Map(menuFor(input).map((g) => [g.id, g.links.map((l) => l.path)]));
      for (const r of ROUTES) {
        if (!r.menu) continue;
        const opens = (r.menu.roles ?? r.who).includes(role) && canSee(r, { ...input, pnsAllowed: true });
        expect([r.path, shown.get(r.menu.group)?.includes(r.path) ?? false]).toEqual([r.path, opens]);
      }
      for (const links of shown.values()) {
        const orders = links.map((p) => ROUTES.find((r) => r.path === p)?.menu?.order ?? -1);
        expect(orders).toEqual([...orders].sort((a, b) => a - b));
      }
    }
  });

  it('places a new screen by its entry alone: group, order, roles and condition', () => {
    const [template] = ROUTES;
    if (!template) throw new Error('no routes');
    const raffleTickets = {
      ...template,
      path: '/raffle-tickets',
      who: ['operator', 'merchant'] as const,
      reads: [],
      menu: { group: 'vouchers', order: 1.5, label: 'resources.raffleTickets.name' },
    } satisfies RouteDef;
    const merchantOnly = {
      ...raffleTickets,
      path: '/raffle-tickets/mine',
      menu: { ...raffleTickets.menu, order: 9, roles: ['merchant'] },
    } satisfies RouteDef;
    const routes = [...ROUTES, raffleTickets, merchantOnly];
    // the spec's links and these two (a table added later may sit in the group too)
    const ours = (path: string) => PINNED(path) || path.startsWith('/raffle-tickets');
    const vouchers = (role: 'operator' | 'merchant') =>
      menuFor({ role, brand: 'cvi' }, routes)
        .find((g) => g.id === 'vouchers')
        ?.links.filter((l) => ours(l.path))
        .map((l) => [l.path, l.label]);
    expect(vouchers('operator')).toEqual([
      ['/vouchers', 'menu.vouchers.list'],
      ['/raffle-tickets', 'resources.raffleTickets.name'],
      ['/vouchers/voucherHistory', 'menu.vouchers.history'],
    ]);
    expect(vouchers('merchant')?.map(([path]) => path)).toEqual([
      '/vouchers',
      '/raffle-tickets',
      '/vouchers/voucherHistory',
      '/raffle-tickets/mine',
    ]);
    // the permission check of the caller still applies
    expect(
      menuFor({ role: 'merchant', brand: 'cvi', sees: (p) => !p.startsWith('/raffle-tickets') }, routes)
        .find((g) => g.id === 'vouchers')
        ?.links.filter((l) => ours(l.path))
        .map((l) => l.path),
    ).toEqual(['/vouchers', '/vouchers/voucherHistory']);
  });
});
