// The routes of every derived resource, under its service's base path + its declared path:
//   GET ``                list (contract list parameters, X-No-Count)
//   GET `/export`         CSV of every filtered row (same list parameters)
//   GET `/:id`            one row
//   POST ``               create
//   PUT `/:id`            update (partial merge)
//   DELETE `/:id`         delete (soft when declared)
//   PATCH ``              {ids, data}: update many; answers the ids changed
//   DELETE `?ids=[1,2]`   delete many; answers the ids deleted
//   POST `/:id/:action`   a declared transition
//   POST `/actions/:action` {ids}: a bulk transition; answers the ids moved
// Hand-written routes (users, user groups) serve the 'existing' declarations; a derived declaration's
// `handWritten` names the generic reads a hand-written route serves instead at the same URL (the
// members list, its export and the profile: server/domains/members/members.routes.ts), which are not registered here.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { AppError } from '../../platform/errors';
import type { RoutePlugin } from '../../platform/http/app-types';
import { isNoCount } from '../../platform/list/query';
import { answers, csvAnswer, IdList, rowSchema } from '../../resources/answers';
import { authorize, declaredGrant, type Operation } from '../../resources/authorize';
import { csvFileName, csvStream } from '../../resources/csv';
import { DERIVED_RESOURCES, type DerivedResource } from '../../resources/registry';
import { fieldRuleViolation } from '../../resources/rules';
import {
  createBodySchema,
  Id,
  IdsBody,
  nullRequiredViolations,
  updateBodySchema,
  updateManyBodySchema,
} from '../../resources/schemas';
import { createResourceService } from '../../resources/service';
import { callerOf as loadCaller } from '../access/caller';
import { TABLE_EXTENSIONS } from './extensions';

const IdParams = Type.Object({ id: Id });
const DeleteManyQuery = Type.Object({
  ids: Type.String({ description: 'JSON array of ids, e.g. [1,2]', maxLength: 20_000 }),
});

/** `?ids=[1,2]`: a JSON array of 1 to 1000 positive integers. */
const parseIds = (raw: string): number[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError('JSON_PARSE_FAILED', [{ field: 'ids', message: 'is not valid JSON' }]);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length === 0 ||
    parsed.length > 1000 ||
    !parsed.every((v) => Number.isInteger(v) && v >= 1 && v <= 2_147_483_647)
  ) {
    throw new AppError('PARAMETER_VALIDATION_FAILED', [
      { field: 'ids', message: 'must be a JSON array of 1 to 1000 ids' },
    ]);
  }
  return parsed as number[];
};

/**
 * A list's query string as the document names it (docs/api.md "Lists"): text the list parser reads and
 * judges itself (code 2 naming the parameter), so the schema only says which parameters there are.
 */
const ListQuery = Type.Object(
  {
    page: Type.Optional(Type.String({ description: '0-based page number' })),
    size: Type.Optional(Type.String({ description: 'rows per page, 1 to 1000 (20 by default)' })),
    sort: Type.Optional(Type.Array(Type.String(), { description: '`field,asc|desc`, repeatable' })),
    project: Type.Optional(Type.String({ description: 'JSON array of the fields to answer' })),
    search: Type.Optional(Type.String({ description: 'JSON object: field → text it contains' })),
    filter: Type.Optional(Type.String({ description: 'JSON array of {field, operator, value}' })),
    cursor: Type.Optional(Type.String({ description: "a full page's `page.cursor`: the rows after it" })),
  },
  { additionalProperties: true },
);

const LIST_DESCRIPTION =
  'Contract list parameters: page, size, sort=field,asc|desc (repeatable), project, search and filter (JSON). X-No-Count: true skips the totals.';

/** What the generic routes of one declaration share. */
interface TableRoutes {
  decl: DerivedResource['decl'];
  base: string;
  tags: string[];
  row: ReturnType<typeof rowSchema>;
  gate: (op: Operation) => (request: FastifyRequest) => Promise<void>;
  callerOf: (request: FastifyRequest) => ReturnType<typeof loadCaller>;
  service: ReturnType<typeof createResourceService>;
  actionNames: string[];
  bulkNames: string[];
}

/** A declaration's transitions: one row (`POST /:id/:action`) and many (`POST /actions/:action`). */
const actionRoutes = (
  app: Parameters<RoutePlugin>[0],
  { decl, base, tags, row, gate, callerOf, service, actionNames, bulkNames }: TableRoutes,
): void => {
  if (actionNames.length > 0) {
    app.post(
      `${base}/:id/:action`,
      {
        schema: {
          tags,
          summary: `Move a ${decl.name} row through an action (${actionNames.join(', ')})`,
          params: Type.Object({ id: Id, action: Type.Enum(actionNames) }),
          response: answers(row),
        },
      },
      async (request) => {
        const { id, action } = request.params as { id: number; action: string };
        return ok(await service.runAction(await callerOf(request), id, action));
      },
    );
  }
  if (bulkNames.length > 0) {
    app.post(
      `${base}/actions/:action`,
      {
        preValidation: gate('action'),
        schema: {
          tags,
          summary: `Move many ${decl.name} rows through an action (${bulkNames.join(', ')})`,
          params: Type.Object({ action: Type.Enum(bulkNames) }),
          body: IdsBody,
          response: answers(IdList, { description: 'The ids of the rows it moved' }),
        },
      },
      async (request) => {
        const { action } = request.params as { action: string };
        return ok(await service.runBulkAction(await callerOf(request), request.body.ids, action));
      },
    );
  }
};

/**
 * The generic routes of `resources`. The app serves every derived declaration's (resourceRoutes); a
 * test may serve a declaration of its own with them (tests/api/store-scope.test.ts).
 */
export const resourceRoutesFor =
  (resources: readonly DerivedResource[]): RoutePlugin =>
  async (app) => {
    const { db } = app;

    const callerOf = (request: FastifyRequest) => loadCaller(db, request);

    for (const resource of resources) {
      const { decl } = resource;
      const service = createResourceService(db, resource, TABLE_EXTENSIONS[resource.decl.name]);
      const base = `${BASE_PATHS[decl.service ?? 'main']}${decl.path}`;
      const tags = [decl.name];
      const row = rowSchema(decl);
      // an action served by an operation of its own has no generic route
      const generic = (decl.actions ?? []).filter((a) => a.operation !== true);
      const handWritten = new Set<string>(decl.handWritten ?? []);
      const actionNames = generic.map((a) => a.name);
      const bulkNames = generic.filter((a) => a.bulk).map((a) => a.name);
      /**
       * Access before the body is validated: a caller the declaration and canAccess refuse gets 26237
       * whatever they send, and learns nothing about the body's rules (the service checks again).
       */
      const gate = (op: Operation) => async (request: FastifyRequest) => {
        authorize(await callerOf(request), declaredGrant(decl, op));
      };
      const noNullRequired = async (request: FastifyRequest) => {
        const raw = request.body as { data?: unknown } | undefined;
        const body = request.method === 'PATCH' ? raw?.data : raw;
        const violations = nullRequiredViolations(decl, body);
        if (violations.length > 0) throw new AppError('PARAMETER_VALIDATION_FAILED', violations);
        // a value past a field's range answers the field's own code (6801 ...) rather than the schema's 2
        const own = fieldRuleViolation(decl, body);
        if (own) throw own;
      };

      if (!handWritten.has('list'))
        app.get(
          base,
          {
            config: { forApiKeys: true },
            schema: {
              tags,
              summary: `List ${decl.name}`,
              description: LIST_DESCRIPTION,
              querystring: ListQuery,
              response: answers(Type.Array(row), { paged: true }),
            },
          },
          async (request) => {
            const { data, page } = await service.list(
              await callerOf(request),
              request.query,
              isNoCount(request.headers),
            );
            return ok(data, page);
          },
        );

      if (!handWritten.has('export'))
        app.get(
          `${base}/export`,
          {
            config: { forApiKeys: true },
            schema: {
              tags,
              summary: `Export ${decl.name} as CSV`,
              description: LIST_DESCRIPTION,
              querystring: ListQuery,
              response: csvAnswer,
            },
          },
          async (request, reply) => {
            const plan = await service.exportRows(await callerOf(request), request.query);
            return reply
              .header('Content-Type', 'text/csv; charset=utf-8')
              .header('Content-Disposition', `attachment; filename="${csvFileName(decl.name)}"`)
              .send(csvStream(plan));
          },
        );

      if (!handWritten.has('get'))
        app.get(
          `${base}/:id`,
          {
            config: { forApiKeys: true },
            schema: { tags, summary: `One ${decl.name} row`, params: IdParams, response: answers(row) },
          },
          async (request) => ok(await service.get(await callerOf(request), request.params.id)),
        );

      app.post(
        base,
        {
          preValidation: [gate('create'), noNullRequired],
          schema: {
            tags,
            summary: `Create a ${decl.name} row`,
            body: createBodySchema(decl),
            response: answers(row),
          },
        },
        async (request) => ok(await service.create(await callerOf(request), request.body)),
      );

      app.put(
        `${base}/:id`,
        {
          preValidation: [gate('update'), noNullRequired],
          schema: {
            tags,
            summary: `Update a ${decl.name} row (the fields sent)`,
            params: IdParams,
            body: updateBodySchema(decl),
            response: answers(row),
          },
        },
        async (request) => ok(await service.update(await callerOf(request), request.params.id, request.body)),
      );

      app.delete(
        `${base}/:id`,
        { schema: { tags, summary: `Delete a ${decl.name} row`, params: IdParams, response: answers(row) } },
        async (request) => ok(await service.remove(await callerOf(request), request.params.id)),
      );

      app.patch(
        base,
        {
          preValidation: [gate('update'), noNullRequired],
          schema: {
            tags,
            summary: `Update many ${decl.name} rows with the same fields`,
            body: updateManyBodySchema(decl),
            response: answers(IdList, { description: 'The ids of the rows it updated' }),
          },
        },
        async (request) => {
          const body = request.body as { ids: number[]; data: Record<string, unknown> };
          return ok(await service.updateMany(await callerOf(request), body.ids, body.data));
        },
      );

      app.delete(
        base,
        {
          preValidation: gate('delete'),
          schema: {
            tags,
            summary: `Delete many ${decl.name} rows`,
            querystring: DeleteManyQuery,
            response: answers(IdList, { description: 'The ids of the rows it deleted' }),
          },
        },
        async (request) => ok(await service.removeMany(await callerOf(request), parseIds(request.query.ids))),
      );

      actionRoutes(app, { decl, base, tags, row, gate, callerOf, service, actionNames, bulkNames });
    }
  };

export const resourceRoutes: RoutePlugin = resourceRoutesFor(DERIVED_RESOURCES);
