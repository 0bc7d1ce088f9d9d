// The member levels' figures (issue 25, /aotg): `GET /member-levels/summary?companyId=`. Read by the
// server (answer schema), the portal's overview and the mocks.
import type { LevelMeasure } from './enums';

export const MEMBER_LEVELS_SUMMARY_PATH = '/member-levels/summary';

/** How many days back the summary's moves count. */
export const LEVEL_MOVES_DAYS = 30;

export interface MemberLevelFigure {
  id: number;
  name: string;
  rank: number;
  threshold: number;
  rewardVoucherPackId: number | null;
  /** members standing at this level now */
  members: number;
}

export interface LevelMovesOfDay {
  /** YYYY-MM-DD in the company's country */
  day: string;
  up: number;
  down: number;
}

export interface MemberLevelSummary {
  companyId: number;
  /** the company's rule, or the default one when it saved none (`ruleSaved` false) */
  measure: LevelMeasure;
  windowDays: number;
  ruleSaved: boolean;
  /** by rank, lowest first */
  levels: MemberLevelFigure[];
  /** members with activity at the company who meet no level's threshold */
  noLevel: number;
  /**
   * moves over the last LEVEL_MOVES_DAYS days of the company's country (from `since`, YYYY-MM-DD,
   * through today): up (to a higher rank, or a first level) and down (to a lower one, or none)
   */
  moves: { up: number; down: number; since: string };
  /** the same moves by day of the company's country, oldest first, days without moves left out */
  byDay: LevelMovesOfDay[];
}
