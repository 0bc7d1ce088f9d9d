import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createVerifier, TokenError } from 'fast-jwt';
import { decodeProtectedHeader, SignJWT } from 'jose';
import {
  type ErrorName,
  ROLES,
  type Role,
  type TokenClaims,
  USER_TYPES,
  type UserType,
} from '../../contract';
import { AppError } from './errors';

/** The only algorithm accepted; anything else (including `none`) is refused before verification. */
export const JWT_ALGORITHM = 'HS256';

/** Opaque random token (refresh tokens, e-mail action tokens): 32 bytes, base64url. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as this hash, so a database leak does not hand out logins. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Two hex digests compared in constant time (a stored secret's hash against a presented one's). */
export const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};

export interface AccessTokenInput {
  tid: string;
  uid: number;
  putyp: UserType;
  did: string;
  mid: number;
  mob: string;
  eml: string;
  role: Role;
  /** seconds since the epoch */
  exp: number;
}

export const signAccessToken = (claims: AccessTokenInput, secret: Uint8Array): Promise<string> =>
  new SignJWT({ ...claims })
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(claims.exp)
    .sign(secret);

const isString = (v: unknown): v is string => typeof v === 'string';

type Verify = (token: string) => Record<string, unknown>;
const verifiers = new WeakMap<Uint8Array, Verify>();
/**
 * The verifier of a secret, made once: fast-jwt checks HS256 with node:crypto in the calling thread;
 * jose's WebCrypto verify queued a thread-pool job per call (~0.2 ms of every API request).
 */
const verifierOf = (secret: Uint8Array): Verify => {
  let verify = verifiers.get(secret);
  if (!verify) {
    verify = createVerifier({ key: Buffer.from(secret), algorithms: [JWT_ALGORITHM] }) as Verify;
    verifiers.set(secret, verify);
  }
  return verify;
};

const TOKEN_ERRORS: Partial<Record<string, ErrorName>> = {
  [TokenError.codes.expired]: 'TOKEN_EXPIRED',
  [TokenError.codes.invalidAlgorithm]: 'TOKEN_NOT_SECURE',
  [TokenError.codes.invalidSignature]: 'TOKEN_ILLEGAL',
};

/** Tokens already verified, per secret: a caller's next request skips the decode and the HMAC. */
const verified = new WeakMap<Uint8Array, Map<string, TokenClaims>>();
/** How many verified tokens are kept per secret (the oldest go first). */
const VERIFIED_KEPT = 10_000;

/**
 * Verifies an access token and maps every failure to its contract code (1001-1006). A token seen
 * before answers its claims from memory until it expires (a token is immutable: the same text
 * verifies the same way; whether its login still works is the caller's check, on every request).
 */
export const verifyAccessToken = async (token: string, secret: Uint8Array): Promise<TokenClaims> => {
  let known = verified.get(secret);
  if (!known) {
    known = new Map();
    verified.set(secret, known);
  }
  const hit = known.get(token);
  if (hit) {
    if (hit.exp * 1000 > Date.now()) return hit;
    known.delete(token);
  }
  const claims = Object.freeze(verifyFresh(token, secret));
  if (known.size >= VERIFIED_KEPT) {
    const oldest = known.keys().next();
    if (!oldest.done) known.delete(oldest.value);
  }
  known.set(token, claims);
  return claims;
};

const verifyFresh = (token: string, secret: Uint8Array): TokenClaims => {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw new AppError('TOKEN_INVALID_FORMAT');
  }
  if (token.split('.').length !== 3) throw new AppError('TOKEN_INVALID_FORMAT');
  if (header.alg !== JWT_ALGORITHM) throw new AppError('TOKEN_NOT_SECURE');
  if (header.typ !== undefined && header.typ.toUpperCase() !== 'JWT') throw new AppError('TOKEN_UNSUPPORTED');
  let payload: Record<string, unknown>;
  try {
    payload = verifierOf(secret)(token);
  } catch (e) {
    throw new AppError((e instanceof TokenError && TOKEN_ERRORS[e.code]) || 'TOKEN_INVALID_FORMAT');
  }
  const { tid, uid, putyp, did, mid, mob, eml, role, exp } = payload;
  if (
    !isString(tid) ||
    typeof uid !== 'number' ||
    !isString(did) ||
    typeof exp !== 'number' ||
    !(USER_TYPES as readonly unknown[]).includes(putyp) ||
    !(ROLES as readonly unknown[]).includes(role)
  ) {
    throw new AppError('TOKEN_UNSUPPORTED');
  }
  return {
    tid,
    uid,
    putyp: putyp as UserType,
    did,
    mid: typeof mid === 'number' ? mid : 0,
    mob: isString(mob) ? mob : '',
    eml: isString(eml) ? eml : '',
    role: role as Role,
    exp,
  };
};
