// What the pocket pages share (the web card, src/pocket/card.ts, and the poster sign-up page,
// src/pocket/join.ts): an element builder, the JSON calls that unwrap the contract's envelope, and the
// member's language. Plain DOM, no library: the pocket bundle stays small (docs/architecture.md
// "The pocket card"). Keep this API stable: both pages build on it.

import { CLOSED_ORG_STATES } from '../../contract/enums';
import { type Envelope, isFailure } from '../../contract/envelope';
import { BASE_PATHS } from '../../contract/http';

// ---- elements ---------------------------------------------------------------------------------------

/** What an element can hold: nodes, text, and nothing (false, null, undefined are left out). */
export type Child = Node | string | number | false | null | undefined | readonly Child[];

/**
 * An element's attributes: `on<event>` takes a listener; `class` the class names; `true` sets an empty
 * attribute, `false`, `null` and `undefined` leave it out; anything else is set as a string.
 */
export type Attrs = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

const append = (parent: Node, children: readonly Child[]): void => {
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    if (Array.isArray(child)) append(parent, child);
    else if (child instanceof Node) parent.appendChild(child);
    else parent.appendChild(document.createTextNode(String(child)));
  }
};

const setAttrs = (el: Element, attrs: Attrs | null | undefined): void => {
  if (!attrs) return;
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) el.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) el.setAttribute(name, String(value));
  }
};

/** An HTML element: `h('a', { href: '/x', class: 'link' }, 'text', child)`. */
export const h = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
};

/** An SVG element (the QR code, icons): `svg('path', { d: 'M0 0h1v1z' })`. */
export const svg = <K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): SVGElementTagNameMap[K] => {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
};

/** Replaces everything in `root` with `children`. */
export const mount = (root: Element, ...children: Child[]): void => {
  root.replaceChildren();
  append(root, children);
};

// ---- the API ----------------------------------------------------------------------------------------

/** The `code` of a PocketError when no answer came (offline, DNS, a proxy's HTML page). */
export const NETWORK_ERROR = -1;

/** A failed call: the envelope's code and message, or NETWORK_ERROR when there was no envelope. */
export class PocketError extends Error {
  readonly code: number;
  /** the HTTP status; 0 when no answer came */
  readonly status: number;
  /** the failure envelope's data (a code 2's fields) */
  readonly data: unknown;

  constructor(init: { code: number; status: number; message: string; name?: string; data?: unknown }) {
    super(init.message);
    this.name = init.name ?? 'PocketError';
    this.code = init.code;
    this.status = init.status;
    this.data = init.data ?? null;
  }

  /** no answer, or one that was not the API's: trying again may help */
  get network(): boolean {
    return this.code === NETWORK_ERROR;
  }

  /** the link, programme or store named is not there (a dead or revoked link) */
  get notFound(): boolean {
    return this.status === 404;
  }

  /**
   * the merchant's company, brand or store is closed in the portal (it may open again): 26433, 26434 or
   * 26435, each a 409 whose data names the closed state (the catalogue stays out of this page's bundle)
   */
  get closed(): boolean {
    const state = (this.data as { state?: unknown } | null)?.state;
    return this.status === 409 && (CLOSED_ORG_STATES as readonly unknown[]).includes(state);
  }
}

const call = async <T>(path: string, init: RequestInit): Promise<T> => {
  let response: Response;
  let envelope: Envelope<T>;
  try {
    response = await fetch(`${BASE_PATHS.main}${path}`, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    throw new PocketError({ code: NETWORK_ERROR, status: 0, message: String(error) });
  }
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new PocketError({
      code: NETWORK_ERROR,
      status: response.status,
      message: `HTTP ${response.status}: not the API's answer`,
    });
  }
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.code !== 'number') {
    throw new PocketError({ code: NETWORK_ERROR, status: response.status, message: 'Not an envelope' });
  }
  if (isFailure(envelope)) {
    throw new PocketError({
      code: envelope.code,
      status: response.status,
      message: envelope.message,
      name: envelope.name,
      data: envelope.data,
    });
  }
  return envelope.data;
};

/** GET `path` (below BASE_PATHS.main, e.g. PUBLIC_PATHS.card(token)): the envelope's data, or a PocketError. */
export const getJson = <T>(path: string): Promise<T> => call<T>(path, { method: 'GET' });

/** POST `body` as JSON to `path` (below BASE_PATHS.main): the envelope's data, or a PocketError. */
export const postJson = <T>(path: string, body: unknown): Promise<T> =>
  call<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

// ---- the language -----------------------------------------------------------------------------------

/** The product's languages (the portal's en and zh-CN). */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

const STORAGE_KEY = 'pocket.language';

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The language to show: the one the member chose on this phone before (`stored`), else the first of
 * the browser's languages that is ours (zh, zh-CN, zh-SG, zh-Hans... → zh-CN; en-* → en), else English.
 */
export const pickLanguage = (browser: readonly string[], stored?: string | null): Language => {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const lower = tag.toLowerCase();
    if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
  }
  return 'en';
};

const readStored = (): string | null => {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};

/** This page's language (pickLanguage on the browser's and the stored choice); sets <html lang>. */
export const currentLanguage = (): Language => {
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  const lang = pickLanguage(browser, readStored());
  document.documentElement.lang = lang;
  return lang;
};

/** Keeps the member's choice on this phone and sets <html lang>. */
export const setLanguage = (lang: Language): void => {
  try {
    window.localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
  document.documentElement.lang = lang;
};

/** One language's strings: key → text, with `{name}` placeholders. */
export type Strings = Record<string, string>;

/** `{name}` in `text` replaced by `params.name` (a missing one is left as it is). */
export const fill = (text: string, params: Record<string, string | number> = {}): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** A translator for `lang` over a page's strings (both languages have the same keys). */
export const translator =
  <K extends string>(strings: Record<Language, Record<K, string>>, lang: Language) =>
  (key: K, params?: Record<string, string | number>): string =>
    fill(strings[lang][key], params);

/**
 * The small language switch: a button per other language, named in that language (lang set, so a
 * screen reader says it right). `onChange` re-renders the page in the chosen language.
 */
export const languageSwitch = (current: Language, onChange: (lang: Language) => void): HTMLElement =>
  h(
    'nav',
    { class: 'lang-switch', 'aria-label': 'Language / 语言' },
    LANGUAGES.filter((l) => l !== current).map((l) =>
      h(
        'button',
        {
          type: 'button',
          lang: l,
          class: 'lang-button',
          onclick: () => {
            setLanguage(l);
            onChange(l);
          },
        },
        LANGUAGE_NAMES[l],
      ),
    ),
  );
