// What the OpenAPI document says beyond the routes' own schemas (issue 41 item 1): every operation an
// `operationId` made from its method and path, the security it takes (none for a public route), a tag
// the document lists, and its error answers. The error answers come from the one catalogue
// (contract/errors.ts): one shared response per HTTP status, each the failure envelope with the codes
// of that status; an operation refers to those its kind of route can meet (every route a 400, 429,
// 500 and 503; a signed-in one 401 and 403; one with a path parameter 404; a write 409 and 502; one with a
// body 413 and 415; the payment service's 402).
import type { FastifyContextConfig, FastifySchema, RouteOptions } from 'fastify';
import { BASE_PATHS, ENVELOPE_TYPE, ERRORS, type ServiceName } from '../../../contract';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const capital = (word: string): string => (word ? word[0]?.toUpperCase() + word.slice(1) : '');
/** `member-cards` → `MemberCards`, `default_images` → `DefaultImages` */
const pascal = (segment: string): string =>
  segment
    .split(/[^A-Za-z0-9]+/)
    .map(capital)
    .join('');

/**
 * `GET /portal-main-service/api/v1/member-cards/:id/stamps` → `getMemberCardsByIdStamps`; a route of
 * another service carries its name (`postAuthAuthGetToken`), so the same path under two services
 * stays two operations.
 */
export const operationIdOf = (method: string, url: string): string => {
  const service = (Object.entries(BASE_PATHS) as [ServiceName, string][]).find(([, base]) =>
    url.startsWith(base),
  );
  const rest = service ? url.slice(service[1].length) : url;
  const words = rest
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s.startsWith(':') ? `By${pascal(s.slice(1))}` : s === '*' ? 'Any' : pascal(s)));
  const prefix = service && service[0] !== 'main' ? capital(service[0]) : '';
  return `${method.toLowerCase()}${prefix}${words.join('')}`;
};

type Schema = FastifySchema & {
  hide?: boolean;
  operationId?: string;
  description?: string;
  security?: unknown[];
};

/** Who may call a route, as the auth gate decides it (server/domains/access/guard.ts). */
const accessOf = (
  config: FastifyContextConfig | undefined,
  own: unknown[] | undefined,
): { security: Record<string, string[]>[]; note: string } => {
  if (config?.public)
    return own?.length
      ? {
          security: [],
          note: 'Takes the token its security names itself: the auth gate leaves it to the route.',
        }
      : { security: [], note: 'Public: called without a token.' };
  const callers = ["a user's access token", ...(config?.forDevices ? ["an in-store device's token"] : [])];
  const note = [
    `Called with ${callers.join(' or ')}${config?.forApiKeys ? ', or an API key' : ''}.`,
    ...(config?.openBeforeApproval ? ['A merchant whose signup is not approved yet may call it.'] : []),
  ].join(' ');
  return { security: config?.forApiKeys ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }], note };
};

/**
 * @fastify/swagger's `transform`: the operationId, the security the auth gate asks for (none on a
 * public route, an API key only where one is taken), and who may call it, after what the route says.
 */
export const shapeRoute = ({
  schema,
  url,
  route,
}: {
  schema: FastifySchema;
  url: string;
  route: RouteOptions;
}) => {
  const own = { ...(schema as Schema) };
  if (!own.hide) {
    const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
    own.operationId ??= operationIdOf(method, url);
    const access = accessOf(route.config as FastifyContextConfig | undefined, own.security);
    own.security ??= access.security;
    own.description = own.description ? `${own.description}\n\n${access.note}` : access.note;
  }
  return { schema: own, url };
};

/** The shared error responses: name in components.responses → its status. */
const ERROR_RESPONSES = {
  BadRequest: 400,
  Unauthorized: 401,
  PaymentRequired: 402,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
  ServerError: 500,
  BadGateway: 502,
  ServiceUnavailable: 503,
} as const;
type ErrorResponse = keyof typeof ERROR_RESPONSES;

const codesOf = (status: number) =>
  Object.values(ERRORS)
    .filter((e) => e.status === status)
    .sort((a, b) => a.code - b.code);

const errorResponse = (status: number) => {
  const codes = codesOf(status);
  return {
    description: `The failure envelope. Codes: ${codes.map((e) => `${e.code} ${e.name}`).join(', ')}.`,
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/Failure' },
            { type: 'object', properties: { code: { type: 'integer', enum: codes.map((e) => e.code) } } },
          ],
        },
      },
    },
  };
};

const FAILURE_SCHEMA = {
  type: 'object',
  required: ['type', 'code', 'name', 'message', 'data'],
  description: 'Every failure: the envelope with a code of contract/errors.ts, never a bare status',
  properties: {
    type: { type: 'string', enum: [ENVELOPE_TYPE] },
    code: { type: 'integer', description: 'the error code (docs/api.md)' },
    name: { type: 'string' },
    message: { type: 'string', description: 'in plain English' },
    data: {
      description: 'what the code says more: for 2, the fields that failed ({field, message, key?, params?})',
      nullable: true,
    },
  },
};

interface Operation {
  operationId?: string;
  requestBody?: unknown;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, unknown>;
}
interface Document {
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
}

/** Which shared error responses an operation refers to. */
const errorsOf = (method: string, path: string, op: Operation): ErrorResponse[] => {
  const kinds: ErrorResponse[] = ['BadRequest'];
  if (op.security === undefined || op.security.length > 0) kinds.push('Unauthorized', 'Forbidden');
  if (path.includes('{')) kinds.push('NotFound');
  if (method !== 'get') kinds.push('Conflict');
  if (op.requestBody) kinds.push('PayloadTooLarge', 'UnsupportedMediaType');
  if (path.startsWith(BASE_PATHS.payment)) kinds.push('PaymentRequired');
  // every route may meet a busy database (16) or a server starting or draining (13)
  kinds.push('TooManyRequests', 'ServerError', 'ServiceUnavailable');
  // a write may call a provider (payments, push, the external systems), whose failure is a 502
  if (method !== 'get') kinds.push('BadGateway');
  return kinds;
};

/**
 * @fastify/swagger's `transformObject`: the shared failure schema and error responses, each
 * operation's error answers, and the document's tag list (every tag an operation uses, once).
 */
export const shapeDocument = (documentObject: { openapiObject?: unknown } | { swaggerObject?: unknown }) => {
  const doc = ('openapiObject' in documentObject ? documentObject.openapiObject : {}) as Document;
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, Failure: FAILURE_SCHEMA };
  doc.components.responses = {
    ...doc.components.responses,
    ...Object.fromEntries(
      Object.entries(ERROR_RESPONSES).map(([name, status]) => [name, errorResponse(status)]),
    ),
  };
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      for (const tag of op.tags ?? []) tags.add(tag);
      op.responses ??= {};
      for (const kind of errorsOf(method, path, op))
        op.responses[String(ERROR_RESPONSES[kind])] ??= { $ref: `#/components/responses/${kind}` };
    }
  const described = new Map((doc.tags ?? []).map((t) => [t.name, t]));
  doc.tags = [...tags].sort().map((name) => described.get(name) ?? { name });
  return doc as Record<string, unknown>;
};
