// Stamping from a receipt's QR code (issue 42; docs/api.md "Receipt QR"), on both databases: the QR a
// till prints stamps a card once, recording the receipt number and its amount; the same receipt again
// is 6750 (recorded as a refused stamping); a text that is not a receipt QR is 2; another company's
// store is refused. With RECEIPT_NETWORK_URL the network vouches first: "not valid" and a broken
// answer are 4200, no answer in time 4206, and nothing is stamped.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptQrText } from '../../contract/stamping';
import { memberCards, stampsTransaction } from '../../server/platform/db/schema';
import { addOrg, addRewardProgramme, addUser, apiSuite, MAIN, mobileSequence, type Org } from './fixtures';
import { APP_TIMEOUT, codeOf, dataOf } from './helpers';

const nextMobile = mobileSequence('93');

/** An owner of a fresh company with a programme, and a card of it to stamp. */
const setUp = async (suite: ReturnType<typeof apiSuite>, name: string) => {
  const org = await addOrg(suite.t, name);
  await addUser(suite.t, suite.tokens, `owner-${name}`, { type: 'MERCHANT', companyId: org.companyId });
  const { programmeId } = await addRewardProgramme(suite.call, `owner-${name}`, org);
  return { org, programmeId };
};

const issueCard = async (suite: ReturnType<typeof apiSuite>, who: string, org: Org, programmeId: number) =>
  dataOf(
    await suite.call(who, 'POST', `${MAIN}/stamp-cards/${programmeId}/member-cards`, {
      memberMobile: nextMobile(),
      storeId: org.storeId,
    }),
  ) as { id: number };

describe('stamping from a receipt QR (the local stand-in)', () => {
  const suite = apiSuite();
  let acme: { org: Org; programmeId: number };
  let other: { org: Org; programmeId: number };
  beforeAll(async () => {
    acme = await setUp(suite, 'Acme');
    other = await setUp(suite, 'Other');
  }, APP_TIMEOUT);

  it('stamps once, with the receipt number and amount; the same receipt again is 6750', async () => {
    const card = await issueCard(suite, 'owner-Acme', acme.org, acme.programmeId);
    const qr = receiptQrText({ storeId: acme.org.storeId, receiptNo: 'R-000123', amount: '12.50' });
    const url = `${MAIN}/member-cards/${card.id}/stamps/receipt`;
    const done = dataOf(await suite.call('owner-Acme', 'POST', url, { qr })) as {
      id: number;
      stampsAfter: number;
    };
    expect(done.stampsAfter).toBe(1);
    const [txn] = await suite.t.db.select().from(stampsTransaction).where(eq(stampsTransaction.id, done.id));
    expect(txn).toMatchObject({
      receiptNo: 'R-000123',
      storeId: acme.org.storeId,
      result: 'SUCCESS',
      stamps: 1,
    });
    expect(Number(txn?.amount)).toBe(12.5);

    const again = await suite.call('owner-Acme', 'POST', url, { qr });
    expect(codeOf(again)).toEqual({ status: 409, code: 6750 });
    expect(again.json().data).toEqual([
      { field: 'qr', message: 'receipt R-000123 was already stamped at this store' },
    ]);
    // the second scan is on the card's record as a refused stamping; the card still has one stamp
    const failed = await suite.t.db
      .select()
      .from(stampsTransaction)
      .where(and(eq(stampsTransaction.memberCardId, card.id), eq(stampsTransaction.result, 'FAILED')));
    expect(failed.map((f) => [f.failureCode, f.receiptNo])).toEqual([[6750, 'R-000123']]);
    const [row] = await suite.t.db.select().from(memberCards).where(eq(memberCards.id, card.id));
    expect(row?.stamps).toBe(1);
    // a receipt stamps once at its store, whichever card shows it
    const second = await issueCard(suite, 'owner-Acme', acme.org, acme.programmeId);
    expect(
      codeOf(
        await suite.call('owner-Acme', 'POST', `${MAIN}/member-cards/${second.id}/stamps/receipt`, { qr }),
      ),
    ).toEqual({ status: 409, code: 6750 });
  });

  it('gives the stamps asked for, within the card terms', async () => {
    const card = await issueCard(suite, 'owner-Acme', acme.org, acme.programmeId);
    const qr = receiptQrText({ storeId: acme.org.storeId, receiptNo: 'R-2', amount: '40' });
    const res = await suite.call('owner-Acme', 'POST', `${MAIN}/member-cards/${card.id}/stamps/receipt`, {
      qr,
      stamps: 3,
    });
    expect((dataOf(res) as { stampsAfter: number }).stampsAfter).toBe(3);
    const tooMany = await suite.call('owner-Acme', 'POST', `${MAIN}/member-cards/${card.id}/stamps/receipt`, {
      qr: receiptQrText({ storeId: acme.org.storeId, receiptNo: 'R-3', amount: '40' }),
      stamps: 9,
    });
    expect(codeOf(tooMany)).toEqual({ status: 400, code: 6620 });
  });

  it('refuses a text that is not a receipt QR (2), and a receipt of another company’s store', async () => {
    const card = await issueCard(suite, 'owner-Acme', acme.org, acme.programmeId);
    const url = `${MAIN}/member-cards/${card.id}/stamps/receipt`;
    for (const qr of [
      'hello',
      'LRQ1|1|R|abc',
      'LRQ1|0|R|1.00',
      'LRQ1|1| R|1.00',
      'LRQ1|1|R|1.005',
      'LRQ2|1|R|1',
    ]) {
      const res = await suite.call('owner-Acme', 'POST', url, { qr });
      expect([qr, codeOf(res)]).toEqual([qr, { status: 400, code: 2 }]);
      expect(res.json().data[0].field).toBe('qr');
    }
    const foreign = receiptQrText({ storeId: other.org.storeId, receiptNo: 'R-9', amount: '1.00' });
    expect(codeOf(await suite.call('owner-Acme', 'POST', url, { qr: foreign })).code).toBe(6701);
  });
});

describe('stamping from a receipt QR with a receipt network', () => {
  /** what the network answers next: a verdict, a broken answer or nothing in time */
  let next: 'valid' | 'invalid' | 'broken' | 'slow' = 'valid';
  const asked: unknown[] = [];
  const network = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      asked.push(JSON.parse(body));
      if (next === 'slow') return; // never answers
      res.setHeader('content-type', 'application/json');
      if (next === 'broken') res.end('<html>oops</html>');
      else
        res.end(
          JSON.stringify(next === 'valid' ? { valid: true } : { valid: false, reason: 'unknown receipt' }),
        );
    });
  });
  const suite = apiSuite(async () => {
    await new Promise<void>((resolve) => network.listen(0, '127.0.0.1', resolve));
    const { port } = network.address() as AddressInfo;
    return { env: { RECEIPT_NETWORK_URL: `http://127.0.0.1:${port}/verify`, PARTNER_TIMEOUT_MS: '300' } };
  });
  afterAll(async () => {
    network.closeAllConnections();
    await new Promise((resolve) => network.close(resolve));
  });
  let acme: { org: Org; programmeId: number };
  beforeAll(async () => {
    acme = await setUp(suite, 'Acme');
  }, APP_TIMEOUT);

  it('asks the network first; its refusals are 4200 and 4206, and nothing is stamped', async () => {
    const card = await issueCard(suite, 'owner-Acme', acme.org, acme.programmeId);
    const url = `${MAIN}/member-cards/${card.id}/stamps/receipt`;
    const qr = (receiptNo: string) => receiptQrText({ storeId: acme.org.storeId, receiptNo, amount: '8.80' });
    next = 'invalid';
    const invalid = await suite.call('owner-Acme', 'POST', url, { qr: qr('N-1') });
    expect(codeOf(invalid)).toEqual({ status: 502, code: 4200 });
    expect(invalid.json().data[0].message).toContain('unknown receipt');
    next = 'broken';
    expect(codeOf(await suite.call('owner-Acme', 'POST', url, { qr: qr('N-2') }))).toEqual({
      status: 502,
      code: 4200,
    });
    next = 'slow';
    expect(codeOf(await suite.call('owner-Acme', 'POST', url, { qr: qr('N-3') }))).toEqual({
      status: 504,
      code: 4206,
    });
    const [untouched] = await suite.t.db.select().from(memberCards).where(eq(memberCards.id, card.id));
    expect(untouched?.stamps).toBe(0);
    next = 'valid';
    const ok = await suite.call('owner-Acme', 'POST', url, { qr: qr('N-4') });
    expect((dataOf(ok) as { stampsAfter: number }).stampsAfter).toBe(1);
    expect(asked.at(-1)).toEqual({ storeId: acme.org.storeId, receiptNo: 'N-4', amount: '8.80' });
  });
});
