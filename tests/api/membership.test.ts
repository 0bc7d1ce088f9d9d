// One definition of a member (issue 40 item 4): a member of a company is one who stands at it (its
// member_standing row), read alike by the members list, the profile, the member's vouchers, every push
// audience, the dashboard's count and imports. A member added by an import, holding nothing yet, is
// listed, opens, and is reached by a push to all members; one who gave their only voucher away stays.
import { beforeAll, describe, expect, it } from 'vitest';
import { addStanding } from '../../server/domains/members/standing';
import { members } from '../../server/platform/db/schema';
import {
  addAcmeAndOther,
  addCountingPack,
  addMemberCard,
  addProgramme,
  apiSuite,
  MAIN,
  mobileSequence,
  type Org,
} from './fixtures';
import { dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
const nextMobile = mobileSequence('95');
let acme: Org;
const imported = nextMobile();
const carded = nextMobile();
const giver = nextMobile();

/** The four counts a merchant sees of "their members", which must agree. */
const countsOf = async (who: string, query = '') => {
  const list = await call(who, 'GET', `${MAIN}/members?size=1${query}`);
  const listed = (list.json() as { page?: { totalElements?: number } }).page?.totalElements;
  const push = dataOf(await call(who, 'GET', `${MAIN}/push/audience?audience=ALL_MEMBERS`)) as {
    count: number;
  };
  const dashboard = dataOf(await call(who, 'GET', `${MAIN}/dashboard`)) as {
    figures: { members: number | null };
  };
  return { listed, pushReaches: push.count, dashboard: dashboard.figures.members };
};

beforeAll(async () => {
  ({ acme } = await addAcmeAndOther(t, tokens));
  // as a members import adds them (server/domains/integrations/import-writes.ts): a member row and
  // standing at the company, nothing held
  await t.db.insert(members).values({ mobile: imported, name: 'Imported Ivy' });
  await addStanding(t.db, acme.companyId, [imported], new Date());
  const programmeId = await addProgramme(call, 'owner', acme.brandId, 'Members card');
  await addMemberCard(call, 'owner', programmeId, carded, acme.storeId);
  const packId = await addCountingPack(call, 'owner', acme);
  await call('owner', 'PUT', `${MAIN}/voucher-packs/${packId}`, { giftable: true });
  const issued = dataOf(
    await call('owner', 'POST', `${MAIN}/voucher-packs/${packId}/vouchers`, {
      memberMobile: giver,
      quantity: 1,
    }),
  ) as { vouchers: { id: number }[] };
  // the giver's only voucher goes to the card holder: the giver holds nothing of the company now
  dataOf(
    await call('owner', 'POST', `${MAIN}/vouchers/${issued.vouchers[0]?.id}/donate`, { toMobile: carded }),
  );
});

describe('a member of a company, one definition', () => {
  it('the list, a push to all members and the dashboard count the same three members', async () => {
    expect(await countsOf('owner')).toEqual({ listed: 3, pushReaches: 3, dashboard: 3 });
    // another company has none of them
    expect(await countsOf('stranger')).toEqual({ listed: 0, pushReaches: 0, dashboard: 0 });
  });

  it('opens the profile and the vouchers of a member who holds nothing yet', async () => {
    const profile = dataOf(await call('owner', 'GET', `${MAIN}/members/${encodeURIComponent(imported)}`)) as {
      member: { name: string };
      cards: unknown[];
    };
    expect(profile.member.name).toBe('Imported Ivy');
    expect(profile.cards).toEqual([]);
    const wallet = dataOf(
      await call('owner', 'GET', `${MAIN}/members/${encodeURIComponent(giver)}/vouchers`),
    ) as {
      vouchers: { AVAILABLE: unknown[] };
    };
    expect(wallet.vouchers.AVAILABLE).toEqual([]);
    // not a member of the other company: 5, as a missing one
    const stranger = await call('stranger', 'GET', `${MAIN}/members/${encodeURIComponent(imported)}`);
    expect(stranger.json().code).toBe(5);
  });

  it('a push to one member, a brand or a store reaches members of the company only', async () => {
    const reach = async (query: string) =>
      (dataOf(await call('owner', 'GET', `${MAIN}/push/audience?${query}`)) as { count: number }).count;
    expect(await reach(`audience=MEMBER&audienceMobile=${encodeURIComponent(imported)}`)).toBe(1);
    expect(await reach(`audience=MEMBER&audienceMobile=${encodeURIComponent(nextMobile())}`)).toBe(0);
    // the brand: the card holder and the giver (who held its voucher); the import holds nothing of it
    expect(await reach(`audience=BRAND&audienceBrandId=${acme.brandId}`)).toBe(2);
    // the store: where the card was issued
    expect(await reach(`audience=STORE&audienceStoreId=${acme.storeId}`)).toBe(1);
  });
});
