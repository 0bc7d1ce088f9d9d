// The OpenAPI document drives a fuzzer (issue 41: "27 answers seen had statuses the document does not
// declare"). Every operation of /docs/json is called with what its own schemas say it must refuse:
// no body, a list where an object belongs, an empty object, every property of the wrong type, and
// path and query parameters of the wrong kind (0, text, past the 32-bit range), each without a token,
// as a merchant and as an operator. Whatever comes in, the answer is the contract's envelope, below
// 500, with a status the operation declares (or 405 for a method the path lacks).
import { beforeAll, describe, expect, it } from 'vitest';
import { addAcmeAndOther, apiSuite } from './fixtures';
import { APP_TIMEOUT } from './helpers';

const { t, tokens } = apiSuite();

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, unknown>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/**
 * Apple's PassKit web service (docs/api.md "Wallet passes"): Apple's protocol sets its answers (a bare
 * 401 or 404, no body), so only its statuses are checked, not the envelope.
 */
const APPLE_PROTOCOL = /\/passkit\/v1\//;
/** Operations that end the caller's own session: the token callers leave them to the visitor. */
const ENDS_OWN_SESSION = /Logout|MeSessions|RefreshToken/;

const typeOf = (schema: JsonSchema | undefined): string =>
  (Array.isArray(schema?.type) ? schema?.type.find((x) => x !== 'null') : schema?.type) ?? 'object';

/** A value of another type than `schema` asks for. */
const wrongValue = (schema: JsonSchema | undefined): unknown => {
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return '7';
    case 'boolean':
      return 'true';
    case 'array':
      return 'not-a-list';
    default:
      return 1;
  }
};

/** Path values no row has and no parameter takes, one per call. */
const PATH_VALUES = ['0', 'abc', '2147483648', '-1'];

const bodiesOf = (op: Operation): (unknown | undefined)[] => {
  const schema = op.requestBody?.content['application/json']?.schema;
  if (!op.requestBody) return [undefined];
  const wrongTyped = Object.fromEntries(
    Object.entries(schema?.properties ?? {}).map(([name, property]) => [name, wrongValue(property)]),
  );
  return [undefined, [], {}, wrongTyped];
};

interface Call {
  who: 'visitor' | 'owner' | 'op';
  method: string;
  url: string;
  body: unknown;
  declared: string[];
}

const callsOf = (doc: Document): Call[] => {
  const calls: Call[] = [];
  for (const [template, item] of Object.entries(doc.paths))
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
      const query = queryParams.map((p) => `${p.name}=${encodeURIComponent(String(wrongValue(p.schema)))}`);
      bodiesOf(op).forEach((body, i) => {
        const url =
          template.replace(/\{[^}]+\}/g, PATH_VALUES[i % PATH_VALUES.length] ?? '0') +
          (query.length > 0 && i % 2 === 1 ? `?${query.join('&')}` : '');
        for (const who of ['visitor', 'owner', 'op'] as const) {
          if (who !== 'visitor' && ENDS_OWN_SESSION.test(op.operationId)) continue;
          calls.push({ who, method: method.toUpperCase(), url, body, declared: Object.keys(op.responses) });
        }
      });
    }
  return calls;
};

let calls: Call[] = [];
beforeAll(async () => {
  await addAcmeAndOther(t, tokens);
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Document;
  calls = callsOf(doc);
}, APP_TIMEOUT);

describe("the routes' schemas", () => {
  it("all compile, though each waits for its route's first request to be compiled", () => {
    // a server no longer compiles them as it starts (server/platform/http/schema-compilers.ts): a
    // schema Ajv or fast-json-stringify refuses fails here, not on a user's first request
    expect(t.app.compileDeferred()).toBeGreaterThan(200);
    expect(t.app.compileDeferred()).toBe(0);
  });
});

describe('every operation of the document, fuzzed from its own schemas', () => {
  it('answers the envelope below 500 with a status the operation declares', async () => {
    expect(calls.length).toBeGreaterThan(2000);
    const wrong: string[] = [];
    for (const [i, call] of calls.entries()) {
      const headers: Record<string, string> =
        call.who === 'visitor' ? {} : { authorization: `Bearer ${tokens[call.who]}` };
      if (call.body !== undefined) headers['content-type'] = 'application/json';
      const res = await t.app.inject({
        method: call.method as 'GET',
        url: call.url,
        // spread over addresses, so the per-address limits answer 429 only where they are the point
        remoteAddress: `198.51.100.${(i % 200) + 1}`,
        headers,
        ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
      });
      const text = `${call.who} ${call.method} ${call.url} ${JSON.stringify(call.body) ?? ''} -> ${res.statusCode}`;
      let envelope: { type?: unknown; code?: unknown } = {};
      try {
        envelope = res.json();
      } catch {
        // not JSON: judged below
      }
      // a success may be a file (CSV, a picture, a pass); a failure is always the envelope
      const fileSuccess =
        res.statusCode < 300 && !String(res.headers['content-type'] ?? '').startsWith('application/json');
      if (res.statusCode >= 500) wrong.push(`${text}: a server error, code ${String(envelope.code)}`);
      else if (
        !fileSuccess &&
        !APPLE_PROTOCOL.test(call.url) &&
        (envelope.type !== 'CR' || typeof envelope.code !== 'number')
      )
        wrong.push(`${text}: not the envelope: ${res.body.slice(0, 120)}`);
      else if (!call.declared.includes(String(res.statusCode)) && res.statusCode !== 405)
        wrong.push(
          `${text}: status not declared (${call.declared.join(', ')}), code ${String(envelope.code)}`,
        );
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});
