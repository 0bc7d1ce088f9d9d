// Maintenance windows: operators declare them through the generic routes of maintenanceConfig
// (merchants are refused, the end must not come before the start), and the public GET /maintenance
// answers the window on now and the next one, for every country and for the one named.
import { beforeAll, describe, expect, it } from 'vitest';
import { addOrg, addUser, apiSuite, MAIN } from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

beforeAll(async () => {
  const acme = await addOrg(t, 'Acme');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
}, APP_TIMEOUT);

describe('maintenance windows', () => {
  it('answers nothing on, nothing next, before any window exists (and without a token)', async () => {
    const res = await call(null, 'GET', `${MAIN}/maintenance`);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toEqual({ active: null, next: null });
  });

  it('refuses merchants and an end before the start', async () => {
    const body = { startAt: at(-10), endAt: at(50), message: 'Upgrade' };
    expect(codeOf(await call('owner', 'POST', `${MAIN}/maintenance-config`, body))).toEqual({
      status: 403,
      code: 26237,
    });
    const backwards = await call('op', 'POST', `${MAIN}/maintenance-config`, {
      ...body,
      startAt: at(60),
      endAt: at(30),
    });
    expect(codeOf(backwards)).toEqual({ status: 400, code: 2 });
    expect(JSON.stringify(backwards.json().data)).toContain('endAt');
  });

  it('orders the window as instants, across midnight and on a partial update', async () => {
    // Wednesday 2 January 2030, 23:00 to Thursday 01:00 UTC: as text "Thu ..." sorts before "Wed ..."
    const overnight = dataOf(
      await call('op', 'POST', `${MAIN}/maintenance-config`, {
        startAt: '2030-01-02T23:00:00.000Z',
        endAt: '2030-01-03T01:00:00.000Z',
        message: 'Overnight upgrade',
        enabled: false,
      }),
    ) as { id: number };
    // only the end changes: the stored start (a Date) against the sent end (ISO text)
    const later = await call('op', 'PUT', `${MAIN}/maintenance-config/${overnight.id}`, {
      endAt: '2030-01-03T03:30:00.000Z',
    });
    expect(dataOf(later)).toMatchObject({ endAt: '2030-01-03T03:30:00.000Z' });
    const backwards = await call('op', 'PUT', `${MAIN}/maintenance-config/${overnight.id}`, {
      endAt: '2030-01-02T22:59:59.000Z',
    });
    expect(codeOf(backwards)).toEqual({ status: 400, code: 2 });
    expect(backwards.json().data).toEqual([{ field: 'endAt', message: 'must not be before startAt' }]);
    await call('op', 'DELETE', `${MAIN}/maintenance-config/${overnight.id}`);
  });

  it('answers the window on now and the next one, by country', async () => {
    const everywhere = dataOf(
      await call('op', 'POST', `${MAIN}/maintenance-config`, {
        startAt: at(-10),
        endAt: at(50),
        message: 'Upgrading the stamp service',
      }),
    ) as { id: number };
    const malaysia = dataOf(
      await call('op', 'POST', `${MAIN}/maintenance-config`, {
        startAt: at(120),
        endAt: at(180),
        message: 'Malaysian payments moving',
        country: 'my',
      }),
    ) as { id: number };
    await call('op', 'POST', `${MAIN}/maintenance-config`, {
      startAt: at(-5),
      endAt: at(500),
      message: 'Hidden draft',
      enabled: false,
    });

    const sg = dataOf(await call(null, 'GET', `${MAIN}/maintenance?country=sg`)) as {
      active: { id: number; message: string; country: string | null; endAt: string } | null;
      next: unknown;
    };
    expect(sg.active).toMatchObject({
      id: everywhere.id,
      message: 'Upgrading the stamp service',
      country: null,
    });
    expect(Date.parse(sg.active?.endAt ?? '')).toBeGreaterThan(Date.now());
    expect(sg.next).toBeNull();

    const my = dataOf(await call(null, 'GET', `${MAIN}/maintenance?country=my`)) as {
      active: { id: number } | null;
      next: { id: number; message: string } | null;
    };
    expect(my.active?.id).toBe(everywhere.id);
    expect(my.next).toMatchObject({ id: malaysia.id, message: 'Malaysian payments moving' });
  });

  it('refuses a country that is not a two-letter code', async () => {
    expect(codeOf(await call(null, 'GET', `${MAIN}/maintenance?country=SGP`))).toEqual({
      status: 400,
      code: 2,
    });
  });
});
