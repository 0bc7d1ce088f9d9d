// The member's pocket through the API (issue 26): every member card gets a code; staff read, send and
// revoke a web card's link; the public JSON of a card and a voucher (masked mobile, nothing else of
// the member); dead, revoked, tampered and cross-kind tokens; look-ups by code in scope; the link
// message queued by an issue and sent by the job; the public reads' per-IP limit.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_READS_PER_IP_PER_MINUTE,
  type PublicCardView,
  type PublicVoucherView,
} from '../../contract/pocket';
import { jobHandlers } from '../../server/jobs';
import { memberCards, memberMessages, memberPushTokens, store, users } from '../../server/platform/db/schema';
import { createJobRunner, type JobLog } from '../../server/platform/jobs';
import {
  addAcmeAndOther,
  addColleague,
  addRewardProgramme,
  apiSuite,
  MAIN,
  mobileSequence,
  type Org,
  PASSWORD,
} from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf, login } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;
let rewardPackId: number;
let programmeId: number;

const nextMobile = mobileSequence('93');

interface Card {
  id: number;
  code: string;
  memberMobile: string;
}
interface Link {
  url: string;
  token: string;
}

const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
const drain = async () => {
  const r = createJobRunner({
    db: t.db,
    log: quiet,
    handlers: jobHandlers({ config: t.config }),
    instanceId: 'pocket',
  });
  while ((await r.runDue(new Date(Date.now() + 5_000))) > 0) {
    /* again */
  }
};

const issueCard = async (mobile = nextMobile()) =>
  dataOf(
    await call('owner', 'POST', `${MAIN}/stamp-cards/${programmeId}/member-cards`, {
      memberMobile: mobile,
      storeId: acme.storeId,
    }),
  ) as Card;

/** One voucher of the reward pack, issued by the owner to a new member: its id and code. */
const issueVoucher = async () => {
  const issued = dataOf(
    await call('owner', 'POST', `${MAIN}/voucher-packs/${rewardPackId}/vouchers`, {
      memberMobile: nextMobile(),
      quantity: 1,
    }),
  ) as { vouchers: { id: number; code: string }[] };
  return issued.vouchers[0];
};

const publicGet = (path: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'GET', url: `${MAIN}${path}`, remoteAddress: ip });

beforeAll(async () => {
  ({ acme } = await addAcmeAndOther(t, tokens));
  ({ packId: rewardPackId, programmeId } = await addRewardProgramme(call, 'owner', acme, {
    pack: { quantity: 1000 },
    programme: { description: 'Ten coffees, one free' },
  }));
}, APP_TIMEOUT);

describe('codes and links', () => {
  it('gives every member card a code of its own, and a stable link until it is revoked', async () => {
    const a = await issueCard();
    const b = await issueCard();
    expect(a.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    expect(b.code).not.toBe(a.code);
    const first = dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${a.id}/link`)) as Link;
    expect(first.url).toBe(`${t.config.publicUrl}/c/${first.token}`);
    expect(dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${a.id}/link`))).toEqual(first);
    expect((dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${b.id}/link`)) as Link).token).not.toBe(
      first.token,
    );

    const revoked = dataOf(
      await call('owner', 'POST', `${MAIN}/member-cards/${a.id}/link/revoke`, {}),
    ) as Link;
    expect(revoked.token).not.toBe(first.token);
    expect(codeOf(await publicGet(`/public/cards/${first.token}`))).toEqual({ status: 404, code: 5 });
    expect(codeOf(await publicGet(`/public/cards/${revoked.token}`))).toEqual({ status: 200, code: 0 });
  });

  it('shows a card web card: programme, stamps, reward, stores, the masked mobile and nothing else', async () => {
    const mobile = nextMobile();
    const card = await issueCard(mobile);
    await call('owner', 'POST', `${MAIN}/member-cards/${card.id}/stamps`, {
      stamps: 2,
      storeId: acme.storeId,
    });
    await call('owner', 'POST', `${MAIN}/voucher-packs/${rewardPackId}/vouchers`, {
      memberMobile: mobile,
      quantity: 2,
    });
    const { token } = dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${card.id}/link`)) as Link;
    const res = await publicGet(`/public/cards/${token}`);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = dataOf(res) as PublicCardView;
    expect(view).toMatchObject({
      kind: 'CARD',
      code: card.code,
      state: 'AVAILABLE',
      stamps: 2,
      stampsRequired: 5,
      programme: { title: 'Coffee card', description: 'Ten coffees, one free' },
      reward: { title: 'Free coffee', value: '4.50' },
      brand: { name: 'Acme Brand' },
      currency: 'SGD',
      wallet: { applePassUrl: null, googleSaveUrl: null },
    });
    expect(view.memberMobile).toBe(`+65••••${mobile.slice(-4)}`);
    expect(JSON.stringify(view)).not.toContain(mobile);
    expect(view.stores.map((s) => s.name)).toContain('Acme Store');
    expect(view.vouchers).toHaveLength(2);
    expect(view.vouchers[0]).toMatchObject({ title: 'Free coffee', value: '4.50' });
    expect(view.vouchers[0]?.url).toMatch(new RegExp(`^${t.config.publicUrl}/v/`));

    // the voucher's own web card, reached through the card's list
    const voucherToken = String(view.vouchers[0]?.url).split('/v/')[1] ?? '';
    const voucher = dataOf(await publicGet(`/public/vouchers/${voucherToken}`)) as PublicVoucherView;
    expect(voucher).toMatchObject({
      kind: 'VOUCHER',
      state: 'AVAILABLE',
      title: 'Free coffee',
      value: '4.50',
    });
    expect(voucher.vouchers).toHaveLength(1);
  });

  it('completing the card links its reward voucher', async () => {
    const card = await issueCard();
    await call('owner', 'POST', `${MAIN}/member-cards/${card.id}/stamps`, {
      stamps: 5,
      storeId: acme.storeId,
    });
    const { token } = dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${card.id}/link`)) as Link;
    const view = dataOf(await publicGet(`/public/cards/${token}`)) as PublicCardView;
    expect(view.state).toBe('COMPLETED');
    expect(view.rewardVoucherUrl).toMatch(new RegExp(`^${t.config.publicUrl}/v/`));
  });

  it('refuses made-up, tampered and cross-kind tokens with the same 404', async () => {
    const card = await issueCard();
    const { token } = dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${card.id}/link`)) as Link;
    const [id, gen, sig] = token.split('.');
    const tampered = [
      'nonsense',
      `${id}.${gen}.${'A'.repeat(22)}`,
      `${(Number.parseInt(String(id), 36) + 1).toString(36)}.${gen}.${sig}`,
      `${id}.${(Number.parseInt(String(gen), 36) + 1).toString(36)}.${sig}`,
      'x'.repeat(80),
    ];
    for (const bad of tampered)
      expect(codeOf(await publicGet(`/public/cards/${encodeURIComponent(bad)}`)), bad).toEqual({
        status: 404,
        code: 5,
      });
    // a card's token is no voucher's
    expect(codeOf(await publicGet(`/public/vouchers/${token}`))).toEqual({ status: 404, code: 5 });
    expect(codeOf(await publicGet(`/public/cards/${'y'.repeat(81)}`)).code).toBe(2);
  });

  it("keeps another company's cards and links out of reach", async () => {
    const card = await issueCard();
    expect(codeOf(await call('stranger', 'GET', `${MAIN}/member-cards/${card.id}/link`)).code).toBe(6625);
    expect(
      codeOf(await call('stranger', 'POST', `${MAIN}/member-cards/${card.id}/link/revoke`, {})).code,
    ).toBe(6625);
    expect(codeOf(await call('stranger', 'POST', `${MAIN}/member-cards/${card.id}/link/send`, {})).code).toBe(
      6625,
    );
    expect(codeOf(await call('stranger', 'GET', `${MAIN}/member-cards/by-code/${card.code}`)).code).toBe(
      6625,
    );
    expect(codeOf(await call('op', 'GET', `${MAIN}/member-cards/by-code/${card.code}`)).code).toBe(0);
  });
});

describe('look-ups by code', () => {
  it('finds a card by its code, typed in lower case with spaces, and a voucher by its code', async () => {
    const card = await issueCard();
    const typed = `${card.code.slice(0, 5).toLowerCase()} ${card.code.slice(5)}`;
    expect(
      dataOf(await call('owner', 'GET', `${MAIN}/member-cards/by-code/${encodeURIComponent(typed)}`)),
    ).toMatchObject({
      id: card.id,
      code: card.code,
    });
    const voucher = await issueVoucher();
    expect(dataOf(await call('owner', 'GET', `${MAIN}/vouchers/by-code/${voucher?.code}`))).toMatchObject({
      id: voucher?.id,
    });
    expect(codeOf(await call('owner', 'GET', `${MAIN}/vouchers/by-code/${card.code}`))).toEqual({
      status: 404,
      code: 5,
    });
    expect(codeOf(await call('owner', 'GET', `${MAIN}/member-cards/by-code/NOPE2345`)).code).toBe(6625);
    expect(
      codeOf(await call('owner', 'GET', `${MAIN}/member-cards/by-code/${encodeURIComponent('a;b')}`)).code,
    ).toBe(2);
  });
});

describe("GET /codes/{code}: the counter's one look-up (issue 40 item 7)", () => {
  it('names a card, else a voucher, the caller may see, always 200; NONE for the rest', async () => {
    const card = await issueCard();
    const voucher = await issueVoucher();
    const typed = `${card.code.slice(0, 5).toLowerCase()} ${card.code.slice(5)}`;
    const lookUp = async (who: string, code: string) => {
      const res = await call(who, 'GET', `${MAIN}/codes/${encodeURIComponent(code)}`);
      expect(res.statusCode, res.body).toBe(200);
      return dataOf(res);
    };
    expect(await lookUp('owner', typed)).toEqual({ kind: 'CARD', id: card.id });
    expect(await lookUp('owner', voucher?.code ?? '')).toEqual({ kind: 'VOUCHER', id: voucher?.id });
    expect(await lookUp('owner', 'NOPE2345')).toEqual({ kind: 'NONE', id: null });
    // another company's rows are nothing to it; an operator sees every company's
    expect(await lookUp('stranger', card.code)).toEqual({ kind: 'NONE', id: null });
    expect(await lookUp('op', card.code)).toEqual({ kind: 'CARD', id: card.id });
    expect(codeOf(await call('owner', 'GET', `${MAIN}/codes/${encodeURIComponent('a;b')}`)).code).toBe(2);
    expect(codeOf(await call(null, 'GET', `${MAIN}/codes/${card.code}`)).status).toBe(401);

    // a colleague at the counter who may read vouchers only: a card's code is nothing to them; reading
    // neither, or without the counter's right (issue 40 item 1): 26237
    const colleague = await addColleague(t, 'codes-colleague@example.test', acme.companyId);
    const granted = await call('owner', 'PATCH', `${MAIN}/user/${colleague.id}/permissions`, {
      permissions: [
        { resource: 'counter', action: 'VIEW' },
        { resource: 'vouchers', action: 'VIEW' },
      ],
    });
    expect(granted.json().code, granted.body).toBe(0);
    tokens.vouchersOnly = (await login(t.app, 'codes-colleague@example.test', PASSWORD)).accessToken;
    expect(await lookUp('vouchersOnly', card.code)).toEqual({ kind: 'NONE', id: null });
    expect(await lookUp('vouchersOnly', voucher?.code ?? '')).toEqual({ kind: 'VOUCHER', id: voucher?.id });
    const none = await addColleague(t, 'codes-nobody@example.test', acme.companyId);
    // a colleague bound to a store hears its name at sign-in: the counter's screen names it
    await t.db.update(users).set({ storeId: acme.storeId }).where(eq(users.id, none.id));
    const [shop] = await t.db.select({ name: store.name }).from(store).where(eq(store.id, acme.storeId));
    const signedIn = await login(t.app, 'codes-nobody@example.test', PASSWORD);
    expect(signedIn.response.json().data).toMatchObject({ storeId: acme.storeId, storeName: shop?.name });
    expect(none.id).toBeGreaterThan(0);
    tokens.readsNothing = (await login(t.app, 'codes-nobody@example.test', PASSWORD)).accessToken;
    expect(codeOf(await call('readsNothing', 'GET', `${MAIN}/codes/${card.code}`))).toEqual({
      status: 403,
      code: 26237,
    });
  });
});

describe('the link message', () => {
  it('queues the link when a card is issued and the job sends it by SMS, or by push to an app', async () => {
    const smsMember = nextMobile();
    const appMember = nextMobile();
    await t.db
      .insert(memberPushTokens)
      .values({ memberMobile: appMember, token: `tok-${appMember}`, platform: 'ANDROID' });
    const bySms = await issueCard(smsMember);
    const byPush = await issueCard(appMember);
    const messages = async (mobile: string) =>
      t.db.select().from(memberMessages).where(eq(memberMessages.memberMobile, mobile));
    const [queued] = await messages(smsMember);
    const { url } = dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${bySms.id}/link`)) as Link;
    expect(queued).toMatchObject({ kind: 'CARD_LINK', channel: 'SMS', state: 'QUEUED', url });
    expect(queued?.body).toBe(`Acme Brand: your stamp card is ready. Show it at the counter: ${url}`);
    expect((await messages(appMember))[0]).toMatchObject({ channel: 'PUSH', state: 'QUEUED' });
    await drain();
    expect((await messages(smsMember))[0]).toMatchObject({ state: 'SENT', provider: 'sms-outbox' });
    expect((await messages(appMember))[0]).toMatchObject({ state: 'SENT', provider: 'outbox' });

    // staff send it again
    const sent = dataOf(await call('owner', 'POST', `${MAIN}/member-cards/${byPush.id}/link/send`, {})) as {
      messageId: number;
      channel: string;
    };
    expect(sent.channel).toBe('PUSH');
    expect(await messages(appMember)).toHaveLength(2);
  });

  it('queues one message for an issue of several vouchers, and nothing for a refused issue', async () => {
    const mobile = nextMobile();
    await call('owner', 'POST', `${MAIN}/voucher-packs/${rewardPackId}/vouchers`, {
      memberMobile: mobile,
      quantity: 3,
    });
    const rows = await t.db
      .select()
      .from(memberMessages)
      .where(and(eq(memberMessages.memberMobile, mobile), eq(memberMessages.kind, 'VOUCHER_LINK')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.body).toMatch(/^Acme Brand: 3 vouchers are yours\. Show it at the counter: http/);
    const refused = await call('owner', 'POST', `${MAIN}/voucher-packs/${rewardPackId}/vouchers`, {
      memberMobile: mobile,
      quantity: 1000,
    });
    expect(codeOf(refused).code).not.toBe(0);
    expect(
      await t.db.select().from(memberMessages).where(eq(memberMessages.memberMobile, mobile)),
    ).toHaveLength(1);
  });
});

describe('public reads', () => {
  it('limits one IP address, not the others', async () => {
    const card = await issueCard();
    const { token } = dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${card.id}/link`)) as Link;
    const ip = '198.51.100.9';
    for (let i = 0; i < PUBLIC_READS_PER_IP_PER_MINUTE; i++) await publicGet(`/public/cards/${token}`, ip);
    const limited = await publicGet(`/public/cards/${token}`, ip);
    expect(codeOf(limited)).toEqual({ status: 429, code: 6 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(codeOf(await publicGet(`/public/cards/${token}`, '198.51.100.10')).code).toBe(0);
  });

  it('backfills nothing wrong: every card row has a code', async () => {
    const rows = await t.db.select({ code: memberCards.code }).from(memberCards);
    expect(rows.every((r) => typeof r.code === 'string' && r.code.length === 10)).toBe(true);
  });
});
