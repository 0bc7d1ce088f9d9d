// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { getPortalEnv } from '../../../src/providers/env';
import { createSessionStore, getCountry, STORAGE_KEYS, setCountry } from '../../../src/providers/storage';

describe('portal env', () => {
  beforeEach(() => {
    delete window.__PORTAL_ENV__;
  });

  it('defaults to brand cvi, the default title, no IP lookup and same-origin contract bases', () => {
    expect(getPortalEnv()).toEqual({
      brand: 'cvi',
      portalTitle: 'Loyalty Portal',
      ipCountryUrl: '',
      apiBase: {
        main: '/portal-main-service/api/v1',
        payment: '/portal-payment-service/api/v1',
        auth: '/portal-auth-service/api/v1',
      },
    });
  });

  it('reads window.__PORTAL_ENV__, ignoring an unknown brand and trimming slashes', () => {
    window.__PORTAL_ENV__ = {
      brand: 'jcr',
      portalTitle: 'JCR Portal',
      ipCountryUrl: 'https://ip.test/json',
      apiBase: { main: 'https://api.test/main/', payment: '' },
    };
    const env = getPortalEnv();
    expect(env.brand).toBe('jcr');
    expect(env.portalTitle).toBe('JCR Portal');
    expect(env.ipCountryUrl).toBe('https://ip.test/json');
    expect(env.apiBase).toEqual({
      main: 'https://api.test/main',
      payment: '/portal-payment-service/api/v1',
      auth: '/portal-auth-service/api/v1',
    });
    expect(getPortalEnv({ brand: 'acme' }).brand).toBe('cvi');
  });

  it('reads the settings block the server wrote into the document first, and survives a broken one', () => {
    window.__PORTAL_ENV__ = { brand: 'cvi', portalTitle: 'From env.js' };
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'portal-env';
    block.textContent = '{"brand":"jcr","portalTitle":"Acme \\u003c/script\\u003e Rewards"}';
    document.head.append(block);
    try {
      expect(getPortalEnv()).toMatchObject({ brand: 'jcr', portalTitle: 'Acme </script> Rewards' });
      block.textContent = '{not json';
      expect(getPortalEnv()).toMatchObject({ brand: 'cvi', portalTitle: 'From env.js' });
    } finally {
      block.remove();
    }
  });
});

describe('session store', () => {
  beforeEach(() => localStorage.clear());

  it('keeps tokens, renewal time and user in localStorage, and clearSession keeps the country', () => {
    const store = createSessionStore(localStorage);
    store.setAccessToken('a');
    store.setRefreshToken('r');
    store.setRefreshTokenRenewedAt(123);
    store.setCountry('MY');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a');
    expect(localStorage.getItem(STORAGE_KEYS.country)).toBe('my');
    expect(store.getRefreshTokenRenewedAt()).toBe(123);
    store.clearSession();
    expect([
      store.getAccessToken(),
      store.getRefreshToken(),
      store.getRefreshTokenRenewedAt(),
      store.getUser(),
    ]).toEqual([null, null, null, null]);
    expect(store.getCountry()).toBe('my');
  });

  it('country defaults to sg; getCountry/setCountry use window.localStorage', () => {
    expect(getCountry()).toBe('sg');
    setCountry('hk');
    expect(localStorage.getItem(STORAGE_KEYS.country)).toBe('hk');
    expect(getCountry()).toBe('hk');
  });

  it('the device id is made once, kept across logout, and replaced when not a valid id', () => {
    const store = createSessionStore(localStorage);
    const id = store.getDeviceId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    store.clearSession();
    expect(store.getDeviceId()).toBe(id);
    localStorage.setItem(STORAGE_KEYS.deviceId, 'bad id with spaces');
    expect(store.getDeviceId()).not.toBe('bad id with spaces');
  });

  it('a corrupt stored user reads as none', () => {
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(createSessionStore(localStorage).getUser()).toBeNull();
  });
});
