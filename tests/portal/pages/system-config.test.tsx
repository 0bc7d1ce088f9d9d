// System Config (/config/systemConfig): the Settings tab lists the key/value settings, the Countries
// tab edits one country's main config (banner and stamp-card defaults) with the exact PUT, the
// Industries tab lists industries; the Help page shows the support contact set there.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { mockDb, server } from '../../../mocks/node';
import { rowsOf } from '../../../mocks/operations';
import { systemConfig } from '../../../resources';
import { renderApp, signIn } from '../renderApp';

const T = { timeout: 15_000 };

const addSetting = (id: number, key: string, value: string) =>
  rowsOf(mockDb, systemConfig).push({
    id,
    key,
    value,
    description: null,
    createTime: '2026-11-20T02:00:00.000Z',
    updateTime: '2026-11-20T02:00:00.000Z',
  });

describe('System Config', { timeout: 60_000 }, () => {
  it('lists the settings by their names', async () => {
    addSetting(1, 'supportEmail', 'help@loyalty.example');
    await signIn('operator');
    renderApp('/config/systemConfig');
    expect(await screen.findByRole('heading', { level: 1, name: 'System Config' }, T)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Settings', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('help@loyalty.example', {}, T)).toBeInTheDocument();
    expect(screen.getByText('Support e-mail (Help page)')).toBeInTheDocument();
  });

  it("edits a country's banner and stamp-card defaults with one PUT", async () => {
    const sent: { url: string; body: unknown }[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'PUT' && request.url.includes('/config/main/'))
        sent.push({ url: new URL(request.url).pathname, body: await request.clone().json() });
    });
    await signIn('operator');
    renderApp('/config/systemConfig?tab=countries');
    const card = await screen.findByRole('article', { name: 'MY' }, T);
    expect(within(card).getByText('1 banner image')).toBeInTheDocument();
    expect(within(card).getByText('New stamp cards cost MYR 10.00')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Main config for MY' }, T);
    const price = within(dialog).getByLabelText('Default price');
    fireEvent.change(price, { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1), T);
    server.events.removeAllListeners();
    expect(sent[0]).toEqual({
      url: `${BASE_PATHS.main}/config/main/2`,
      body: {
        currency: 'MYR',
        banner: [
          { imageUrl: 'https://example.com/banner-my.png', linkUrl: 'https://example.com', title: 'Welcome' },
        ],
        stampCardDefaultImages: ['https://example.com/stamp-my-1.png'],
        stampCardDefaultPrice: 12.5,
      },
    });
    expect(await screen.findByText('Main config saved', {}, T)).toBeInTheDocument();
    expect(await screen.findByText('New stamp cards cost MYR 12.50', {}, T)).toBeInTheDocument();
  });

  it('refuses a banner image that is not a web address, before sending anything', async () => {
    let puts = 0;
    server.use(
      http.put(`*${BASE_PATHS.main}/config/main/:id`, () => {
        puts += 1;
        return HttpResponse.json({ type: 'CR', code: 0, data: {} });
      }),
    );
    await signIn('operator');
    renderApp('/config/systemConfig?tab=countries');
    const card = await screen.findByRole('article', { name: 'SG' }, T);
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    const [image] = within(dialog).getAllByLabelText(/^Image URL/);
    if (!image) throw new Error('no banner image input');
    fireEvent.change(image, { target: { value: 'banner.png' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Must be a web address starting with http:// or https://', {}, T),
    ).toBeInTheDocument();
    expect(puts).toBe(0);
  });

  it('shows the support contact from System Config on the Help page', async () => {
    addSetting(1, 'supportEmail', 'help@loyalty.example');
    addSetting(2, 'supportPhone', '+65 6220 1000');
    renderApp('/help');
    expect(await screen.findByText(/help@loyalty\.example · \+65 6220 1000/, {}, T)).toBeInTheDocument();
  });
});
