// A store poster's sign-up page, /join/{storeId}/{programmeId} (issue 26 item 4, docs/api.md "Joining
// from a poster"): the programme as the poster offers it, the member's mobile (the store's calling code
// typed for them), a one-time code by SMS, then the new card's web card. Plain DOM (dom.ts), in the
// member's language (join.i18n.ts); every refusal is said in plain words next to what caused it.
import {
  JOIN_OTP,
  type JoinConfirmAnswer,
  type JoinProgrammeView,
  type JoinStartAnswer,
  PUBLIC_PATHS,
  REFERRAL_PARAM,
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
import { JOIN_STRINGS } from './join.i18n';
import { E164, linkOf, paramsOf, pathOf, refusalMessage, type Step, toE164 } from './join.model';
import { codeForm, mobileForm, noticeOf, programmeCard, refreshResend } from './join.view';
import './join.css';

/** Seconds before "Send a new code" may be tapped again. */
export const RESEND_AFTER_SECONDS = 30;

/** What confirming sends: the number, the code, the birthday when one was given and the referral code. */
const confirmBody = (s: Extract<Step, { kind: 'code' }>, code: string, ref: string | null) => ({
  mobile: s.mobile,
  code,
  ...(s.birthday ? { birthday: s.birthday } : {}),
  ...(ref ? { [REFERRAL_PARAM]: ref } : {}),
});

/** The code step once a code is on its way to `mobile` (a birthday typed before stays). */
const codeStepFor = (previous: Step, mobile: string, masked: string): Step => ({
  kind: 'code',
  mobile,
  masked,
  typed: '',
  error: null,
  busy: false,
  resendAt: Date.now() + RESEND_AFTER_SECONDS * 1000,
  birthday: previous.kind === 'code' ? previous.birthday : '',
});

/**
 * The sign-up page of programme `programmeId` at store `storeId`; `ref`, the referral code of the
 * member whose link brought the visitor (issue 43), is sent with the page's read and the confirm.
 */
export const renderJoin = (
  root: HTMLElement,
  storeId: number,
  programmeId: number,
  ref: string | null = null,
): void => {
  let lang: Language = currentLanguage();
  let t = translator(JOIN_STRINGS, lang);
  let view: JoinProgrammeView | null = null;
  let step: Step = { kind: 'loading' };
  let ticker: number | undefined;
  /** the element to focus after the next render (its id) */
  let focusId: string | null = null;

  const example = () => `${view?.callingCode ?? '+65'} 8123 4567`;

  /** A refusal or a failed call in the member's words. */
  const say = (error: unknown, field: 'mobile' | 'code'): string =>
    refusalMessage(error, field, t, example());

  const set = (next: Step, focus: string | null = null) => {
    step = next;
    focusId = focus;
    render();
  };

  /** The member typed into one of the step's fields: kept for the next render, not rendered now. */
  const typed = (s: Extract<Step, { kind: 'mobile' | 'code' }>, value: string, field = 'typed') => {
    step = { ...(step.kind === s.kind ? step : s), [field]: value } as Step;
  };

  const mobileStep = (s: Extract<Step, { kind: 'mobile' }>, v: JoinProgrammeView) =>
    mobileForm(s, t, { typed: (value) => typed(s, value), submit: (value) => void sendCode(value, v) });

  const codeStep = (s: Extract<Step, { kind: 'code' }>, v: JoinProgrammeView) =>
    codeForm(s, t, {
      typed: (value) => typed(s, value),
      submit: (value) => void confirm(value, step.kind === 'code' ? step : s),
      resend: () => void sendCode(s.mobile, v),
      changeNumber: () => set({ kind: 'mobile', typed: s.mobile, error: null, busy: false }, 'join-mobile'),
      birthday: (value) => typed(s, value, 'birthday'),
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
      set(codeStepFor(step, mobile, sent.mobile), 'join-code');
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
      const card = await postJson<JoinConfirmAnswer>(PUBLIC_PATHS.joinConfirm, confirmBody(s, code, ref));
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
      const query = ref ? `?${REFERRAL_PARAM}=${encodeURIComponent(ref)}` : '';
      view = await getJson<JoinProgrammeView>(`${PUBLIC_PATHS.join(storeId, programmeId)}${query}`);
      set({ kind: 'mobile', typed: `${view.callingCode} `, error: null, busy: false });
    } catch (error) {
      // a closed merchant is not open for sign-up either (its page says to ask at the store)
      if (error instanceof PocketError && (error.notFound || error.closed || error.code === 2))
        return set({ kind: 'notOpen' });
      set({
        kind: 'failed',
        message: error instanceof PocketError && error.network ? t('network') : t('failed'),
      });
    }
  }

  void load();
};
