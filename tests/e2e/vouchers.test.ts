// A voucher campaign in a real browser against a real `npm start` with the demo data (issue 8): an
// operator creates a pack for a merchant's company and brand; the merchant issues vouchers of it to a
// member, redeems one at a store, and finds the member with both vouchers and their history.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, demoSuite } from './demo';
import { browserAvailable, fillPackAndSave, issueVouchers, screenshot, signIn } from './harness';

const OPERATOR = DEMO_USERS.operator;
const MERCHANT = DEMO_USERS.owner;
const PACK = 'E2E Free Teh Tarik';
const MEMBER_LOCAL = '8123 4567';
const MEMBER = '+6581234567';

/** Picks `option` in the autocomplete labelled `label`. */
const pick = async (page: Page, label: RegExp, option: RegExp) => {
  await page.getByLabel(label).first().click();
  await page.getByRole('option', { name: option }).first().click();
};

describe.skipIf(!browserAvailable())('a voucher campaign in Chromium', () => {
  const suite = demoSuite(['operator', 'merchant']);
  const { operator, merchant } = suite.page;
  const { operator: operatorProblems, merchant: merchantProblems } = suite.problems;

  it('the operator creates a pack for the company and brand they pick', async () => {
    await signIn(operator, OPERATOR);
    await operator.goto('/voucherPacks/create');
    await pick(operator, /^Company/, /Harbour Kopi Pte Ltd/);
    await pick(operator, /^Brand/, /^Harbour Kopi/);
    await fillPackAndSave(operator, { title: PACK, price: '0', voucherValue: '3.5', quantity: '50' });
    await operator.goto('/vouchers/voucherPackList');
    await operator.getByText(PACK).first().waitFor({ timeout: 20_000 });
    await screenshot(operator, 'vouchers-operator-pack-list');
    expect(operatorProblems.pageErrors).toEqual([]);
  }, 120_000);

  it('the merchant issues two vouchers of it to a member, with the spec confirm and figures', async () => {
    await signIn(merchant, MERCHANT);
    await merchant.goto('/vouchers/voucherPackList');
    await merchant.getByText(PACK).first().click();
    await merchant.getByRole('heading', { name: PACK }).waitFor({ timeout: 20_000 });
    await issueVouchers(merchant, MEMBER_LOCAL, 2);
    await merchant.getByText('Issue Vouchers success').waitFor({ timeout: 20_000 });
    await merchant.getByText('2 / 50').waitFor({ timeout: 20_000 });
    await screenshot(merchant, 'vouchers-merchant-pack-issued');
  }, 120_000);

  it('the merchant redeems one at a store and sees its history', async () => {
    const table = merchant.getByRole('region', { name: /Vouchers of this pack/ });
    const link = table.getByRole('link').first();
    const code = (await link.textContent())?.trim() ?? '';
    await link.click();
    await merchant.waitForURL(/\/vouchers\/\d+\/show/, { timeout: 20_000 });
    await merchant
      .getByRole('button', { name: /^Redeem$/ })
      .first()
      .click();
    const dialog = merchant.getByRole('dialog');
    await dialog.getByLabel(/^Store/).click();
    await merchant.getByRole('option').first().click();
    await dialog.getByRole('button', { name: /^Redeem$/ }).click();
    await merchant.getByRole('button', { name: /^Confirm$/ }).click();
    await merchant.getByText(`Redeem ${code} success`).waitFor({ timeout: 20_000 });
    await merchant.getByText('Redeemed').first().waitFor();
    await screenshot(merchant, 'vouchers-merchant-redeemed');
  }, 120_000);

  it('the member lookup shows the member’s vouchers by state with their history', async () => {
    await merchant.goto('/voucher/get-user-vouchers');
    await merchant.getByLabel(/^Member mobile/).fill(MEMBER);
    await merchant.getByRole('button', { name: /^Search$/ }).click();
    await merchant.getByRole('tab', { name: 'Available (1)' }).waitFor({ timeout: 20_000 });
    await merchant.getByRole('tab', { name: 'Redeemed (1)' }).click();
    const card = merchant.getByRole('tabpanel').getByRole('article').first();
    await card.getByText(PACK).waitFor();
    await card.getByRole('button', { name: /History/ }).click();
    await card.getByRole('listitem').nth(1).waitFor();
    expect(await card.getByRole('listitem').count()).toBe(2);
    expect(await card.getByRole('listitem').nth(1).textContent()).toContain('Redeemed');
    await screenshot(merchant, 'vouchers-member-lookup');
    expect(merchantProblems.pageErrors).toEqual([]);
  }, 120_000);
});
