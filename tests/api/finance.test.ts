// The merchant's wallet end to end through the API (docs/operations.md "Wallet and payments"): FREE
// top-ups where the country allows them (6404 elsewhere), charges for issuing vouchers and member
// cards in the issuing transaction (5101 and nothing issued when the balance is short), the ledger's
// invariants under 1,000 racing charges, Stripe top-ups through the real Stripe client against a local
// stand-in (PENDING until the signed webhook, credited once however often it arrives, a bad
// signature refused, a failed payment leaving the balance alone, one PaymentIntent per
// Idempotency-Key), saved cards, Stripe Connect, and who may see what.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../contract/format';
import { debitWallet } from '../../server/domains/money/wallet';
import {
  account,
  company,
  companySettings,
  countryConfig,
  payments,
  vouchers,
  walletTransactions,
} from '../../server/platform/db/schema';
import { addOrg, addUser, apiSuite, MAIN, type Org } from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf } from './helpers';
import { type StandIn, signedEvent, startStripeStandIn } from './stripe-stand-in';

const PAY = '/portal-payment-service/api/v1';
const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';

let stripe: StandIn;
// the stand-in stops once the app is closed (registered before apiSuite: after hooks run in reverse)
afterAll(async () => {
  await stripe?.close();
});
// the app is pointed at the stand-in, which listens on a port known once it has started
const { t, tokens, call } = apiSuite(async () => {
  stripe = await startStripeStandIn();
  return {
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  };
});
let acme: Org;
let other: Org;
let race: Org;

const balanceOf = async (companyId: number) => {
  const [row] = await t.db
    .select({ balance: sql<string>`${account.balance}::text` })
    .from(account)
    .where(eq(account.companyId, companyId));
  return row?.balance ?? null;
};

/** The balance and the sum of the ledger, both as SQL computes them. */
const ledgerOf = async (companyId: number) => {
  const [row] = await t.db
    .select({
      sum: sql<string>`coalesce(sum(${walletTransactions.amount}), 0)::text`,
      n: sql<number>`count(*)::int`,
    })
    .from(walletTransactions)
    .where(eq(walletTransactions.companyId, companyId));
  return { sum: row?.sum ?? '0', rows: Number(row?.n ?? 0), balance: await balanceOf(companyId) };
};

const topUp = (who: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(who, 'POST', `${PAY}/wallet/top-ups`, body, headers);

const deliver = (
  event: { id: string; type: string; object: Record<string, unknown> },
  secret = WEBHOOK_SECRET,
) => {
  const { payload, headers } = signedEvent(secret, event);
  return t.app.inject({ method: 'POST', url: `${PAY}/stripe/webhook`, payload, headers });
};

beforeAll(async () => {
  await t.db.insert(countryConfig).values([
    { country: 'sg', name: 'Singapore', currency: 'SGD', timezone: 'Asia/Singapore', freeTopUp: true },
    { country: 'my', name: 'Malaysia', currency: 'MYR', timezone: 'Asia/Kuala_Lumpur', freeTopUp: false },
  ] as never);
  acme = await addOrg(t, 'Acme');
  other = await addOrg(t, 'Other');
  race = await addOrg(t, 'Race');
  await t.db
    .update(company)
    .set({ country: 'my' } as never)
    .where(eq(company.id, other.companyId));
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  await addUser(t, tokens, 'stranger', { type: 'MERCHANT', companyId: other.companyId });
}, APP_TIMEOUT);

describe('FREE top-ups', () => {
  it('credits at once where the country allows it: payment, ledger row and balance', async () => {
    const res = await topUp('owner', { amount: 100.1, paymentMethod: 'FREE' });
    const data = dataOf(res) as { id: number; state: string; balance: number; currency: string };
    expect(data).toMatchObject({ state: 'SUCCEEDED', amount: 100.1, currency: 'SGD', paymentMethod: 'FREE' });
    expect(data.balance).toBe(100.1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, data.id));
    expect(payment).toMatchObject({ companyId: acme.companyId, state: 'SUCCEEDED', paymentMethod: 'FREE' });
    const [row] = await t.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.paymentId, data.id));
    expect(row).toMatchObject({ type: 'TOP_UP_TXN', amount: 100.1, balanceAfter: 100.1 });
    expect(dataOf(await call('owner', 'GET', `${PAY}/wallet`))).toMatchObject({
      balance: 100.1,
      currency: 'SGD',
      freeTopUp: true,
    });
  });

  it('answers 6404 where the country does not offer free top-ups, and nothing moves', async () => {
    const res = await call('stranger', 'POST', `${PAY}/wallet/top-ups`, {
      amount: 50,
      paymentMethod: 'FREE',
    });
    expect(res.json()).toMatchObject({ code: 6404, data: [{ field: 'paymentMethod' }] });
    expect(await ledgerOf(other.companyId)).toMatchObject({ rows: 0 });
    expect(dataOf(await call('stranger', 'GET', `${PAY}/wallet`))).toMatchObject({
      balance: 0,
      currency: 'MYR',
      freeTopUp: false,
    });
  });

  it('refuses amounts out of range or with more than two decimals with code 2', async () => {
    for (const amount of [0, -5, 0.5, 100_001, 10.001]) {
      const res = await topUp('owner', { amount, paymentMethod: 'FREE' });
      expect(res.json(), String(amount)).toMatchObject({ code: 2 });
    }
  });
});

describe('charges for issuing', () => {
  it('issuing vouchers takes price × quantity in the same transaction; short → 5101 and nothing issued', async () => {
    await topUp('owner', { amount: 10, paymentMethod: 'FREE' });
    const before = await balanceOf(acme.companyId);
    const pack = dataOf(
      await call('owner', 'POST', `${MAIN}/voucher-packs`, {
        title: 'Paid coffee',
        price: 2.35,
        voucherValue: 5,
        quantity: 1000,
        issueLimitPerMember: 1000,
        validFrom: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
        validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        voucherValidityDays: 14,
        giftable: false,
        brandId: acme.brandId,
      }),
    ) as { id: number };
    const issued = await call('owner', 'POST', `${MAIN}/voucher-packs/${pack.id}/vouchers`, {
      memberMobile: '+6590000001',
      quantity: 3,
    });
    expect(issued.json().code).toBe(0);
    const [debit] = await t.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.voucherPackId, pack.id), eq(walletTransactions.type, 'VOUCHER_TXN')));
    expect(debit).toMatchObject({ amount: -7.05 });
    expect(await balanceOf(acme.companyId)).toBe(((Math.round(Number(before) * 100) - 705) / 100).toFixed(2));

    // far more than the balance: refused, nothing issued, nothing charged
    const held = await t.db.select({ n: sql<number>`count(*)::int` }).from(vouchers);
    const short = await call('owner', 'POST', `${MAIN}/voucher-packs/${pack.id}/vouchers`, {
      memberMobile: '+6590000002',
      quantity: 100,
    });
    expect(codeOf(short)).toEqual({ status: 409, code: 5101 });
    expect(short.json().data[0]).toEqual({
      field: 'balance',
      message: `The wallet holds ${formatMoney(await balanceOf(acme.companyId), 'SGD')}; this costs SGD 235.00.`,
    });
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(vouchers)).toEqual(held);
    const ledger = await ledgerOf(acme.companyId);
    expect(ledger.sum).toBe(ledger.balance);
  });

  it('issuing a member card takes the programme price as STAMP_CARD_TXN; short → 5101', async () => {
    const programme = dataOf(
      await call('owner', 'POST', `${MAIN}/stamp-cards`, {
        title: 'Paid card',
        stampsRequired: 5,
        maxStampsPerTransaction: 1,
        price: 4.5,
        brandId: acme.brandId,
        startDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
        endDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      }),
    ) as { id: number };
    const card = await call('owner', 'POST', `${MAIN}/stamp-cards/${programme.id}/member-cards`, {
      memberMobile: '+6590000003',
      storeId: acme.storeId,
    });
    const cardId = (dataOf(card) as { id: number }).id;
    const [debit] = await t.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.memberCardId, cardId));
    expect(debit).toMatchObject({ type: 'STAMP_CARD_TXN', amount: -4.5 });

    // drain the wallet through the service, then the next card is refused
    const left = (await balanceOf(acme.companyId)) ?? '0';
    await t.db.transaction((tx) =>
      debitWallet(tx, acme.companyId, left, { type: 'VOUCHER_TXN', reference: 'drain' }),
    );
    const refused = await call('owner', 'POST', `${MAIN}/stamp-cards/${programme.id}/member-cards`, {
      memberMobile: '+6590000004',
      storeId: acme.storeId,
    });
    expect(codeOf(refused)).toEqual({ status: 409, code: 5101 });
    expect(await balanceOf(acme.companyId)).toBe('0.00');
  });
});

describe('the ledger under concurrency', () => {
  it('1,000 racing charges against a balance covering 400: exactly 400 debits, 600 refusals with 5101', async () => {
    await t.db.transaction(async (tx) => {
      const { creditWallet } = await import('../../server/domains/money/wallet');
      await creditWallet(tx, race.companyId, '500.00', { type: 'TOP_UP_TXN', reference: 'race funds' });
    });
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, () =>
        t.db
          .transaction((tx) =>
            debitWallet(tx, race.companyId, '1.25', { type: 'STAMP_CARD_TXN', reference: 'race charge' }),
          )
          .then(
            () => 'ok',
            (err: { code?: number }) => (err.code === 5101 ? '5101' : String(err)),
          ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(400);
    expect(outcomes.filter((o) => o === '5101')).toHaveLength(600);
    const ledger = await ledgerOf(race.companyId);
    expect(ledger).toEqual({ sum: '0.00', rows: 401, balance: '0.00' });
    // every balanceAfter follows from the one before it
    const rows = await t.db
      .select({
        amount: sql<string>`${walletTransactions.amount}::text`,
        after: sql<string>`${walletTransactions.balanceAfter}::text`,
      })
      .from(walletTransactions)
      .where(eq(walletTransactions.companyId, race.companyId))
      .orderBy(walletTransactions.balanceAfter);
    expect(rows[0]).toEqual({ amount: '-1.25', after: '0.00' });
    expect(new Set(rows.map((r) => r.after)).size).toBe(401);
  });

  it('a CHECK keeps the balance from going below zero whatever writes it', async () => {
    await expect(
      t.db
        .update(account)
        .set({ balance: sql`${account.balance} - 1000` as never })
        .where(eq(account.companyId, race.companyId)),
    ).rejects.toThrow();
  });
});

describe('Stripe top-ups through the client and a stand-in', () => {
  it('PENDING with a client secret; the success webhook credits once although it arrives three times', async () => {
    const before = await ledgerOf(acme.companyId);
    const res = await topUp('owner', { amount: 25.5, paymentMethod: 'STRIPE' });
    const data = dataOf(res) as { id: number; state: string; clientSecret: string };
    expect(data).toMatchObject({ state: 'PENDING', amount: 25.5, paymentMethod: 'STRIPE' });
    expect(data.clientSecret).toMatch(/^pi_.+_secret_/);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, data.id));
    const intentId = payment?.stripePaymentIntentId as string;
    expect(stripe.intents.get(intentId)).toMatchObject({ amount: 2550, currency: 'sgd' });
    expect(await ledgerOf(acme.companyId)).toEqual(before);

    const event = {
      id: 'evt_success_1',
      type: 'payment_intent.succeeded',
      object: {
        id: intentId,
        object: 'payment_intent',
        amount: 2550,
        amount_received: 2550,
        currency: 'sgd',
      },
    };
    for (let i = 0; i < 3; i++) expect((await deliver(event)).json().code).toBe(0);
    const after = await ledgerOf(acme.companyId);
    expect(after.rows).toBe(before.rows + 1);
    expect(after.balance).toBe((Number(before.balance) + 25.5).toFixed(2));
    expect(after.sum).toBe(after.balance);
    const [done] = await t.db.select().from(payments).where(eq(payments.id, data.id));
    expect(done).toMatchObject({ state: 'SUCCEEDED' });
  });

  it('refuses a bad signature with 6405 and applies nothing', async () => {
    const res = await topUp('owner', { amount: 9, paymentMethod: 'STRIPE' });
    const { id } = dataOf(res) as { id: number };
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, id));
    const before = await ledgerOf(acme.companyId);
    const forged = await deliver(
      {
        id: 'evt_forged',
        type: 'payment_intent.succeeded',
        object: { id: payment?.stripePaymentIntentId, amount: 900, amount_received: 900, currency: 'sgd' },
      },
      'whsec_not_the_secret',
    );
    expect(codeOf(forged)).toEqual({ status: 400, code: 6405 });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `${PAY}/stripe/webhook`,
      payload: '{"id":"evt_x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(codeOf(unsigned)).toEqual({ status: 400, code: 6405 });
    expect(await ledgerOf(acme.companyId)).toEqual(before);
  });

  it('a failed payment ends FAILED with 6402 and leaves the balance as it was', async () => {
    const { id } = dataOf(await topUp('owner', { amount: 12, paymentMethod: 'STRIPE' })) as { id: number };
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, id));
    const before = await ledgerOf(acme.companyId);
    const res = await deliver({
      id: 'evt_failed_1',
      type: 'payment_intent.payment_failed',
      object: {
        id: payment?.stripePaymentIntentId,
        amount: 1200,
        currency: 'sgd',
        last_payment_error: { type: 'card_error', message: 'Your card was declined.' },
      },
    });
    expect(res.json().code).toBe(0);
    const [failed] = await t.db.select().from(payments).where(eq(payments.id, id));
    expect(failed).toMatchObject({
      state: 'FAILED',
      failureCode: 6402,
      failureMessage: 'Your card was declined.',
    });
    expect(await ledgerOf(acme.companyId)).toEqual(before);
  });

  it('the same Idempotency-Key twice: one PaymentIntent, one payment, one ledger row', async () => {
    const intentsBefore = stripe.intents.size;
    const paymentsBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(payments);
    const headers = { 'idempotency-key': 'top-up-once-123' };
    const first = await topUp('owner', { amount: 40, paymentMethod: 'STRIPE' }, headers);
    const second = await topUp('owner', { amount: 40, paymentMethod: 'STRIPE' }, headers);
    expect(second.body).toBe(first.body);
    expect(stripe.intents.size).toBe(intentsBefore + 1);
    expect(stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)?.idempotencyKey).toContain(
      'top-up-once-123',
    );
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(payments);
    expect(count?.n).toBe((paymentsBefore[0]?.n ?? 0) + 1);
    const { id } = dataOf(first) as { id: number };
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, id));
    const success = {
      type: 'payment_intent.succeeded',
      object: { id: payment?.stripePaymentIntentId, amount: 4000, amount_received: 4000, currency: 'sgd' },
    };
    await deliver({ id: 'evt_idem_1', ...success });
    await deliver({ id: 'evt_idem_2', ...success }); // Stripe may also send a second event for it
    const rows = await t.db.select().from(walletTransactions).where(eq(walletTransactions.paymentId, id));
    expect(rows).toHaveLength(1);
  });

  it('calls Stripe outside the transaction: while Stripe is slow, the same company tops up for free', async () => {
    // a company with no Stripe customer yet: the first card top-up creates one and keeps it on the
    // wallet row, the row a FREE top-up credits. Inside one transaction that row (and, on the embedded
    // database, its only connection) would stay locked for as long as Stripe took.
    const slow = await addOrg(t, 'Slow');
    await addUser(t, tokens, 'slowOwner', { type: 'MERCHANT', companyId: slow.companyId });
    const held = stripe.hold('/v1/payment_intents');
    const card = topUp('slowOwner', { amount: 30, paymentMethod: 'STRIPE' });
    await held.arrived;
    const free = await topUp('slowOwner', { amount: 5, paymentMethod: 'FREE' });
    expect(dataOf(free)).toMatchObject({ state: 'SUCCEEDED', balance: 5 });
    // the card top-up is still waiting on Stripe, and nothing of it is recorded yet
    const recorded = await t.db.select().from(payments).where(eq(payments.companyId, slow.companyId));
    expect(recorded.map((p) => p.paymentMethod)).toEqual(['FREE']);
    held.release();
    expect(dataOf(await card)).toMatchObject({ state: 'PENDING', amount: 30 });
    const [wallet] = await t.db.select().from(account).where(eq(account.companyId, slow.companyId));
    expect(wallet?.stripeCustomerId).toMatch(/^cus_/);
  });

  describe('without Stripe keys', () => {
    // an app of its own, with no Stripe settings
    const { t: bare, tokens: bareTokens, call: bareCall } = apiSuite();

    it('STRIPE answers 6401 and FREE still works', async () => {
      await bare.db.insert(countryConfig).values({
        country: 'sg',
        name: 'Singapore',
        currency: 'SGD',
        timezone: 'Asia/Singapore',
        freeTopUp: true,
      } as never);
      const org = await addOrg(bare, 'Bare');
      await addUser(bare, bareTokens, 'm', { type: 'MERCHANT', companyId: org.companyId });
      const stripeRes = await bareCall('m', 'POST', `${PAY}/wallet/top-ups`, {
        amount: 5,
        paymentMethod: 'STRIPE',
      });
      expect(codeOf(stripeRes)).toEqual({ status: 402, code: 6401 });
      expect(stripeRes.json().data[0].message).toContain('not set up');
      expect(dataOf(await bareCall('m', 'GET', `${PAY}/stripe/config`))).toEqual({
        enabled: false,
        publishableKey: null,
      });
      const free = await bareCall('m', 'POST', `${PAY}/wallet/top-ups`, { amount: 5, paymentMethod: 'FREE' });
      expect(dataOf(free)).toMatchObject({ state: 'SUCCEEDED', balance: 5 });
    });
  });
});

describe('saved cards', () => {
  it('saves cards through SetupIntents, one default, and deletes them at Stripe too', async () => {
    const setup = dataOf(await call('owner', 'POST', `${PAY}/payment-methods`, {})) as {
      setupIntentId: string;
      clientSecret: string;
    };
    expect(setup.clientSecret).toMatch(/^seti_.+_secret_/);
    // Stripe Elements confirmed it in the browser:
    stripe.paymentMethods.set('pm_visa', { brand: 'visa', last4: '4242' });
    const si = stripe.setupIntents.get(setup.setupIntentId);
    if (!si) throw new Error('no setup intent');
    Object.assign(si, { status: 'succeeded', paymentMethod: 'pm_visa' });
    const visa = dataOf(
      await call('owner', 'POST', `${PAY}/payment-methods/sync`, { setupIntentId: setup.setupIntentId }),
    ) as { id: number };
    expect(visa).toMatchObject({
      brand: 'visa',
      last4: '4242',
      isDefault: true,
      expMonth: 12,
      expYear: 2031,
    });

    // a second card, saved by the webhook this time
    const setup2 = dataOf(await call('owner', 'POST', `${PAY}/payment-methods`, {})) as {
      setupIntentId: string;
    };
    stripe.paymentMethods.set('pm_master', { brand: 'mastercard', last4: '4444' });
    const customer = stripe.setupIntents.get(setup2.setupIntentId)?.customer;
    const hook = await deliver({
      id: 'evt_setup_1',
      type: 'setup_intent.succeeded',
      object: { id: setup2.setupIntentId, object: 'setup_intent', customer, payment_method: 'pm_master' },
    });
    expect(hook.json().data).toMatchObject({ outcome: 'card saved' });
    const cards = dataOf(await call('owner', 'GET', `${PAY}/payment-methods`)) as {
      id: number;
      last4: string;
      isDefault: boolean;
    }[];
    expect(cards.map((c) => [c.last4, c.isDefault])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    const master = cards[1];
    if (!master) throw new Error('no second card');
    expect(
      dataOf(await call('owner', 'POST', `${PAY}/payment-methods/${master.id}/default`, {})),
    ).toMatchObject({
      isDefault: true,
    });
    // a STRIPE top-up uses the default card
    await topUp('owner', { amount: 3, paymentMethod: 'STRIPE' });
    expect([...stripe.intents.values()].at(-1)).toMatchObject({ paymentMethod: 'pm_master' });

    expect((await call('owner', 'DELETE', `${PAY}/payment-methods/${master.id}`)).json().code).toBe(0);
    expect(stripe.detached).toContain('pm_master');
    const left = dataOf(await call('owner', 'GET', `${PAY}/payment-methods`)) as {
      id: number;
      isDefault: boolean;
    }[];
    expect(left).toEqual([expect.objectContaining({ id: visa.id, isDefault: true })]);
    // another company's merchant cannot touch it
    expect(codeOf(await call('stranger', 'DELETE', `${PAY}/payment-methods/${visa.id}`))).toEqual({
      status: 404,
      code: 5,
    });
  });
});

describe('Stripe Connect', () => {
  it('creates the account once, keeps it as STRIPE_ACCOUNT_ID and reports its real state', async () => {
    expect(dataOf(await call('owner', 'GET', `${PAY}/stripe/connect`))).toMatchObject({
      accountId: null,
      state: 'NOT_CONNECTED',
    });
    const link = dataOf(await call('owner', 'POST', `${PAY}/stripe/connect`, {})) as {
      accountId: string;
      url: string;
    };
    expect(link.url).toContain(link.accountId);
    const again = dataOf(await call('owner', 'POST', `${PAY}/stripe/connect`, {})) as { accountId: string };
    expect(again.accountId).toBe(link.accountId);
    const [setting] = await t.db
      .select()
      .from(companySettings)
      .where(eq(companySettings.companyId, acme.companyId));
    expect(setting).toMatchObject({ key: 'STRIPE_ACCOUNT_ID', value: link.accountId });
    expect(dataOf(await call('owner', 'GET', `${PAY}/stripe/connect`))).toMatchObject({ state: 'PENDING' });
    stripe.accounts.set(link.accountId, { chargesEnabled: true, detailsSubmitted: true });
    expect(dataOf(await call('owner', 'GET', `${PAY}/stripe/connect`))).toMatchObject({
      state: 'CONNECTED',
      chargesEnabled: true,
    });
  });
});

describe('who sees what', () => {
  it('refuses operators every wallet call and lets them read every company’s payment history', async () => {
    for (const [method, url, body] of [
      ['GET', `${PAY}/wallet`, undefined],
      ['POST', `${PAY}/wallet/top-ups`, { amount: 5, paymentMethod: 'FREE' }],
      ['GET', `${PAY}/wallet/transactions`, undefined],
      ['GET', `${PAY}/payment-methods`, undefined],
      ['GET', `${MAIN}/accounts`, undefined],
    ] as const) {
      expect(codeOf(await call('op', method, url, body)), url).toEqual({ status: 403, code: 26237 });
    }
    const history = await call('op', 'GET', `${PAY}/payment-history?size=100`);
    const companies = new Set((dataOf(history) as { companyId: number }[]).map((p) => p.companyId));
    expect(companies.has(acme.companyId)).toBe(true);
  });

  it('merchants see only their own company’s ledger and payments', async () => {
    await t.db.insert(payments).values({
      companyId: other.companyId,
      amount: 1,
      currency: 'MYR',
      paymentMethod: 'STRIPE',
      state: 'FAILED',
    } as never);
    for (const url of [`${PAY}/payment-history?size=100`, `${PAY}/wallet/transactions?size=100`]) {
      const rows = dataOf(await call('owner', 'GET', url)) as { companyId: number }[];
      expect(rows.length, url).toBeGreaterThan(0);
      expect(
        rows.every((r) => r.companyId === acme.companyId),
        url,
      ).toBe(true);
      const theirs = dataOf(await call('stranger', 'GET', url)) as { companyId: number }[];
      expect(
        theirs.every((r) => r.companyId === other.companyId),
        url,
      ).toBe(true);
    }
  });

  it('no generic write touches a balance or the ledger', async () => {
    const [wallet] = await t.db.select().from(account).where(eq(account.companyId, acme.companyId));
    const put = await call('owner', 'PUT', `${MAIN}/accounts/${wallet?.id}`, { balance: 1_000_000 });
    expect(put.statusCode).toBeGreaterThanOrEqual(400);
    const [row] = await t.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.companyId, acme.companyId));
    for (const [method, url, body] of [
      [
        'POST',
        `${PAY}/wallet/transactions`,
        { type: 'TOP_UP_TXN', amount: 5, balanceAfter: 5, reference: 'x' },
      ],
      ['PUT', `${PAY}/wallet/transactions/${row?.id}`, { amount: 1_000 }],
      ['DELETE', `${PAY}/wallet/transactions/${row?.id}`, undefined],
      ['POST', `${PAY}/payment-history`, { amount: 5 }],
    ] as const) {
      expect((await call('owner', method, url, body)).statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(
        400,
      );
    }
    const ledger = await ledgerOf(acme.companyId);
    expect(ledger.sum).toBe(ledger.balance);
  });
});
