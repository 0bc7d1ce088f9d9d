// One gate for text no database can store: before any route validates or runs, every string of the
// query, the route parameters and the JSON body is checked for the NUL character (PostgreSQL text
// cannot hold U+0000) and for UTF-16 halves without their pair (not valid UTF-8, refused by the
// database's encoding). Either answers code 2 naming where it was ("title", "query.filter",
// "items.2.note"), so nothing a client sends reaches the database raw and ends as a 500.
// It also reads a missing body as the empty object where the route takes an object: an action whose
// parameters are all optional (revoke, sign out, retry) is called the same with `{}`, with an empty
// body and with none, on every route alike; a route with required fields names them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldViolation } from '../../../contract';
import { AppError } from '../errors';
import { unstorableIn } from './unstorable';

const check = (request: FastifyRequest): FieldViolation | undefined =>
  unstorableIn(request.params, 'params') ??
  unstorableIn(request.query, 'query') ??
  unstorableIn(request.body, '');

export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (
        request.body === undefined &&
        (request.routeOptions.schema?.body as { type?: unknown } | undefined)?.type === 'object'
      ) {
        request.body = {};
      }
      const found = check(request);
      if (found) throw new AppError('PARAMETER_VALIDATION_FAILED', [found]);
    });
  },
  { name: 'input-guard' },
);
