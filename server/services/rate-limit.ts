import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config';
import { AppError } from '../errors';

/** 429, code 6, with `data.retryAfterSeconds` and a Retry-After header. */
export const tooManyRequests = (msBeforeNext: number): AppError => {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError(
    'TOO_MANY_REQUESTS',
    { retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
};

type ThrottleConfig = Pick<
  Config,
  'loginMaxFailuresPerAccount' | 'loginAccountBlockS' | 'loginMaxPerIp' | 'loginIpWindowS'
>;

/**
 * Login throttling (OWASP "login endpoint protection"): consecutive failures per account+IP block
 * that pair for a while, and failures per IP over a window block the IP. Blocks always expire and
 * are never per account alone, so an attacker cannot lock the real user out from elsewhere.
 * In memory: with several instances each keeps its own counters (a shared store is a later step).
 */
export class LoginThrottle {
  private readonly byAccountIp: RateLimiterMemory;
  private readonly byIp: RateLimiterMemory;
  private readonly cfg: ThrottleConfig;

  constructor(cfg: ThrottleConfig) {
    this.cfg = cfg;
    this.byAccountIp = new RateLimiterMemory({
      keyPrefix: 'login_fail_account_ip',
      points: cfg.loginMaxFailuresPerAccount,
      // counters of consecutive failures live as long as the block, reset by a success
      duration: cfg.loginAccountBlockS,
      blockDuration: cfg.loginAccountBlockS,
    });
    this.byIp = new RateLimiterMemory({
      keyPrefix: 'login_fail_ip',
      points: cfg.loginMaxPerIp,
      duration: cfg.loginIpWindowS,
      blockDuration: cfg.loginIpWindowS,
    });
  }

  private static accountKey(email: string, ip: string): string {
    return `${email.trim().toLowerCase()}|${ip}`;
  }

  private static blocked(msBeforeNext: number): AppError {
    const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    return new AppError(
      'TOO_MANY_REQUESTS',
      { retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }

  /** Throws 429 (code 6) when this account+IP or this IP is blocked. */
  async check(email: string, ip: string): Promise<void> {
    const [account, byIp] = await Promise.all([
      this.byAccountIp.get(LoginThrottle.accountKey(email, ip)),
      this.byIp.get(ip),
    ]);
    const waits: number[] = [];
    if (account && account.consumedPoints >= this.cfg.loginMaxFailuresPerAccount)
      waits.push(account.msBeforeNext);
    if (byIp && byIp.consumedPoints >= this.cfg.loginMaxPerIp) waits.push(byIp.msBeforeNext);
    if (waits.length > 0) throw LoginThrottle.blocked(Math.max(...waits));
  }

  /** Counts a failed login. */
  async fail(email: string, ip: string): Promise<void> {
    const results = await Promise.allSettled([
      this.byAccountIp.consume(LoginThrottle.accountKey(email, ip)),
      this.byIp.consume(ip),
    ]);
    // a rejection here only means the limit was reached: the next check() answers 429
    for (const r of results) {
      if (r.status === 'rejected' && !(r.reason instanceof RateLimiterRes)) throw r.reason;
    }
  }

  /** A successful login clears the account+IP counter (not the IP counter). */
  async succeed(email: string, ip: string): Promise<void> {
    await this.byAccountIp.delete(LoginThrottle.accountKey(email, ip));
  }
}

/** Limits how many forgot-password mails one address can be sent from one IP per window. */
export class MailThrottle {
  private readonly limiter: RateLimiterMemory;

  constructor(cfg: Pick<Config, 'mailMaxPerAddress' | 'mailWindowS'>) {
    this.limiter = new RateLimiterMemory({
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
