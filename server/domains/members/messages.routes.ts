// GET /member-messages (docs/api.md "The pocket card"): an operator reads what one member was sent
// through the member message outbox (their card's link, a poster sign-up's code). There is no SMS
// gateway yet: with the local SMS outbox these rows are the SMS, so this is how support, the demo and
// the browser tests see them. Operators only, one member at a time (the number is required), newest
// first; no list of every member's messages.
import { Type } from 'typebox';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import {
  MEMBER_MESSAGES_MAX,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_STATES,
  type MemberMessageView,
} from '../../../contract/pocket';
import { PHONE_PATTERN } from '../../../contract/validation';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import { authorize } from '../../resources/authorize';
import { callerOf } from '../access/caller';
import { type MemberMessageRow, messagesTo } from './messages';

const oneOf = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));
const TextOrNull = Type.Union([Type.String(), Type.Null()]);

/** contract/pocket.ts MemberMessageView */
const MemberMessageSchema = Type.Object(
  {
    id: Type.Integer(),
    companyId: Type.Integer(),
    memberMobile: Type.String(),
    kind: oneOf(MESSAGE_KINDS),
    channel: oneOf(MESSAGE_CHANNELS),
    body: Type.String(),
    url: TextOrNull,
    state: oneOf(MESSAGE_STATES),
    provider: TextOrNull,
    attempts: Type.Integer(),
    error: TextOrNull,
    createTime: Type.String({ format: 'date-time' }),
    sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'MemberMessage' },
);

const Query = Type.Object(
  {
    memberMobile: Type.String({
      pattern: PHONE_PATTERN,
      maxLength: 16,
      description: 'E.164, e.g. +6588991234',
    }),
    kind: Type.Optional(oneOf(MESSAGE_KINDS)),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: MEMBER_MESSAGES_MAX, default: 20 })),
  },
  { additionalProperties: false },
);

const view = (row: MemberMessageRow): MemberMessageView => ({
  id: row.id,
  companyId: row.companyId,
  memberMobile: row.memberMobile,
  kind: row.kind,
  channel: row.channel,
  body: row.body,
  url: row.url,
  state: row.state,
  provider: row.provider,
  attempts: row.attempts,
  error: row.error,
  createTime: row.createTime.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

export const memberMessageRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  app.get(
    `${BASE_PATHS.main}/member-messages`,
    {
      schema: {
        tags: ['pocket'],
        summary:
          "One member's messages (card and voucher links, sign-up codes), newest first: operators only",
        description: `What the member message outbox holds for \`memberMobile\` (of \`kind\` when given), at most \`size\` (1-${MEMBER_MESSAGES_MAX}, default 20). With the local SMS outbox the rows are the SMS themselves. Merchants and devices: 26237.`,
        querystring: Query,
        response: answers(Type.Array(MemberMessageSchema)),
      },
    },
    async (request) => {
      authorize(await callerOf(db, request), { resource: 'push', action: 'VIEW', roles: ['operator'] });
      const { memberMobile, kind, size } = request.query;
      return ok((await messagesTo(db, { memberMobile, kind, limit: size ?? 20 })).map(view));
    },
  );
};
