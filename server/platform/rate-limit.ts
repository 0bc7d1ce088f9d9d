import type { Redis } from 'ioredis';
import type pg from 'pg';
import {
  type IRateLimiterStoreOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Config } from './config';
import { type AppError, retryLater } from './errors';

/**
 * Where the throttles keep their counters, so that several instances count together: Redis when
 * REDIS_URL is set, else the PostgreSQL database (table `rate_limits`, created by the migrations),
 * else, on the embedded database (one process), memory.
 */
export type ThrottleStore =
  | { kind: 'memory' }
  | { kind: 'postgres'; pool: pg.Pool }
  | { kind: 'redis'; client: Redis };

/** The table of the PostgreSQL store (server/platform/db/schema/operations.ts declares it). */
export const RATE_LIMIT_TABLE = 'rate_limits';

type LimiterOptions = Pick<IRateLimiterStoreOptions, 'keyPrefix' | 'points' | 'duration' | 'blockDuration'>;

const limiter = (store: ThrottleStore, opts: LimiterOptions): RateLimiterAbstract => {
  switch (store.kind) {
    case 'postgres':
      return new RateLimiterPostgres({
        ...opts,
        storeClient: store.pool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
      });
    case 'redis':
      return new RateLimiterRedis({ ...opts, storeClient: store.client });
    default:
      return new RateLimiterMemory(opts);
  }
};

/** 429, code 6, with `data.retryAfterSeconds` and a Retry-After header. */
export const tooManyRequests = (msBeforeNext: number): AppError =>
  retryLater('TOO_MANY_REQUESTS', msBeforeNext);

type ThrottleConfig = Pick<
  Config,
  'loginMaxFailuresPerAccount' | 'loginAccountBlockS' | 'loginMaxPerIp' | 'loginIpWindowS'
>;

/**
 * Login throttling (OWASP "login endpoint protection"): consecutive failures per account+IP block
 * that pair for a while, and failures per IP over a window block the IP. Blocks always expire and
 * are never per account alone. The account's own LOCK, after LOGIN_MAX_FAILURES wrong passwords in a
 * row from anywhere, is apart: a row of `users` that the owner's reset link or an administrator ends
 * (server/domains/access/account-security.ts, docs/decisions.md "Locked accounts").
 * The counters live in the shared store (`ThrottleStore`), so instances behind a load balancer count
 * together.
 */
export class LoginThrottle {
  private readonly byAccountIp: RateLimiterAbstract;
  private readonly byIp: RateLimiterAbstract;
  private readonly cfg: ThrottleConfig;
  private readonly onFailure: () => void;

  /** `onFailure` hears of every failed login (the metrics count them). */
  constructor(
    cfg: ThrottleConfig,
    {
      onFailure = () => {},
      store = { kind: 'memory' },
    }: { onFailure?: () => void; store?: ThrottleStore } = {},
  ) {
    this.cfg = cfg;
    this.onFailure = onFailure;
    this.byAccountIp = limiter(store, {
      keyPrefix: 'login_fail_account_ip',
      points: cfg.loginMaxFailuresPerAccount,
      // counters of consecutive failures live as long as the block, reset by a success
      duration: cfg.loginAccountBlockS,
      blockDuration: cfg.loginAccountBlockS,
    });
    this.byIp = limiter(store, {
      keyPrefix: 'login_fail_ip',
      points: cfg.loginMaxPerIp,
      duration: cfg.loginIpWindowS,
      blockDuration: cfg.loginIpWindowS,
    });
  }

  private static accountKey(email: string, ip: string): string {
    return `${email.trim().toLowerCase()}|${ip}`;
  }

  /**
   * Throws 429 (code 6) when this account+IP or this IP is blocked. `clearedAt`: when an unlock or a
   * password reset last cleared the account's wrong sign-ins (users.sign_ins_cleared_at); an
   * account+IP count or block that began before it no longer counts and is deleted.
   */
  async check(email: string, ip: string, clearedAt?: Date | null): Promise<void> {
    const key = LoginThrottle.accountKey(email, ip);
    const [counted, byIp] = await Promise.all([this.byAccountIp.get(key), this.byIp.get(ip)]);
    let account = counted;
    if (account && clearedAt && this.startOf(account) < clearedAt.getTime()) {
      await this.byAccountIp.delete(key);
      account = null;
    }
    const waits: number[] = [];
    if (account && account.consumedPoints >= this.cfg.loginMaxFailuresPerAccount)
      waits.push(account.msBeforeNext);
    if (byIp && byIp.consumedPoints >= this.cfg.loginMaxPerIp) waits.push(byIp.msBeforeNext);
    if (waits.length > 0) throw tooManyRequests(Math.max(...waits));
  }

  /**
   * When an account+IP count began: its window and its block last `loginAccountBlockS` from the
   * first failure, and from the failure that blocked it (both expire together then).
   */
  private startOf(res: RateLimiterRes): number {
    return Date.now() + res.msBeforeNext - this.cfg.loginAccountBlockS * 1000;
  }

  /**
   * Counts a failed login; answers how many more wrong passwords this account+IP may send before
   * it is blocked (0: this was the last; the account itself locks at the same count, from any address).
   */
  async fail(email: string, ip: string): Promise<number> {
    this.onFailure();
    const results = await Promise.allSettled([
      this.byAccountIp.consume(LoginThrottle.accountKey(email, ip)),
      this.byIp.consume(ip),
    ]);
    // a rejection here only means the limit was reached: the next check() answers 429
    for (const r of results) {
      if (r.status === 'rejected' && !(r.reason instanceof RateLimiterRes)) throw r.reason;
    }
    const [account] = results;
    const res = account.status === 'fulfilled' ? account.value : (account.reason as RateLimiterRes);
    return Math.max(0, this.cfg.loginMaxFailuresPerAccount - res.consumedPoints);
  }

  /** A successful login clears the account+IP counter (not the IP counter). */
  async succeed(email: string, ip: string): Promise<void> {
    await this.byAccountIp.delete(LoginThrottle.accountKey(email, ip));
  }
}

/** Limits how many forgot-password mails one address can be sent from one IP per window. */
export class MailThrottle {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    cfg: Pick<Config, 'mailMaxPerAddress' | 'mailWindowS'>,
    store: ThrottleStore = { kind: 'memory' },
  ) {
    this.limiter = limiter(store, {
      keyPrefix: 'mail_address_ip',
      points: cfg.mailMaxPerAddress,
      duration: cfg.mailWindowS,
    });
  }

  /** Counts one mail; throws 429 (code 6) when the address+IP has had its share. */
  async consume(email: string, ip: string): Promise<void> {
    try {
      await this.limiter.consume(`${email.trim().toLowerCase()}|${ip}`);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooManyRequests(e.msBeforeNext);
      throw e;
    }
  }
}

/** At most `points` requests per key per `duration` seconds (e.g. a public route per IP address). */
export class KeyThrottle {
  private readonly limiter: RateLimiterAbstract;

  constructor(store: ThrottleStore, opts: { keyPrefix: string; points: number; duration: number }) {
    this.limiter = limiter(store, opts);
  }

  /** Counts one request of `key`; throws 429 (code 6) with Retry-After when it has had its share. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooManyRequests(e.msBeforeNext);
      throw e;
    }
  }
}

/**
 * At most `points` failures per key per `duration` seconds (wrong API keys per address): a key past
 * its share is refused (429, Retry-After) before anything is checked, until the window ends. The count
 * is shared through the store; the refusal is remembered in this process, so a blocked key costs no
 * round trip and a key that never fails costs none either.
 */
export class FailureThrottle {
  private readonly limiter: RateLimiterAbstract;
  private readonly blockedUntil = new Map<string, number>();

  constructor(store: ThrottleStore, opts: { keyPrefix: string; points: number; duration: number }) {
    this.limiter = limiter(store, opts);
  }

  /** 429 while `key` is past its share of failures. */
  assertNotBlocked(key: string, now = Date.now()): void {
    const until = this.blockedUntil.get(key);
    if (until === undefined) return;
    if (until > now) throw tooManyRequests(until - now);
    this.blockedUntil.delete(key);
  }

  /** Counts one failure of `key`; the one past its share is answered 429 and blocks it for the window. */
  async fail(key: string, now = Date.now()): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (e) {
      if (e instanceof RateLimiterRes) {
        this.blockedUntil.set(key, now + e.msBeforeNext);
        throw tooManyRequests(e.msBeforeNext);
      }
      throw e;
    }
  }
}
