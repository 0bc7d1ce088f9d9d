// The contract envelope as the mocks answer it: success and failure envelopes with X-Request-Id, a
// thrown-failure pattern for handlers, and a body reader that answers code 3 for broken JSON.
import { HttpResponse, type JsonBodyType } from 'msw';
import { ERRORS, type ErrorName, type FieldViolation, HEADERS, ok, type PageInfo } from '../contract';
import { checkMove } from '../resources/transitions';
import type { ActionDeclaration, ResourceDeclaration } from '../resources/types';
import { MockListError } from './list';

export type Body = Record<string, unknown>;

export const requestId = (): string => crypto.randomUUID();

export const reply = (body: JsonBodyType, status = 200, headers: Record<string, string> = {}) =>
  HttpResponse.json(body, { status, headers: { [HEADERS.requestId]: requestId(), ...headers } });

export const success = <T>(data: T, page?: PageInfo, headers?: Record<string, string>) =>
  reply(ok(data ?? null, page) as unknown as JsonBodyType, 200, headers);

export const failure = (name: ErrorName, data: unknown = null) => {
  const e = ERRORS[name];
  return reply(
    { type: 'CR', code: e.code, name: e.name, message: e.message, data } as JsonBodyType,
    e.status,
  );
};

export const violations = (list: FieldViolation[]) => failure('PARAMETER_VALIDATION_FAILED', list);

/** Thrown inside a handler to answer with an error envelope. */
export class Fail extends Error {
  constructor(readonly response: Response) {
    super('mock failure');
  }
}
export const fail = (name: ErrorName, data: unknown = null): never => {
  throw new Fail(failure(name, data));
};
export const invalid = (field: string, message: string): never => {
  throw new Fail(violations([{ field, message }]));
};

/**
 * The declared action `name` of `decl` when it may move `row`, else its refusal as the server answers
 * it (server/lib/transition.ts): 11 or the declared code, the field and why. `subject` names the row.
 */
export const allowedMove = (
  decl: ResourceDeclaration,
  name: string,
  row: Readonly<Record<string, unknown>>,
  subject: string,
): ActionDeclaration => {
  const { action, refusal } = checkMove(decl, name, row, subject);
  if (refusal) fail(refusal.error, [{ field: refusal.field, message: refusal.message }]);
  return action;
};

export type Resolver = (args: {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
}) => Promise<Response>;

/** Turns thrown Fail / list errors into envelopes, and anything unexpected into code 1, never a crash. */
export const guard =
  (fn: Resolver) =>
  async (args: Parameters<Resolver>[0]): Promise<Response> => {
    try {
      return await fn(args);
    } catch (error) {
      if (error instanceof Fail) return error.response;
      if (error instanceof MockListError) return failure(error.errorName, error.violations);
      return failure('API_FAILED');
    }
  };

export const readBody = async (request: Request): Promise<Body> => {
  const text = await request.text();
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail('JSON_PARSE_FAILED');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return invalid('body', 'must be a JSON object');
  return body as Body;
};
