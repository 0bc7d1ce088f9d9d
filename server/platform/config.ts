import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ACCESS_TOKEN_TTL_S, BRANDS, type Brand, REFRESH_TOKEN_ABSOLUTE_TTL_S } from '../../contract';

/** Every setting the server reads from the environment, read once (see README for the list). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; when unset the embedded PGlite database under dataDir is used */
  databaseUrl: string | undefined;
  /** HS256 key material; never log it */
  jwtSecret: Uint8Array;
  accessTokenTtlS: number;
  /** absolute lifetime of one login, shared by all rotations of its refresh token */
  refreshTokenTtlS: number;
  adminEmail: string;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  brand: Brand;
  portalTitle: string;
  /** '' turns the portal's IP-to-country lookup off */
  ipCountryUrl: string;
  /** undefined: only same-origin browsers are answered with CORS headers */
  corsOrigin: string[] | undefined;
  logLevel: string;
  /** login throttling: consecutive failures per account+IP before a block, and its length */
  loginMaxFailuresPerAccount: number;
  loginAccountBlockS: number;
  /** login attempts per IP per window */
  loginMaxPerIp: number;
  loginIpWindowS: number;
  /** forgot-password mails per e-mail address + IP per window (stops mail bombing) */
  mailMaxPerAddress: number;
  mailWindowS: number;
  /** calls one API key may make per minute, whatever it calls (then code 6 with Retry-After) */
  apiKeyMaxPerMinute: number;
  /** wrong API keys one address may send a minute before it is refused (429) for the rest of it */
  apiKeyMissesPerMinute: number;
  /** folder of the built portal */
  distDir: string;
  bodyLimitBytes: number;
  /** behind a load balancer: take the client IP from X-Forwarded-For (needed for login throttling) */
  trustProxy: boolean;
  /** run the job queue in this instance (JOBS=off: leave it to the other instances) */
  jobsEnabled: boolean;
  /** how often the job runner looks for due jobs, ms */
  jobPollMs: number;
  /** how long a claimed job is this instance's; after it another instance may run it again, ms */
  jobLeaseMs: number;
  /** members per push sending batch (one transaction, one provider call) */
  pushBatchSize: number;
  /** Redis for the login and mail throttles' counters; unset: the database (or memory when embedded) */
  redisUrl: string | undefined;
  /** the bearer token GET /metrics asks for; unset, there is no /metrics */
  metricsToken: string | undefined;
  /** a Firebase service-account JSON file: pushes go through FCM; unset, into the local push outbox */
  fcmCredentials: string | undefined;
  /** the member app's key for `POST /members/push-tokens` (header X-App-Key); unset, the route is off */
  memberAppKey: string | undefined;
  /** Stripe (top-ups by card, saved cards, Connect); unset: STRIPE answers 6401 and FREE still works */
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** another address for Stripe's API (a local stand-in in tests), e.g. http://127.0.0.1:12111 */
  stripeApiUrl: string | undefined;
  /** Apple's push service for wallet pass updates (https://api.push.apple.com); unset: the local notice outbox */
  walletApnsUrl: string | undefined;
  /** webhooks may go to http://127.0.0.1 / localhost (tests, local development); never in production */
  webhookAllowLoopback: boolean;
  /**
   * The receipt network that vouches for a receipt's QR before the counter stamps from it
   * (server/platform/partners/receipt-network.ts); unset: the local stand-in trusts the QR as printed
   */
  receiptNetworkUrl: string | undefined;
  /** how long a partner system (the receipt network, the ones below) may take to answer, in ms */
  partnerTimeoutMs: number;
  /** the partner systems (server/platform/partners/partners.ts); unset: their local stand-ins */
  stampSystemUrl: string | undefined;
  crmUrl: string | undefined;
  giftProviderUrl: string | undefined;
  giftCardProviderUrl: string | undefined;
  /** an S3-compatible bucket for the file store (server/platform/files.ts); unset: DATA_DIR/files */
  fileStoreS3Bucket: string | undefined;
  /** the bucket's service address when it is not AWS (MinIO, R2...) */
  fileStoreS3Endpoint: string | undefined;
  fileStoreS3Region: string;
}

type Env = Record<string, string | undefined>;

const int = (env: Env, name: string, fallback: number, min = 0): number => {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return value;
};

const str = (env: Env, name: string): string | undefined => {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
};

/**
 * Reads the JWT key from JWT_SECRET or, when unset, from DATA_DIR/jwt-secret, creating it on first
 * start so that restarts (and several instances sharing DATA_DIR) keep accepting issued tokens.
 */
const loadJwtSecret = (env: Env, dataDir: string): Uint8Array => {
  const given = str(env, 'JWT_SECRET');
  if (given) {
    if (given.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(given);
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return new Uint8Array(readFileSync(file));
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48);
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return new Uint8Array(secret);
};

const parseOrigins = (raw: string | undefined): string[] | undefined =>
  raw
    ?.split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);

const memberAppKeyOf = (env: Env): string | undefined => {
  const key = str(env, 'MEMBER_APP_KEY');
  if (key !== undefined && key.length < 24) throw new Error('MEMBER_APP_KEY must be at least 24 characters');
  return key;
};

export const loadConfig = (env: Env = process.env): Config => {
  const port = int(env, 'PORT', 8080, 0);
  const host = str(env, 'HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(str(env, 'DATA_DIR') ?? './data');
  const databaseUrl = str(env, 'DATABASE_URL');
  const brandRaw = str(env, 'BRAND') ?? 'cvi';
  if (!(BRANDS as readonly string[]).includes(brandRaw)) {
    throw new Error(`BRAND must be one of ${BRANDS.join(', ')}, got "${brandRaw}"`);
  }
  const jobs = str(env, 'JOBS') ?? 'on';
  if (jobs !== 'on' && jobs !== 'off') throw new Error(`JOBS must be on or off, got "${jobs}"`);
  const publicUrl = (str(env, 'PUBLIC_URL') ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    // A test config never needs the file: tests pass JWT_SECRET.
    jwtSecret: loadJwtSecret(env, dataDir),
    accessTokenTtlS: int(env, 'ACCESS_TOKEN_TTL', ACCESS_TOKEN_TTL_S, 1),
    refreshTokenTtlS: int(env, 'REFRESH_TOKEN_TTL', REFRESH_TOKEN_ABSOLUTE_TTL_S, 1),
    adminEmail: (str(env, 'ADMIN_EMAIL') ?? 'admin@example.com').toLowerCase(),
    adminPassword: str(env, 'ADMIN_PASSWORD'),
    smtpUrl: str(env, 'SMTP_URL'),
    mailFrom: str(env, 'MAIL_FROM') ?? 'Loyalty Portal <no-reply@localhost>',
    publicUrl,
    brand: brandRaw as Brand,
    portalTitle: str(env, 'PORTAL_TITLE') ?? 'Loyalty Portal',
    // An explicitly empty value switches the lookup off, so this one is not trimmed to undefined.
    ipCountryUrl: env.IP_COUNTRY_URL === undefined ? 'https://api.country.is/' : env.IP_COUNTRY_URL.trim(),
    corsOrigin: parseOrigins(str(env, 'CORS_ORIGIN')),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    loginMaxFailuresPerAccount: int(env, 'LOGIN_MAX_FAILURES', 5, 1),
    loginAccountBlockS: int(env, 'LOGIN_BLOCK_SECONDS', 15 * 60, 1),
    loginMaxPerIp: int(env, 'LOGIN_MAX_PER_IP', 100, 1),
    loginIpWindowS: int(env, 'LOGIN_IP_WINDOW_SECONDS', 60 * 60, 1),
    mailMaxPerAddress: int(env, 'MAIL_MAX_PER_ADDRESS', 5, 1),
    mailWindowS: int(env, 'MAIL_WINDOW_SECONDS', 60 * 60, 1),
    apiKeyMaxPerMinute: int(env, 'API_KEY_MAX_PER_MINUTE', 600, 1),
    apiKeyMissesPerMinute: int(env, 'API_KEY_MISSES_PER_MINUTE', 30, 1),
    distDir: path.resolve(str(env, 'DIST_DIR') ?? './dist'),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    trustProxy: str(env, 'TRUST_PROXY') === 'true',
    jobsEnabled: jobs === 'on',
    jobPollMs: int(env, 'JOB_POLL_MS', 1000, 10),
    jobLeaseMs: int(env, 'JOB_LEASE_MS', 60_000, 1000),
    pushBatchSize: int(env, 'PUSH_BATCH_SIZE', 200, 1),
    redisUrl: str(env, 'REDIS_URL'),
    metricsToken: str(env, 'METRICS_TOKEN'),
    fcmCredentials: str(env, 'FCM_CREDENTIALS'),
    memberAppKey: memberAppKeyOf(env),
    stripeSecretKey: str(env, 'STRIPE_SECRET_KEY'),
    stripePublishableKey: str(env, 'STRIPE_PUBLISHABLE_KEY'),
    stripeWebhookSecret: str(env, 'STRIPE_WEBHOOK_SECRET'),
    stripeApiUrl: str(env, 'STRIPE_API_URL'),
    walletApnsUrl: str(env, 'WALLET_APNS_URL'),
    webhookAllowLoopback: str(env, 'WEBHOOK_ALLOW_LOOPBACK') === 'true',
    receiptNetworkUrl: str(env, 'RECEIPT_NETWORK_URL'),
    partnerTimeoutMs: int(env, 'PARTNER_TIMEOUT_MS', 5000, 100),
    stampSystemUrl: str(env, 'STAMP_SYSTEM_URL'),
    crmUrl: str(env, 'CRM_URL'),
    giftProviderUrl: str(env, 'GIFT_PROVIDER_URL'),
    giftCardProviderUrl: str(env, 'GIFT_CARD_PROVIDER_URL'),
    fileStoreS3Bucket: str(env, 'FILE_STORE_S3_BUCKET'),
    fileStoreS3Endpoint: str(env, 'FILE_STORE_S3_ENDPOINT'),
    fileStoreS3Region: str(env, 'FILE_STORE_S3_REGION') ?? 'us-east-1',
  };
};
