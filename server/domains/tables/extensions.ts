// The declared tables whose domain adds to the generic service (server/resources/extensions.ts), by
// declaration name: a check the declaration's rules cannot say, or what a write sets off in its
// transaction. The tables' routes and the demo seed hand each table's to createResourceService.
import type { TableExtension } from '../../resources/extensions';
import { CAMPAIGN_CHECK } from '../campaigns/campaign-check';
import { afterLevelsWritten, afterRuleWritten, beforeLevelsDeleted } from '../members/levels';
import { SEGMENT_CHECK } from '../members/segments';
import { beforeProgrammesDeleted } from '../stamping/programme-removal';
import { afterCompanyWritten } from '../webhooks/webhooks';

export const TABLE_EXTENSIONS: Readonly<Record<string, TableExtension>> = {
  // a segment's filter must parse as the members list's (its reach and a push to it parse it)
  segments: { check: SEGMENT_CHECK },
  // a campaign's days, hours and stores (its company's own), and a kind this product runs
  campaigns: { check: CAMPAIGN_CHECK },
  // thresholds rise with rank, a reached level is kept, the company's levels recomputed after commit
  memberLevels: { hooks: { afterWrite: afterLevelsWritten, beforeDelete: beforeLevelsDeleted } },
  memberLevelRules: { hooks: { afterWrite: afterRuleWritten } },
  // a company enabled again sends the webhook deliveries held while it was closed (issue 40 item 3)
  company: { hooks: { afterWrite: afterCompanyWritten } },
  // an external stamp system, when connected, may still use a programme or hold its stamps (4001, 4002)
  stampCard: { hooks: { beforeDelete: beforeProgrammesDeleted } },
};
