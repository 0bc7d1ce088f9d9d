// The routes that used to say "coming soon": the to-do list from the dashboard's waiting items, the
// people lists /operator and /merchant, the redirects of /transaction and /product/edit, the
// maintenance windows' list and the operators' banner while one is on. On the real server: what waits
// is made through the routes (screens-demo.ts).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { maintenanceConfig, store } from '../../../resources';
import { apiAs } from '../api';
import { openAs, waitForPath } from '../renderApp';
import { portalServer } from '../server';
import { WORLD } from '../world';
import { seedTodos } from './screens-demo';

const T = { timeout: 30_000 };

describe('screens behind the remaining routes', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it("lists an operator's to-dos with where each is decided, and only those that wait", async () => {
    // two sign-ups, a brand request and a failed push wait; no store request, no device
    await seedTodos(backend);
    await openAs('operator', '/todo');
    const list = await screen.findByRole('list', { name: 'To Do' }, T);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('2 merchant sign-ups to approve'),
      expect.stringContaining('1 brand request to decide'),
      expect.stringContaining('1 push failed (30 days)'),
    ]);
    expect(within(items[2] as HTMLElement).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/communications/pushNotifications',
    );
  });

  it('tells a merchant with nothing waiting that all is clear', async () => {
    // the world: nothing of Acme's waits
    await openAs('merchant', '/todo');
    expect(await screen.findByText('Nothing to do. Every request is decided.', {}, T)).toBeInTheDocument();
  });

  it('shows the operators at /operator', async () => {
    await openAs('operator', '/operator');
    expect(await screen.findByRole('heading', { level: 1, name: 'Operator' }, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1), T);
    expect(screen.getByRole('columnheader', { name: /E-mail/ })).toBeInTheDocument();
  });

  it('shows a merchant the people of their company at /merchant', async () => {
    await openAs('merchant', '/merchant');
    expect(await screen.findByRole('heading', { level: 1, name: 'Merchant' }, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1), T);
  });

  it('opens the Transaction group on Payment History', async () => {
    await openAs('operator', '/transaction');
    await waitForPath('/transaction/payment-history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment History' }, T)).toBeInTheDocument();
  });

  it('opens the product editor on a new product', async () => {
    await openAs('merchant', '/product/edit');
    await waitForPath('/products/create');
  });

  it('opens API keys (Integrations) from /api-keys', async () => {
    await openAs('merchant', '/api-keys');
    await waitForPath('/access/api-keys');
    expect(await screen.findByRole('heading', { level: 1, name: 'API Keys' }, T)).toBeInTheDocument();
  });

  it('lists maintenance windows and shows operators a banner while one is on', async () => {
    const now = Date.now();
    await (await apiAs(backend, 'operator'))('POST', maintenanceConfig.path, {
      startAt: new Date(now - 60_000).toISOString(),
      endAt: new Date(now + 3_600_000).toISOString(),
      message: 'Upgrading the stamp service',
      enabled: true,
    });
    await openAs('operator', '/config/maintenanceConfig');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maintenance Config' }, T),
    ).toBeInTheDocument();
    const title = await screen.findByText(/^Maintenance until /, {}, T);
    expect(title.closest('[role="status"]')).toHaveTextContent('Upgrading the stamp service');
    // the banner and the list's row
    await waitFor(() => expect(screen.getAllByText('Upgrading the stamp service')).toHaveLength(2), T);
  });

  it("a row's page is headed by the row, keeps its menu group open and a decimal's digits", async () => {
    const id = WORLD.acme.closedStoreId;
    const row = await (await apiAs(backend, 'merchant'))<{ name: string }>('PUT', `${store.path}/${id}`, {
      latitude: 1.27654,
    });
    await openAs('merchant', `/store/${id}/show`);
    const heading = await screen.findByRole('heading', { level: 1, name: /^Store / }, T);
    expect(heading.textContent).toBe(`Store ${row.name}`);
    expect(await screen.findByText('1.27654', {}, T)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Store' })).toHaveClass('Mui-selected');
  });

  it("shows the one denied page, with its way back, on a table's screens the caller may not use", async () => {
    await openAs('merchant', '/countryConfig/create');
    expect(await screen.findByText('You are not allowed to see this page.', {}, T)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
