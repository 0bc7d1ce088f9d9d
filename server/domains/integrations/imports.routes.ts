// CSV imports (issue 27 item 3; docs/api.md "Importing a file"): `POST /imports` checks a file (a dry
// run: every row with what would happen, nothing written) or starts its import job; `GET /imports/{id}`
// reports the job's progress and the rows worth reading. The rules are server/domains/integrations/imports.ts
// (the file's reading import-file.ts, the plan import-plan.ts, a chunk's writes import-writes.ts).
import { Type } from 'typebox';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, IMPORT_STATES, type ImportKind } from '../../../contract/imports';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import { authorize } from '../../resources/authorize';
import { Id } from '../../resources/schemas';
import { callerOf } from '../access/caller';
import { dryRunImport, importGrant, importStatus, startImport } from './imports';

const Row = Type.Object(
  {
    line: Type.Integer({ description: 'the line of the file (the header is line 1)' }),
    ok: Type.Boolean(),
    message: Type.String({ description: 'what happened or would happen, or why not, in plain words' }),
  },
  { title: 'ImportRowResult' },
);
const State = Type.Union(
  IMPORT_STATES.map((s) => Type.Literal(s)),
  { title: 'ImportState' },
);
const DryRun = Type.Object({ rows: Type.Array(Row) }, { title: 'ImportDryRun' });
const Started = Type.Object({ id: Type.Integer(), state: State }, { title: 'ImportStarted' });
const Status = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.Union(IMPORT_KINDS.map((k) => Type.Literal(k))),
    state: State,
    total: Type.Integer({ description: 'data rows in the file' }),
    done: Type.Integer({ description: 'rows worked through that went through (or were already imported)' }),
    failed: Type.Integer({ description: 'rows worked through that failed' }),
    rows: Type.Array(Row, { description: 'the failed and already imported rows, by line (at most 1,000)' }),
  },
  { title: 'ImportStatus' },
);

const Body = Type.Object(
  {
    kind: Type.Union(
      IMPORT_KINDS.map((k) => Type.Literal(k)),
      { description: 'members: columns mobile, name; voucherIssues: columns mobile, pack, quantity' },
    ),
    csv: Type.String({
      description: `the file's text, UTF-8, a header row naming the columns; at most ${IMPORT_MAX_BYTES} bytes and 100,000 rows`,
    }),
    dryRun: Type.Boolean({
      description: 'true: answer every row, write nothing; false: start the import job',
    }),
    companyId: Type.Optional(Id),
  },
  { additionalProperties: false, title: 'ImportBody' },
);

export const importRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const base = `${BASE_PATHS.main}/imports`;

  app.post(
    base,
    {
      // the file travels in the JSON body: room for the largest file, escaped
      bodyLimit: IMPORT_MAX_BYTES * 2 + 64 * 1024,
      // access before the body: a caller who may import neither kind learns nothing of the body's rules
      preValidation: async (request) => {
        const caller = await callerOf(db, request);
        try {
          authorize(caller, importGrant('members'));
        } catch {
          authorize(caller, importGrant('voucherIssues'));
        }
      },
      schema: {
        tags: ['imports'],
        summary: 'Check a CSV file (dry run) or import it as a job',
        description:
          'A dry run answers {rows: [{line, ok, message}]} for every row and writes nothing; a real run answers the import job {id, state}. Members need member ADD, voucher issues vouchers ADD (as issuing one); a merchant imports into their own company, an operator names companyId. A file over the size cap answers 7, more than 100,000 rows, a missing column or unreadable CSV 2 (field csv).',
        body: Body,
        response: answers(Type.Union([DryRun, Started])),
      },
    },
    async (request) => {
      const caller = await callerOf(db, request);
      const body = request.body as { kind: ImportKind; csv: string; dryRun: boolean; companyId?: number };
      authorize(caller, importGrant(body.kind));
      const input = { kind: body.kind, csv: body.csv, companyId: body.companyId };
      return ok(body.dryRun ? await dryRunImport(db, caller, input) : await startImport(db, caller, input));
    },
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags: ['imports'],
        summary: "An import's progress and its failed rows",
        description: "The caller's company's imports only (else 5); the permission of the import's kind.",
        params: Type.Object({ id: Id }),
        response: answers(Status),
      },
    },
    async (request) => {
      const caller = await callerOf(db, request);
      return ok(await importStatus(db, caller, (request.params as { id: number }).id));
    },
  );
};
