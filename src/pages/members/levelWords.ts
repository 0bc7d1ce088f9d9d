// The member levels' rule in plain words, shared by /aotg and /aotg/config.
import type { LevelMeasure } from '../../../contract/enums';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "Members are ranked by stamps collected in the last 90 days" */
export const ruleSentence = (translate: Translate, measure: LevelMeasure, windowDays: number): string =>
  translate(`member_levels.rule_sentence.${measure}`, { smart_count: windowDays });

/** "from 3 stamps" */
export const thresholdWords = (translate: Translate, measure: LevelMeasure, threshold: number): string =>
  translate(`member_levels.threshold.${measure}`, { smart_count: threshold });
