// A member level's reward (issue 25, docs/decisions.md "Member levels"): the 'member-level-reward' job
// issues one voucher of the level's pack to a member who reached it, charged like any issue. Apart from
// levels.ts so that the levels (which a voucher's redemption moves) do not import the voucher operations.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { memberLevelRewards, memberLevels } from '../../platform/db/schema';
import { AppError, refusalText } from '../../platform/errors';
import type { JobHandler } from '../../platform/jobs';
import { type Caller, companyActor } from '../../resources/principal';
import { issueVouchers } from './vouchers';

/** Who issues a level's reward: the company itself (its wallet pays), not a person. */
const rewardCaller = (companyId: number): Caller => companyActor(companyId, 'member-levels@system');

/**
 * One level's reward for one member: a voucher of the level's pack, issued and charged like any issue
 * (issueVouchers), recorded ISSUED with it; a refusal (the wallet short, the pack sold out or ended)
 * recorded FAILED with why. Already ISSUED: nothing. The reward row is taken first, so racing runs
 * of the same reward queue on it and the second finds it ISSUED.
 */
export const issueLevelReward = async (
  db: Db,
  { companyId, levelId, memberMobile }: { companyId: number; levelId: number; memberMobile: string },
  now: Date,
): Promise<{ state: 'ISSUED' | 'FAILED' | 'SKIPPED'; voucherId?: number; reason?: string }> =>
  db.transaction(async (tx) => {
    const [level] = await tx
      .select({ packId: memberLevels.rewardVoucherPackId })
      .from(memberLevels)
      .where(and(eq(memberLevels.id, levelId), eq(memberLevels.companyId, companyId)));
    if (!level || level.packId === null) return { state: 'SKIPPED', reason: 'the level has no reward' };
    await tx
      .insert(memberLevelRewards)
      .values({ companyId, levelId, memberMobile, state: 'FAILED', reason: 'being issued', at: now })
      .onConflictDoNothing();
    const [reward] = await tx
      .select()
      .from(memberLevelRewards)
      .where(
        and(
          eq(memberLevelRewards.companyId, companyId),
          eq(memberLevelRewards.levelId, levelId),
          eq(memberLevelRewards.memberMobile, memberMobile),
        ),
      )
      .for('update');
    if (!reward) throw new Error('member level reward row vanished');
    if (reward.state === 'ISSUED')
      return { state: 'SKIPPED', reason: 'already issued', voucherId: reward.voucherId ?? undefined };
    const packId = level.packId as number;
    try {
      const voucherId = await tx.transaction(async (sp) => {
        const { vouchers } = await issueVouchers(
          sp,
          rewardCaller(companyId),
          packId,
          { memberMobile, quantity: 1 },
          now,
        );
        const v = vouchers[0];
        if (!v) throw new Error('no reward voucher issued');
        return v.id;
      });
      await tx
        .update(memberLevelRewards)
        .set({ state: 'ISSUED', voucherId, reason: null, at: now })
        .where(eq(memberLevelRewards.id, reward.id));
      return { state: 'ISSUED', voucherId };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const why = refusalText(err).slice(0, 500);
      await tx
        .update(memberLevelRewards)
        .set({ state: 'FAILED', voucherId: null, reason: why, at: now })
        .where(eq(memberLevelRewards.id, reward.id));
      return { state: 'FAILED', reason: why };
    }
  });

export const levelRewardJob: JobHandler = async (payload, { db, now }) => {
  const companyId = Number(payload.companyId);
  const levelId = Number(payload.levelId);
  const memberMobile = String(payload.memberMobile ?? '');
  if (!Number.isSafeInteger(companyId) || !Number.isSafeInteger(levelId) || memberMobile === '')
    throw new Error('member-level-reward: payload incomplete');
  return issueLevelReward(db, { companyId, levelId, memberMobile }, now);
};
