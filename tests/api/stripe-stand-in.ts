// A local stand-in for the part of Stripe's API the product calls, so that the real Stripe client
// (pointed at it through STRIPE_API_URL) is exercised end to end without a network: customers,
// PaymentIntents (honouring Idempotency-Key as Stripe does), SetupIntents, payment methods, Connect
// accounts and account links. Webhook events are built here and signed with Stripe's own helper.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandIn {
  url: string;
  /** PaymentIntents created, by id */
  intents: Map<string, { amount: number; currency: string; customer: string; paymentMethod?: string }>;
  /** SetupIntents: the test decides what confirming gave */
  setupIntents: Map<string, { customer: string; status: string; paymentMethod?: string }>;
  /** payment methods Stripe knows */
  paymentMethods: Map<string, { brand: string; last4: string }>;
  detached: string[];
  accounts: Map<string, { chargesEnabled: boolean; detailsSubmitted: boolean }>;
  requests: { method: string; path: string; idempotencyKey?: string }[];
  /**
   * Holds the next request to `path` (a slow Stripe): `arrived` resolves when it comes in, and it is
   * answered only after `release()`.
   */
  hold: (path: string) => { arrived: Promise<void>; release: () => void };
  close: () => Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<URLSearchParams> =>
  new Promise((resolve) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => resolve(new URLSearchParams(raw)));
  });

export const startStripeStandIn = async (): Promise<StandIn> => {
  let n = 0;
  const next = (prefix: string) => `${prefix}_test${++n}`;
  const intents: StandIn['intents'] = new Map();
  const setupIntents: StandIn['setupIntents'] = new Map();
  const paymentMethods: StandIn['paymentMethods'] = new Map();
  const accounts: StandIn['accounts'] = new Map();
  const detached: string[] = [];
  const requests: StandIn['requests'] = [];
  const byKey = new Map<string, unknown>();
  const holds = new Map<string, { arrive: () => void; released: Promise<void> }>();

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? '').split('?')[0] ?? '';
    const held = holds.get(path);
    if (held) {
      holds.delete(path);
      held.arrive();
      await held.released;
    }
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : undefined;
    requests.push({ method: req.method ?? '', path, ...(idempotencyKey ? { idempotencyKey } : {}) });
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${n}` });
      res.end(JSON.stringify(value));
    };
    const replayed =
      idempotencyKey && req.method === 'POST' ? byKey.get(`${path} ${idempotencyKey}`) : undefined;
    if (replayed) return send(200, replayed);
    const answer = (value: unknown) => {
      if (idempotencyKey && req.method === 'POST') byKey.set(`${path} ${idempotencyKey}`, value);
      send(200, value);
    };
    const on = (method: string, pattern: RegExp) => (req.method === method ? pattern.exec(path) : null);
    if (req.method === 'POST' && path === '/v1/customers')
      return answer({ id: next('cus'), object: 'customer', name: body.get('name') });
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const id = next('pi');
      const pm = body.get('payment_method') ?? undefined;
      const intent = {
        amount: Number(body.get('amount')),
        currency: body.get('currency') ?? '',
        customer: body.get('customer') ?? '',
        ...(pm ? { paymentMethod: pm } : {}),
      };
      intents.set(id, intent);
      return answer({
        id,
        object: 'payment_intent',
        amount: intent.amount,
        currency: intent.currency,
        customer: intent.customer,
        client_secret: `${id}_secret_standin`,
        status: 'requires_payment_method',
      });
    }
    if (req.method === 'POST' && path === '/v1/setup_intents') {
      const id = next('seti');
      setupIntents.set(id, { customer: body.get('customer') ?? '', status: 'requires_payment_method' });
      return answer({
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_standin`,
        customer: body.get('customer'),
      });
    }
    const m1 = on('GET', /^\/v1\/setup_intents\/([^/]+)$/);
    if (m1) {
      const si = setupIntents.get(m1[1] ?? '');
      if (!si) return send(404, { error: { type: 'invalid_request_error', message: 'No such setupintent' } });
      return send(200, {
        id: m1[1],
        object: 'setup_intent',
        customer: si.customer,
        status: si.status,
        payment_method: si.paymentMethod ?? null,
      });
    }
    const m2 = on('GET', /^\/v1\/payment_methods\/([^/]+)$/);
    if (m2) {
      const pm = paymentMethods.get(m2[1] ?? '');
      if (!pm)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } });
      return send(200, {
        id: m2[1],
        object: 'payment_method',
        type: 'card',
        card: { brand: pm.brand, last4: pm.last4, exp_month: 12, exp_year: 2031 },
      });
    }
    const m3 = on('POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/);
    if (m3) {
      detached.push(m3[1] ?? '');
      return answer({ id: m3[1], object: 'payment_method' });
    }
    if (req.method === 'POST' && path === '/v1/accounts') {
      const id = next('acct');
      accounts.set(id, { chargesEnabled: false, detailsSubmitted: false });
      return answer({ id, object: 'account' });
    }
    const m4 = on('GET', /^\/v1\/accounts\/([^/]+)$/);
    if (m4) {
      const a = accounts.get(m4[1] ?? '');
      if (!a) return send(404, { error: { type: 'invalid_request_error', message: 'No such account' } });
      return send(200, {
        id: m4[1],
        object: 'account',
        charges_enabled: a.chargesEnabled,
        payouts_enabled: a.chargesEnabled,
        details_submitted: a.detailsSubmitted,
      });
    }
    if (req.method === 'POST' && path === '/v1/account_links')
      return answer({
        object: 'account_link',
        url: `https://connect.stripe.test/setup/${body.get('account')}`,
      });
    send(404, { error: { type: 'invalid_request_error', message: `stand-in has no ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    setupIntents,
    paymentMethods,
    detached,
    accounts,
    requests,
    hold: (path) => {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.set(path, { arrive, released });
      return { arrived, release };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

const signer = new Stripe('sk_test_signer', { telemetry: false });

/** A webhook delivery as Stripe sends it: the JSON payload and its Stripe-Signature header. */
export const signedEvent = (
  secret: string,
  event: { id: string; type: string; object: Record<string, unknown> },
): { payload: string; headers: Record<string, string> } => {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type: event.type,
    data: { object: event.object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } };
};
