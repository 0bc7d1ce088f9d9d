import { readFileSync } from 'node:fs';
import { fireEvent, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_COOKIE_MAX_AGE_S, THEME_COOKIE_NAME, THEME_PAINT_SCRIPT } from '../../contract';
import { renderApp } from './renderApp';
import { portalServer } from './server';

const T = { timeout: 30_000 };

describe('colour scheme (spec section 1)', { timeout: 60_000 }, () => {
  portalServer();
  afterEach(() => vi.restoreAllMocks());

  it('defaults to dark without a cookie', async () => {
    renderApp('/help');
    const toggle = await screen.findByRole('button', { name: 'Toggle light/dark mode' }, T);
    // react-admin shows the "switch to light" sun icon while the dark theme is on.
    expect(toggle.querySelector('[data-testid="Brightness7Icon"]')).not.toBeNull();
    expect(Cookies.get(THEME_COOKIE_NAME)).toBeUndefined();
  });

  it('toggling writes the cookie with max-age 2592000 and repaints the document', async () => {
    const writes: string[] = [];
    const proto = Object.getPrototypeOf(document) as Document;
    const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    if (!desc?.set || !desc.get) throw new Error('no cookie accessor');
    const { get, set } = desc;
    vi.spyOn(proto, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      writes.push(value);
      set.call(this, value);
    });
    vi.spyOn(proto, 'cookie', 'get').mockImplementation(function (this: Document) {
      return get.call(this);
    });

    renderApp('/help');
    fireEvent.click(await screen.findByRole('button', { name: 'Toggle light/dark mode' }, T));

    const write = writes.find((w) => w.startsWith(`${THEME_COOKIE_NAME}=`));
    expect(write).toBeDefined();
    expect(write).toContain(`${THEME_COOKIE_NAME}=light`);
    expect(write).toContain(`max-age=${THEME_COOKIE_MAX_AGE_S}`);
    expect(write).toContain('path=/');
    expect(Cookies.get(THEME_COOKIE_NAME)).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(
      screen
        .getByRole('button', { name: 'Toggle light/dark mode' })
        .querySelector('[data-testid="Brightness4Icon"]'),
    ).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Toggle light/dark mode' }));
    expect(Cookies.get(THEME_COOKIE_NAME)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('a light cookie starts the app in light', async () => {
    Cookies.set(THEME_COOKIE_NAME, 'light', { path: '/' });
    renderApp('/help');
    const toggle = await screen.findByRole('button', { name: 'Toggle light/dark mode' }, T);
    expect(toggle.querySelector('[data-testid="Brightness4Icon"]')).not.toBeNull();
  });

  it('index.html loads no script in its head: vite.config.ts writes the theme paint inline', () => {
    const html = readFileSync('index.html', 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script\b/);
    expect(html.indexOf('src="/src/main.tsx"')).toBeGreaterThan(html.indexOf('</head>'));
    // the script reads the contract's cookie name
    expect(THEME_PAINT_SCRIPT).toContain(`${THEME_COOKIE_NAME}=(light|dark)`);
  });

  it('the theme script paints dark by default and light from the cookie', () => {
    // Runs the inline script's exact text in the page's global scope, the way the browser does.
    const run = new Function(THEME_PAINT_SCRIPT);
    run();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.backgroundColor).toBe('rgb(18, 20, 23)');
    Cookies.set(THEME_COOKIE_NAME, 'light', { path: '/' });
    run();
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
