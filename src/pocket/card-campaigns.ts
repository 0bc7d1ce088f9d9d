// What a member card's web card says of the merchant's campaigns (issue 43): the MULTIPLIER and BONUS
// campaigns running on the programme ("On now"), and, while the company runs a REFERRAL campaign, the
// member's referral link with a share button (the phone's share sheet where there is one) and a copy
// button. Drawn by src/pocket/card.ts from PublicCardView.promotions and .referral.

import { WEEKDAYS } from '../../contract/enums';
import { formatDate, formatMoney } from '../../contract/format';
import type { PocketPromotion, PublicCardView } from '../../contract/pocket';
import { h } from './dom';
import type { CardKey } from './i18n';

type T = (key: CardKey, params?: Record<string, string | number>) => string;

/** A Monday (UTC): the week the weekday names are read from. */
const A_MONDAY = Date.UTC(2024, 0, 1, 12);

/** "Mon, Tue" in the member's language; every day when the campaign names none. */
const daysText = (days: PocketPromotion['days'], locale: string, t: T): string => {
  if (days.length === 0 || days.length === WEEKDAYS.length) return t('everyDay');
  const name = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return days.map((d) => name.format(new Date(A_MONDAY + WEEKDAYS.indexOf(d) * 86_400_000))).join(', ');
};

const hour = (n: number): string => `${String(n % 24).padStart(2, '0')}:00`;

/** What a promotion gives, in a line: "×2 stamps", "+1 stamp on your first visit of the day" … */
const headline = (p: PocketPromotion, currency: string, locale: string, t: T): string => {
  if (p.kind === 'MULTIPLIER') return t('promoMultiplier', { n: p.multiplier ?? 1 });
  const n = p.bonusStamps ?? 0;
  const stamps = n === 1 ? t('oneStamp') : t('manyStamps');
  return p.bonusCondition === 'RECEIPT_OVER'
    ? t('promoReceipt', { n, stamps, amount: formatMoney(p.minAmount ?? '0', currency, locale) })
    : t('promoFirstVisit', { n, stamps });
};

/** When it runs: its days, its hours, its last day. */
const when = (p: PocketPromotion, locale: string, t: T): string =>
  [
    daysText(p.days, locale, t),
    p.hourFrom !== null && p.hourTo !== null && p.hourFrom !== p.hourTo
      ? `${hour(p.hourFrom)}–${hour(p.hourTo)}`
      : null,
    p.endAt ? t('promoUntil', { date: formatDate(p.endAt, locale) }) : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');

/** "On now": the campaigns that add stamps to this card's stampings. */
export const promotionsPanel = (view: PublicCardView, locale: string, t: T): HTMLElement | null =>
  view.promotions.length === 0 || view.state !== 'AVAILABLE'
    ? null
    : h(
        'section',
        { class: 'panel promotions', 'aria-labelledby': 'promotions-heading' },
        h('h2', { id: 'promotions-heading' }, t('onNow')),
        h(
          'ul',
          { class: 'promotion-list' },
          view.promotions.map((p) =>
            h(
              'li',
              { class: 'promotion' },
              h(
                'span',
                { class: 'promotion-badge', 'aria-hidden': 'true' },
                p.kind === 'MULTIPLIER' ? `×${p.multiplier}` : `+${p.bonusStamps}`,
              ),
              h(
                'span',
                { class: 'promotion-text' },
                h('span', { class: 'promotion-title' }, headline(p, view.currency, locale, t)),
                h('span', { class: 'muted' }, p.name),
                h('span', { class: 'muted' }, when(p, locale, t)),
                p.description && h('span', { class: 'promotion-description' }, p.description),
              ),
            ),
          ),
        ),
      );

/** "Bring a friend": the member's referral link, to share or copy. */
export const referralPanel = (view: PublicCardView, locale: string, t: T): HTMLElement | null => {
  const referral = view.referral;
  if (!referral) return null;
  const status = h('p', { class: 'muted referral-status', role: 'status' });
  const reward = `${referral.reward.title} (${formatMoney(referral.reward.value, view.currency, locale)})`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referral.url);
      status.textContent = t('referCopied');
    } catch {
      // no clipboard (an old browser, a page not served over HTTPS): the link is selected to copy by hand
      const field = document.getElementById('referral-link');
      if (field instanceof HTMLInputElement) field.select();
    }
  };
  const canShare = typeof navigator.share === 'function';
  return h(
    'section',
    { class: 'panel referral', 'aria-labelledby': 'referral-heading' },
    h('h2', { id: 'referral-heading' }, t('referTitle')),
    h('p', null, t('referBody', { reward })),
    referral.description && h('p', { class: 'muted' }, referral.description),
    h('label', { class: 'visually-hidden', for: 'referral-link' }, t('referLinkLabel')),
    h('input', { id: 'referral-link', class: 'referral-link', readonly: true, value: referral.url }),
    h(
      'div',
      { class: 'referral-actions' },
      canShare &&
        h(
          'button',
          {
            type: 'button',
            class: 'btn btn-primary',
            onclick: () => {
              void navigator
                .share({ title: referral.campaign, text: t('referBody', { reward }), url: referral.url })
                .catch(() => {});
            },
          },
          t('referShare'),
        ),
      h(
        'button',
        { type: 'button', class: canShare ? 'btn' : 'btn btn-primary', onclick: () => void copy() },
        t('referCopy'),
      ),
    ),
    status,
  );
};
