import {
  BEARER_PREFIX,
  ERRORS,
  errorByCode,
  type FailureEnvelope,
  HEADERS,
  isTokenErrorCode,
  type PageInfo,
  type ServiceName,
} from '../../contract';
import { getPortalEnv } from './env';

export type QueryValue = string | number | boolean | string[] | undefined;

export interface HttpRequestOptions {
  service?: ServiceName;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** a file sent as it is, with its own content type, instead of a JSON body (POST /files) */
  file?: Blob;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Ask the server to skip the total count of a paged list. */
  noCount?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpResponse<T> {
  data: T;
  page?: PageInfo;
  status: number;
  headers: Headers;
  requestId: string | null;
}

export type HttpClient = <T>(path: string, opts?: HttpRequestOptions) => Promise<HttpResponse<T>>;

/**
 * A failed call: the envelope's catalogue name, code and message, plus what the notice needs
 * (request id) and what handlers need (`data`: the field list for code 2, the reset token for 26202).
 */
export class ApiError<D = unknown> extends Error {
  readonly code: number;
  readonly requestId: string | null;
  readonly status: number;
  readonly data: D;
  readonly response: Response | undefined;
  /** code 2's fields as react-admin's forms read them (see validationBody) */
  readonly body?: { errors: Record<string, string> };

  constructor(init: {
    name: string;
    code: number;
    message: string;
    requestId?: string | null;
    status?: number;
    data?: D;
    response?: Response;
  }) {
    super(init.message);
    this.name = init.name;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.status = init.status ?? 0;
    this.data = init.data as D;
    this.response = init.response;
    const body = validationBody(this.code, init.data);
    if (body) this.body = body;
  }
}

/**
 * react-admin's server-side validation: for code 2, `{errors: {field: message}}` from the envelope's
 * field list, which a form's save returns to react-hook-form so each named field is marked
 * (react-admin looks for an own `body` property on the error).
 */
const validationBody = (code: number, data: unknown): { errors: Record<string, string> } | undefined => {
  if (code !== 2 || !Array.isArray(data)) return undefined;
  const errors: Record<string, string> = {};
  for (const v of data as unknown[]) {
    if (typeof v !== 'object' || v === null) continue;
    const { field, message, key, params } = v as {
      field?: unknown;
      message?: unknown;
      key?: unknown;
      params?: unknown;
    };
    if (typeof field !== 'string' || typeof message !== 'string' || field in errors) continue;
    // a keyed message is translated by the field's helper text (react-admin's ValidationError reads
    // this prefix), the server's English sentence standing in for a key the portal lacks
    errors[field] =
      typeof key === 'string'
        ? `@@react-admin@@${JSON.stringify({
            message: key,
            args: { ...(typeof params === 'object' && params !== null ? params : {}), _: message },
          })}`
        : message;
  }
  return Object.keys(errors).length > 0 ? { errors } : undefined;
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Builds an ApiError for a catalogue entry raised on the client side (no response). */
export const clientError = (name: keyof typeof ERRORS, message?: string): ApiError => {
  const def = ERRORS[name];
  return new ApiError({
    name: def.name,
    code: def.code,
    message: message ?? def.message,
    status: def.status,
  });
};

export interface HttpClientOptions {
  fetch?: typeof fetch;
  /** May refresh the token first; null sends the call without one. */
  getAccessToken: () => string | null | Promise<string | null>;
  getCountry: () => string;
  baseUrls?: Partial<Record<ServiceName, string>>;
  /** Called before a token error (code 10xx) is thrown, so that the session can end. */
  onTokenError?: (error: ApiError) => void;
}

// Methods whose body Fastify (and most servers) parse when Content-Type says JSON: an empty body
// with that header is rejected, so these always carry at least `{}`.
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const buildQueryString = (query: Record<string, QueryValue> | undefined): string => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, item);
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const failureToError = (
  body: FailureEnvelope,
  status: number,
  requestId: string | null,
  response: Response,
): ApiError => {
  const def = errorByCode(body.code);
  return new ApiError({
    name: typeof body.name === 'string' && body.name ? body.name : (def?.name ?? ERRORS.API_FAILED.name),
    code: body.code,
    message: typeof body.message === 'string' && body.message ? body.message : (def?.message ?? ''),
    requestId,
    status,
    data: body.data ?? null,
    response,
  });
};

export const createHttpClient = (options: HttpClientOptions): HttpClient => {
  const bases: Record<ServiceName, string> = { ...getPortalEnv().apiBase, ...options.baseUrls };
  // Looked up per call so that a fetch patched later (MSW, tests) is still honoured.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const raise = (error: ApiError): never => {
    if (isTokenErrorCode(error.code)) options.onTokenError?.(error);
    throw error;
  };

  return async <T>(path: string, opts: HttpRequestOptions = {}): Promise<HttpResponse<T>> => {
    const method = opts.method ?? 'GET';
    const url = `${bases[opts.service ?? 'main']}${path.startsWith('/') ? path : `/${path}`}${buildQueryString(opts.query)}`;
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      [HEADERS.country]: options.getCountry(),
    };
    if (opts.auth ?? true) {
      const token = await options.getAccessToken();
      if (token) headers[HEADERS.authorization] = `${BEARER_PREFIX}${token}`;
    }
    if (opts.noCount) headers[HEADERS.noCount] = 'true';
    Object.assign(headers, opts.headers);

    const init: RequestInit = { method, headers };
    if (opts.signal) init.signal = opts.signal;
    if (opts.file !== undefined) {
      init.body = opts.file;
      headers['Content-Type'] = opts.file.type;
    } else if (opts.body !== undefined) init.body = JSON.stringify(opts.body);
    else if (BODY_METHODS.has(method)) init.body = '{}';

    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (cause) {
      // An abort is the caller's decision, not an API failure: let react-admin see it as such.
      if (cause instanceof Error && cause.name === 'AbortError') throw cause;
      // The catalogue's words, not the browser's ("Failed to fetch"), are what the notice shows.
      return raise(clientError('API_FAILED'));
    }
    const requestId = response.headers.get(HEADERS.requestId);
    // an answer that is not the API's envelope (not JSON, or no numeric code): the API failed
    const notAnEnvelope = (data: unknown): never =>
      raise(
        new ApiError({
          name: ERRORS.API_FAILED.name,
          code: ERRORS.API_FAILED.code,
          message: ERRORS.API_FAILED.message,
          requestId,
          status: response.status,
          data,
          response,
        }),
      );

    let body: unknown;
    try {
      body = JSON.parse(await response.text());
    } catch {
      return notAnEnvelope(null);
    }
    if (!isRecord(body) || typeof body.code !== 'number') return notAnEnvelope(body ?? null);
    if (body.code !== 0)
      return raise(failureToError(body as unknown as FailureEnvelope, response.status, requestId, response));

    const result: HttpResponse<T> = {
      data: body.data as T,
      status: response.status,
      headers: response.headers,
      requestId,
    };
    if (isRecord(body.page)) result.page = body.page as unknown as PageInfo;
    return result;
  };
};
