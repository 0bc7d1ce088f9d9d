// The routes that used to say "coming soon": the to-do list from the dashboard's waiting items, the
// people lists /operator and /merchant, the redirects of /transaction, /product/edit and /aotg, the
// maintenance windows' list and the operators' banner while one is on.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { seedDeviceDemo } from '../../../mocks/devices';
import { mockDb, server } from '../../../mocks/node';
import { rowsOf } from '../../../mocks/operations';
import { maintenanceConfig, store } from '../../../resources';
import { renderApp, signIn, waitForPath } from '../renderApp';

const T = { timeout: 15_000 };

const waitingAnswer = (waiting: Record<string, number | null>) => ({
  type: 'CR',
  code: 0,
  data: {
    timeZone: 'Asia/Singapore',
    since: '2026-10-24T00:00:00.000Z',
    waiting,
    figures: {
      activeProgrammes: 0,
      cardsIssued: 0,
      cardsCompleted: 0,
      stampsGiven: 0,
      vouchersIssued: 0,
      vouchersRedeemed: 0,
      members: 0,
    },
    series: [],
    wallet: null,
  },
});

const serveWaiting = (waiting: Record<string, number | null>) =>
  server.use(http.get(`*${BASE_PATHS.main}/dashboard`, () => HttpResponse.json(waitingAnswer(waiting))));

describe('screens behind the remaining routes', { timeout: 60_000 }, () => {
  it("lists an operator's to-dos with where each is decided, and only those that wait", async () => {
    serveWaiting({ signups: 2, brandRequests: 1, storeRequests: 0, failedPushes: 1, devicesToActivate: 0 });
    await signIn('operator');
    renderApp('/todo');
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
    serveWaiting({
      signups: 0,
      brandRequests: 0,
      storeRequests: 0,
      failedPushes: null,
      devicesToActivate: null,
    });
    await signIn('merchant');
    renderApp('/todo');
    expect(await screen.findByText('Nothing to do. Every request is decided.', {}, T)).toBeInTheDocument();
  });

  it('shows the operators at /operator', async () => {
    await signIn('operator');
    renderApp('/operator');
    expect(await screen.findByRole('heading', { level: 1, name: 'Operator' }, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1), T);
    expect(screen.getByRole('columnheader', { name: /E-mail/ })).toBeInTheDocument();
  });

  it('shows a merchant the people of their company at /merchant', async () => {
    await signIn('merchant');
    renderApp('/merchant');
    expect(await screen.findByRole('heading', { level: 1, name: 'Merchant' }, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1), T);
  });

  it('opens the Transaction group on Payment History', async () => {
    await signIn('operator');
    renderApp('/transaction');
    await waitForPath('/transaction/payment-history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment History' }, T)).toBeInTheDocument();
  });

  it('opens the product editor on a new product', async () => {
    await signIn('merchant');
    renderApp('/product/edit');
    await waitForPath('/products/create');
  });

  it('leads AOTG home', async () => {
    await signIn('operator');
    renderApp('/aotg/config');
    await waitForPath('/');
  });

  it('lists maintenance windows and shows operators a banner while one is on', async () => {
    const now = Date.now();
    rowsOf(mockDb, maintenanceConfig).push({
      id: 1,
      startAt: new Date(now - 60_000).toISOString(),
      endAt: new Date(now + 3_600_000).toISOString(),
      message: 'Upgrading the stamp service',
      country: null,
      enabled: true,
      createTime: new Date(now).toISOString(),
      updateTime: new Date(now).toISOString(),
    });
    await signIn('operator');
    renderApp('/config/maintenanceConfig');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Maintenance Config' }, T),
    ).toBeInTheDocument();
    const title = await screen.findByText(/^Maintenance until /, {}, T);
    expect(title.closest('[role="status"]')).toHaveTextContent('Upgrading the stamp service');
    // the banner and the list's row
    await waitFor(() => expect(screen.getAllByText('Upgrading the stamp service')).toHaveLength(2), T);
  });

  it("a row's page is headed by the row, keeps its menu group open and a decimal's digits", async () => {
    seedDeviceDemo(mockDb);
    const row = rowsOf(mockDb, store).find((r) => r.id === 2);
    if (!row) throw new Error('seed store 2 missing');
    const latitude = row.latitude;
    row.latitude = 1.27654;
    try {
      await signIn('merchant');
      renderApp('/store/2/show');
      const heading = await screen.findByRole('heading', { level: 1, name: /^Store / }, T);
      expect(heading.textContent).toBe(`Store ${String(row.name)}`);
      expect(await screen.findByText('1.27654', {}, T)).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Main menu' });
      expect(within(nav).getByRole('link', { name: 'Store' })).toHaveClass('Mui-selected');
    } finally {
      row.latitude = latitude;
    }
  });

  it("shows the one denied page, with its way back, on a table's screens the caller may not use", async () => {
    await signIn('merchant');
    renderApp('/countryConfig/create');
    expect(await screen.findByText('You are not allowed to see this page.', {}, T)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
