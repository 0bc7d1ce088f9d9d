// The world a portal test meets on the real server (tests/portal/server.ts): the main configs of three
// countries, the seed merchant's company (Acme Coffee Pte Ltd: the brands Acme Coffee and Acme Tea
// House, three stores) and a pending one (Borealis Bakes Ltd), and the six seed accounts of
// SEED_ACCOUNTS with the same e-mails and password, so a test signs in the same way on either backend.
// Written straight into the tables, as an operator's approvals would have left them; what a test then
// does to it goes through the real routes.

import { eq } from 'drizzle-orm';
import { FINANCE_RESOURCES, type Permission } from '../../contract/access';
import type { Db } from '../../server/platform/db/client';
import {
  brand,
  company,
  countryConfig,
  emailActionTokens,
  mainConfigs,
  members,
  store,
  userGroupMembers,
  userGroupPermissions,
  userGroups,
  userPermissions,
  users,
} from '../../server/platform/db/schema';
import { verifyPassword } from '../../server/platform/passwords';
import { emptyDatabase, testPasswordHash } from '../api/helpers';

/** The seed accounts' password. */
export const SEED_PASSWORD = 'Password123!';

/** The world's accounts, by who they are (WORLD.users holds their ids). */
export const SEED_ACCOUNTS = {
  operator: { email: 'operator@example.com', password: SEED_PASSWORD },
  merchant: { email: 'merchant@example.com', password: SEED_PASSWORD },
  /** signed up, signup SUBMITTED, no company yet */
  newMerchant: { email: 'new.merchant@example.com', password: SEED_PASSWORD },
  /** a colleague with a few permissions of their own */
  restricted: { email: 'restricted@example.com', password: SEED_PASSWORD },
  /** sign-in answers 26202 with a reset-password token */
  mustReset: { email: 'reset.required@example.com', password: SEED_PASSWORD },
  /** sign-in answers 26201 */
  locked: { email: 'locked@example.com', password: SEED_PASSWORD },
} as const;

export type Account = keyof typeof SEED_ACCOUNTS;

const banner = (country: string) => [
  { imageUrl: `https://example.com/banner-${country}.png`, linkUrl: 'https://example.com', title: 'Welcome' },
];

/** The ids the world's rows get (fresh sequences, inserted in this order). */
export const WORLD = {
  acme: { companyId: 1, brandId: 1, teaBrandId: 2, storeId: 1, closedStoreId: 2, teaStoreId: 3 },
  borealis: { companyId: 2, brandId: 3, storeId: 4 },
  groups: { cashiers: 1, managers: 2, support: 3 },
  users: { operator: 1, merchant: 2, newMerchant: 3, restricted: 4, mustReset: 5, locked: 6 },
} as const;

/** What the restricted colleague is granted: view vouchers, stamp cards, devices, users and the finance pages. */
const COLLEAGUE_PERMISSIONS = ['vouchers', 'stampCard', 'device', 'user', ...FINANCE_RESOURCES];

/**
 * Empties every table of the app's schema (sequences restarted, so the world's ids come back the same)
 * and seeds the world again: each test starts where the last one's writes never happened. The table
 * names come from the catalog, never from a test.
 */
export const resetWorld = async (db: Db): Promise<void> => {
  await emptyDatabase(db);
  await seedWorld(db);
};

export const seedWorld = async (db: Db): Promise<void> => {
  // one cheap hash for every seed account, made once per worker (testPasswordHash keeps it)
  const hash = await testPasswordHash(SEED_PASSWORD);
  await db.insert(mainConfigs).values([
    {
      country: 'sg',
      currency: 'SGD',
      stampCardDefaultPrice: 5,
      banner: banner('sg'),
      stampCardDefaultImages: ['https://example.com/stamp-sg-1.png'],
    },
    {
      country: 'my',
      currency: 'MYR',
      stampCardDefaultPrice: 10,
      banner: banner('my'),
      stampCardDefaultImages: ['https://example.com/stamp-my-1.png'],
    },
    {
      country: 'hk',
      currency: 'HKD',
      stampCardDefaultPrice: 20,
      banner: banner('hk'),
      stampCardDefaultImages: ['https://example.com/stamp-hk-1.png'],
    },
  ]);
  await db.insert(countryConfig).values([
    { country: 'sg', name: 'Singapore', currency: 'SGD', timezone: 'Asia/Singapore', freeTopUp: true },
    { country: 'my', name: 'Malaysia', currency: 'MYR', timezone: 'Asia/Kuala_Lumpur', freeTopUp: false },
    { country: 'hk', name: 'Hong Kong', currency: 'HKD', timezone: 'Asia/Hong_Kong', freeTopUp: false },
  ]);
  await db.insert(company).values([
    {
      name: 'Acme Coffee Pte Ltd',
      registrationNo: '201912345A',
      contactEmail: 'hello@acme.example.com',
      address: '1 Raffles Place, Singapore',
      country: 'sg',
      state: 'ACTIVE',
    },
    {
      name: 'Borealis Bakes Ltd',
      registrationNo: '202012345B',
      contactEmail: 'team@borealis.example.com',
      country: 'sg',
      state: 'SUBMITTED',
    },
  ]);
  await db.insert(brand).values([
    { companyId: 1, name: 'Acme Coffee', state: 'ACTIVE' },
    { companyId: 1, name: 'Acme Tea House', state: 'SUBMITTED' },
    { companyId: 2, name: 'Borealis', state: 'SUBMITTED' },
  ]);
  await db.insert(store).values([
    {
      companyId: 1,
      brandId: 1,
      name: 'Acme Coffee Raffles',
      address: '1 Raffles Place #01-01',
      state: 'ACTIVE',
    },
    {
      companyId: 1,
      brandId: 1,
      name: 'Acme Coffee Orchard',
      address: '313 Orchard Road #B1-10',
      state: 'DISABLED',
    },
    {
      companyId: 1,
      brandId: 2,
      name: 'Acme Tea Tiong Bahru',
      address: '55 Tiong Bahru Road',
      state: 'SUBMITTED',
    },
    { companyId: 2, brandId: 3, name: 'Borealis Bugis', address: '200 Victoria Street', state: 'SUBMITTED' },
  ]);
  const account = (email: string, name: string, extra: Partial<typeof users.$inferInsert> = {}) => ({
    email,
    name,
    passwordHash: hash,
    type: 'MERCHANT' as const,
    signupState: 'SUBMITTED' as const,
    country: 'sg',
    ...extra,
  });
  await db.insert(users).values([
    account(SEED_ACCOUNTS.operator.email, 'Olivia Operator', {
      type: 'OPERATOR',
      signupState: 'APPROVAL',
      mobile: '+6591000001',
    }),
    account(SEED_ACCOUNTS.merchant.email, 'Mark Merchant', {
      signupState: 'APPROVAL',
      companyId: 1,
      brandId: 1,
      mobile: '+6591000002',
    }),
    account(SEED_ACCOUNTS.newMerchant.email, 'Nina New'),
    account(SEED_ACCOUNTS.restricted.email, 'Rita Restricted', {
      signupState: 'APPROVAL',
      companyId: 1,
      brandId: 1,
      invitationType: 'MERCHANT_INVITE_MERCHANT',
      invitedBy: 2,
    }),
    account(SEED_ACCOUNTS.mustReset.email, 'Reese Reset', {
      signupState: 'APPROVAL',
      companyId: 1,
      mustResetPassword: true,
    }),
    account(SEED_ACCOUNTS.locked.email, 'Lee Locked', { state: 'LOCK' }),
  ]);
  const can = (resource: string, ...actions: Permission['action'][]) =>
    actions.map((action) => ({ resource, action }));
  const groups = [
    {
      name: 'Cashiers',
      type: 'MERCHANT' as const,
      companyId: 1,
      description: 'Front-desk staff: stamp cards and vouchers',
      permissions: [
        ...can('vouchers', 'VIEW'),
        ...can('stampCard', 'VIEW'),
        ...can('stampsTransaction', 'VIEW', 'ADD'),
      ],
    },
    {
      name: 'Managers',
      type: 'MERCHANT' as const,
      companyId: 1,
      description: 'Store managers',
      permissions: [
        ...can('vouchers', 'VIEW', 'UPDATE', 'ADD'),
        ...can('user', 'VIEW', 'UPDATE', 'ADD'),
        ...can('userGroup', 'VIEW'),
      ],
    },
    {
      name: 'Support',
      type: 'OPERATOR' as const,
      companyId: null,
      description: 'Operator support desk',
      permissions: [...can('user', 'VIEW'), ...can('device', 'VIEW', 'UPDATE')],
    },
  ];
  await db.insert(userGroups).values(groups.map(({ permissions: _, ...group }) => group));
  await db
    .insert(userGroupPermissions)
    .values(groups.flatMap((g, i) => g.permissions.map((p) => ({ groupId: i + 1, ...p }))));
  // the colleague: in Cashiers, and granted these themselves
  await db
    .insert(userGroupMembers)
    .values({ userId: WORLD.users.restricted, groupId: WORLD.groups.cashiers });
  await db.insert(userPermissions).values(
    COLLEAGUE_PERMISSIONS.map((resource) => ({
      userId: WORLD.users.restricted,
      resource,
      action: 'VIEW' as const,
    })),
  );
};

/** The restricted colleague's permissions become exactly `permissions` (granted to them, in no group). */
export const restrictColleague = async (db: Db, permissions: readonly Permission[]): Promise<void> => {
  const userId = WORLD.users.restricted;
  await db.delete(userGroupMembers).where(eq(userGroupMembers.userId, userId));
  await db.delete(userPermissions).where(eq(userPermissions.userId, userId));
  if (permissions.length > 0)
    await db.insert(userPermissions).values(permissions.map((p) => ({ userId, ...p })));
};

/** A user's row as stored now, by id or e-mail. */
export const userRow = async (db: Db, who: number | string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(typeof who === 'number' ? eq(users.id, who) : eq(users.email, who.toLowerCase()));
  return row;
};

/** The names of a user's groups, in name order. */
export const groupNamesOf = async (db: Db, userId: number): Promise<string[]> =>
  (
    await db
      .select({ name: userGroups.name })
      .from(userGroupMembers)
      .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
      .where(eq(userGroupMembers.userId, userId))
      .orderBy(userGroups.name)
  ).map((g) => g.name);

/** Every group as stored now. */
export const groupRows = (db: Db) => db.select().from(userGroups).orderBy(userGroups.id);

/** Whether `password` is the user's password now (checked against the stored hash). */
export const passwordIs = async (db: Db, userId: number, password: string): Promise<boolean> => {
  const row = await userRow(db, userId);
  return Boolean(row?.passwordHash && (await verifyPassword(row.passwordHash, password)));
};

/** The e-mail link tokens of a user as stored (hashes), newest last. */
export const emailTokensOf = (db: Db, userId: number) =>
  db
    .select()
    .from(emailActionTokens)
    .where(eq(emailActionTokens.userId, userId))
    .orderBy(emailActionTokens.id);

/** The demos' loyalty members, by mobile (Mei has no name on record). */
export const MEMBERS = {
  tan: '+6591234567',
  siti: '+6598765432',
  arjun: '+6581112222',
  mei: '+6590001111',
} as const;

/**
 * Tan, Siti and Arjun known by name: a member row is made by the first operation that names a mobile,
 * and no route names one.
 */
export const nameMembers = (db: Db) =>
  db.insert(members).values([
    { mobile: MEMBERS.tan, name: 'Tan Wei Ming' },
    { mobile: MEMBERS.siti, name: 'Siti Rahman' },
    { mobile: MEMBERS.arjun, name: 'Arjun Nair' },
  ]);
