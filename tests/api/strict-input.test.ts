// Strict input (issue 41 item 2) and the answers of the router (item 1): a JSON body is taken as sent,
// with no coercion (query strings keep theirs, they are text on the wire); an action that takes no
// parameters answers the same to `{}`, an empty body and none; a path parameter too long for any id
// or token gets the envelope; a method a path does not take is 405 with Allow.
import { beforeAll, describe, expect, it } from 'vitest';
import { mainConfigs } from '../../server/platform/db/schema';
import { addAcmeAndOther, addRewardProgramme, apiSuite, MAIN } from './fixtures';
import { codeOf, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
const CONFIG = `${MAIN}/config/main`;

const seed = async () => {
  const { acme } = await addAcmeAndOther(t, tokens);
  const { programmeId } = await addRewardProgramme(call, 'owner', acme, { pack: { quantity: 10 } });
  const card = dataOf(
    await call('owner', 'POST', `${MAIN}/stamp-cards/${programmeId}/member-cards`, {
      memberMobile: '+6591234001',
      storeId: acme.storeId,
    }),
  ) as { id: number };
  return { acme, programmeId, card };
};
let seeded: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  seeded = await seed();
});

describe('JSON bodies are taken as sent', () => {
  it('refuses a string for a list, a number as text and a boolean as text, and stores none of them', async () => {
    const before = await t.db.select().from(mainConfigs);
    const images = await call('op', 'PATCH', `${CONFIG}/stamp-card/default-images`, { images: 'true' });
    expect(codeOf(images)).toEqual({ status: 400, code: 2 });
    expect(images.json().data).toEqual([expect.objectContaining({ field: 'images' })]);
    const price = await call('op', 'PUT', `${CONFIG}/country`, { stampCardDefaultPrice: '1' });
    expect(codeOf(price)).toEqual({ status: 400, code: 2 });
    expect(await t.db.select().from(mainConfigs)).toEqual(before);
  });

  it('refuses a programme whose stamps required is text; the same as a number goes through', async () => {
    const { programmeId } = seeded;
    const text = await call('owner', 'PUT', `${MAIN}/stamp-cards/${programmeId}`, { description: 7 });
    expect(codeOf(text)).toEqual({ status: 400, code: 2 });
    expect(
      codeOf(await call('owner', 'PUT', `${MAIN}/stamp-cards/${programmeId}`, { description: '7' })),
    ).toEqual({ status: 200, code: 0 });
  });

  it('keeps coercing query strings: companyId=7 is the number 7', async () => {
    const { acme } = seeded;
    const keys = await call('op', 'GET', `${MAIN}/api-keys?companyId=${acme.companyId}`);
    expect(codeOf(keys)).toEqual({ status: 200, code: 0 });
    expect(codeOf(await call('op', 'GET', `${MAIN}/api-keys?companyId=seven`))).toEqual({
      status: 400,
      code: 2,
    });
  });
});

describe('an action without parameters', () => {
  it('answers alike to {}, an empty body and no body at all', async () => {
    const { card } = seeded;
    const revoke = `${MAIN}/member-cards/${card.id}/link/revoke`;
    expect(codeOf(await call('owner', 'POST', revoke))).toEqual({ status: 200, code: 0 });
    expect(codeOf(await call('owner', 'POST', revoke, {}))).toEqual({ status: 200, code: 0 });
    const empty = await t.app.inject({
      method: 'POST',
      url: revoke,
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(codeOf(empty)).toEqual({ status: 200, code: 0 });
  });

  it('still names the fields an action needs when they are missing', async () => {
    const { programmeId } = seeded;
    const res = await call('owner', 'POST', `${MAIN}/stamp-cards/${programmeId}/member-cards`);
    expect(codeOf(res)).toEqual({ status: 400, code: 2 });
  });
});

describe('what the router refuses', () => {
  it('answers a 300-character token with the envelope, 404 code 5', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${MAIN}/public/cards/${'a'.repeat(300)}` });
    expect(codeOf(res)).toEqual({ status: 404, code: 5 });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers a method a path does not take with 405 and Allow; an unknown path stays 404', async () => {
    const { card } = seeded;
    const res = await call('owner', 'DELETE', `${MAIN}/member-cards/${card.id}/link/revoke`);
    expect(codeOf(res)).toEqual({ status: 405, code: 15 });
    expect(res.headers.allow).toBe('POST');
    expect(res.json().data).toEqual({ allow: ['POST'] });
    const list = await call('owner', 'PUT', `${MAIN}/members`);
    expect(list.statusCode).toBe(405);
    expect(list.headers.allow).toContain('GET');
    expect(codeOf(await call('owner', 'GET', `${MAIN}/no-such-thing`))).toEqual({ status: 404, code: 5 });
  });
});
