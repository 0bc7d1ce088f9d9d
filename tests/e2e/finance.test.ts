// The merchant's wallet in a real browser against a real `npm start` with the demo data (issue 10): a
// merchant creates a pricey voucher pack, issues until the wallet runs short (5101, nothing issued),
// tops up for free, issues again, and reads every movement in the wallet history.
import { describe, expect, it } from 'vitest';
import {
  browserAvailable,
  browserSuite,
  DEMO_PASSWORD,
  screenshot,
  signIn,
  startDemoServer,
  typeDate,
} from './harness';

const PASSWORD = DEMO_PASSWORD;
const MERCHANT = { email: 'owner@harbour-kopi.example', password: PASSWORD };
const PACK = 'E2E Premium Hamper';
const MEMBER_LOCAL = '8777 1234';

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

describe.skipIf(!browserAvailable())('the wallet in Chromium', () => {
  const suite = browserSuite(startDemoServer, ['merchant']);
  const merchant = suite.page.merchant;
  const problems = suite.problems.merchant;

  /** Issues one voucher of the pack through its dialog and the spec's confirm. */
  const issueOne = async () => {
    await merchant
      .getByRole('button', { name: /Issue vouchers/ })
      .first()
      .click();
    const dialog = merchant.getByRole('dialog');
    await dialog.getByLabel(/^Member mobile/).fill(MEMBER_LOCAL);
    await dialog.getByLabel(/^Quantity/).fill('1');
    await dialog.getByRole('button', { name: /^Issue$/ }).click();
    await merchant.getByText('Confirm to Issue - Vouchers?').waitFor({ timeout: 20_000 });
    await merchant.getByRole('button', { name: /^Confirm$/ }).click();
  };

  /** The balance the overview shows, in cents. */
  const balanceCents = async (): Promise<number> => {
    await merchant.goto('/finance');
    const region = merchant.getByRole('region', { name: 'Wallet balance' });
    const text =
      (await region
        .getByText(/^SGD\s/)
        .first()
        .textContent()) ?? '';
    return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
  };

  it('issues until the wallet runs short, tops up for free, and issues again', async () => {
    await signIn(merchant, MERCHANT);
    const start = await balanceCents();
    expect(start).toBeGreaterThan(0);
    // a pack whose price the wallet covers once, not twice
    const price = Math.floor(start / 100 / 2) + 1;
    await merchant.goto('/voucherPacks/create');
    await merchant
      .getByLabel(/^Brand/)
      .first()
      .click();
    await merchant
      .getByRole('option', { name: /^Harbour Kopi/ })
      .first()
      .click();
    await merchant.getByLabel(/^Title/).fill(PACK);
    await merchant.getByLabel(/^Price/).fill(String(price));
    await merchant.getByLabel(/^Voucher value/).fill('80');
    await merchant.getByLabel(/^Quantity/).fill('10');
    await merchant.getByLabel(/^Limit per member/).fill('5');
    await typeDate(merchant, /^Valid from/, new Date(`${day(-1)}T12:00:00`));
    await typeDate(merchant, /^Valid until/, new Date(`${day(60)}T12:00:00`));
    await merchant.getByRole('button', { name: /^Save$/ }).click();
    await merchant.waitForURL((url) => !url.pathname.endsWith('/create'), { timeout: 20_000 });
    const packUrl = merchant.url();
    await merchant.getByRole('heading', { name: PACK }).waitFor({ timeout: 20_000 });

    await issueOne();
    await merchant.getByText('Issue Vouchers success').waitFor({ timeout: 20_000 });
    await issueOne();
    await merchant.getByText('Wallet balance is insufficient').first().waitFor({ timeout: 20_000 });
    await screenshot(merchant, 'finance-short');
    // the refusal leads to the top-up
    await merchant.getByRole('link', { name: 'Top up the wallet' }).click();
    await merchant.waitForURL((url) => url.pathname === '/finance/wallet/top-up', { timeout: 20_000 });
    await merchant.getByRole('textbox', { name: /^Amount/ }).fill(String(price));
    await merchant.getByRole('button', { name: 'Top up' }).click();
    await merchant.getByRole('button', { name: /^Confirm$/ }).click();
    await merchant.waitForURL((url) => url.pathname === '/finance', { timeout: 20_000 });
    expect(await balanceCents()).toBe(start);

    await merchant.goto(packUrl);
    await merchant.getByRole('heading', { name: PACK }).waitFor({ timeout: 20_000 });
    await issueOne();
    await merchant.getByText('Issue Vouchers success').waitFor({ timeout: 20_000 });
    expect(await balanceCents()).toBe(start - price * 100);
  }, 240_000);

  it('reads every movement in the wallet history', async () => {
    await merchant.goto('/finance/wallet/txn/history');
    await merchant.getByText('Top-up').first().waitFor({ timeout: 20_000 });
    expect(await merchant.getByText(`1 × ${PACK}`).count()).toBe(2);
    await screenshot(merchant, 'finance-history');
    expect(problems.pageErrors).toEqual([]);
  }, 120_000);
});
