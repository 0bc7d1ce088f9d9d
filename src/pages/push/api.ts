// The push notification calls the screens make besides the generic ones (docs/operations.md "Push
// notifications", docs/api.md "Push notifications"): the audience an unsaved push would reach now, with
// the placeholder values of its first member (the form's live preview), and the two operations,
// schedule and cancel, each sent under an Idempotency-Key so that one confirmation changes things once.
import { isValidPhoneNumber } from 'libphonenumber-js';
import { useEffect, useState } from 'react';
import { useGetIdentity, usePermissions } from 'react-admin';
import {
  PUSH_AUDIENCES,
  PUSH_NOTIFICATION_STATES,
  type PushAudience,
  type PushNotificationState,
} from '../../../contract/enums';
import type { PushValues } from '../../../contract/push';
import { push } from '../../../resources';
import { useDebounced } from '../../components/CompanyPicker';
import { useHttpClient } from '../../components/HttpClientContext';
import { IDEMPOTENCY_KEY_HEADER } from '../../components/operations/api';
import type { PortalPermissions } from '../../providers/authProvider';
import type { HttpClient } from '../../providers/httpClient';

/** What GET /push/audience answers: how many members the audience reaches now, and the first's values. */
export interface AudiencePreview {
  count: number;
  sample: PushValues | null;
}

/** An audience as the form holds it (ids and mobile as the inputs leave them). */
export interface AudienceValues {
  audience?: unknown;
  audienceBrandId?: unknown;
  audienceStoreId?: unknown;
  audienceMobile?: unknown;
  segmentId?: unknown;
  /** operators name the push's company */
  companyId?: unknown;
}

export type AudienceQuery = Record<string, string | number>;

/** What the form must still be told before the audience can be counted. */
type Missing = 'company' | 'audience' | 'brand' | 'store' | 'mobile' | 'segment';

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

const isAudience = (v: unknown): v is PushAudience =>
  typeof v === 'string' && (PUSH_AUDIENCES as readonly string[]).includes(v);

/**
 * The query of GET /push/audience for `values`, or why there is none yet: the audience's target (brand,
 * store, a valid mobile) and, for an operator, the company must be chosen first.
 */
export const audienceQueryOf = (
  values: AudienceValues,
  isOperator: boolean,
): { query: AudienceQuery } | { missing: Missing } => {
  const query: AudienceQuery = {};
  if (isOperator) {
    if (!isId(values.companyId)) return { missing: 'company' };
    query.companyId = values.companyId;
  }
  const { audience } = values;
  if (!isAudience(audience)) return { missing: 'audience' };
  query.audience = audience;
  switch (audience) {
    case 'ALL_MEMBERS':
      return { query };
    case 'BRAND':
      if (!isId(values.audienceBrandId)) return { missing: 'brand' };
      return { query: { ...query, audienceBrandId: values.audienceBrandId } };
    case 'STORE':
      if (!isId(values.audienceStoreId)) return { missing: 'store' };
      return { query: { ...query, audienceStoreId: values.audienceStoreId } };
    case 'MEMBER': {
      const mobile = values.audienceMobile;
      if (typeof mobile !== 'string' || !isValidPhoneNumber(mobile)) return { missing: 'mobile' };
      return { query: { ...query, audienceMobile: mobile } };
    }
    case 'SEGMENT':
      if (!isId(values.segmentId)) return { missing: 'segment' };
      return { query: { ...query, segmentId: values.segmentId } };
    default: {
      const never: never = audience;
      throw new Error(`unknown audience ${String(never)}`);
    }
  }
};

export const fetchAudience = async (
  http: HttpClient,
  query: AudienceQuery,
  signal?: AbortSignal,
): Promise<AudiencePreview> =>
  (await http<AudiencePreview>(`${push.path}/audience`, { query, ...(signal ? { signal } : {}) })).data;

/** The audience preview as a screen shows it. `previous`: the last answer, shown dimmed while loading. */
export type AudienceState =
  | { status: 'incomplete'; missing: Missing }
  | { status: 'loading'; previous: AudiencePreview | null }
  | { status: 'ready'; data: AudiencePreview }
  | { status: 'error'; error: unknown };

type Answer = { key: string } & ({ ok: true; data: AudiencePreview } | { ok: false; error: unknown });

/**
 * GET /push/audience for the audience `values` name, asked again (after `delayMs` without changes) when
 * the audience changes; nothing is asked while the audience is incomplete.
 */
export const useAudiencePreview = (
  values: AudienceValues,
  isOperator: boolean,
  delayMs = 400,
): AudienceState => {
  const http = useHttpClient();
  const wanted = audienceQueryOf(values, isOperator);
  const key = 'query' in wanted ? JSON.stringify(wanted.query) : null;
  const asked = useDebounced(key, delayMs);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [shown, setShown] = useState<AudiencePreview | null>(null);
  useEffect(() => {
    if (asked === null) return;
    const controller = new AbortController();
    fetchAudience(http, JSON.parse(asked) as AudienceQuery, controller.signal)
      .then((data) => {
        if (controller.signal.aborted) return;
        setAnswer({ key: asked, ok: true, data });
        setShown(data);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key: asked, ok: false, error });
      });
    return () => controller.abort();
  }, [http, asked]);
  if ('missing' in wanted) return { status: 'incomplete', missing: wanted.missing };
  if (answer === null || answer.key !== key) return { status: 'loading', previous: shown };
  return answer.ok ? { status: 'ready', data: answer.data } : { status: 'error', error: answer.error };
};

/** The push operations the show page offers, by the declaration's action names. */
export type PushOperation = 'schedule' | 'cancel';

/** POST /push/{id}/schedule or /cancel (no body): the push as it is afterwards. */
export const runPushOperation = async (
  http: HttpClient,
  id: number | string,
  operation: PushOperation,
  key: string,
): Promise<Record<string, unknown>> =>
  (
    await http<Record<string, unknown>>(`${push.path}/${encodeURIComponent(String(id))}/${operation}`, {
      method: 'POST',
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    })
  ).data;

export const pushStateOf = (value: unknown): PushNotificationState | null =>
  typeof value === 'string' && (PUSH_NOTIFICATION_STATES as readonly string[]).includes(value)
    ? (value as PushNotificationState)
    : null;

/** The brand a merchant is limited to (their identity's brandId), else null (operators, owners). */
export const useBrandLimit = (): number | null => {
  const { permissions } = usePermissions<PortalPermissions | null>();
  const { identity } = useGetIdentity();
  return permissions?.role === 'merchant' && typeof identity?.brandId === 'number' ? identity.brandId : null;
};

/**
 * A push a colleague limited to `brandId` may not schedule, as the server refuses it (26237): every
 * member of the company, or another brand's. (A store's brand is the server's to check.)
 */
export const outsideBrand = (record: Readonly<Record<string, unknown>>, brandId: number | null) =>
  brandId !== null &&
  (record.audience === 'ALL_MEMBERS' || (record.audience === 'BRAND' && record.audienceBrandId !== brandId));
