// What a generic write to a few declared tables sets off besides itself, inside the write's one
// transaction: the member levels' rules (thresholds rising with rank, a reached level kept) and their
// recompute once the write commits (server/services/member-levels.ts). Keyed by declaration name,
// like visibility.ts; a table without an entry is written plainly.

import type { DbOrTx } from '../services/audit';
import { afterLevelsWritten, afterRuleWritten, beforeLevelsDeleted } from '../services/member-levels';
import type { Row } from './rules';

export interface WriteHooks {
  /** after rows were created, updated or deleted, in the write's transaction: may refuse (rolls it back) */
  afterWrite?: (tx: DbOrTx, written: readonly { before?: Row; after?: Row }[]) => Promise<void>;
  /** before rows are deleted, in the write's transaction: may refuse */
  beforeDelete?: (tx: DbOrTx, ids: readonly number[]) => Promise<void>;
}

export const WRITE_HOOKS: Readonly<Record<string, WriteHooks>> = {
  memberLevels: { afterWrite: afterLevelsWritten, beforeDelete: beforeLevelsDeleted },
  memberLevelRules: { afterWrite: afterRuleWritten },
};
