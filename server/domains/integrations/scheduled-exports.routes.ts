// Scheduled exports (issue 27 item 4, docs/api.md "Scheduled exports"): save a list's view to be mailed
// as its CSV every day or week, list the ones the caller sees, stop one. The runs are the job's
// (server/domains/integrations/scheduled-exports.ts runDueExports).
import { Type } from 'typebox';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { FILTER_OPERATORS } from '../../../contract/list-query';
import {
  EXPORT_EVERY,
  EXPORT_RUN_RESULTS,
  SCHEDULED_EXPORT_LIMITS as LIMITS,
  SCHEDULED_EXPORT_STATES,
  type ScheduledExportInput,
} from '../../../contract/scheduled-exports';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers, orNull } from '../../resources/answers';
import { Id } from '../../resources/schemas';
import { callerOf } from '../access/caller';
import {
  createScheduledExport,
  EXPORTABLE_RESOURCES,
  listScheduledExports,
  SCHEDULED_EXPORTS_LISTED,
  stopScheduledExport,
} from './scheduled-exports';

const FilterSchema = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 100 }),
    op: Type.Enum([...FILTER_OPERATORS]),
    value: Type.Unknown({ description: 'as the list filter takes it (an array for `in`)' }),
  },
  { additionalProperties: false },
);
const Sort = Type.String({ minLength: 1, maxLength: 120, description: '`field,asc|desc`' });
const Search = Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 200 }));
const Columns = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: LIMITS.columnsMax,
});

const Body = Type.Object(
  {
    resource: Type.String({
      minLength: 1,
      maxLength: 100,
      description: `a list with an Export: ${EXPORTABLE_RESOURCES.join(', ')}`,
    }),
    filter: Type.Optional(Type.Array(FilterSchema, { maxItems: LIMITS.filtersMax })),
    sort: Type.Optional(Type.Array(Sort, { maxItems: LIMITS.sortsMax })),
    search: Type.Optional(Search),
    columns: Type.Optional(Columns),
    every: Type.Enum([...EXPORT_EVERY]),
    to: Type.Array(Type.String({ format: 'email', maxLength: 254 }), {
      minItems: 1,
      maxItems: LIMITS.recipientsMax,
    }),
  },
  { additionalProperties: false },
);

const Time = Type.String({ format: 'date-time' });
const ScheduledExportSchema = Type.Object(
  {
    id: Type.Integer(),
    resource: Type.String(),
    filter: Type.Array(Type.Unknown()),
    sort: Type.Array(Type.String()),
    search: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
    columns: Type.Union([Type.Array(Type.String()), Type.Null()]),
    every: Type.Enum([...EXPORT_EVERY]),
    to: Type.Array(Type.String()),
    state: Type.Enum([...SCHEDULED_EXPORT_STATES], {
      description: 'ACTIVE runs when due; STOPPED by someone; FAILED: its creator may no longer export it',
    }),
    companyId: orNull('integer'),
    createdBy: Type.Integer(),
    createdByEmail: orNull('string'),
    nextRunAt: Time,
    lastRunAt: orNull('string', { format: 'date-time' }),
    lastResult: Type.Union([Type.Enum([...EXPORT_RUN_RESULTS]), Type.Null()]),
    lastRows: orNull('integer'),
    lastMessage: orNull('string', { description: 'why the last run failed or the schedule stopped' }),
    createTime: Time,
  },
  { title: 'ScheduledExport' },
);

export const scheduledExportRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const base = `${BASE_PATHS.main}/scheduled-exports`;
  const tags = ['scheduledExports'];

  app.post(
    base,
    {
      schema: {
        tags,
        summary: "Mail a list's current view as its CSV every day or week",
        description:
          "Body `{resource, filter?, sort?, search?, columns?, every: DAY|WEEK, to: [1 to 10 e-mails]}`. The view is checked as the list's Export checks it, for the caller: 26237 when they may not export the list (VIEW), 2 naming the parameter the list refuses (or `resource` when it has no Export; `columns` on members, whose export has fixed columns). The first CSV goes out on the job's next pass (within a minute), then every day or week; each run acts as the creator as they are then. Answers the schedule.",
        body: Body,
        response: answers(ScheduledExportSchema),
      },
    },
    async (request) =>
      ok(
        await createScheduledExport(
          db,
          await callerOf(db, request),
          // each filter's value is the list parser's to check (createScheduledExport runs it)
          request.body as ScheduledExportInput,
        ),
      ),
  );

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'The scheduled exports the caller sees',
        description: `Newest first, at most ${SCHEDULED_EXPORTS_LISTED}: an operator's all; a company owner's every one of their company; anyone else's their own.`,
        response: answers(Type.Array(ScheduledExportSchema)),
      },
    },
    async (request) => ok(await listScheduledExports(db, await callerOf(db, request))),
  );

  app.post(
    `${base}/:id/stop`,
    {
      schema: {
        tags,
        summary: 'Stop a scheduled export for good',
        description:
          'One the caller sees (else 5, as a missing one) and ACTIVE (else 11). It is kept, STOPPED, with who stopped it; nothing more is sent. Audited (action stop).',
        params: Type.Object({ id: Id }),
        response: answers(ScheduledExportSchema),
      },
    },
    async (request) => ok(await stopScheduledExport(db, await callerOf(db, request), request.params.id)),
  );
};
