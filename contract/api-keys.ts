// API keys (issue 27 item 1; docs/api.md "API keys"): a merchant's point-of-sale, CRM or shop calls the
// loyalty core with a key of its company, optionally limited to a brand or a store, holding
// permissions from the same VIEW / UPDATE / ADD matrix as groups. The server
// (server/domains/access/api-keys.ts), the portal (Access > API keys) and the tests read these names; nothing
// else defines them.
import type { AccessSubject, Permission } from './access';
import type { OrganizationLevel } from './enums';

/** Under the main base path. */
export const API_KEYS_PATH = '/api-keys';

/** The other header a key may come in (besides `Authorization: Bearer <key>`). */
export const API_KEY_HEADER = 'x-api-key';

/** Every key starts with this, so a bearer value is told from an access token at a glance. */
export const API_KEY_MARK = 'lk_';
/** The key's first characters, shown in lists and logs: `lk_` and 8 random characters. */
export const API_KEY_PREFIX_LENGTH = 11;
/** A whole key: `lk_` and 40 base64url characters (30 random bytes). */
export const API_KEY_PATTERN = /^lk_[A-Za-z0-9_-]{40}$/;

/** After a rotation the old key keeps working this long, so the systems using it can be moved over. */
export const API_KEY_ROTATION_GRACE_HOURS = 24;
/** A key's last use is written at most this often per key (unless the caller's IP changed). */
export const API_KEY_TOUCH_EVERY_S = 60;

/**
 * What the list shows of a key, worked out from its times (never stored): ACTIVE; ROTATED (replaced,
 * still working until `graceUntil`); EXPIRED (its `expiresAt` or its grace passed); REVOKED.
 */
export const API_KEY_STATES = ['ACTIVE', 'ROTATED', 'EXPIRED', 'REVOKED'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

export const API_KEY_NAME_MAX = 80;

/** `POST /api-keys`. */
export interface ApiKeyCreate {
  name: string;
  permissions: Permission[];
  /** operators name the company; a merchant's is their own */
  companyId?: number;
  brandId?: number | null;
  storeId?: number | null;
  /** ISO time in the future; absent or null: the key does not expire */
  expiresAt?: string | null;
}

/** `POST /api-keys` and `POST /api-keys/{id}/rotate` answer this once: `key` is never shown again. */
export interface ApiKeyIssued {
  id: number;
  key: string;
  prefix: string;
}

/** A key as `GET /api-keys` lists it: everything but its secret. */
export interface ApiKeyView {
  id: number;
  name: string;
  prefix: string;
  companyId: number;
  brandId: number | null;
  storeId: number | null;
  /** what the key reaches: COMPANY, BRAND or STORE (contract/enums.ts organizationLevelOf) */
  organizationLevel: OrganizationLevel;
  permissions: Permission[];
  state: ApiKeyState;
  createdById: number | null;
  createdByEmail: string;
  createTime: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
  /** a rotated key: until when it still works, and the key that replaced it */
  graceUntil: string | null;
  replacedById: number | null;
}

/** The state of a key at `now` (one rule, read by the server's list and its sign-in). */
export const apiKeyStateAt = (
  key: { revokedAt: string | Date | null; expiresAt: string | Date | null; graceUntil: string | Date | null },
  now: Date,
): ApiKeyState => {
  const at = (t: string | Date | null) => (t === null ? null : new Date(t).getTime());
  if (key.revokedAt !== null) return 'REVOKED';
  const expires = at(key.expiresAt);
  const grace = at(key.graceUntil);
  if ((expires !== null && expires <= now.getTime()) || (grace !== null && grace <= now.getTime()))
    return 'EXPIRED';
  return grace !== null ? 'ROTATED' : 'ACTIVE';
};

/**
 * Who makes, lists, revokes and rotates keys: operators, and a company's owner (a merchant whose access
 * no permissions narrow); colleagues never, whatever they were granted. The portal's menu and the
 * server read this one rule.
 */
export const mayManageApiKeys = (subject: AccessSubject): boolean =>
  subject.type === 'OPERATOR' || (subject.type === 'MERCHANT' && subject.permissions === undefined);
