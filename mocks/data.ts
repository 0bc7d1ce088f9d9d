// The in-memory data set behind the MSW handlers. Each call of createMockDb() gives a fresh copy, so
// tests can change it freely; the seed accounts are exported for tests and the server-less demo.

import {
  ACCESS_TOKEN_TTL_S,
  type InvitationType,
  type MainConfig,
  type SignupState,
  type UserState,
  type UserType,
} from '../contract';
import { FINANCE_RESOURCES, type Permission } from '../contract/access';
import type { LoggedInUser } from '../contract/auth';

export const MOCK_PASSWORD = 'Password123!';

export interface MockUser extends LoggedInUser {
  password: string | null;
  invitedBy: number | null;
  storeId: number | null;
  /** explicit permissions; null means "the company owner" (every merchant resource) */
  permissions: Permission[] | null;
  mustResetPassword: boolean;
  invitationType: InvitationType;
  createTime: string;
  updateTime: string;
}

export interface MockMainConfig extends MainConfig {
  createTime: string;
  updateTime: string;
}

export interface MockSession {
  userId: number;
  deviceId: string;
  revoked: boolean;
}

export interface MockRefreshToken {
  tid: string;
  used: boolean;
}

export interface MockEmailToken {
  userId: number;
  kind: 'activeEmail' | 'forgetPwd';
}

/** A row of a declared resource (resources/): `id`, times, scope columns and the declared fields. */
export type MockRow = Record<string, unknown> & { id: number };

export interface MockDb {
  users: MockUser[];
  /** rows of the declared resources served by createResourceHandlers, by resource name */
  resourceRows: Record<string, MockRow[]>;
  groups: { id: number; name: string }[];
  mainConfigs: MockMainConfig[];
  sessions: Map<string, MockSession>;
  refreshTokens: Map<string, MockRefreshToken>;
  emailTokens: Map<string, MockEmailToken>;
  accessTokenTtlS: number;
  /** epoch ms; replaceable so tests can move time */
  now: () => number;
  nextId: () => number;
}

export const MOCK_ACCOUNTS = {
  operator: { email: 'operator@example.com', password: MOCK_PASSWORD },
  merchant: { email: 'merchant@example.com', password: MOCK_PASSWORD },
  newMerchant: { email: 'new.merchant@example.com', password: MOCK_PASSWORD },
  restricted: { email: 'restricted@example.com', password: MOCK_PASSWORD },
  /** login answers 26202 with a reset-password token */
  mustReset: { email: 'reset.required@example.com', password: MOCK_PASSWORD },
  /** login answers 26201 */
  locked: { email: 'locked@example.com', password: MOCK_PASSWORD },
} as const;

/** A merchant staff member without push notifications (pns/is-allow answers false). */
const restrictedPermissions = (): Permission[] =>
  ['vouchers', 'stampCard', 'device', 'user', ...FINANCE_RESOURCES].map((resource) => ({
    resource,
    action: 'VIEW' as const,
  }));

const T0 = '2026-01-05T08:00:00.000Z';

const user = (
  id: number,
  email: string,
  name: string,
  type: UserType,
  extra: Partial<MockUser> & { signupState?: SignupState; state?: UserState } = {},
): MockUser => ({
  id,
  email,
  name,
  type,
  mobile: null,
  companyId: null,
  brandId: null,
  storeId: null,
  signupState: type === 'OPERATOR' ? 'APPROVAL' : 'SUBMITTED',
  state: 'ENABLE',
  country: 'sg',
  groups: [],
  password: MOCK_PASSWORD,
  permissions: null,
  mustResetPassword: false,
  invitationType: 'BLANK',
  invitedBy: null,
  createTime: T0,
  updateTime: T0,
  ...extra,
});

export const createMockDb = (overrides: Partial<Pick<MockDb, 'now' | 'accessTokenTtlS'>> = {}): MockDb => {
  const users: MockUser[] = [
    user(1, MOCK_ACCOUNTS.operator.email, 'Olivia Operator', 'OPERATOR', { mobile: '+6591000001' }),
    user(2, MOCK_ACCOUNTS.merchant.email, 'Mark Merchant', 'MERCHANT', {
      signupState: 'APPROVAL',
      companyId: 1,
      brandId: 1,
      mobile: '+6591000002',
      createTime: '2026-01-06T08:00:00.000Z',
    }),
    user(3, MOCK_ACCOUNTS.newMerchant.email, 'Nina New', 'MERCHANT', {
      createTime: '2026-01-07T08:00:00.000Z',
    }),
    user(4, MOCK_ACCOUNTS.restricted.email, 'Rita Restricted', 'MERCHANT', {
      signupState: 'APPROVAL',
      companyId: 1,
      brandId: 1,
      groups: ['Cashiers'],
      permissions: restrictedPermissions(),
      createTime: '2026-01-08T08:00:00.000Z',
    }),
    user(5, MOCK_ACCOUNTS.mustReset.email, 'Reese Reset', 'MERCHANT', {
      signupState: 'APPROVAL',
      companyId: 1,
      mustResetPassword: true,
      createTime: '2026-01-09T08:00:00.000Z',
    }),
    user(6, MOCK_ACCOUNTS.locked.email, 'Lee Locked', 'MERCHANT', {
      state: 'LOCK',
      createTime: '2026-01-10T08:00:00.000Z',
    }),
  ];
  const config = (id: number, country: string, currency: string, price: number): MockMainConfig => ({
    id,
    country,
    currency,
    banner: [
      {
        imageUrl: `https://example.com/banner-${country}.png`,
        linkUrl: 'https://example.com',
        title: 'Welcome',
      },
    ],
    stampCardDefaultImages: [`https://example.com/stamp-${country}-1.png`],
    stampCardDefaultPrice: price,
    createTime: T0,
    updateTime: T0,
  });
  let id = 1000;
  return {
    users,
    resourceRows: {},
    groups: [
      { id: 1, name: 'Cashiers' },
      { id: 2, name: 'Managers' },
    ],
    mainConfigs: [config(1, 'sg', 'SGD', 5), config(2, 'my', 'MYR', 10), config(3, 'hk', 'HKD', 20)],
    sessions: new Map(),
    refreshTokens: new Map(),
    emailTokens: new Map(),
    accessTokenTtlS: overrides.accessTokenTtlS ?? ACCESS_TOKEN_TTL_S,
    now: overrides.now ?? Date.now,
    nextId: () => {
      id += 1;
      return id;
    },
  };
};

/** The public user as the server answers it: every column but the password, plus group names and ids. */
export interface MockPublicUser extends LoggedInUser {
  storeId: number | null;
  mustResetPassword: boolean;
  invitationType: InvitationType;
  invitedBy: number | null;
  createTime: string;
  updateTime: string;
  groupIds: number[];
}

export const publicUser = (db: Pick<MockDb, 'groups'>, u: MockUser): MockPublicUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  mobile: u.mobile,
  type: u.type,
  state: u.state,
  signupState: u.signupState,
  companyId: u.companyId,
  brandId: u.brandId,
  storeId: u.storeId,
  country: u.country,
  mustResetPassword: u.mustResetPassword,
  invitationType: u.invitationType,
  invitedBy: u.invitedBy,
  createTime: u.createTime,
  updateTime: u.updateTime,
  groups: [...u.groups],
  groupIds: u.groups.map((name) => db.groups.find((g) => g.name === name)?.id ?? 0),
});

/** get-token's user: exactly the spec's logged-in user fields. */
export const loggedInUser = (u: MockUser): LoggedInUser => ({
  email: u.email,
  groups: [...u.groups],
  id: u.id,
  name: u.name,
  type: u.type,
  mobile: u.mobile,
  companyId: u.companyId,
  brandId: u.brandId,
  signupState: u.signupState,
  state: u.state,
  country: u.country,
});

/** A row of the user list: the public user, with its group names and ids (as GET /user/{id}). */
export const listedUser = (db: Pick<MockDb, 'groups'>, u: MockUser): MockPublicUser => publicUser(db, u);
