// The voucher operations as the portal calls them (OPERATIONS.md "Vouchers", server/routes/vouchers.ts):
// issuing from a pack, a pack's figures, redeem / void / donate / expire, and one member's vouchers.
// Every operation goes out with an Idempotency-Key, so that one confirmation changes things once.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldViolation } from '../../../contract';
import type { VoucherHistoryAction, VoucherState } from '../../../contract/enums';
import { voucherPacks, vouchers } from '../../../resources';
import { members } from '../../../resources/tables/members';
import { toApiErrorLike } from '../../components/apiError';
import { useHttpClient } from '../../components/HttpClientContext';
import { type HttpClient, isApiError } from '../../providers/httpClient';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The most vouchers one issue call may create (the server's ISSUE_MAX). */
export const ISSUE_MAX = 100;
/** The longest reason a void takes. */
export const VOID_REASON_MAX = 500;

export interface VoucherRow {
  id: number;
  code: string;
  title: string;
  voucherPackId: number | null;
  memberMobile: string | null;
  issuedToMobile: string | null;
  value: number;
  state: VoucherState;
  validFrom: string;
  validUntil: string;
  redeemedStoreId: number | null;
  redeemedAt: string | null;
  companyId: number | null;
  brandId: number | null;
  createTime: string;
  updateTime: string;
}

export interface VoucherHistoryRow {
  id: number;
  voucherId: number;
  action: VoucherHistoryAction;
  memberMobile: string | null;
  toMemberMobile: string | null;
  storeId: number | null;
  note: string | null;
  at: string;
  companyId: number | null;
  brandId: number | null;
}

export interface PackSummary {
  quantity: number;
  issuedCount: number;
  left: number;
  available: number;
  redeemed: number;
  expired: number;
}

export interface IssueBody {
  memberMobile: string;
  quantity: number;
}

export interface IssueResult {
  pack: Record<string, unknown> & { id: number; issuedCount: number };
  vouchers: VoucherRow[];
}

export interface MemberRow {
  id: number;
  mobile: string;
  name: string | null;
  createTime: string;
}

export interface MemberVoucher extends VoucherRow {
  /** oldest first */
  history: VoucherHistoryRow[];
}

export interface MemberWallet {
  member: MemberRow;
  vouchers: Record<VoucherState, MemberVoucher[]>;
  /** the value of the AVAILABLE vouchers, summed exactly by the server (a decimal string) */
  availableValue: string;
}

const id = (value: number | string) => encodeURIComponent(String(value));
const withKey = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

export const issueVouchers = async (
  http: HttpClient,
  packId: number | string,
  body: IssueBody,
  key: string,
): Promise<IssueResult> =>
  (
    await http<IssueResult>(`${voucherPacks.path}/${id(packId)}/vouchers`, {
      method: 'POST',
      body,
      headers: withKey(key),
    })
  ).data;

export const fetchPackSummary = async (http: HttpClient, packId: number | string): Promise<PackSummary> =>
  (await http<PackSummary>(`${voucherPacks.path}/${id(packId)}/summary`)).data;

export type VoucherOperation =
  | { name: 'redeem'; body: { storeId: number } }
  | { name: 'void'; body: { reason: string } }
  | { name: 'donate'; body: { toMobile: string } }
  | { name: 'expire'; body: Record<string, never> };

/** POST /vouchers/{id}/{redeem|void|donate|expire}: the voucher row as it is afterwards. */
export const runVoucherOperation = async (
  http: HttpClient,
  voucherId: number | string,
  op: VoucherOperation,
  key: string,
): Promise<VoucherRow> =>
  (
    await http<VoucherRow>(`${vouchers.path}/${id(voucherId)}/${op.name}`, {
      method: 'POST',
      body: op.body,
      headers: withKey(key),
    })
  ).data;

export const fetchMemberWallet = async (http: HttpClient, mobile: string): Promise<MemberWallet> =>
  (await http<MemberWallet>(`${members.path}/${encodeURIComponent(mobile)}/vouchers`)).data;

/** A failed operation as a form shows it: the server's message and its field violations. */
export interface OperationFailure {
  message: string;
  fields: FieldViolation[];
}

const isViolation = (v: unknown): v is FieldViolation =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Record<string, unknown>).field === 'string' &&
  typeof (v as Record<string, unknown>).message === 'string';

export const failureOf = (error: unknown): OperationFailure => {
  const e = toApiErrorLike(error);
  return { message: e.message, fields: Array.isArray(e.data) ? e.data.filter(isViolation) : [] };
};

/** The failure's violations on the form's own fields, as react-admin's Form takes submission errors. */
export const fieldErrorsOf = (failure: OperationFailure, fields: readonly string[]): Record<string, string> =>
  Object.fromEntries(failure.fields.filter((v) => fields.includes(v.field)).map((v) => [v.field, v.message]));

export const newIdempotencyKey = (): string => crypto.randomUUID();

/**
 * Sends one confirmed operation under an Idempotency-Key. Each confirmation gets a fresh key, except
 * one case: when the last attempt of the very same request got no answer (the network failed), it may
 * still have been applied, so confirming it again re-sends the same key and the server answers the
 * first result instead of doing it twice. A request the server answered (success or refusal) is done.
 */
export const useIdempotentSend = () => {
  const unanswered = useRef<{ request: string; key: string } | null>(null);
  return useCallback(async <T>(request: string, send: (key: string) => Promise<T>): Promise<T> => {
    const key = unanswered.current?.request === request ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = null;
    try {
      return await send(key);
    } catch (error) {
      if (!(isApiError(error) && error.response !== undefined)) unanswered.current = { request, key };
      throw error;
    }
  }, []);
};

export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T };

/**
 * A pack's figures, loaded again whenever `version` changes (the pack's issuedCount and updateTime:
 * react-admin's refresh after an issue or an Enable/Disable reloads the pack, and the figures follow).
 */
export const usePackSummary = (packId: number | string | undefined, version: string) => {
  const http = useHttpClient();
  const [state, setState] = useState<Loadable<PackSummary>>({ status: 'idle' });
  useEffect(() => {
    // version is a reload request: read it so the effect runs again when it changes
    void version;
    if (packId === undefined) {
      setState({ status: 'idle' });
      return;
    }
    let cancelled = false;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    fetchPackSummary(http, packId)
      .then((data) => {
        if (!cancelled) setState({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'error', error });
      });
    return () => {
      cancelled = true;
    };
  }, [http, packId, version]);
  return state;
};
