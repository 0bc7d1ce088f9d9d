// The stamp card demo data (mocks/stamping.ts seedStampingDemo) as the stamp card tests use it: the
// programme, its reward pack and the member cards by member.
import type { MockDb, MockRow } from '../../../mocks/data';
import { STAMP_DEMO_MEMBERS, seedStampingDemo } from '../../../mocks/stamping';
import { rows } from '../operations';

export { confirmWith, expectFreshKeys, rows, T, tile } from '../operations';
export { STAMP_DEMO_MEMBERS };

export const seedStamping = (db: MockDb) => {
  const { programme, reward } = seedStampingDemo(db);
  const card = (mobile: string): MockRow => {
    const found = rows(db, 'memberCards').find(
      (c) => c.stampCardId === programme.id && c.memberMobile === mobile,
    );
    if (!found) throw new Error(`no demo card of ${mobile}`);
    return found;
  };
  return {
    programme,
    reward,
    tan: card(STAMP_DEMO_MEMBERS.tan),
    siti: card(STAMP_DEMO_MEMBERS.siti),
    arjun: card(STAMP_DEMO_MEMBERS.arjun),
  };
};

export const transactionsOf = (db: MockDb, cardId: number) =>
  rows(db, 'stampsTransaction').filter((t) => t.memberCardId === cardId);
