// What a brand variant hides, the server refuses (contract/access.ts hiddenInBrand), whatever the
// caller's role allows: in cvi a merchant may not read Banner Config; in jcr nobody may use Force
// Update Config, and a merchant may read Banner Config.
import { beforeAll, describe, expect, it } from 'vitest';
import { addOrg, addUser, apiSuite, MAIN } from './fixtures';
import { APP_TIMEOUT, codeOf } from './helpers';

const variant = (brand: 'cvi' | 'jcr') => {
  const { t, tokens, call } = apiSuite({ env: { BRAND: brand } });
  beforeAll(async () => {
    const acme = await addOrg(t, 'Acme');
    await addUser(t, tokens, 'op', { type: 'OPERATOR' });
    await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  }, APP_TIMEOUT);
  return call;
};

const DENIED = { status: 403, code: 26237 };
const OK = { status: 200, code: 0 };

describe('brand cvi', () => {
  const call = variant('cvi');
  it('refuses a merchant Banner Config, keeps it for operators, and Force Update Config too', async () => {
    expect(codeOf(await call('owner', 'GET', `${MAIN}/banner-config`))).toEqual(DENIED);
    expect(codeOf(await call('op', 'GET', `${MAIN}/banner-config`))).toEqual(OK);
    expect(codeOf(await call('op', 'GET', `${MAIN}/force-update-config`))).toEqual(OK);
  });
});

describe('brand jcr', () => {
  const call = variant('jcr');
  it('lets a merchant read Banner Config and refuses Force Update Config to everybody', async () => {
    expect(codeOf(await call('owner', 'GET', `${MAIN}/banner-config`))).toEqual(OK);
    expect(codeOf(await call('op', 'GET', `${MAIN}/force-update-config`))).toEqual(DENIED);
    expect(
      codeOf(
        await call('op', 'POST', `${MAIN}/force-update-config`, {
          platform: 'IOS',
          minVersion: '1',
          latestVersion: '2',
        }),
      ),
    ).toEqual(DENIED);
  });
});
