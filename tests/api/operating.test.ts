import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PORTAL_ENV_ELEMENT_ID, THEME_PAINT_SCRIPT } from '../../contract';
import { bootstrapFirstOperator } from '../../server/domains/users/bootstrap';
import { users } from '../../server/platform/db/schema';
import { apiSuite } from './fixtures';
import { APP_TIMEOUT, createTestApp, createUser, login } from './helpers';

const dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>built portal</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("portal");');

const { t } = apiSuite({
  env: {
    DIST_DIR: dist,
    BRAND: 'jcr',
    PORTAL_TITLE: 'Acme </script><script>alert(1)</script> Rewards',
    IP_COUNTRY_URL: 'https://country.example/',
    CORS_ORIGIN: 'http://app.example',
  },
});

afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
}, APP_TIMEOUT);

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('GET /env.js', () => {
  it('sets window.__PORTAL_ENV__ from the configuration, safely encoded and never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/env.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.headers['cache-control']).toContain('no-cache');
    expect(res.body).not.toContain('</script>');
    const sandbox: { window: { __PORTAL_ENV__?: unknown } } = { window: {} };
    vm.runInNewContext(res.body, sandbox);
    expect(sandbox.window.__PORTAL_ENV__).toEqual({
      brand: 'jcr',
      portalTitle: 'Acme </script><script>alert(1)</script> Rewards',
      ipCountryUrl: 'https://country.example/',
    });
  });

  it(
    'defaults to brand cvi, the default title and api.country.is',
    async () => {
      const d = await createTestApp();
      try {
        const res = await d.app.inject({ method: 'GET', url: '/env.js' });
        const sandbox: { window: { __PORTAL_ENV__?: unknown } } = { window: {} };
        vm.runInNewContext(res.body, sandbox);
        expect(sandbox.window.__PORTAL_ENV__).toEqual({
          brand: 'cvi',
          portalTitle: 'Loyalty Portal',
          ipCountryUrl: 'https://api.country.is/',
        });
      } finally {
        await d.close();
      }
    },
    APP_TIMEOUT,
  );
});

describe('the built portal', () => {
  it('serves files from dist and index.html for portal routes', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("portal");');
    expect(asset.headers['cache-control']).toContain('immutable');

    for (const url of ['/', '/login', '/x-action/user-active?token=abc', '/config/bannerConfig']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>built portal</title>');
    }
  });

  it('writes the run-time settings into index.html as a data block, and loads no script in its head', async () => {
    for (const url of ['/', '/index.html', '/login']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      // no external script, so nothing blocks the first paint
      expect(head, url).not.toMatch(/<script\b[^>]*\bsrc=/);
      const block = new RegExp(
        `<script type="application/json" id="${PORTAL_ENV_ELEMENT_ID}">([^<]*)</script>`,
      ).exec(head);
      expect(block, url).not.toBeNull();
      // the title's </script> is escaped: the block holds, and reads back as the configured value
      expect(JSON.parse(block?.[1] ?? '')).toEqual({
        brand: 'jcr',
        portalTitle: 'Acme </script><script>alert(1)</script> Rewards',
        ipCountryUrl: 'https://country.example/',
      });
      expect(res.body.match(/<\/script>/g)?.length, url).toBe(1);
    }
  });

  it('keeps the JSON 404 for API paths, non-HTML clients and other methods', async () => {
    const cases = [
      { method: 'GET' as const, url: '/portal-main-service/api/v1/no-such-thing', headers: html },
      { method: 'GET' as const, url: '/portal-payment-service/api/v1/no-such-thing', headers: html },
      { method: 'GET' as const, url: '/login', headers: { accept: 'application/json' } },
      { method: 'POST' as const, url: '/login', headers: html },
    ];
    for (const c of cases) {
      const res = await t.app.inject(c);
      expect(res.statusCode, c.url).toBe(404);
      expect(res.json()).toMatchObject({ type: 'CR', code: 5, name: 'NOT_FOUND' });
    }
  });

  it(
    'says the portal is not built when dist is missing',
    async () => {
      const bare = await createTestApp({ env: { DIST_DIR: path.join(dist, 'missing') } });
      try {
        for (const url of ['/', '/login']) {
          const res = await bare.app.inject({ method: 'GET', url, headers: html });
          expect(res.statusCode).toBe(200);
          expect(res.body).toContain('The portal is not built yet');
        }
      } finally {
        await bare.close();
      }
    },
    APP_TIMEOUT,
  );
});

describe('CORS and security headers', () => {
  it('answers an allowed origin, exposing the contract headers', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/portal-main-service/api/v1/auth/get-token',
      headers: {
        origin: 'http://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,x-country,x-no-count,x-refresh-token,content-type',
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://app.example');
    const allowed = String(pre.headers['access-control-allow-headers']).toLowerCase();
    for (const h of ['authorization', 'x-country', 'x-no-count', 'x-refresh-token', 'content-type']) {
      expect(allowed).toContain(h);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'http://app.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('http://app.example');
    expect(
      String(res.headers['access-control-expose-headers'])
        .split(',')
        .map((s) => s.trim()),
    ).toEqual(['X-Request-Id', 'X-Access-Token', 'X-Refresh-Token']);
  });

  it('does not answer other origins', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'http://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it(
    'without CORS_ORIGIN answers only its own origin',
    async () => {
      const d = await createTestApp();
      try {
        const same = await d.app.inject({
          method: 'GET',
          url: '/healthz',
          headers: { origin: 'http://portal.local:8080', host: 'portal.local:8080' },
        });
        expect(same.headers['access-control-allow-origin']).toBe('http://portal.local:8080');
        const foreign = await d.app.inject({
          method: 'GET',
          url: '/healthz',
          headers: { origin: 'http://evil.example', host: 'portal.local:8080' },
        });
        expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        await d.close();
      }
    },
    APP_TIMEOUT,
  );

  it('sends security headers with a CSP that allows the portal and its country lookup', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // the bundle's files and the inline theme paint, by its hash: no 'unsafe-inline'
    const hash = createHash('sha256').update(THEME_PAINT_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    expect(csp).toMatch(/connect-src 'self' https:\/\/country\.example/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('API docs', () => {
  it('serves the OpenAPI document built from the routes, and the UI at /docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    expect(paths).toContain('/portal-main-service/api/v1/auth/get-token');
    expect(paths).toContain('/portal-main-service/api/v1/user/active-by-email');
    const ui = await t.app.inject({ method: 'GET', url: '/docs/', headers: html });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('first operator bootstrap', () => {
  it(
    'creates the operator from ADMIN_EMAIL/ADMIN_PASSWORD once, while no operator exists',
    async () => {
      const d = await createTestApp();
      try {
        const first = await bootstrapFirstOperator(d.db, {
          adminEmail: 'boss@example.com',
          adminPassword: 'boss password 1',
        });
        expect(first).toEqual({ created: true, email: 'boss@example.com' });
        const [row] = await d.db.select().from(users).where(eq(users.email, 'boss@example.com'));
        expect(row).toMatchObject({ type: 'OPERATOR', state: 'ENABLE' });
        expect((await login(d.app, 'boss@example.com', 'boss password 1')).response.statusCode).toBe(200);
        const again = await bootstrapFirstOperator(d.db, {
          adminEmail: 'other@example.com',
          adminPassword: 'x1234567',
        });
        expect(again).toEqual({ created: false });
        expect(await d.db.select().from(users)).toHaveLength(1);
      } finally {
        await d.close();
      }
    },
    APP_TIMEOUT,
  );

  it(
    'creates it though merchants were added first (create-user before the first start)',
    async () => {
      const d = await createTestApp();
      try {
        await createUser(d.db, {
          email: 'early@example.com',
          password: 'early-merchant-1',
          type: 'MERCHANT',
        });
        const first = await bootstrapFirstOperator(d.db, {
          adminEmail: 'boss@example.com',
          adminPassword: 'boss password 1',
        });
        expect(first).toEqual({ created: true, email: 'boss@example.com' });
        // an operator exists now: nothing more
        expect(
          await bootstrapFirstOperator(d.db, { adminEmail: 'x@example.com', adminPassword: 'x1234567' }),
        ).toEqual({ created: false });
        // with no operator and ADMIN_EMAIL a merchant's, nobody is created and the server says why
        await d.db.update(users).set({ state: 'DELETE' }).where(eq(users.email, 'boss@example.com'));
        expect(
          await bootstrapFirstOperator(d.db, { adminEmail: 'early@example.com', adminPassword: 'x1234567' }),
        ).toEqual({ created: false, emailTaken: true });
        const [merchant] = await d.db.select().from(users).where(eq(users.email, 'early@example.com'));
        expect(merchant?.type).toBe('MERCHANT');
      } finally {
        await d.close();
      }
    },
    APP_TIMEOUT,
  );

  it(
    'generates a password when none is given, and that password works',
    async () => {
      const d = await createTestApp();
      try {
        const first = await bootstrapFirstOperator(d.db, {
          adminEmail: 'admin@example.com',
          adminPassword: undefined,
        });
        expect(first.created).toBe(true);
        expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
        const { response } = await login(d.app, 'admin@example.com', first.generatedPassword ?? '');
        expect(response.json().data.type).toBe('OPERATOR');
      } finally {
        await d.close();
      }
    },
    APP_TIMEOUT,
  );
});
