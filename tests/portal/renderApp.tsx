import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { App } from '../../src/App';
import { createProviders, type Providers } from '../../src/providers';
import { SEED_ACCOUNTS } from './world';

export type Account = keyof typeof SEED_ACCOUNTS;

/** Signs in through the real auth provider against MSW, leaving the session in localStorage. */
export const signIn = async (account: Account): Promise<void> => {
  const { authProvider } = createProviders();
  const { email, password } = SEED_ACCOUNTS[account];
  await authProvider.login({ email, password });
};

/**
 * Renders the real <App/> at `path` (it uses a browser router, so the URL is the jsdom location), with
 * the providers a test made when it watches what the app asks them.
 */
export const renderApp = (path: string, providers?: Providers) => {
  window.history.pushState({}, '', path);
  return render(<App {...(providers ? { providers } : {})} />);
};

/** Signs `account` in, then renders the real <App/> at `path`: where most portal tests start. */
export const openAs = async (account: Account, path: string) => {
  await signIn(account);
  return renderApp(path);
};

export const currentPath = () => window.location.pathname;

export const waitForPath = async (path: string) => {
  await waitFor(() => expect(currentPath()).toBe(path), { timeout: 30_000 });
};

/** The side menu's group labels, in order (empty when there is no menu). */
export const menuGroups = (): string[] => {
  const nav = screen.queryByRole('navigation', { name: 'Main menu' });
  if (!nav) return [];
  // the menu is a list in its landmark: each group a list item (nav > ul > li)
  const list = nav.querySelector(':scope > ul');
  return Array.from(list?.children ?? []).map((el) => (el.textContent ?? '').trim());
};
