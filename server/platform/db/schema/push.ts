import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { PUSH_TOKEN_PLATFORMS } from '../../../../contract/enums';
import { createTimeColumn, timestampTz } from './columns';

/**
 * A member's app token (docs/operations.md "Push notifications"): the member app registers it with
 * `POST /members/push-tokens`; pushes go to every token of a member. A token the provider calls
 * unregistered is deleted when a push meets it. One row per token: the same token registered again
 * (a phone that changed hands) moves to the new mobile.
 */
export const memberPushTokens = pgTable(
  'member_push_tokens',
  {
    id: serial('id').primaryKey(),
    memberMobile: text('member_mobile').notNull(),
    token: text('token').notNull().unique('member_push_tokens_token_unique'),
    platform: text('platform', { enum: PUSH_TOKEN_PLATFORMS }).notNull(),
    createTime: createTimeColumn(),
    updateTime: timestampTz('update_time').notNull().defaultNow(),
  },
  (t) => [index('member_push_tokens_mobile_idx').on(t.memberMobile)],
);
