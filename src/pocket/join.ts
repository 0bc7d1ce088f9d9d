// A store poster's sign-up page, /join/{storeId}/{programmeId} (issue 26 item 4, docs/api.md "Joining
// from a poster"): the programme as the poster offers it, the member's mobile (the store's calling code
// typed for them), a one-time code by SMS, then the new card's web card. Plain DOM (dom.ts), in the
// member's language (join.i18n.ts); every refusal is said in plain words next to what caused it.
import { formatMoney } from '../../contract/format';
import {
  JOIN_OTP,
  type JoinConfirmAnswer,
  type JoinProgrammeView,
  type JoinStartAnswer,
  PUBLIC_PATHS,
} from '../../contract/pocket';
import {
  currentLanguage,
  getJson,
  h,
  type Language,
  languageSwitch,
  mount,
  PocketError,
  postJson,
  translator,
} from './dom';
import { brandColour, initials, intlLocale, stampSlots } from './format';
import { JOIN_STRINGS, type JoinKey } from './join.i18n';
import './join.css';

/** Seconds before "Send a new code" may be tapped again. */
export const RESEND_AFTER_SECONDS = 30;

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

const E164 = /^\+[1-9][0-9]{6,14}$/;

/** The first field violation's params of a refusal (6201's triesLeft), if any. */
const paramsOf = (error: PocketError): Record<string, unknown> => {
  const first: unknown = Array.isArray(error.data) ? error.data[0] : undefined;
  if (typeof first === 'object' && first !== null && 'params' in first) {
    const params: unknown = first.params;
    if (typeof params === 'object' && params !== null) return params as Record<string, unknown>;
  }
  return {};
};

/** The link of 6203 (the member's card of the programme), if the refusal carries one. */
const linkOf = (error: PocketError): JoinConfirmAnswer | null => {
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'url' in data && typeof data.url === 'string')
    return { url: data.url, token: 'token' in data && typeof data.token === 'string' ? data.token : '' };
  return null;
};

/** Where a web card's link goes on this site: its path (/c/{token}), whatever PUBLIC_URL says. */
const pathOf = (url: string): string => {
  try {
    return new URL(url, window.location.origin).pathname;
  } catch {
    return url;
  }
};

type Step =
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
    }
  | { kind: 'held'; url: string }
  | { kind: 'joined' };

/** The join page's words in the member's language. */
type JoinT = (key: JoinKey, params?: Record<string, string | number>) => string;

/** The brand's logo, or its initials on a disc (as on the web card) when it has none or it fails. */
const brandMark = (v: JoinProgrammeView): HTMLElement => {
  const mono = () =>
    h('span', { class: 'brand-mark brand-mono', 'aria-hidden': 'true' }, initials(v.brand.name));
  if (!v.brand.logo) return mono();
  const img = h('img', { class: 'brand-mark', src: v.brand.logo, alt: '', width: 48, height: 48 });
  img.addEventListener('error', () => img.replaceWith(mono()), { once: true });
  return img;
};

/**
 * The programme as the card the member is about to get (the web card's look, pocket.css): the brand,
 * "Join {programme}", its words and picture, the empty stamps, the reward, the store.
 */
const programmeCard = (v: JoinProgrammeView, t: JoinT, lang: Language): HTMLElement => {
  const required = v.programme.stampsRequired;
  const slots = stampSlots(0, Math.min(required, 30));
  const cols =
    slots.length <= 6 ? Math.max(1, slots.length) : slots.length <= 12 ? Math.ceil(slots.length / 2) : 6;
  const locale = intlLocale(lang, navigator.languages ?? [navigator.language]);
  return h(
    'section',
    {
      class: 'wallet-card join-programme',
      style: `--brand: ${brandColour(v.brand.name)}`,
      'aria-labelledby': 'join-title',
    },
    h(
      'div',
      { class: 'card-body' },
      h(
        'div',
        { class: 'card-head' },
        brandMark(v),
        h(
          'div',
          { class: 'card-titles' },
          h('p', { class: 'brand-name' }, v.brand.name),
          h(
            'h1',
            { id: 'join-title', class: 'card-title' },
            t('joinHeading', { programme: v.programme.title }),
          ),
        ),
      ),
      (v.programme.description || v.programme.image) &&
        h(
          'div',
          { class: 'card-intro' },
          v.programme.description && h('p', { class: 'card-desc' }, v.programme.description),
          v.programme.image &&
            h('img', { class: 'card-thumb', src: v.programme.image, alt: '', width: 64, height: 64 }),
        ),
      h(
        'div',
        { class: 'stamps-block' },
        h(
          'div',
          { class: 'stamps', style: `--cols: ${cols}`, 'aria-hidden': 'true' },
          slots.map(() => h('span', { class: 'stamp' })),
        ),
        h('p', { class: 'stamp-count' }, required === 1 ? t('collectOne') : t('collect', { n: required })),
      ),
      v.reward &&
        h(
          'p',
          { class: 'reward' },
          Number(v.reward.value) > 0
            ? t('reward', { title: v.reward.title, value: formatMoney(v.reward.value, v.currency, locale) })
            : t('rewardNoValue', { title: v.reward.title }),
        ),
      h('p', { class: 'join-store' }, t('atStore', { store: v.store.name })),
    ),
  );
};

const errorLine = (id: string, message: string | null) =>
  h('p', { id, class: 'join-error', role: 'alert' }, message ?? '');

/** What a step's form tells the page: the member typed, or submitted. */
interface FormHandlers {
  typed: (value: string) => void;
  submit: (value: string) => void;
}

/** The mobile step: the number a code is sent to. */
const mobileForm = (s: Extract<Step, { kind: 'mobile' }>, t: JoinT, on: FormHandlers): HTMLElement => {
  const input = h('input', {
    id: 'join-mobile',
    name: 'mobile',
    type: 'tel',
    autocomplete: 'tel',
    inputmode: 'tel',
    required: true,
    value: s.typed,
    'aria-describedby': 'join-mobile-hint join-mobile-error',
    'aria-invalid': s.error ? 'true' : null,
  });
  input.addEventListener('input', () => on.typed(input.value));
  return h(
    'form',
    {
      class: 'join-form',
      novalidate: true,
      onsubmit: (event: Event) => {
        event.preventDefault();
        if (s.busy) return;
        on.submit(input.value);
      },
    },
    h('label', { for: 'join-mobile', class: 'join-label' }, t('mobileLabel')),
    input,
    h('p', { id: 'join-mobile-hint', class: 'join-hint' }, t('mobileHint', { length: JOIN_OTP.length })),
    errorLine('join-mobile-error', s.error),
    h(
      'button',
      { type: 'submit', class: 'join-button', disabled: s.busy },
      s.busy ? t('sending') : t('sendCode'),
    ),
  );
};

/** The code step: the code sent by SMS, sending it again, another number. */
const codeForm = (
  s: Extract<Step, { kind: 'code' }>,
  t: JoinT,
  on: FormHandlers & { resend: () => void; changeNumber: () => void },
): HTMLElement => {
  const input = h('input', {
    id: 'join-code',
    name: 'code',
    type: 'text',
    autocomplete: 'one-time-code',
    inputmode: 'numeric',
    pattern: '[0-9]*',
    maxlength: JOIN_OTP.length,
    required: true,
    value: s.typed,
    'aria-describedby': 'join-code-sent join-code-error',
    'aria-invalid': s.error ? 'true' : null,
  });
  input.addEventListener('input', () => on.typed(input.value));
  const wait = Math.max(0, Math.ceil((s.resendAt - Date.now()) / 1000));
  return h(
    'form',
    {
      class: 'join-form',
      novalidate: true,
      onsubmit: (event: Event) => {
        event.preventDefault();
        if (s.busy) return;
        on.submit(input.value);
      },
    },
    h(
      'p',
      { id: 'join-code-sent', class: 'join-sent', role: 'status' },
      t('codeSent', { mobile: s.masked, minutes: Math.round(JOIN_OTP.ttlSeconds / 60) }),
    ),
    h('label', { for: 'join-code', class: 'join-label' }, t('codeLabel', { length: JOIN_OTP.length })),
    input,
    errorLine('join-code-error', s.error),
    h(
      'button',
      { type: 'submit', class: 'join-button', disabled: s.busy },
      s.busy ? t('joining') : t('join'),
    ),
    h(
      'div',
      { class: 'join-actions' },
      h(
        'button',
        {
          type: 'button',
          id: 'join-resend',
          class: 'join-link',
          disabled: wait > 0 || s.busy,
          onclick: on.resend,
        },
        wait > 0 ? t('resendIn', { seconds: wait }) : t('resend'),
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'join-link',
          onclick: on.changeNumber,
        },
        t('changeNumber'),
      ),
    ),
  );
};

/** A refusal or a failed call in the member's words. */
const refusalOf = (error: unknown, field: 'mobile' | 'code', t: JoinT, example: string): string => {
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

/** The steps that are a notice, not a form: loading, not open, failed, already held, joined. */
const noticeOf = (
  step: Exclude<Step, { kind: 'mobile' | 'code' }>,
  view: JoinProgrammeView | null,
  t: JoinT,
  lang: Language,
  retry: () => void,
): HTMLElement[] => {
  switch (step.kind) {
    case 'loading':
      return [h('p', { class: 'join-muted', role: 'status' }, t('loading'))];
    case 'notOpen':
      return [
        h(
          'section',
          { class: 'join-notice' },
          h('h1', { class: 'join-title' }, t('notOpenHeading')),
          h('p', null, t('notOpenText')),
        ),
      ];
    case 'failed':
      return [
        h(
          'section',
          { class: 'join-notice' },
          h('p', { role: 'alert' }, step.message),
          h('button', { type: 'button', class: 'join-button', onclick: retry }, t('retry')),
        ),
      ];
    case 'held':
      return [
        view ? programmeCard(view, t, lang) : null,
        h(
          'section',
          { class: 'join-notice join-held', 'aria-labelledby': 'join-held-title' },
          h('h2', { id: 'join-held-title' }, t('heldHeading')),
          h('p', null, t('heldText', { programme: view?.programme.title ?? '' })),
          h('a', { id: 'join-open', class: 'join-button', href: step.url }, t('openCard')),
        ),
      ].filter((e): e is HTMLElement => e !== null);
    case 'joined':
      return [
        view ? programmeCard(view, t, lang) : null,
        h('p', { class: 'join-sent', role: 'status' }, t('joined')),
      ].filter((e): e is HTMLElement => e !== null);
  }
};

/** Updates the code step's resend button; true once it may be tapped (or the step is gone). */
const refreshResend = (step: Step, t: JoinT): boolean => {
  if (step.kind !== 'code') return true;
  const button = document.getElementById('join-resend');
  const wait = Math.max(0, Math.ceil((step.resendAt - Date.now()) / 1000));
  if (button instanceof HTMLButtonElement) {
    button.textContent = wait > 0 ? t('resendIn', { seconds: wait }) : t('resend');
    button.disabled = wait > 0 || step.busy;
  }
  return wait === 0;
};

export const renderJoin = (root: HTMLElement, storeId: number, programmeId: number): void => {
  let lang: Language = currentLanguage();
  let t = translator(JOIN_STRINGS, lang);
  let view: JoinProgrammeView | null = null;
  let step: Step = { kind: 'loading' };
  let ticker: number | undefined;
  /** the element to focus after the next render (its id) */
  let focusId: string | null = null;

  const example = () => `${view?.callingCode ?? '+65'} 8123 4567`;

  /** A refusal or a failed call in the member's words. */
  const say = (error: unknown, field: 'mobile' | 'code'): string => refusalOf(error, field, t, example());

  const set = (next: Step, focus: string | null = null) => {
    step = next;
    focusId = focus;
    render();
  };

  /** The member typed into the step's field: kept for the next render, not rendered now. */
  const typed = (s: Extract<Step, { kind: 'mobile' | 'code' }>, value: string) => {
    step = { ...s, typed: value };
  };

  const mobileStep = (s: Extract<Step, { kind: 'mobile' }>, v: JoinProgrammeView) =>
    mobileForm(s, t, { typed: (value) => typed(s, value), submit: (value) => void sendCode(value, v) });

  const codeStep = (s: Extract<Step, { kind: 'code' }>, v: JoinProgrammeView) =>
    codeForm(s, t, {
      typed: (value) => typed(s, value),
      submit: (value) => void confirm(value, s),
      resend: () => void sendCode(s.mobile, v),
      changeNumber: () => set({ kind: 'mobile', typed: s.mobile, error: null, busy: false }, 'join-mobile'),
    });

  const stopTicker = () => {
    if (ticker !== undefined) window.clearInterval(ticker);
    ticker = undefined;
  };

  /** Re-renders the resend button every second until it may be tapped. */
  const startTicker = () => {
    stopTicker();
    ticker = window.setInterval(() => {
      if (refreshResend(step, t)) stopTicker();
    }, 1000);
  };

  const sendCode = async (typed: string, v: JoinProgrammeView): Promise<void> => {
    const mobile = toE164(typed, v.callingCode);
    const back = (error: string) =>
      step.kind === 'code'
        ? set({ ...step, busy: false, error }, 'join-code')
        : set({ kind: 'mobile', typed, error, busy: false }, 'join-mobile');
    if (!E164.test(mobile)) return back(t('mobileInvalid', { example: example() }));
    if (step.kind === 'code') set({ ...step, busy: true, error: null });
    else set({ kind: 'mobile', typed, error: null, busy: true });
    try {
      const sent = await postJson<JoinStartAnswer>(PUBLIC_PATHS.join(storeId, programmeId), { mobile });
      set(
        {
          kind: 'code',
          mobile,
          masked: sent.mobile,
          typed: '',
          error: null,
          busy: false,
          resendAt: Date.now() + RESEND_AFTER_SECONDS * 1000,
        },
        'join-code',
      );
      startTicker();
    } catch (error) {
      if (error instanceof PocketError && error.notFound) return set({ kind: 'notOpen' });
      back(say(error, 'mobile'));
    }
  };

  const confirm = async (typed: string, s: Extract<Step, { kind: 'code' }>): Promise<void> => {
    const code = typed.replace(/\s/g, '');
    if (!new RegExp(`^[0-9]{${JOIN_OTP.length}}$`).test(code))
      return set({ ...s, typed, error: t('codeInvalid', { length: JOIN_OTP.length }) }, 'join-code');
    set({ ...s, typed, busy: true, error: null });
    try {
      const card = await postJson<JoinConfirmAnswer>(PUBLIC_PATHS.joinConfirm, { mobile: s.mobile, code });
      stopTicker();
      set({ kind: 'joined' });
      window.location.assign(pathOf(card.url));
    } catch (error) {
      if (error instanceof PocketError && error.code === 6203) {
        const link = linkOf(error);
        if (link) {
          stopTicker();
          return set({ kind: 'held', url: pathOf(link.url) }, 'join-open');
        }
      }
      if (error instanceof PocketError && error.notFound) return set({ kind: 'notOpen' });
      const message = say(error, 'code');
      // a dead code: a new one may be asked for at once
      const dead =
        error instanceof PocketError && error.code === 6201 && Number(paramsOf(error).triesLeft ?? 0) <= 0;
      set({ ...s, typed, busy: false, error: message, resendAt: dead ? 0 : s.resendAt }, 'join-code');
    }
  };

  const body = (): HTMLElement[] => {
    switch (step.kind) {
      case 'mobile':
        return view ? [programmeCard(view, t, lang), mobileStep(step, view)] : [];
      case 'code':
        return view ? [programmeCard(view, t, lang), codeStep(step, view)] : [];
      default:
        return noticeOf(step, view, t, lang, () => void load());
    }
  };

  function render(): void {
    document.title = view ? t('pageTitle', { programme: view.programme.title }) : t('notOpenHeading');
    mount(
      root,
      h(
        'div',
        { class: 'join page' },
        h(
          'header',
          { class: 'topbar' },
          languageSwitch(lang, (next) => {
            lang = next;
            t = translator(JOIN_STRINGS, lang);
            render();
          }),
        ),
        body(),
      ),
    );
    if (focusId) {
      document.getElementById(focusId)?.focus();
      focusId = null;
    }
  }

  async function load(): Promise<void> {
    set({ kind: 'loading' });
    if (
      !Number.isSafeInteger(storeId) ||
      !Number.isSafeInteger(programmeId) ||
      storeId < 1 ||
      programmeId < 1
    )
      return set({ kind: 'notOpen' });
    try {
      view = await getJson<JoinProgrammeView>(PUBLIC_PATHS.join(storeId, programmeId));
      set({ kind: 'mobile', typed: `${view.callingCode} `, error: null, busy: false });
    } catch (error) {
      if (error instanceof PocketError && (error.notFound || error.code === 2))
        return set({ kind: 'notOpen' });
      set({
        kind: 'failed',
        message: error instanceof PocketError && error.network ? t('network') : t('failed'),
      });
    }
  }

  void load();
};
