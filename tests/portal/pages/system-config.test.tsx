// System Config (/config/systemConfig) on the real server: the Settings tab lists the key/value
// settings, the Countries tab edits one country's main config (banner and stamp-card defaults) with
// the exact PUT, the Industries tab lists industries; the Help page shows the support contact set there.
import { fireEvent, screen, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemConfig } from '../../../resources';
import { mainConfigs } from '../../../server/platform/db/schema';
import { apiAs } from '../api';
import { openAs, renderApp } from '../renderApp';
import { portalServer, type RealBackend } from '../server';
import { settled } from '../settle';

const T = { timeout: 30_000 };

/** A setting as an operator adds it on the Settings tab (POST /system-config). */
const addSetting = async (real: RealBackend, key: string, value: string) => {
  const operator = await apiAs(real, 'operator');
  await operator('POST', systemConfig.path, { key, value });
};

/** The world's main configs are sg, my and hk, in that order: MY's is the second row. */
const MY_CONFIG_ID = 2;

describe('System Config', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('lists the settings by their names', async () => {
    await addSetting(backend, 'supportEmail', 'help@loyalty.example');
    await openAs('operator', '/config/systemConfig');
    expect(await screen.findByRole('heading', { level: 1, name: 'System Config' }, T)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Settings', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('help@loyalty.example', {}, T)).toBeInTheDocument();
    expect(screen.getByText('Support e-mail (Help page)')).toBeInTheDocument();
  });

  it("edits a country's banner and stamp-card defaults with one PUT", async () => {
    await openAs('operator', '/config/systemConfig?tab=countries');
    const card = await screen.findByRole('article', { name: 'MY' }, T);
    expect(within(card).getByText('1 banner image')).toBeInTheDocument();
    expect(within(card).getByText('New stamp cards cost MYR 10.00')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Main config for MY' }, T);
    const price = within(dialog).getByLabelText('Default price');
    fireEvent.change(price, { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Main config saved', {}, T)).toBeInTheDocument();
    // the dialog read the row afresh by its id before showing it
    expect(await backend.sent('GET', `/config/main/${MY_CONFIG_ID}`)).toHaveLength(1);
    const puts = await backend.sent('PUT', `/config/main/${MY_CONFIG_ID}`);
    expect(puts.map((p) => p.body)).toEqual([
      {
        currency: 'MYR',
        banner: [
          { imageUrl: 'https://example.com/banner-my.png', linkUrl: 'https://example.com', title: 'Welcome' },
        ],
        stampCardDefaultImages: ['https://example.com/stamp-my-1.png'],
        stampCardDefaultPrice: 12.5,
      },
    ]);
    expect(await screen.findByText('New stamp cards cost MYR 12.50', {}, T)).toBeInTheDocument();
    const [row] = await backend.t.db.select().from(mainConfigs).where(eq(mainConfigs.id, MY_CONFIG_ID));
    expect(Number(row?.stampCardDefaultPrice)).toBe(12.5);
  });

  it('refuses a banner image that is not a web address, before sending anything', async () => {
    await openAs('operator', '/config/systemConfig?tab=countries');
    const card = await screen.findByRole('article', { name: 'SG' }, T);
    fireEvent.click(within(card).getByRole('button', { name: 'Banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Home banner for SG' }, T);
    await within(dialog).findByRole('button', { name: 'Save' }, T);
    const [image] = within(dialog).getAllByLabelText(/^Image URL/);
    if (!image) throw new Error('no banner image input');
    fireEvent.change(image, { target: { value: 'banner.png' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Must be a web address starting with http:// or https://', {}, T),
    ).toBeInTheDocument();
    await settled();
    expect((await backend.sent('PUT')).map((p) => p.path)).toEqual([]);
  });

  it("edits the portal's own country section by section through the country calls", async () => {
    await openAs('operator', '/config/systemConfig?tab=countries');
    // the portal's country (sg, the X-Country it sends) comes first, read by GET /config/main/country
    const card = await screen.findByRole('article', { name: 'SG' }, T);
    expect(within(card).getByText("This portal's country")).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(await backend.sent('GET', '/config/main/country')).toHaveLength(1);

    // Price: the one field read (?field=), then PUT /config/main/country
    fireEvent.click(within(card).getByRole('button', { name: 'Price' }));
    let dialog = await screen.findByRole('dialog', { name: 'Currency and default price for SG' }, T);
    fireEvent.change(await within(dialog).findByLabelText('Default price', {}, T), {
      target: { value: '7.5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Main config saved', {}, T)).toBeInTheDocument();
    const fields = (await backend.sent('GET', '/config/main/country')).map((r) => r.search);
    expect(fields).toContain('?field=stampCardDefaultPrice');
    expect((await backend.sent('PUT', '/config/main/country')).map((r) => r.body)).toEqual([
      { currency: 'SGD', stampCardDefaultPrice: 7.5 },
    ]);
    expect(await within(card).findByText('New stamp cards cost SGD 7.50', {}, T)).toBeInTheDocument();

    // Images: GET then PATCH /config/main/stamp-card/default-images with the list
    fireEvent.click(within(card).getByRole('button', { name: 'Images' }));
    dialog = await screen.findByRole('dialog', { name: 'Default stamp card images for SG' }, T);
    await within(dialog).findByRole('button', { name: 'Save' }, T);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Main config saved', {}, T);
    const [patch] = await backend.sent('PATCH', '/config/main/stamp-card/default-images');
    expect(Object.keys(patch?.body as object)).toEqual(['images']);
    expect(await backend.sent('GET', '/config/main/stamp-card/default-images')).toHaveLength(1);
  });

  it('deletes another country after a red confirm (DELETE /config/main/{id})', async () => {
    await openAs('operator', '/config/systemConfig?tab=countries');
    const card = await screen.findByRole('article', { name: 'MY' }, T);
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Confirm to Delete - MY?', {}, T)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Delete MY success', {}, T)).toBeInTheDocument();
    expect(await backend.sent('DELETE', `/config/main/${MY_CONFIG_ID}`)).toHaveLength(1);
    expect(await backend.t.db.select().from(mainConfigs).where(eq(mainConfigs.id, MY_CONFIG_ID))).toEqual([]);
    await screen.findByRole('article', { name: 'HK' }, T);
    expect(screen.queryByRole('article', { name: 'MY' })).toBeNull();
  });

  it('shows the support contact from System Config on the Help page', async () => {
    await addSetting(backend, 'supportEmail', 'help@loyalty.example');
    await addSetting(backend, 'supportPhone', '+65 6220 1000');
    renderApp('/help');
    expect(await screen.findByText(/help@loyalty\.example · \+65 6220 1000/, {}, T)).toBeInTheDocument();
  });
});
