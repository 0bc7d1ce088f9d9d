// Joining a programme from a store's poster (issue 26 item 4) through the public API, no sign-in: the
// programme as the page shows it and every reason it is not open, the one-time code sent through the
// SMS outbox (read here from member_messages, as the member would read the SMS), wrong and expired
// codes (6201 with the tries left), the card issued and charged like any issue, a member who already
// holds one (6203 with its link), two confirms at once, the limits per number and per IP (6 with
// Retry-After), and bad input (2 naming the field).
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOIN_OTP, PUBLIC_PATHS } from '../../contract/pocket';
import { JOIN_ACTOR_EMAIL, NOT_OPEN_MESSAGE } from '../../server/domains/join/join';
import { creditWallet } from '../../server/domains/money/wallet';
import {
  auditLog,
  joinCodes,
  memberCards,
  memberMessages,
  members,
  stampCard,
  store,
  walletTransactions,
} from '../../server/platform/db/schema';
import { addOrg, addRewardProgramme, addUser, apiSuite, MAIN, type Org, sgDayFromToday } from './fixtures';
import { APP_TIMEOUT, dataOf } from './helpers';

const { t, tokens, call } = apiSuite();
let acme: Org;
let other: Org;
let rewardPackId: number;
let programmeId: number;

let mobileSeq = 0;
/** A new Singapore mobile: its national form (what a member types) and E.164. */
const nextMobile = () => {
  const national = `8${String(++mobileSeq).padStart(7, '0')}`;
  return { national: `${national.slice(0, 4)} ${national.slice(4)}`, e164: `+65${national}` };
};

let ipSeq = 0;
/** A client address of its own, so each test counts against its own per-IP limit. */
const nextIp = () => `198.51.100.${++ipSeq}`;

const newProgramme = async (over: Record<string, unknown> = {}) =>
  (
    dataOf(
      await call('owner', 'POST', `${MAIN}/stamp-cards`, {
        title: 'Kopi card',
        description: 'Every tenth kopi on us',
        stampsRequired: 8,
        price: 0,
        rewardVoucherPackId: rewardPackId,
        startDate: sgDayFromToday(-1),
        endDate: sgDayFromToday(30),
        brandId: acme.brandId,
        ...over,
      }),
    ) as { id: number }
  ).id;

const send = (
  method: 'GET' | 'POST',
  path: string,
  ip: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `${MAIN}${path}`,
    remoteAddress: ip,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const view = (storeId: number, programme: number, ip = nextIp()) =>
  send('GET', PUBLIC_PATHS.join(storeId, programme), ip);
const start = (mobile: string, ip: string, storeId = acme.storeId, programme = programmeId) =>
  send('POST', PUBLIC_PATHS.join(storeId, programme), ip, { mobile });
const confirm = (mobile: string, code: string, ip: string) =>
  send('POST', PUBLIC_PATHS.joinConfirm, ip, { mobile, code });

/** The code in the last JOIN_CODE message the number was sent, as the member reads it in the SMS. */
const sentCode = async (mobile: string): Promise<string> => {
  const [message] = await t.db
    .select()
    .from(memberMessages)
    .where(and(eq(memberMessages.memberMobile, mobile), eq(memberMessages.kind, 'JOIN_CODE')))
    .orderBy(desc(memberMessages.id))
    .limit(1);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no join code was sent to ${mobile}`);
  return code;
};

/** A code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 10 ** JOIN_OTP.length).padStart(6, '0');

const cardsOf = (mobile: string, programme = programmeId) =>
  t.db
    .select()
    .from(memberCards)
    .where(and(eq(memberCards.memberMobile, mobile), eq(memberCards.stampCardId, programme)));

const notOpen = { code: 5, data: [{ field: 'programmeId', message: NOT_OPEN_MESSAGE }] };

beforeAll(async () => {
  acme = await addOrg(t, 'Acme');
  other = await addOrg(t, 'Other');
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  ({ packId: rewardPackId } = await addRewardProgramme(call, 'owner', acme, {
    pack: { title: 'Free kopi' },
  }));
  programmeId = await newProgramme();
}, APP_TIMEOUT);

describe('the programme a poster offers', () => {
  it('answers what the sign-up page shows, without a token, and nothing more', async () => {
    const res = await view(acme.storeId, programmeId);
    expect(res.statusCode).toBe(200);
    expect(dataOf(res)).toEqual({
      programme: {
        title: 'Kopi card',
        description: 'Every tenth kopi on us',
        image: null,
        stampsRequired: 8,
      },
      reward: { title: 'Free kopi', value: '4.50' },
      brand: { name: 'Acme Brand', logo: null, website: null },
      store: { name: 'Acme Store', address: '1 Main St' },
      currency: 'SGD',
      callingCode: '+65',
      referral: null,
    });
  });

  it('is not open (5, 404, one message whatever the reason) for any other store or programme', async () => {
    const sold = await newProgramme({ quantity: 1 });
    dataOf(
      await call('owner', 'POST', `${MAIN}/stamp-cards/${sold}/member-cards`, {
        memberMobile: nextMobile().e164,
        storeId: acme.storeId,
      }),
    );
    const disabled = await newProgramme();
    dataOf(await call('owner', 'POST', `${MAIN}/stamp-cards/${disabled}/disable`, {}));
    const ended = await newProgramme({ startDate: sgDayFromToday(-10), endDate: sgDayFromToday(-1) });
    const later = await newProgramme({ startDate: sgDayFromToday(2), endDate: sgDayFromToday(9) });
    const [closedStore] = await t.db
      .insert(store)
      .values({
        companyId: acme.companyId,
        brandId: acme.brandId,
        name: 'Acme Closed',
        address: '2 Main St',
        // not open yet (a DISABLED store says so: 26435, tests/api/closed-company.test.ts)
        state: 'SUBMITTED',
      } as never)
      .returning({ id: store.id });
    const cases: [string, number, number][] = [
      ["a programme of another brand's store", other.storeId, programmeId],
      ['a store that is not ACTIVE', closedStore?.id as number, programmeId],
      ['a sold-out programme', acme.storeId, sold],
      ['a disabled programme', acme.storeId, disabled],
      ['a programme that ended', acme.storeId, ended],
      ['a programme not started', acme.storeId, later],
      ['no such programme', acme.storeId, 999_999],
      ['no such store', 999_999, programmeId],
    ];
    for (const [what, storeId, programme] of cases) {
      const res = await view(storeId, programme);
      expect({ what, status: res.statusCode, ...res.json() }).toMatchObject({
        what,
        status: 404,
        ...notOpen,
      });
      // starting there sends nothing either
      const started = await start(nextMobile().e164, nextIp(), storeId, programme);
      expect({ what, status: started.statusCode, ...started.json() }).toMatchObject({
        what,
        status: 404,
        ...notOpen,
      });
    }
  });
});

describe('joining', () => {
  it('sends a code by SMS, and the right code issues the card and answers its web card link', async () => {
    const ip = nextIp();
    const { national, e164 } = nextMobile();
    const started = await start(national, ip);
    expect(dataOf(started)).toEqual({
      mobile: `+65••••${e164.slice(-4)}`,
      expiresInSeconds: JOIN_OTP.ttlSeconds,
    });
    const [message] = await t.db.select().from(memberMessages).where(eq(memberMessages.memberMobile, e164));
    expect(message).toMatchObject({ companyId: acme.companyId, kind: 'JOIN_CODE', channel: 'SMS' });
    expect(message?.body).toContain('Kopi card');
    const code = await sentCode(e164);
    // only a hash of the code is kept
    const [kept] = await t.db.select().from(joinCodes).where(eq(joinCodes.mobile, e164));
    expect(kept).toMatchObject({ storeId: acme.storeId, programmeId, tries: 0 });
    expect(kept?.codeHash).not.toContain(code);

    const res = await confirm(e164, code, ip);
    const link = dataOf(res) as { url: string; token: string };
    expect(link.url).toBe(`http://portal.test/c/${link.token}`);
    const cards = await cardsOf(e164);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ storeId: acme.storeId, state: 0, stamps: 0, companyId: acme.companyId });
    // the link is the card's web card: it names this programme
    const card = await t.app.inject({ method: 'GET', url: `${MAIN}${PUBLIC_PATHS.card(link.token)}` });
    expect(dataOf(card)).toMatchObject({ kind: 'CARD', programme: { title: 'Kopi card' }, stamps: 0 });
    // the member is also sent the link, as after an issue at the counter
    const [linkMessage] = await t.db
      .select()
      .from(memberMessages)
      .where(and(eq(memberMessages.memberMobile, e164), eq(memberMessages.kind, 'CARD_LINK')));
    expect(linkMessage).toMatchObject({ channel: 'SMS', url: link.url });
    // issued as the poster's join, by no person
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'memberCards'), eq(auditLog.recordId, String(cards[0]?.id))));
    expect(audit).toMatchObject({ action: 'issue', actorEmail: JOIN_ACTOR_EMAIL, companyId: acme.companyId });
    // the code is spent with it: a second confirm issues nothing
    expect((await confirm(e164, code, ip)).json()).toMatchObject({
      code: 6201,
      data: [
        { field: 'code', message: expect.stringMatching(/ask for a new one/), params: { triesLeft: 0 } },
      ],
    });
    expect(await cardsOf(e164)).toHaveLength(1);
    expect(await t.db.select().from(joinCodes).where(eq(joinCodes.mobile, e164))).toEqual([]);
  });

  it("charges the merchant's wallet the programme's price; a short wallet is 'not open' and keeps the code", async () => {
    const priced = await newProgramme({ price: 1.25, title: 'Priced card' });
    const ip = nextIp();
    const { e164 } = nextMobile();
    dataOf(await start(e164, ip, acme.storeId, priced));
    const code = await sentCode(e164);
    expect((await confirm(e164, code, ip)).json()).toMatchObject(notOpen);
    expect(await cardsOf(e164, priced)).toEqual([]);
    await t.db.transaction((tx) =>
      creditWallet(tx, acme.companyId, '1.25', { type: 'TOP_UP_TXN', reference: 'test funds' }),
    );
    dataOf(await confirm(e164, code, ip));
    const [card] = await cardsOf(e164, priced);
    const charges = await t.db
      .select({ amount: walletTransactions.amount })
      .from(walletTransactions)
      .where(eq(walletTransactions.memberCardId, card?.id as number));
    expect(charges.map((c) => Math.abs(Number(c.amount)))).toEqual([1.25]);
    const [programme] = await t.db.select().from(stampCard).where(eq(stampCard.id, priced));
    expect(programme?.issuedCount).toBe(1);
  });

  it('keeps a birthday given with the code (a birthday treat, issue 43); one that is no day is 2 and keeps the code', async () => {
    const ip = nextIp();
    const { e164 } = nextMobile();
    await start(e164, ip);
    const code = await sentCode(e164);
    const bad = await send('POST', PUBLIC_PATHS.joinConfirm, ip, {
      mobile: e164,
      code,
      birthday: '2990-01-01',
    });
    expect(bad.json()).toMatchObject({
      code: 2,
      data: [{ field: 'birthday', message: 'the birthday is in the future' }],
    });
    const good = await send('POST', PUBLIC_PATHS.joinConfirm, ip, {
      mobile: e164,
      code,
      birthday: '1991-03-14',
    });
    expect(good.json()).toMatchObject({ code: 0 });
    const [member] = await t.db.select().from(members).where(eq(members.mobile, e164));
    expect(member?.birthday).toBe('1991-03-14');
  });

  it('counts wrong codes (6201 with the tries left) until the code is dead, then a new code works', async () => {
    const ip = nextIp();
    const { e164 } = nextMobile();
    dataOf(await start(e164, ip));
    const code = await sentCode(e164);
    for (let left = JOIN_OTP.maxTries - 1; left >= 0; left--) {
      const res = await confirm(e164, wrong(code), ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 6201,
        data: [
          {
            field: 'code',
            message:
              left > 0
                ? `The code is wrong: ${left} ${left === 1 ? 'try' : 'tries'} left`
                : expect.stringMatching(/ask for a new one/),
            params: { triesLeft: left },
          },
        ],
      });
    }
    // dead: even the right code is refused now
    expect((await confirm(e164, code, ip)).json()).toMatchObject({
      code: 6201,
      data: [{ message: expect.stringMatching(/ask for a new one/) }],
    });
    expect(await cardsOf(e164)).toEqual([]);
    dataOf(await start(e164, ip));
    const fresh = await sentCode(e164);
    dataOf(await confirm(e164, fresh, ip));
    expect(await cardsOf(e164)).toHaveLength(1);
  });

  it('refuses an expired code (6201, ask for a new one), and a new start replaces the code', async () => {
    const ip = nextIp();
    const { e164 } = nextMobile();
    dataOf(await start(e164, ip));
    const first = await sentCode(e164);
    await t.db
      .update(joinCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(joinCodes.mobile, e164));
    expect((await confirm(e164, first, ip)).json()).toMatchObject({
      code: 6201,
      data: [{ field: 'code', message: expect.stringMatching(/expired/) }],
    });
    dataOf(await start(e164, ip));
    const second = await sentCode(e164);
    dataOf(await start(e164, ip));
    const third = await sentCode(e164);
    if (second !== third) {
      expect((await confirm(e164, second, ip)).json()).toMatchObject({ code: 6201 });
    }
    dataOf(await confirm(e164, third, ip));
    expect(await cardsOf(e164)).toHaveLength(1);
  });

  it('gives a member who already holds a card of the programme that card back: 6203 with its link', async () => {
    const ip = nextIp();
    const { e164 } = nextMobile();
    const held = dataOf(
      await call('owner', 'POST', `${MAIN}/stamp-cards/${programmeId}/member-cards`, {
        memberMobile: e164,
        storeId: acme.storeId,
      }),
    ) as { id: number };
    dataOf(await start(e164, ip));
    const res = await confirm(e164, await sentCode(e164), ip);
    expect(res.statusCode).toBe(409);
    const body = res.json() as { code: number; data: { url: string; token: string } };
    expect(body.code).toBe(6203);
    const staffLink = dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${held.id}/link`));
    expect(body.data).toEqual(staffLink);
    expect((await cardsOf(e164)).map((c) => c.id)).toEqual([held.id]);
  });

  it('issues one card when two confirms of the same code race', async () => {
    const ip = nextIp();
    const { e164 } = nextMobile();
    dataOf(await start(e164, ip));
    const code = await sentCode(e164);
    const answers = await Promise.all([confirm(e164, code, ip), confirm(e164, code, ip)]);
    const codes = answers.map((r) => r.json().code).sort((a, b) => a - b);
    expect(codes).toEqual([0, 6201]);
    expect(await cardsOf(e164)).toHaveLength(1);
  });
});

describe('limits', () => {
  it(`sends a number at most ${JOIN_OTP.perNumberPerHour} codes an hour (6, 429, Retry-After)`, async () => {
    const { e164 } = nextMobile();
    for (let i = 0; i < JOIN_OTP.perNumberPerHour; i++) dataOf(await start(e164, nextIp()));
    const res = await start(e164, nextIp());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 6, data: { retryAfterSeconds: expect.any(Number) } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const sent = await t.db
      .select()
      .from(memberMessages)
      .where(and(eq(memberMessages.memberMobile, e164), eq(memberMessages.kind, 'JOIN_CODE')));
    expect(sent).toHaveLength(JOIN_OTP.perNumberPerHour);
  });

  it(`takes at most ${JOIN_OTP.perIpPerHour} join requests an hour from one IP, starts and confirms alike`, async () => {
    const ip = nextIp();
    for (let i = 0; i < JOIN_OTP.perIpPerHour; i++) {
      const res =
        i % 2 === 0 ? await confirm(nextMobile().e164, '123456', ip) : await start(nextMobile().e164, ip);
      expect(res.statusCode).not.toBe(429);
    }
    for (const res of [await start(nextMobile().e164, ip), await confirm(nextMobile().e164, '123456', ip)]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 6 });
      expect(res.headers['retry-after']).toBeDefined();
    }
    // another address is not held back, and reading the programme is not limited
    dataOf(await start(nextMobile().e164, nextIp()));
    dataOf(await view(acme.storeId, programmeId, ip));
  });
});

describe('bad input', () => {
  it('answers 2 naming the field, and never a 500', async () => {
    const ip = nextIp();
    const cases: [string, Promise<LightMyRequestResponse>, string][] = [
      ['no mobile', send('POST', PUBLIC_PATHS.join(acme.storeId, programmeId), ip, {}), 'mobile'],
      ['letters', start('call me', ip), 'mobile'],
      ['too short', start('+123', ip), 'mobile'],
      ['a NUL', start('8123\u00004567', ip), 'mobile'],
      ['not a number of the country', start('1234 5678', ip), 'mobile'],
      ['a country code no country has', start('+999 1234 5678', ip), 'mobile'],
      ['too short for its country', start('+65 8123 456', ip), 'mobile'],
      [
        'another field',
        send('POST', PUBLIC_PATHS.join(acme.storeId, programmeId), ip, { mobile: '81234567', x: 1 }),
        'x',
      ],
      ['a store id that is not one', send('GET', '/public/join/abc/1', ip), 'storeId'],
      ['a code of 5 digits', confirm('+6581234567', '12345', ip), 'code'],
      ['a national number to confirm', confirm('8123 4567', '123456', ip), 'mobile'],
    ];
    for (const [what, pending, field] of cases) {
      const res = await pending;
      expect({ what, status: res.statusCode, code: res.json().code }).toEqual({ what, status: 400, code: 2 });
      expect(JSON.stringify(res.json().data), what).toContain(field);
    }
  });

  it('needs no token, and a token changes nothing', async () => {
    const res = await send('GET', PUBLIC_PATHS.join(acme.storeId, programmeId), nextIp(), undefined, {
      authorization: 'Bearer not-a-token',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("an operator's read of one member's messages (GET /member-messages)", () => {
  it('answers the SMS an operator asks for, newest first; merchants, strangers and bad input are refused', async () => {
    const ip = nextIp();
    const { e164 } = nextMobile();
    dataOf(await start(e164, ip));
    dataOf(await start(e164, ip));
    const url = (query: string) => `${MAIN}/member-messages?${query}`;
    const mine = `memberMobile=${encodeURIComponent(e164)}`;
    const rows = dataOf(await call('op', 'GET', url(`${mine}&kind=JOIN_CODE`))) as {
      id: number;
      body: string;
      kind: string;
      channel: string;
      state: string;
    }[];
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(rows[0]).toMatchObject({
      kind: 'JOIN_CODE',
      channel: 'SMS',
      memberMobile: e164,
      companyId: acme.companyId,
    });
    expect(rows[0]?.body).toContain(await sentCode(e164));
    expect(dataOf(await call('op', 'GET', url(`${mine}&kind=CARD_LINK`)))).toEqual([]);
    expect(dataOf(await call('op', 'GET', url(`${mine}&size=1`)))).toHaveLength(1);
    expect((await call('owner', 'GET', url(mine))).json()).toMatchObject({ code: 26237 });
    expect((await call(null, 'GET', url(mine))).json()).toMatchObject({ code: 1601 });
    for (const query of ['', 'memberMobile=81234567', `${mine}&kind=EMAIL`, `${mine}&size=51`]) {
      expect((await call('op', 'GET', url(query))).json(), query).toMatchObject({ code: 2 });
    }
  });
});
