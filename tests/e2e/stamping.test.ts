// Stamp cards at the till, in a real browser against a real `npm start` with the demo data (issue 9): a
// merchant issues a Kopi Lover Card (10 stamps, at most 2 a stamping) to a new member, stamps it to
// completion with the store PIN, sees the reward voucher, voids the last stamping behind the spec's
// confirm, and sees the card reopened with its reward gone; the Stamps Transaction list shows them.
import { describe, expect, it } from 'vitest';
import { DEMO_PIN_STORE, DEMO_PROGRAMME, DEMO_STORE_PIN, DEMO_USERS, demoSuite } from './demo';
import { browserAvailable, screenshot, signIn } from './harness';

const MERCHANT = DEMO_USERS.owner;
const MEMBER_LOCAL = '8881 2345';
const MEMBER = '+6588812345';

describe.skipIf(!browserAvailable())('stamping a card in Chromium', () => {
  const suite = demoSuite(['merchant']);
  const merchant = suite.page.merchant;
  const problems = suite.problems.merchant;
  let receipt = 0;
  let rewardHref = '';

  /** One stamping of `stamps` through the Stamp dialog and the spec's confirm. */
  const stamp = async (stamps: number) => {
    await merchant
      .getByRole('button', { name: /^Stamp$/ })
      .first()
      .click();
    const dialog = merchant.getByRole('dialog');
    await dialog.getByLabel(/^Stamps/).fill(String(stamps));
    await dialog
      .getByLabel(/^Store/)
      .first()
      .click();
    await merchant.getByRole('option', { name: DEMO_PIN_STORE }).click();
    receipt += 1;
    await dialog.getByLabel(/^Receipt number/).fill(`E2E-${Date.now()}-${receipt}`);
    await dialog.getByLabel(/^Store PIN/).fill(DEMO_STORE_PIN);
    await dialog.getByRole('button', { name: /^Stamp$/ }).click();
    await merchant.getByText(`Confirm to Stamp - ${MEMBER}?`).waitFor({ timeout: 20_000 });
    await merchant.getByRole('button', { name: /^Confirm$/ }).click();
    await merchant.getByText(`Stamp ${MEMBER} success`).first().waitFor({ timeout: 20_000 });
  };

  it('issues a card of the programme to a new member', async () => {
    await signIn(merchant, MERCHANT);
    await merchant.goto('/stamp-cards');
    await merchant.getByText(DEMO_PROGRAMME).first().click();
    await merchant.getByRole('heading', { name: DEMO_PROGRAMME }).waitFor({ timeout: 20_000 });
    await merchant
      .getByRole('button', { name: /^Issue card$/ })
      .first()
      .click();
    const dialog = merchant.getByRole('dialog');
    await dialog.getByLabel(/^Member mobile/).fill(MEMBER_LOCAL);
    await dialog.getByLabel(/^Store/).click();
    await merchant.getByRole('option').first().click();
    await dialog.getByRole('button', { name: /^Issue$/ }).click();
    await merchant.getByText('Confirm to Issue - Member card?').waitFor({ timeout: 20_000 });
    await merchant.getByRole('button', { name: /^Confirm$/ }).click();
    // the new card's page
    await merchant.waitForURL(/\/memberCards\/\d+\/show/, { timeout: 20_000 });
    await merchant.getByText('0 / 10').first().waitFor({ timeout: 20_000 });
    await merchant.getByText('This card has not been stamped yet.').waitFor();
    await screenshot(merchant, 'stamping-card-issued');
  }, 120_000);

  it('stamps it to completion and sees the reward voucher', async () => {
    for (const after of [2, 4, 6, 8]) {
      await stamp(2);
      await merchant.getByText(`${after} / 10`).first().waitFor({ timeout: 20_000 });
    }
    await stamp(2);
    await merchant.getByText('Card completed — reward voucher issued').waitFor({ timeout: 20_000 });
    await merchant.getByText('10 / 10').first().waitFor({ timeout: 20_000 });
    await merchant.getByText('Completed').first().waitFor();
    const reward = merchant.getByRole('link', { name: 'Open the reward voucher' });
    await reward.waitFor();
    rewardHref = (await reward.getAttribute('href')) ?? '';
    expect(rewardHref).toMatch(/\/vouchers\/\d+\/show$/);
    await screenshot(merchant, 'stamping-card-completed');
  }, 180_000);

  it('voids the last stamping with its reason, asked once: the card reopens and the reward is gone', async () => {
    const transactions = merchant.getByRole('table', { name: 'Stamps transactions' });
    await transactions
      .getByRole('button', { name: /^Void$/ })
      .first()
      .click();
    const dialog = merchant.getByRole('dialog');
    await dialog.getByLabel(/^Reason/).fill('Wrong card stamped at the till');
    // the reason dialog is the one question (issue 23 item 8: confirmations asked once)
    await dialog.getByRole('button', { name: /^Void$/ }).click();
    await merchant.getByText('8 / 10').first().waitFor({ timeout: 20_000 });
    await merchant.getByText('Available').first().waitFor();
    // the reward voucher is no longer the card's
    expect(await merchant.getByRole('link', { name: 'Open the reward voucher' }).count()).toBe(0);
    // only the new last successful stamping may be voided now
    await expect
      .poll(async () => transactions.getByRole('button', { name: /^Void$/ }).count(), { timeout: 20_000 })
      .toBe(1);
    await screenshot(merchant, 'stamping-card-voided');
    // the reward voucher itself ended: EXPIRED, with the void in its history
    await merchant.goto(rewardHref);
    await merchant.getByText('Expired').first().waitFor({ timeout: 20_000 });
    await merchant.getByText('Voided').first().waitFor({ timeout: 20_000 });
    await screenshot(merchant, 'stamping-reward-voided');
  }, 120_000);

  it('the Stamps Transaction list shows the stampings of the card', async () => {
    await merchant.goto('/stamp-cards/StampsTransaction');
    await merchant.getByText(MEMBER).first().waitFor({ timeout: 20_000 });
    expect(await merchant.getByText(MEMBER).count()).toBeGreaterThanOrEqual(5);
    await screenshot(merchant, 'stamping-transactions');
    expect(problems.pageErrors).toEqual([]);
  }, 120_000);
});
