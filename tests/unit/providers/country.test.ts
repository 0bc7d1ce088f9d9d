import { describe, expect, it, vi } from 'vitest';
import { currencyOf, detectCountry, loadSupportedCountries } from '../../../src/providers/country';
import { createHttpClient } from '../../../src/providers/httpClient';
import { envelope, recordingFetch } from './helpers';

const SUPPORTED = [
  { countryCode: 'sg', currency: 'SGD', timeZone: 'Asia/Singapore' },
  { countryCode: 'my', currency: 'MYR', timeZone: 'Asia/Kuala_Lumpur' },
];

const ipService = (body: string, status = 200) => vi.fn(async () => new Response(body, { status }));

describe('supported countries', () => {
  it('GETs config/main/supported-countries without a token and answers the list', async () => {
    const rec = recordingFetch(() => envelope({ supportedCountries: SUPPORTED }));
    const http = createHttpClient({
      fetch: rec.fetch,
      baseUrls: { main: 'https://api.test/m' },
      getAccessToken: () => 'tok',
      getCountry: () => 'sg',
    });
    expect(await loadSupportedCountries(http)).toEqual(SUPPORTED);
    expect(rec.calls[0]?.url).toBe('https://api.test/m/config/main/supported-countries');
    expect(rec.calls[0]?.headers.authorization).toBeUndefined();
    expect(rec.calls[0]?.headers['x-country']).toBe('sg');
  });
});

describe('country detection', () => {
  it('is off without a URL: no call, null (keep the stored country)', async () => {
    const fetch = ipService('{"country_code":"MY"}');
    expect(await detectCountry({ ipCountryUrl: '', supported: SUPPORTED, fetch })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers the service country lower-cased when supported', async () => {
    const fetch = ipService('{"ip":"1.2.3.4","country_code":"MY"}');
    expect(await detectCountry({ ipCountryUrl: 'https://ip.test/json', supported: SUPPORTED, fetch })).toBe(
      'my',
    );
    expect(fetch).toHaveBeenCalledWith('https://ip.test/json', expect.anything());
  });

  it.each([
    ['tw maps to sg', '{"countryCode":"TW"}', 'sg'],
    ['an unsupported country falls back to sg', '{"country":"JP"}', 'sg'],
    ['a plain two-letter answer is read', 'MY\n', 'my'],
    ['a trace-style answer is read', 'ip=1.2.3.4\nloc=MY\nhttp=http/2', 'my'],
    ['an answer without a country falls back to sg', '{"ip":"1.2.3.4"}', 'sg'],
  ])('%s', async (_label, body, expected) => {
    expect(
      await detectCountry({ ipCountryUrl: 'https://ip.test', supported: SUPPORTED, fetch: ipService(body) }),
    ).toBe(expected);
  });

  it('falls back to sg on an HTTP error or a network failure', async () => {
    expect(
      await detectCountry({
        ipCountryUrl: 'https://ip.test',
        supported: SUPPORTED,
        fetch: ipService('{"country":"MY"}', 500),
      }),
    ).toBe('sg');
    const broken = vi.fn(async () => {
      throw new TypeError('offline');
    });
    expect(
      await detectCountry({ ipCountryUrl: 'https://ip.test', supported: SUPPORTED, fetch: broken }),
    ).toBe('sg');
  });

  it('currencyOf finds the currency and defaults to SGD', () => {
    expect(currencyOf('MY', SUPPORTED)).toBe('MYR');
    expect(currencyOf('jp', SUPPORTED)).toBe('SGD');
  });
});
