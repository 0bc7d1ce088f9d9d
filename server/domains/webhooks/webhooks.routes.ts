// Outbound webhooks (issue 27, docs/api.md "Webhooks"): a company's endpoints, their delivery log,
// "Send test event" and "Send again". Who may: operators (any company; they name `companyId` on
// create) and merchants with the `webhook` permission (their own company's; another's answers 5).
// The service is webhook-endpoints.ts; the recording webhooks.ts, the sending webhook-delivery.ts.
import { type TSchema, Type } from 'typebox';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
} from '../../../contract/webhooks';
import type { Db } from '../../platform/db/client';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import type { Caller } from '../../resources/principal';
import { Id } from '../../resources/schemas';
import { callerOf } from '../access/caller';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  retryDelivery,
  sendTestEvent,
  updateWebhook,
} from './webhook-endpoints';

const tags = ['webhooks'];
const IdParams = Type.Object({ id: Id });
const EventType = Type.Union(
  WEBHOOK_EVENT_TYPES.map((e) => Type.Literal(e)),
  { description: 'an event type (contract/webhooks.ts)' },
);
const Events = Type.Array(EventType, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length * 2 });
const Url = Type.String({
  minLength: 1,
  maxLength: WEBHOOK_URL_MAX,
  description: 'https://… (public address)',
});
const Description = Type.String({ maxLength: WEBHOOK_DESCRIPTION_MAX });
const Time = Type.String({ format: 'date-time' });
const TimeOrNull = Type.Union([Time, Type.Null()]);

const EndpointSchema = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  disabledReason: Type.Union([Type.String(), Type.Null()]),
  failingSince: TimeOrNull,
  createTime: Time,
  updateTime: Time,
});

const AttemptSchema = Type.Object({
  id: Type.Integer(),
  at: Time,
  status: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status; null when none came' }),
  durationMs: Type.Integer(),
  responseExcerpt: Type.String({ description: 'the first 1024 characters of the answer' }),
  error: Type.String(),
});

const DeliverySchema = Type.Object({
  id: Type.Integer(),
  endpointId: Type.Integer(),
  messageId: Type.String({ description: 'the webhook-id header' }),
  eventType: Type.String(),
  state: Type.Union(WEBHOOK_DELIVERY_STATES.map((s) => Type.Literal(s))),
  attempts: Type.Integer(),
  nextAttemptAt: TimeOrNull,
  createTime: Time,
  payload: Type.Object({
    type: Type.String(),
    timestamp: Type.String(),
    data: Type.Record(Type.String(), Type.Unknown()),
  }),
  log: Type.Array(AttemptSchema, { description: 'the attempts, newest first (at most 10)' }),
});

const REFUSALS =
  "Refusals: 2 (the body), 14 WEBHOOK_URL_NOT_ALLOWED (not https, credentials in the URL, or an address that is private, loopback or link-local; loopback over http only with WEBHOOK_ALLOW_LOOPBACK=true), 26237 (no `webhook` permission), 5 (another company's endpoint).";

export const webhookRoutes: RoutePlugin = async (app) => {
  const { db, config } = app;
  const base = `${BASE_PATHS.main}/webhooks`;
  /** A call on one endpoint or delivery (`:id`) the caller's company holds; `act` answers the data. */
  const byId = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    text: { summary: string; description: string },
    answer: TSchema,
    act: (db: Db, caller: Caller, id: number) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url,
      schema: { tags, ...text, params: IdParams, response: answers(answer) },
      handler: async (request) => ok(await act(db, await callerOf(db, request), request.params.id)),
    });

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "The company's webhook endpoints",
        description:
          "Merchants their own company's; operators every company's, or one with `companyId`. Never a secret. Newest first, at most 200.",
        querystring: Type.Object({ companyId: Type.Optional(Id) }),
        response: answers(Type.Array(EndpointSchema)),
      },
    },
    async (request) => ok(await listWebhooks(db, await callerOf(db, request), request.query)),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Add a webhook endpoint',
        description: `Body \`{url, events, description?, companyId?}\` (operators name the company). Answers \`{id, secret}\`: the Standard Webhooks secret (\`whsec_…\`), shown this once. ${REFUSALS}`,
        body: Type.Object(
          { url: Url, events: Events, description: Type.Optional(Description), companyId: Type.Optional(Id) },
          { additionalProperties: false },
        ),
        response: answers(Type.Object({ id: Type.Integer(), secret: Type.String() })),
      },
    },
    async (request) => ok(await createWebhook(db, config, await callerOf(db, request), request.body)),
  );

  byId(
    'GET',
    `${base}/:id`,
    { summary: 'One webhook endpoint', description: "Without its secret. Another company's answers 5." },
    EndpointSchema,
    getWebhook,
  );

  app.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Change a webhook endpoint: its URL, events, description, or turn it on or off',
        description: `Turning it on again forgets its failures. ${REFUSALS}`,
        params: IdParams,
        body: Type.Object(
          {
            url: Type.Optional(Url),
            events: Type.Optional(Events),
            description: Type.Optional(Description),
            enabled: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: answers(EndpointSchema),
      },
    },
    async (request) =>
      ok(await updateWebhook(db, config, await callerOf(db, request), request.params.id, request.body)),
  );

  byId(
    'DELETE',
    `${base}/:id`,
    {
      summary: 'Delete a webhook endpoint and its delivery log',
      description: "Another company's answers 5. Answers `{id}`.",
    },
    Type.Object({ id: Type.Integer() }),
    deleteWebhook,
  );

  byId(
    'GET',
    `${base}/:id/deliveries`,
    {
      summary: "A webhook endpoint's delivery log",
      description:
        "The latest 50 deliveries, newest first, each with its attempts (status, duration, the first 1024 characters of the answer). Another company's endpoint answers 5.",
    },
    Type.Array(DeliverySchema),
    listDeliveries,
  );

  byId(
    'POST',
    `${base}/:id/test`,
    {
      summary: 'Send a test event (`webhook.test`) to the endpoint',
      description:
        "One attempt, sent by the job runner at once (whether the endpoint is on or off); its outcome is in the delivery log. Answers the delivery. Another company's endpoint answers 5.",
    },
    DeliverySchema,
    sendTestEvent,
  );

  byId(
    'POST',
    `${BASE_PATHS.main}/webhook-deliveries/:id/retry`,
    {
      summary: 'Send a delivery again',
      description:
        "One more attempt at once, with the same webhook-id and body; a success ends the delivery SUCCEEDED, a failure leaves it as it was. Answers the delivery. Another company's answers 5.",
    },
    DeliverySchema,
    retryDelivery,
  );
};
