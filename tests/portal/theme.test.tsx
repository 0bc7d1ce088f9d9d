import { readFileSync } from 'node:fs';
import { fireEvent, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_COOKIE_MAX_AGE_S, THEME_COOKIE_NAME } from '../../contract';
import { renderApp } from './renderApp';
import { portalServer } from './server';

const T = { timeout: 10_000 };

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

  it('index.html runs the theme script and loads /env.js before the bundle', () => {
    const html = readFileSync('index.html', 'utf8');
    const themeAt = html.indexOf('src="/theme-init.js"');
    const envAt = html.indexOf('src="/env.js"');
    const appAt = html.indexOf('src="/src/main.tsx"');
    expect(themeAt).toBeGreaterThan(-1);
    expect(envAt).toBeGreaterThan(themeAt);
    expect(appAt).toBeGreaterThan(envAt);
    // the script reads the contract's cookie name
    expect(readFileSync('public/theme-init.js', 'utf8')).toContain(`${THEME_COOKIE_NAME}=(light|dark)`);
  });

  it('the theme script paints dark by default and light from the cookie', () => {
    const script = readFileSync('public/theme-init.js', 'utf8');
    // Runs our own static file in the page's global scope, the way the browser does.
    const run = new Function(script);
    run();
    expect(document.documentElement.dataset.theme).toBe('dark');
    Cookies.set(THEME_COOKIE_NAME, 'light', { path: '/' });
    run();
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
