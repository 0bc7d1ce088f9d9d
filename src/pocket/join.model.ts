// The sign-up page's steps and pure rules (join.ts): the number typed as E.164, what a refusal carries
// (6201's tries left, 6203's link) and says in the member's words, and where a web card's link goes.
import { JOIN_OTP, type JoinConfirmAnswer } from '../../contract/pocket';
import { PocketError } from './dom';
import type { JoinKey } from './join.i18n';

/**
 * What the member typed as E.164: `+` and digits as they are (`00` for `+`); a national number gets
 * the store's calling code, without its trunk 0 (0412 345 678 at an Australian store: +61412345678).
 * The server takes this form for both calls, so the code it sent and the one confirmed name one number.
 */
export const toE164 = (typed: string, callingCode: string): string => {
  const compact = typed.replace(/[\s().-]/g, '');
  if (compact.startsWith('+')) return `+${compact.slice(1).replace(/\D/g, '')}`;
  if (compact.startsWith('00')) return `+${compact.slice(2).replace(/\D/g, '')}`;
  const national = compact.replace(/\D/g, '').replace(/^0/, '');
  return `${callingCode}${national}`;
};

export const E164 = /^\+[1-9][0-9]{6,14}$/;

/** The first field violation's params of a refusal (6201's triesLeft), if any. */
export const paramsOf = (error: PocketError): Record<string, unknown> => {
  const first: unknown = Array.isArray(error.data) ? error.data[0] : undefined;
  if (typeof first === 'object' && first !== null && 'params' in first) {
    const params: unknown = first.params;
    if (typeof params === 'object' && params !== null) return params as Record<string, unknown>;
  }
  return {};
};

/** The link of 6203 (the member's card of the programme), if the refusal carries one. */
export const linkOf = (error: PocketError): JoinConfirmAnswer | null => {
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string')
    return { url: data.url, token: 'token' in data && typeof data.token === 'string' ? data.token : '' };
  return null;
};

/** Where a web card's link goes on this site: its path (/c/{token}), whatever PUBLIC_URL says. */
export const pathOf = (url: string): string => {
  try {
    return new URL(url, window.location.origin).pathname;
  } catch {
    return url;
  }
};

export type Step =
  | { kind: 'loading' }
  | { kind: 'notOpen' }
  | { kind: 'failed'; message: string }
  | { kind: 'mobile'; typed: string; error: string | null; busy: boolean }
  | {
      kind: 'code';
      mobile: string;
      masked: string;
      typed: string;
      error: string | null;
      busy: boolean;
      /** Date.now() after which a new code may be asked for */
      resendAt: number;
      /** the birthday the member may give (YYYY-MM-DD, or empty): a birthday treat (issue 43) */
      birthday: string;
    }
  | { kind: 'held'; url: string }
  | { kind: 'joined' };

/** The join page's words in the member's language. */
export type JoinT = (key: JoinKey, params?: Record<string, string | number>) => string;

/** A refusal or a failed call in the member's words. */
export const refusalMessage = (
  error: unknown,
  field: 'mobile' | 'code',
  t: JoinT,
  example: string,
): string => {
  if (!(error instanceof PocketError)) return t('failed');
  if (error.network) return t('network');
  if (error.code === 6) {
    const seconds = Number(error.data && (error.data as { retryAfterSeconds?: unknown }).retryAfterSeconds);
    return t('tooMany', {
      minutes: Math.max(1, Math.ceil((Number.isFinite(seconds) ? seconds : 60) / 60)),
    });
  }
  if (error.code === 2)
    return field === 'mobile'
      ? t('mobileInvalid', { example })
      : t('codeInvalid', { length: JOIN_OTP.length });
  if (error.code === 6201) {
    const left = Number(paramsOf(error).triesLeft ?? 0);
    if (left <= 0) return t('codeDead');
    return left === 1 ? t('codeWrongOne') : t('codeWrong', { n: left });
  }
  return t('failed');
};
