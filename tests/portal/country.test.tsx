import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { HEADERS } from '../../contract';
import { server } from '../../mocks/node';
import { createProviders } from '../../src/providers';
import { STORAGE_KEYS } from '../../src/providers/storage';
import { openAs, renderApp } from './renderApp';
import { portalServer } from './server';
import { settled } from './settle';
import { testEnv } from './setup';
import { seedDemo } from './vouchers/demo';

const backend = portalServer();

const T = { timeout: 30_000 };
const IP_URL = 'https://ip-country.example.test/json';

const ipService = (country: string) => {
  const calls: string[] = [];
  server.use(
    http.get(IP_URL, ({ request }) => {
      calls.push(request.url);
      return HttpResponse.json({ country_code: country });
    }),
  );
  return calls;
};

const countrySelect = () => screen.findByRole('combobox', { name: 'Country' }, T);

describe('country (spec sections 3 and 7)', { timeout: 60_000 }, () => {
  it('first visit: the IP-to-country answer is stored and shown', async () => {
    window.__PORTAL_ENV__ = testEnv({ ipCountryUrl: IP_URL });
    const calls = ipService('MY');
    renderApp('/help');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.country)).toBe('my'), T);
    expect((await countrySelect()).textContent).toBe('MY');
    expect(calls).toHaveLength(1);
  });

  it('tw counts as sg', async () => {
    window.__PORTAL_ENV__ = testEnv({ ipCountryUrl: IP_URL });
    ipService('TW');
    renderApp('/help');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.country)).toBe('sg'), T);
  });

  it('an unsupported country falls back to sg', async () => {
    window.__PORTAL_ENV__ = testEnv({ ipCountryUrl: IP_URL });
    ipService('US');
    renderApp('/help');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.country)).toBe('sg'), T);
  });

  it('no detection when ipCountryUrl is empty: sg by default, nothing stored', async () => {
    const calls = ipService('MY');
    renderApp('/help');
    expect((await countrySelect()).textContent).toBe('SG');
    // the supported list arrives, the selector offers it
    fireEvent.mouseDown(await countrySelect());
    const options = within(await screen.findByRole('listbox', {}, T)).getAllByRole('option');
    // the default country first, then the others by code (the server's order)
    expect(options.map((o) => o.textContent)).toEqual(['SG', 'HK', 'MY']);
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.country)).toBeNull();
  });

  it('a stored choice is kept: no detection on later visits', async () => {
    localStorage.setItem(STORAGE_KEYS.country, 'hk');
    window.__PORTAL_ENV__ = testEnv({ ipCountryUrl: IP_URL });
    const calls = ipService('MY');
    renderApp('/help');
    expect((await countrySelect()).textContent).toBe('HK');
    await settled();
    expect(calls).toHaveLength(0);
  });

  it('choosing a country in the app bar stores it, and calls then carry it as X-Country', async () => {
    renderApp('/help');
    fireEvent.mouseDown(await countrySelect());
    fireEvent.click(within(await screen.findByRole('listbox', {}, T)).getByRole('option', { name: 'MY' }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.country)).toBe('my'), T);
    expect((await countrySelect()).textContent).toBe('MY');

    const seen: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      seen.push(request.headers.get(HEADERS.country));
    });
    await createProviders().httpClient('/config/main/supported-countries', { auth: false });
    server.events.removeAllListeners();
    expect(seen).toEqual(['my']);
  });

  it("never relabels a merchant's money: their vouchers stay in SGD after switching to MY", async () => {
    const { voided } = await seedDemo(backend);
    await openAs('merchant', '/vouchers');
    const row = (await screen.findByText(voided.code, {}, T)).closest('tr');
    expect(row?.textContent).toMatch(/SGD\s?4\.50/);
    fireEvent.mouseDown(await countrySelect());
    fireEvent.click(within(await screen.findByRole('listbox', {}, T)).getByRole('option', { name: 'MY' }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.country)).toBe('my'), T);
    const after = (await screen.findByText(voided.code, {}, T)).closest('tr');
    expect(after?.textContent).toMatch(/SGD\s?4\.50/);
    expect(after?.textContent).not.toContain('MYR');
  });
});
