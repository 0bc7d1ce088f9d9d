// index.html's static page heading (issue 39; contract/document.ts BOOT_HEADING_ID): the inline paint
// script, run as the browser runs it, puts in the heading the build's data block says for the path
// and the stored session (and nothing on a row's page, signed out, for a user type that may not open
// the screen, or where startup sends the user elsewhere), and for every path of the block the real
// app's h1 then says exactly the same, taking the static one's place in one commit.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { localStorageStore } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOT_HEADING_FLAGS,
  BOOT_HEADING_ID,
  BOOT_HEADING_NAME,
  BOOT_HEADINGS_ELEMENT_ID,
  type BootHeadings,
  LOADER_DELAY_MS,
  PORTAL_STORE_KEY,
  scriptSafeJson,
  THEME_PAINT_SCRIPT,
} from '../../contract';
import { server } from '../../mocks/node';
import { bootHeadingsFrom } from '../../src/layout/bootHeadings';
import { PageLoader, SpinnerCentered } from '../../src/layout/DelayedLoader';
import { STORAGE_KEYS } from '../../src/providers/storage';
import { type Account, renderApp, signIn } from './renderApp';
import { portalServer } from './server';

portalServer();

const T = { timeout: 30_000 };
const zhText = readFileSync(resolve(process.cwd(), 'public/locales/zh-CN/common.json'), 'utf8');

let data: BootHeadings;
beforeAll(async () => {
  // as vite.config.ts makes it: the portal's own i18nProvider, other locales from public/locales/
  data = await bootHeadingsFrom(async (locale, namespace) =>
    JSON.parse(readFileSync(resolve(process.cwd(), 'public/locales', locale, `${namespace}.json`), 'utf8')),
  );
});

/** index.html's parts the script reads and fills: the data block and #boot-page with its heading. */
const documentParts = () => {
  document.getElementById(BOOT_HEADINGS_ELEMENT_ID)?.remove();
  document.getElementById('boot-page')?.remove();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = BOOT_HEADINGS_ELEMENT_ID;
  block.textContent = scriptSafeJson(data);
  document.head.append(block);
  const page = document.createElement('div');
  page.id = 'boot-page';
  page.innerHTML = `<div><div id="${BOOT_HEADING_ID}"></div></div>`;
  document.body.prepend(page);
};

const root = document.documentElement;
afterEach(() => {
  document.getElementById(BOOT_HEADINGS_ELEMENT_ID)?.remove();
  document.getElementById('boot-page')?.remove();
  delete root.dataset.heading;
  delete root.dataset.menu;
});

/** Runs the inline script's exact text at `path`, the way the browser does, and reads the heading. */
const paint = (path: string): { text: string | undefined; mode: string | undefined } => {
  window.history.pushState({}, '', path);
  documentParts();
  new Function(THEME_PAINT_SCRIPT)();
  const text = document.getElementById(BOOT_HEADING_ID)?.textContent || undefined;
  return { text, mode: root.dataset.heading };
};

const storedUser = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null') as { name: string };
const expected = (path: string, locale = 0): string => {
  const text = data.p[path]?.[1 + locale];
  if (typeof text !== 'string') throw new Error(`no static heading for ${path}`);
  return text.split(BOOT_HEADING_NAME).join(storedUser().name);
};

describe('the static heading painted before any script', T, () => {
  it('is known for the home page and the tables’ lists, not for a row’s page', () => {
    expect(data.p['/']?.[0]).toBe(BOOT_HEADING_FLAGS.operator | BOOT_HEADING_FLAGS.merchant);
    expect(data.p['/stamp-cards']?.[0]).toBe(BOOT_HEADING_FLAGS.operator);
    // a screen under another (breadcrumbs above its heading) has none
    expect(data.p['/aotg/user-level-config']).toBeUndefined();
  });

  it('shows the signed-in operator the list’s title and the welcome with the stored name', async () => {
    await signIn('operator');
    expect(paint('/stamp-cards')).toEqual({ text: 'Stamp Card List', mode: 'page' });
    expect(paint('/stamp-cards/')).toEqual({ text: 'Stamp Card List', mode: 'page' });
    expect(paint('/')).toEqual({ text: 'Welcome, Olivia Operator', mode: 'page' });
  });

  it('shows nothing on a row’s page, an unknown page or a page with breadcrumbs', async () => {
    await signIn('operator');
    for (const path of [
      '/stamp-cards/1',
      '/stamp-cards/1/show',
      '/stampCard/1',
      '/nowhere',
      '/settings/profile',
    ]) {
      expect(paint(path), path).toEqual({ text: undefined, mode: undefined });
    }
  });

  it('shows nothing when signed out, even with a user left in storage', async () => {
    expect(paint('/')).toEqual({ text: undefined, mode: undefined });
    expect(paint('/stamp-cards')).toEqual({ text: undefined, mode: undefined });
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ type: 'OPERATOR', name: 'Gone' }));
    expect(paint('/')).toEqual({ text: undefined, mode: undefined });
  });

  it('shows a merchant the home page only, and nothing to one startup sends elsewhere', async () => {
    await signIn('merchant');
    expect(paint('/')).toEqual({ text: 'Welcome, Mark Merchant', mode: 'page' });
    // a colleague may not be granted the list: the server's permissions decide, after the first paint
    expect(paint('/stamp-cards').text).toBeUndefined();
    localStorage.clear();
    await signIn('newMerchant');
    expect(paint('/').text).toBeUndefined();
  });

  it('shows nothing to a user who must enrol a second factor first', async () => {
    await signIn('operator');
    const user = storedUser();
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ ...user, twoFactorRequired: true, twoFactorEnabled: false }),
    );
    expect(paint('/').text).toBeUndefined();
  });

  it('speaks the stored language and follows the stored desktop menu (react-admin’s own store)', async () => {
    await signIn('operator');
    const store = localStorageStore(undefined, PORTAL_STORE_KEY);
    store.setup();
    store.setItem('locale', 'zh-CN');
    store.setItem('sidebar.open', false);
    const zh = JSON.parse(zhText) as { resources: { stampCard: { name: string } } };
    expect(paint('/stamp-cards').text).toBe(expected('/stamp-cards', 1));
    expect(paint('/stamp-cards').text).toContain(zh.resources.stampCard.name);
    expect(root.dataset.menu).toBe('closed');
    store.setItem('locale', 'xx');
    expect(paint('/stamp-cards').text).toBeUndefined();
  });

  it('fills the heading when the parser adds it after the script (in the head) ran', async () => {
    await signIn('operator');
    window.history.pushState({}, '', '/stamp-cards');
    documentParts();
    const page = document.getElementById('boot-page');
    page?.remove();
    new Function(THEME_PAINT_SCRIPT)();
    if (page) document.body.prepend(page);
    // the observer's callback: a microtask, before the browser's next paint
    await Promise.resolve();
    expect(document.getElementById(BOOT_HEADING_ID)?.textContent).toBe('Stamp Card List');
  });
});

/**
 * Opens `path` as `account` with the static heading painted, and returns the app's h1 text; checks
 * that the static heading was never in the page together with an h1, nor gone before one came.
 */
const reactHeading = async (account: Account, path: string, locale = 0): Promise<string> => {
  localStorage.clear();
  await signIn(account);
  const painted = paint(path).text;
  expect(painted, `${account} ${path}`).toBe(expected(path, locale));
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    const h1 = document.querySelector('h1') !== null;
    const boot = document.getElementById(BOOT_HEADING_ID) !== null;
    seen.push(`${boot ? 'static' : ''}${h1 ? 'h1' : ''}` || 'none');
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const view = renderApp(path);
  try {
    const h1 = await screen.findByRole('heading', { level: 1 }, T);
    observer.disconnect();
    expect(document.getElementById(BOOT_HEADING_ID)).toBeNull();
    expect(new Set(seen), `${account} ${path}: what the page held after each change`).toEqual(
      new Set(['static', 'h1'].filter((s) => seen.includes(s))),
    );
    expect(seen.at(-1)).toBe('h1');
    return h1.textContent ?? '';
  } finally {
    observer.disconnect();
    view.unmount();
  }
};

describe('the app’s h1 says what the static heading said', { timeout: 300_000 }, () => {
  it('for every path of the data block, as an operator', async () => {
    const paths = Object.entries(data.p).filter(([, [flags]]) => flags & BOOT_HEADING_FLAGS.operator);
    expect(paths.length).toBeGreaterThan(10);
    for (const [path] of paths) {
      expect(await reactHeading('operator', path), path).toBe(expected(path));
    }
  });

  it('for every path of the data block, as an approved merchant', async () => {
    const paths = Object.entries(data.p).filter(([, [flags]]) => flags & BOOT_HEADING_FLAGS.merchant);
    expect(paths.map(([p]) => p)).toContain('/');
    for (const [path] of paths) {
      expect(await reactHeading('merchant', path), path).toBe(expected(path));
    }
  });

  it('in Simplified Chinese, on the home page and a list', async () => {
    server.use(http.get('*/locales/zh-CN/common.json', () => HttpResponse.json(JSON.parse(zhText))));
    for (const path of ['/', '/stamp-cards']) {
      localStorage.clear();
      await signIn('operator');
      const store = localStorageStore(undefined, PORTAL_STORE_KEY);
      store.setup();
      store.setItem('locale', 'zh-CN');
      const painted = paint(path).text;
      expect(painted).toBe(expected(path, 1));
      const view = renderApp(path);
      try {
        const h1 = await screen.findByRole('heading', { level: 1 }, T);
        expect(h1.textContent).toBe(painted);
        expect(document.getElementById(BOOT_HEADING_ID)).toBeNull();
      } finally {
        view.unmount();
      }
    }
  });
});

describe('what would draw over the static heading', { timeout: 60_000 }, () => {
  it('the page’s loaders show nothing while it stands, and show again once it is gone', async () => {
    await signIn('operator');
    expect(paint('/stamp-cards').text).toBe('Stamp Card List');
    const view = render(
      <>
        <PageLoader />
        <SpinnerCentered />
      </>,
    );
    await new Promise((r) => setTimeout(r, LOADER_DELAY_MS + 100));
    expect(screen.queryByRole('progressbar')).toBeNull();
    view.unmount();
    document.getElementById('boot-page')?.remove();
    render(<PageLoader />);
    expect(await screen.findByRole('progressbar', {}, T)).toBeInTheDocument();
  });
});
