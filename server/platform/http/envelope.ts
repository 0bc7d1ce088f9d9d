import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ENVELOPE_TYPE,
  ERRORS,
  type ErrorName,
  type FailureEnvelope,
  type FieldViolation,
  schemaViolation,
  validationKey,
  validationText,
} from '../../../contract';
import { isTransientDbError } from '../db/errors';
import { AppError, retryLater } from '../errors';
import { trackAllowedMethods } from './allowed-methods';

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's X-Request-Id when it looks sane (so a gateway's id survives), else a UUID. */
export const genRequestId = (req: { headers: Record<string, string | string[] | undefined> }): string => {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
};

export const failure = <D>(name: ErrorName, data: D | null = null): FailureEnvelope<D | null> => {
  const def = ERRORS[name];
  return { type: ENVELOPE_TYPE, code: def.code, name: def.name, message: def.message, data };
};

interface AjvIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

const CONTEXT_PREFIX: Record<string, string> = {
  body: '',
  querystring: 'query.',
  params: 'params.',
  headers: 'headers.',
};

/** Ajv issues → `[{field, message}]`, field being the property path ("email", "query.size"). */
export const toViolations = (issues: AjvIssue[], context: string | undefined): FieldViolation[] => {
  const prefix = CONTEXT_PREFIX[context ?? 'body'] ?? '';
  return issues.map((issue) => {
    const segments = (issue.instancePath ?? '').split('/').filter(Boolean);
    const missing = issue.params?.missingProperty;
    if (issue.keyword === 'required' && typeof missing === 'string') segments.push(missing);
    const extra = issue.params?.additionalProperty;
    if (issue.keyword === 'additionalProperties' && typeof extra === 'string') segments.push(extra);
    const path = segments.join('.');
    // a failure of the whole body/query (e.g. not an object) is reported on the part itself
    const field = path === '' ? (context ?? 'body') : `${prefix}${path}`;
    // plain words, not Ajv's ('must match pattern "^\\+[1-9]…"'): contract/validation.ts
    const { name, params } = schemaViolation(issue.keyword, issue.params);
    return {
      field,
      message: validationText(name, params),
      key: validationKey(name),
      ...(Object.keys(params).length > 0 ? { params } : {}),
    };
  });
};

/** What a DATABASE_BUSY answer asks the caller to wait before sending the same request again. */
const DATABASE_RETRY_AFTER_MS = 1000;

const send = (reply: FastifyReply, name: ErrorName, data: unknown = null): FastifyReply =>
  reply.status(ERRORS[name].status).type('application/json; charset=utf-8').send(failure(name, data));

/** An AppError in the envelope, with its own headers (Retry-After ...). */
const sendAppError = (reply: FastifyReply, error: AppError): FastifyReply => {
  reply.headers(error.headers);
  return send(reply, error.errorName, error.data);
};

const STATUS_TO_NAME: Record<number, ErrorName> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * The envelope for every response that is not a success: one error handler, one not-found handler,
 * the request id header, and a JSON parser that accepts an empty body (clients send
 * `Content-Type: application/json` on every call, also on body-less POSTs such as logout).
 */
export interface EnvelopeOptions {
  /** tried before the JSON 404; returns true when it answered (the portal's SPA fallback) */
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  /** the app's router options, for the second router that knows which methods a path takes */
  router: { ignoreTrailingSlash: boolean; maxParamLength: number };
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs, in the envelope. A path
 * parameter longer than the router's `maxParamLength` (a 300-character token) names nothing the
 * server has, so it is 404 code 5 like any unknown id; a URL that cannot be decoded is code 2.
 */
export const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void send(reply, 'NOT_FOUND');
  else void send(reply, 'PARAMETER_VALIDATION_FAILED', null);
};

export const envelopePlugin = fp(
  async (app: FastifyInstance, { notFoundFallback, router }: EnvelopeOptions) => {
    const allowed = trackAllowedMethods(app, router);
    const jsonParser = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      jsonParser(request, text, done);
    });

    app.addHook('onSend', async (request, reply) => {
      reply.header('X-Request-Id', request.id);
    });

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const methods = allowed.of(request.url);
      if (methods.length > 0) {
        reply.header('Allow', methods.join(', '));
        return send(reply, 'METHOD_NOT_ALLOWED', { allow: methods });
      }
      if (notFoundFallback && (await notFoundFallback(request, reply))) return reply;
      return send(reply, 'NOT_FOUND');
    });

    app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
        return sendAppError(reply, error);
      }
      if (error.validation) {
        return send(
          reply,
          'PARAMETER_VALIDATION_FAILED',
          toViolations(error.validation, error.validationContext),
        );
      }
      switch (error.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return send(reply, 'JSON_PARSE_FAILED');
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return send(reply, 'UNSUPPORTED_MEDIA_TYPE');
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return send(reply, 'PAYLOAD_TOO_LARGE');
      }
      // secure-json-parse's prototype-poisoning refusal and JSON syntax errors
      if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
        return send(reply, 'JSON_PARSE_FAILED');
      }
      if (isTransientDbError(error)) {
        // not the caller's fault nor a defect: say when to try again (503 code 16), as a rate limit does
        request.log.warn({ err: error }, 'database busy');
        return sendAppError(reply, retryLater('DATABASE_BUSY', DATABASE_RETRY_AFTER_MS));
      }
      const status = error.statusCode ?? 500;
      const mapped = STATUS_TO_NAME[status];
      if (mapped) return send(reply, mapped);
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error');
        return send(reply, 'PARAMETER_VALIDATION_FAILED', null);
      }
      // the client learns nothing about internals; the log has the details
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 'API_FAILED');
    });
  },
  { name: 'envelope' },
);
