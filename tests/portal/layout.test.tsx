import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INITIAL_HEADER_HEIGHT } from '../../contract';
import { openAs, renderApp, signIn } from './renderApp';
import { portalServer } from './server';

const T = { timeout: 30_000 };

/** Waits for the page's own heading, then reads what the layout drew around it. */
const frameAt = async (path: string, heading: string | RegExp) => {
  renderApp(path);
  await screen.findByRole('heading', { name: heading, level: 1 }, T);
  const frame = screen.getByTestId('page-frame');
  return {
    header: screen.queryByTestId('app-header') !== null,
    menu: screen.queryByTestId('side-menu') !== null,
    padding: frame.dataset.padding,
    fullWidth: frame.dataset.fullWidth,
  };
};

describe('layout rules (spec section 2)', { timeout: 60_000 }, () => {
  portalServer();
  it('help (visitor): header, menu, padded', async () => {
    expect(await frameAt('/help', /help/i)).toEqual({
      header: true,
      menu: true,
      padding: 'true',
      fullWidth: 'false',
    });
  });

  it('register: no header, no menu', async () => {
    const f = await frameAt('/register', /./);
    expect(f.header).toBe(false);
    expect(f.menu).toBe(false);
  });

  it('forget-password: no header, but the menu', async () => {
    const f = await frameAt('/forget-password', /./);
    expect([f.header, f.menu]).toEqual([false, true]);
  });

  it('x-action pages: no header, no menu', async () => {
    const f = await frameAt('/x-action/user-active', /./);
    expect([f.header, f.menu]).toEqual([false, false]);
  });

  it('test pages: no header', async () => {
    const f = await frameAt('/test/phone-input', /./);
    expect(f.header).toBe(false);
  });

  it('splash: header, no menu, no padding', async () => {
    renderApp('/splash');
    await screen.findByRole('link', { name: /sign in/i }, T);
    expect(screen.getByTestId('app-header')).toBeInTheDocument();
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument();
    expect(screen.getByTestId('page-frame').dataset.padding).toBe('false');
  });

  it('signup (unapproved merchant): header, no menu', async () => {
    await openAs('newMerchant', '/signup');
    await screen.findByTestId('app-header', {}, T);
    await screen.findAllByRole('heading', {}, T);
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument();
  });

  it('payment history, push notification templates and finance are full width; others padded', async () => {
    await signIn('operator');
    expect(await frameAt('/transaction/payment-history', 'Payment History')).toMatchObject({
      header: true,
      menu: true,
      padding: 'true',
      fullWidth: 'true',
    });
  });

  it('push notification templates: full width', async () => {
    await signIn('operator');
    expect(
      (await frameAt('/communications/pushNotificationTemplates', 'Push Notification Templates')).fullWidth,
    ).toBe('true');
  });

  it('finance pages: full width (merchant)', async () => {
    await signIn('merchant');
    expect((await frameAt('/finance/payment-methods', 'Payment Methods')).fullWidth).toBe('true');
  });

  it('an ordinary page is padded with a max width', async () => {
    await signIn('operator');
    expect(await frameAt('/device', 'Device List')).toEqual({
      header: true,
      menu: true,
      padding: 'true',
      fullWidth: 'false',
    });
  });

  it('the header is 80 high to start with', async () => {
    renderApp('/help');
    const header = await screen.findByTestId('app-header', {}, T);
    expect(getComputedStyle(header).minHeight).toBe(`${INITIAL_HEADER_HEIGHT}px`);
  });
});
