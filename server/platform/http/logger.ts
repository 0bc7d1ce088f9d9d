import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { Config } from '../config';
import { scrub } from '../redact';

/** Query parameters whose values never reach the logs (e-mail links carry `token`). */
const SECRET_QUERY_KEYS = /^(token|access_token|refresh_token|password|code)$/i;

export const redactUrl = (url: string): string => {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[Redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
};

/** Paths redacted by pino wherever they show up (headers, bodies someone logs by mistake). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-refresh-token"]',
  'req.headers["x-access-token"]',
  'req.headers["x-api-key"]',
  'res.headers["x-refresh-token"]',
  'res.headers["x-access-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers["x-refresh-token"]',
  'headers["x-access-token"]',
  'headers["x-api-key"]',
  'body.password',
  'body.oldPassword',
  'body.newPassword',
  'body.token',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.secret',
  '*.secretHash',
  '*.pin',
  '*.pinHash',
  '*.clientSecret',
  '*.stripeSecretKey',
  '*.webhookSecret',
  '*.smtpUrl',
  '*.jwtSecret',
  // the wallet pass settings (PUT /wallet-pass-settings) and what they are opened into
  '*.appleSignerKeyPem',
  '*.appleSignerKeyPassphrase',
  '*.googlePrivateKeyPem',
  '*.signerKeyPem',
  '*.signerKeyPassphrase',
  '*.privateKeyPem',
  '*.params',
];

type SerializedError = ReturnType<typeof stdSerializers.err> & Record<string, unknown>;

/**
 * pino's error serializer, then: a failed query's parameters dropped (drizzle puts them in `params`
 * and in the message), and password hashes, API keys and tokens cut out of every message and stack,
 * down the chain of causes.
 */
export const safeErrorSerializer = (err: Error): SerializedError => {
  const out = stdSerializers.err(err) as SerializedError;
  const clean = (e: Record<string, unknown>, depth: number): Record<string, unknown> => {
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(e)) {
      if (key === 'params' || key === 'parameters') continue;
      if (typeof value === 'string') copy[key] = scrub(value);
      else if (key === 'cause' && value && typeof value === 'object' && depth < 5)
        copy[key] = clean(value as Record<string, unknown>, depth + 1);
      else copy[key] = value;
    }
    return copy;
  };
  return clean(out, 0) as SerializedError;
};

interface LoggerOptionsInput {
  config: Pick<Config, 'logLevel'>;
  /** where the JSON lines go (tests capture them); stdout when absent */
  stream?: NodeJS.WritableStream | undefined;
}

/**
 * pino JSON logging. Request logs carry only method, redacted url, remote address and request id:
 * bodies and headers are never serialised, so passwords and tokens cannot leak through them.
 */
export const loggerOptions = ({ config, stream }: LoggerOptionsInput): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
  ...(stream ? { stream } : {}),
  serializers: {
    req: (req: { method?: string; url?: string; ip?: string }) => ({
      method: req.method,
      url: req.url ? redactUrl(req.url) : req.url,
      remoteAddress: req.ip,
    }),
    res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    err: safeErrorSerializer,
  },
});

export type { FastifyBaseLogger };
