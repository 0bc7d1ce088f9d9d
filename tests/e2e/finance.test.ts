// The merchant's wallet in a real browser against a real `npm start` with the demo data (issue 10): a
// merchant creates a pricey voucher pack, issues until the wallet runs short (5101, nothing issued),
// tops up for free, issues again, and reads every movement in the wallet history.
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, demoSuite } from './demo';
import {
  browserAvailable,
  fillPackAndSave,
  issueVouchers,
  screenshot,
  signIn,
  walletBalance,
} from './harness';

const MERCHANT = DEMO_USERS.owner;
const PACK = 'E2E Premium Hamper';
const MEMBER_LOCAL = '8777 1234';

describe.skipIf(!browserAvailable())('the wallet in Chromium', () => {
  const suite = demoSuite(['merchant']);
  const merchant = suite.page.merchant;
  const problems = suite.problems.merchant;

  /** Issues one voucher of the pack to the member. */
  const issueOne = () => issueVouchers(merchant, MEMBER_LOCAL, 1);

  /** The balance the overview shows, in cents. */
  const balanceCents = async (): Promise<number> => {
    await merchant.goto('/finance');
    const text = (await walletBalance(merchant).textContent()) ?? '';
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
    await fillPackAndSave(merchant, {
      title: PACK,
      price: String(price),
      voucherValue: '80',
      quantity: '10',
    });
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
