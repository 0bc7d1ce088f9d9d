// The contract envelope for a test's own handler in front of the real server (tests/portal/server.ts):
// what only a stand-in can answer (a fault, a code the server cannot be brought to give), in exactly
// the shape the server answers, with X-Request-Id.
import { HttpResponse, type JsonBodyType } from 'msw';
import { ERRORS, type ErrorName, type FieldViolation, HEADERS, ok, type PageInfo } from '../contract';

const reply = (body: JsonBodyType, status = 200, headers: Record<string, string> = {}) =>
  HttpResponse.json(body, { status, headers: { [HEADERS.requestId]: crypto.randomUUID(), ...headers } });

/** A success envelope around `data`. */
export const success = <T>(data: T, page?: PageInfo, headers?: Record<string, string>) =>
  reply(ok(data ?? null, page) as unknown as JsonBodyType, 200, headers);

/** The error envelope of the catalogue entry `name` (its code, name, message and HTTP status). */
export const failure = (name: ErrorName, data: unknown = null) => {
  const e = ERRORS[name];
  return reply(
    { type: 'CR', code: e.code, name: e.name, message: e.message, data } as JsonBodyType,
    e.status,
  );
};

/** Code 2 with the field violations. */
export const violations = (list: FieldViolation[]) => failure('PARAMETER_VALIDATION_FAILED', list);
