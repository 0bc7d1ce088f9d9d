// Step: the people. Demo users (the operator, each company's owner, a brand's manager) and the
// colleague an owner invited into a group with a few permissions (what a limited menu looks like).
import { and, eq, isNull } from 'drizzle-orm';
import type { SignupState, UserType } from '../../contract/enums';
import { store } from '../../server/platform/db/schema';
import { userGroupMembers, userGroupPermissions, userGroups } from '../../server/platform/db/schema/rbac';
import { users } from '../../server/platform/db/schema/users';
import { count, type SeedBase } from './context';
import type { CompanySeed } from './data';

/** A demo user on the demo password; an address taken already (e.g. a real account) is reused, untouched. */
export const addUser = async (
  seed: SeedBase,
  u: { email: string; name: string; mobile: string },
  type: UserType,
  org: {
    companyId: number | null;
    brandId?: number | null;
    signupState: SignupState;
    company: string | null;
  },
): Promise<number> => {
  const [row] = await seed.tx
    .insert(users)
    .values({
      email: u.email,
      name: u.name,
      mobile: u.mobile,
      passwordHash: seed.passwordHash,
      type,
      state: 'ENABLE',
      signupState: org.signupState,
      companyId: org.companyId,
      brandId: org.brandId ?? null,
      country: 'sg',
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  count(seed, 'users', row ? 1 : 0);
  if (row) seed.users.push({ email: u.email, type, company: org.company });
  if (row) return row.id;
  const [existing] = await seed.tx.select({ id: users.id }).from(users).where(eq(users.email, u.email));
  if (!existing) throw new Error(`cannot add or find user ${u.email}`);
  return existing.id;
};

/** A company's owner, and the colleague they invited with their group; answers the owner's id. */
export const seedCompanyPeople = async (
  seed: SeedBase,
  c: CompanySeed,
  companyId: number,
): Promise<number> => {
  const ownerId = await addUser(seed, c.owner, 'MERCHANT', {
    companyId,
    signupState: c.owner.signupState,
    company: c.name,
  });
  if (c.colleague) {
    const { group, ...person } = c.colleague;
    const colleagueId = await addUser(seed, person, 'MERCHANT', {
      companyId,
      signupState: 'APPROVAL',
      company: c.name,
    });
    await seed.tx
      .update(users)
      .set({ invitedBy: ownerId, invitationType: 'MERCHANT_INVITE_MERCHANT' })
      .where(eq(users.id, colleagueId));
    const [g] = await seed.tx
      .insert(userGroups)
      .values({ name: group.name, description: group.description, type: 'MERCHANT', companyId })
      .returning({ id: userGroups.id });
    if (!g) throw new Error('cannot add the demo group');
    count(seed, 'user_groups');
    await seed.tx
      .insert(userGroupPermissions)
      .values(group.permissions.map((p) => ({ groupId: g.id, ...p })));
    await seed.tx.insert(userGroupMembers).values({ userId: colleagueId, groupId: g.id });
  }
  return ownerId;
};

/**
 * The colleague works at one store (invited into it, as a merchant's invite with storeId does): set
 * once the company's stores exist, on a colleague this run added (a reused account stays untouched).
 */
export const placeColleague = async (seed: SeedBase, c: CompanySeed, companyId: number): Promise<void> => {
  const code = c.colleague?.store;
  if (!c.colleague || code === undefined) return;
  const [where] = await seed.tx
    .select({ id: store.id, brandId: store.brandId })
    .from(store)
    .where(and(eq(store.companyId, companyId), eq(store.code, code)));
  if (!where) throw new Error(`the demo colleague's store ${code} is missing`);
  await seed.tx
    .update(users)
    .set({ storeId: where.id, brandId: where.brandId })
    .where(and(eq(users.email, c.colleague.email), eq(users.companyId, companyId), isNull(users.storeId)));
};
