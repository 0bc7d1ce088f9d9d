// The sign-up page's parts as DOM (join.ts): the programme as the card the member is about to get, the
// mobile and code forms, and the steps that are a notice (loading, not open, failed, held, joined).
import { formatMoney } from '../../contract/format';
import { JOIN_OTP, type JoinProgrammeView } from '../../contract/pocket';
import { type Child, h, type Language } from './dom';
import { brandColour, initials, intlLocale, stampSlots } from './format';
import type { JoinT, Step } from './join.model';

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
export const programmeCard = (v: JoinProgrammeView, t: JoinT, lang: Language): HTMLElement => {
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
      v.referral &&
        h(
          'p',
          { class: 'join-referred' },
          t('referred', {
            reward: `${v.referral.reward.title} (${formatMoney(v.referral.reward.value, v.currency, locale)})`,
          }),
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

/** A step's form: submitting hands on what `input` holds, unless the step is already sending. */
const stepForm = (
  input: HTMLInputElement,
  busy: boolean,
  submit: (value: string) => void,
  ...children: Child[]
): HTMLElement =>
  h(
    'form',
    {
      class: 'join-form',
      novalidate: true,
      onsubmit: (event: Event) => {
        event.preventDefault();
        if (busy) return;
        submit(input.value);
      },
    },
    ...children,
  );

/** The mobile step: the number a code is sent to. */
export const mobileForm = (s: Extract<Step, { kind: 'mobile' }>, t: JoinT, on: FormHandlers): HTMLElement => {
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
  return stepForm(
    input,
    s.busy,
    on.submit,
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
export const codeForm = (
  s: Extract<Step, { kind: 'code' }>,
  t: JoinT,
  on: FormHandlers & { resend: () => void; changeNumber: () => void; birthday: (value: string) => void },
): HTMLElement => {
  const birthday = h('input', {
    id: 'join-birthday',
    name: 'birthday',
    type: 'date',
    autocomplete: 'bday',
    value: s.birthday,
    max: new Date().toISOString().slice(0, 10),
    'aria-describedby': 'join-birthday-hint',
  });
  birthday.addEventListener('input', () => on.birthday(birthday.value));
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
  return stepForm(
    input,
    s.busy,
    on.submit,
    h(
      'p',
      { id: 'join-code-sent', class: 'join-sent', role: 'status' },
      t('codeSent', { mobile: s.masked, minutes: Math.round(JOIN_OTP.ttlSeconds / 60) }),
    ),
    h('label', { for: 'join-code', class: 'join-label' }, t('codeLabel', { length: JOIN_OTP.length })),
    input,
    errorLine('join-code-error', s.error),
    h('label', { for: 'join-birthday', class: 'join-label' }, t('birthdayLabel')),
    birthday,
    h('p', { id: 'join-birthday-hint', class: 'join-hint' }, t('birthdayHint')),
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

/** The steps that are a notice, not a form: loading, not open, failed, already held, joined. */
export const noticeOf = (
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
export const refreshResend = (step: Step, t: JoinT): boolean => {
  if (step.kind !== 'code') return true;
  const button = document.getElementById('join-resend');
  const wait = Math.max(0, Math.ceil((step.resendAt - Date.now()) / 1000));
  if (button instanceof HTMLButtonElement) {
    button.textContent = wait > 0 ? t('resendIn', { seconds: wait }) : t('resend');
    button.disabled = wait > 0 || step.busy;
  }
  return wait === 0;
};
