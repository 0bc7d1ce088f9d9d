// The web card of a member card (/c/{token}) or a voucher (/v/{token}) (issue 26 item 1): what
// GET /public/cards/{token} or /public/vouchers/{token} answers (contract/pocket.ts), drawn as a
// wallet card in the brand's colour with the QR code staff scan at the counter, then the member's
// vouchers from the same merchant and the brand's stores. No sign-in: the link is the key. A dead or
// revoked link says so; a failed load offers to try again.
import { encode } from 'uqr';
import { formatDate, formatDateRange, formatMoney } from '../../contract/format';
import type {
  PocketKind,
  PocketStore,
  PocketVoucher,
  PublicCardView,
  PublicVoucherView,
} from '../../contract/pocket';
import { PUBLIC_PATHS } from '../../contract/pocket';
import { promotionsPanel, referralPanel } from './card-campaigns';
import {
  type Child,
  currentLanguage,
  getJson,
  h,
  languageSwitch,
  mount,
  NETWORK_ERROR,
  PocketError,
  svg,
  translator,
} from './dom';
import { brandColour, groupCode, initials, intlLocale, stampSlots } from './format';
import { CARD_STRINGS, type CardKey } from './i18n';

type View = PublicCardView | PublicVoucherView;
type T = (key: CardKey, params?: Record<string, string | number>) => string;

/** What the page shows: loading, the view, or why there is none. */
type Shown = { kind: 'loading' } | { kind: 'view'; view: View } | { kind: 'error'; error: PocketError };

/** The HTTP status of a rate-limited answer: the public routes count calls per IP. */
const TOO_MANY = 429;

// ---- pieces -----------------------------------------------------------------------------------------

/** The QR code of `code` as an SVG (one path, one unit per module, scaled by CSS). */
export const qrCode = (code: string, label: string): SVGSVGElement => {
  const qr = encode(code, { ecc: 'M', border: 2 });
  let d = '';
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return svg(
    'svg',
    {
      class: 'qr',
      viewBox: `0 0 ${qr.size} ${qr.size}`,
      role: 'img',
      'aria-label': label,
      'shape-rendering': 'crispEdges',
      'data-code': code,
    },
    svg('rect', { width: qr.size, height: qr.size, fill: '#fff' }),
    svg('path', { d, fill: '#000' }),
  );
};

const qrPanel = (code: string, t: T): HTMLElement =>
  h(
    'div',
    { class: 'qr-panel' },
    qrCode(code, t('qrLabel', { code })),
    h('p', { class: 'qr-code' }, h('span', { class: 'visually-hidden' }, `${t('code')}: `), groupCode(code)),
    h('p', { class: 'qr-hint' }, t('showAtCounter')),
  );

/** The brand's logo, or its initials on a disc when it has none or the image fails. */
const brandMark = (brand: View['brand'], t: T): HTMLElement => {
  const mono = () =>
    h('span', { class: 'brand-mark brand-mono', 'aria-hidden': 'true' }, initials(brand.name));
  if (!brand.logo) return mono();
  const img = h('img', {
    class: 'brand-mark',
    src: brand.logo,
    alt: t('logoAlt', { brand: brand.name }),
    width: 48,
    height: 48,
  });
  img.addEventListener('error', () => img.replaceWith(mono()), { once: true });
  return img;
};

const cardHead = (view: View, title: string, kindLabel: string, t: T): HTMLElement =>
  h(
    'div',
    { class: 'card-head' },
    brandMark(view.brand, t),
    h(
      'div',
      { class: 'card-titles' },
      h(
        'div',
        { class: 'card-brand-row' },
        h('p', { class: 'brand-name' }, view.brand.name),
        h('span', { class: 'card-kind' }, kindLabel),
      ),
      h('h1', { class: 'card-title' }, title),
    ),
  );

/**
 * The programme's or voucher's words and picture: the picture as a thumbnail beside the words (its
 * shape is the merchant's: a square tile and a wide photo both fit, cropped to a square).
 */
const intro = (description: string | null, image: string | null): HTMLElement | null =>
  description || image
    ? h(
        'div',
        { class: 'card-intro' },
        description && h('p', { class: 'card-desc' }, description),
        image && h('img', { class: 'card-thumb', src: image, alt: '', width: 64, height: 64 }),
      )
    : null;

const metaRow = (label: string, value: Child): HTMLElement =>
  h('div', { class: 'meta-row' }, h('dt', null, label), h('dd', null, value));

const walletButtons = (view: PublicCardView, t: T): HTMLElement | null => {
  const { applePassUrl, googleSaveUrl } = view.wallet;
  if (!applePassUrl && !googleSaveUrl) return null;
  return h(
    'div',
    { class: 'wallet-buttons' },
    applePassUrl && h('a', { class: 'wallet-button', href: applePassUrl }, t('addApple')),
    googleSaveUrl && h('a', { class: 'wallet-button', href: googleSaveUrl }, t('saveGoogle')),
  );
};

const vouchersList = (
  vouchers: PocketVoucher[],
  currency: string,
  locale: string,
  t: T,
): HTMLElement | null =>
  vouchers.length === 0
    ? null
    : h(
        'section',
        { class: 'panel', 'aria-labelledby': 'vouchers-heading' },
        h('h2', { id: 'vouchers-heading' }, t('yourVouchers')),
        h(
          'ul',
          { class: 'voucher-list' },
          vouchers.map((v) =>
            h(
              'li',
              null,
              h(
                // a voucher no link was made for yet is listed without one
                v.url ? 'a' : 'div',
                { class: 'voucher-link', href: v.url },
                h(
                  'span',
                  { class: 'voucher-text' },
                  h('span', { class: 'voucher-title' }, v.title),
                  h('span', { class: 'muted' }, t('validUntil', { date: formatDate(v.validUntil, locale) })),
                ),
                h('span', { class: 'voucher-value' }, formatMoney(v.value, currency, locale)),
                v.url && h('span', { class: 'chevron', 'aria-hidden': 'true' }, '›'),
              ),
            ),
          ),
        ),
      );

const storesList = (stores: PocketStore[], t: T): HTMLElement | null =>
  stores.length === 0
    ? null
    : h(
        'section',
        { class: 'panel', 'aria-labelledby': 'stores-heading' },
        h('h2', { id: 'stores-heading' }, t('ourStores')),
        h(
          'ul',
          { class: 'store-list' },
          stores.map((s) =>
            h(
              'li',
              { class: 'store' },
              h('h3', null, s.name),
              h('p', { class: 'store-address' }, s.address),
              s.openingHours &&
                h(
                  'p',
                  { class: 'store-hours' },
                  h('span', { class: 'muted' }, `${t('hours')}: `),
                  s.openingHours,
                ),
              s.phone &&
                h(
                  'a',
                  { class: 'store-phone', href: `tel:${s.phone.replace(/[^\d+]/g, '')}` },
                  t('call', { phone: s.phone }),
                ),
            ),
          ),
        ),
      );

const websiteLink = (view: View, t: T): HTMLElement | null => {
  const site = view.brand.website;
  if (!site || !/^https?:\/\//i.test(site)) return null;
  return h(
    'p',
    { class: 'site' },
    h('a', { href: site, rel: 'noopener' }, t('website', { brand: view.brand.name })),
  );
};

const stampRow = (stamps: number, required: number, t: T): HTMLElement => {
  const slots = stampSlots(stamps, required);
  const cols =
    slots.length <= 6 ? Math.max(1, slots.length) : slots.length <= 12 ? Math.ceil(slots.length / 2) : 6;
  return h(
    'div',
    { class: 'stamps-block' },
    h(
      'div',
      { class: 'stamps', style: `--cols: ${cols}`, 'aria-hidden': 'true' },
      slots.map((filled) =>
        h(
          'span',
          { class: filled ? 'stamp filled' : 'stamp' },
          filled &&
            svg(
              'svg',
              { viewBox: '0 0 24 24', class: 'stamp-tick' },
              svg('path', { d: 'M5 12.5l4.5 4.5L19 7.5', fill: 'none' }),
            ),
        ),
      ),
    ),
    h('p', { class: 'stamp-count' }, t('stampsOf', { given: Math.min(stamps, required), needed: required })),
  );
};

// ---- the two cards ----------------------------------------------------------------------------------

const memberCard = (view: PublicCardView, locale: string, t: T): Child[] => {
  const left = Math.max(0, view.stampsRequired - view.stamps);
  const ends = formatDate(view.programme.endDate, locale);
  const card = h(
    'article',
    {
      class: `wallet-card state-${view.state.toLowerCase()}`,
      style: `--brand: ${brandColour(view.brand.name)}`,
    },
    h(
      'div',
      { class: 'card-body' },
      cardHead(view, view.programme.title, t('cardKind'), t),
      intro(view.programme.description, view.programme.image),
      stampRow(view.stamps, view.stampsRequired, t),
      view.state === 'AVAILABLE' && left > 0 && h('p', { class: 'card-note' }, t('stampsLeft', { left })),
      view.reward && h('p', { class: 'reward' }, t('reward', { reward: view.reward.title })),
      view.state === 'COMPLETED' &&
        h(
          'div',
          { class: 'status status-done', role: 'status' },
          h('p', null, t('completed')),
          view.rewardVoucherUrl &&
            h('a', { class: 'btn btn-light', href: view.rewardVoucherUrl }, t('openReward')),
        ),
      view.state === 'EXPIRED' &&
        h('div', { class: 'status status-off', role: 'status' }, h('p', null, t('cardExpired'))),
    ),
    view.state !== 'EXPIRED' && qrPanel(view.code, t),
    h(
      'dl',
      { class: 'card-meta' },
      metaRow(t('member'), view.memberMobile),
      metaRow(view.state === 'EXPIRED' ? t('cardEnded') : t('cardEnds'), ends),
    ),
  );
  return [card, walletButtons(view, t)];
};

const voucherCard = (view: PublicVoucherView, locale: string, t: T): Child[] => {
  const usable = view.state === 'AVAILABLE';
  const stateLabel: Record<PublicVoucherView['state'], string> = {
    AVAILABLE: t('voucherAvailable'),
    REDEEMED: t('voucherRedeemed'),
    EXPIRED: t('voucherExpired'),
  };
  const card = h(
    'article',
    {
      class: `wallet-card voucher state-${view.state.toLowerCase()}`,
      style: `--brand: ${brandColour(view.brand.name)}`,
    },
    h(
      'div',
      { class: 'card-body' },
      cardHead(view, view.title, t('voucherKind'), t),
      h('p', { class: 'voucher-amount' }, formatMoney(view.value, view.currency, locale)),
      intro(view.description, view.image),
      h('p', { class: `badge badge-${view.state.toLowerCase()}` }, stateLabel[view.state]),
    ),
    usable
      ? qrPanel(view.code, t)
      : h(
          'div',
          { class: 'status status-off status-big', role: 'status' },
          h('p', null, view.state === 'REDEEMED' ? t('voucherRedeemedNote') : t('voucherExpiredNote')),
        ),
    h(
      'dl',
      { class: 'card-meta' },
      metaRow(t('member'), view.memberMobile),
      metaRow(t('validLabel'), formatDateRange(view.validFrom, view.validUntil, locale)),
    ),
  );
  return [card];
};

// ---- states of the page -----------------------------------------------------------------------------

/** The card's outline while it loads, the size of the card to come (no jump when it arrives). */
const skeleton = (t: T): Child[] => {
  const line = (extra = '') => h('span', { class: `bone bone-line ${extra}` });
  return [
    h('p', { class: 'visually-hidden', role: 'status' }, t('loading')),
    h(
      'div',
      { class: 'wallet-card skeleton', 'aria-hidden': 'true' },
      h(
        'div',
        { class: 'card-body' },
        h(
          'div',
          { class: 'card-head' },
          h('span', { class: 'brand-mark bone' }),
          h('div', { class: 'card-titles' }, line('short'), line(), line('half')),
        ),
        line(),
        h(
          'div',
          { class: 'stamps-block' },
          h(
            'div',
            { class: 'stamps', style: '--cols: 5' },
            Array.from({ length: 10 }, () => h('span', { class: 'stamp bone' })),
          ),
          line('half'),
        ),
        h('span', { class: 'bone bone-bar' }),
      ),
      h('div', { class: 'qr-panel' }, h('span', { class: 'qr bone' }), line('half'), line('short')),
      h('div', { class: 'card-meta' }, line('half'), line('half')),
    ),
  ];
};

/** A line icon (24-unit box, drawn with the text's colour), for the pages without a card. */
const icon = (...paths: string[]): SVGSVGElement =>
  svg(
    'svg',
    { class: 'icon', viewBox: '0 0 24 24', 'aria-hidden': 'true' },
    paths.map((d) => svg('path', { d })),
  );

/** a broken chain: the link is dead */
const BROKEN_LINK = [
  'M18.8 12.3l1.7-1.7a5 5 0 0 0-7.1-7.1l-1.7 1.7',
  'M5.2 11.7l-1.7 1.7a5 5 0 0 0 7.1 7.1l1.7-1.7',
  'M8 2v3',
  'M2 8h3',
  'M16 19v3',
  'M19 16h3',
];
/** two bars: paused */
const PAUSED = ['M9 5v14', 'M15 5v14'];
/** a circular arrow: try again */
const AGAIN = ['M21 12a9 9 0 1 1-9-9c2.5 0 4.9 1 6.7 2.7L21 8', 'M21 3v5h-5'];

const problem = (kind: PocketKind, error: PocketError, t: T, retry: () => void): Child[] => {
  if (error.notFound) {
    return [
      h(
        'div',
        { class: 'message-page' },
        h('span', { class: 'message-icon' }, icon(...BROKEN_LINK)),
        h('h1', null, t('goneTitle')),
        h('p', null, kind === 'CARD' ? t('goneCard') : t('goneVoucher')),
      ),
    ];
  }
  if (error.closed) {
    return [
      h(
        'div',
        { class: 'message-page', role: 'status' },
        h('span', { class: 'message-icon' }, icon(...PAUSED)),
        h('h1', null, t('closedTitle')),
        h('p', null, t('closed')),
      ),
    ];
  }
  const [title, text] =
    error.code === NETWORK_ERROR
      ? [t('offlineTitle'), t('offline')]
      : error.status === TOO_MANY
        ? [t('busyTitle'), t('busy')]
        : [t('failedTitle'), t('failed')];
  return [
    h(
      'div',
      { class: 'message-page', role: 'alert' },
      h('span', { class: 'message-icon' }, icon(...AGAIN)),
      h('h1', null, title),
      h('p', null, text),
      h('button', { type: 'button', class: 'btn btn-primary', onclick: retry }, t('retry')),
    ),
  ];
};

const body = (shown: Shown & { kind: 'view' }, locale: string, t: T): Child[] => {
  const { view } = shown;
  return [
    ...(view.kind === 'CARD' ? memberCard(view, locale, t) : voucherCard(view, locale, t)),
    view.kind === 'CARD' && promotionsPanel(view, locale, t),
    view.kind === 'CARD' && referralPanel(view, locale, t),
    vouchersList(view.vouchers, view.currency, locale, t),
    storesList(view.stores, t),
    websiteLink(view, t),
  ];
};

const pageTitle = (shown: Shown, t: T): string => {
  if (shown.kind !== 'view') return t('pageTitle');
  const { view } = shown;
  return `${view.kind === 'CARD' ? view.programme.title : view.title} · ${view.brand.name}`;
};

// ---- the page ---------------------------------------------------------------------------------------

export const renderCard = (root: HTMLElement, kind: PocketKind, token: string): void => {
  let lang = currentLanguage();
  let shown: Shown = { kind: 'loading' };

  const draw = (focusSwitch = false) => {
    const t: T = translator(CARD_STRINGS, lang);
    const locale = intlLocale(lang, navigator.languages?.length ? navigator.languages : [navigator.language]);
    document.title = pageTitle(shown, t);
    const content =
      shown.kind === 'loading'
        ? skeleton(t)
        : shown.kind === 'error'
          ? problem(kind, shown.error, t, () => void load())
          : body(shown, locale, t);
    root.setAttribute('aria-busy', String(shown.kind === 'loading'));
    mount(
      root,
      h(
        'div',
        { class: 'page' },
        h(
          'div',
          { class: 'topbar' },
          languageSwitch(lang, (next) => {
            lang = next;
            draw(true);
          }),
        ),
        content,
      ),
    );
    if (focusSwitch) root.querySelector<HTMLElement>('.lang-button')?.focus();
  };

  const load = async () => {
    shown = { kind: 'loading' };
    draw();
    try {
      const path = kind === 'CARD' ? PUBLIC_PATHS.card(token) : PUBLIC_PATHS.voucher(token);
      shown = { kind: 'view', view: await getJson<View>(path) };
    } catch (error) {
      shown = {
        kind: 'error',
        error:
          error instanceof PocketError
            ? error
            : new PocketError({ code: NETWORK_ERROR, status: 0, message: String(error) }),
      };
    }
    draw();
  };

  void load();
};
