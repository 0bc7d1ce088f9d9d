// System Config: operators keep the product's key/value settings through the generic routes of the
// systemConfig table (merchants are refused; one row per known key), and the public
// GET /system-config/public answers the settings shown to anyone, without a token.
import { beforeAll, describe, expect, it } from 'vitest';
import { addOrg, addUser, apiSuite, MAIN } from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();

beforeAll(async () => {
  const acme = await addOrg(t, 'Acme');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
}, APP_TIMEOUT);

describe('system config', () => {
  it('answers no settings before any is set, without a token', async () => {
    const res = await call(null, 'GET', `${MAIN}/system-config/public`);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toEqual({});
  });

  it('refuses merchants, unknown keys and a second row for one key', async () => {
    const body = { key: 'supportEmail', value: 'help@loyalty.example' };
    expect(codeOf(await call('owner', 'POST', `${MAIN}/system-config`, body))).toEqual({
      status: 403,
      code: 26237,
    });
    expect(codeOf(await call('owner', 'GET', `${MAIN}/system-config`))).toEqual({ status: 403, code: 26237 });
    const unknown = await call('op', 'POST', `${MAIN}/system-config`, { key: 'colour', value: 'red' });
    expect(codeOf(unknown)).toEqual({ status: 400, code: 2 });
    expect(JSON.stringify(unknown.json().data)).toContain('key');
    expect(codeOf(await call('op', 'POST', `${MAIN}/system-config`, body)).code).toBe(0);
    expect(codeOf(await call('op', 'POST', `${MAIN}/system-config`, body))).toEqual({ status: 409, code: 9 });
  });

  it('answers what operators set, and a change at once', async () => {
    const phone = dataOf(
      await call('op', 'POST', `${MAIN}/system-config`, { key: 'supportPhone', value: '+65 6220 1000' }),
    ) as { id: number };
    expect(dataOf(await call(null, 'GET', `${MAIN}/system-config/public`))).toEqual({
      supportEmail: 'help@loyalty.example',
      supportPhone: '+65 6220 1000',
    });
    await call('op', 'PUT', `${MAIN}/system-config/${phone.id}`, { value: '+65 6220 2000' });
    expect(dataOf(await call(null, 'GET', `${MAIN}/system-config/public`))).toMatchObject({
      supportPhone: '+65 6220 2000',
    });
    const listed = dataOf(await call('op', 'GET', `${MAIN}/system-config?sort=key,asc`)) as { key: string }[];
    expect(listed.map((r) => r.key)).toEqual(['supportEmail', 'supportPhone']);
  });
});
