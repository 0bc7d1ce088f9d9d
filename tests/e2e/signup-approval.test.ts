// A merchant's signup and an operator's approval in a real browser against a real `npm start`
// (issue 5): the merchant fills the three-step /signup form and waits; the operator opens the
// approval queue, approves; the merchant's "Check again" lands on / with the full merchant menu.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, browserSuite, screenshot, signIn, startServerFor } from './harness';

const OPERATOR = { email: 'operator.signup@example.com', password: 'Operator-signup-Pass1' };
const MERCHANT = { email: 'kopi.signup@example.com', password: 'Merchant-signup-Pass1' };
const COMPANY = 'Kopi Corner Pte Ltd';

const menu = (page: Page) => page.getByTestId('side-menu');

describe.skipIf(!browserAvailable())('merchant signup and operator approval in Chromium', () => {
  const suite = browserSuite(
    () => startServerFor(OPERATOR, [{ type: 'merchant', ...MERCHANT, name: 'Kopi Owner' }]),
    ['merchant', 'operator'],
    400_000,
  );
  const { merchant, operator } = suite.page;
  const { merchant: merchantProblems, operator: operatorProblems } = suite.problems;

  it('the new merchant is sent to /signup and files the application in three steps', async () => {
    await signIn(merchant, MERCHANT);
    await merchant.waitForURL((url) => url.pathname === '/signup');
    await merchant.getByRole('heading', { name: 'Register your business' }).waitFor();
    await screenshot(merchant, 'signup-step-company');

    await merchant.getByLabel(/^Company name/).fill(COMPANY);
    await merchant.getByLabel(/^Registration number/).fill('201912345K');
    await merchant.getByLabel(/^Contact e-mail/).fill('hello@kopicorner.sg');
    await merchant.getByLabel(/^Company address/).fill('1 Raffles Place, Singapore');
    await merchant.getByRole('button', { name: 'Next' }).click();

    await merchant.getByLabel(/^Brand name/).fill('Kopi Corner');
    await merchant.getByLabel(/^Website/).fill('https://kopicorner.sg');
    await screenshot(merchant, 'signup-step-brand');
    await merchant.getByRole('button', { name: 'Next' }).click();

    await merchant.getByLabel(/^Store name/).fill('Kopi Corner Raffles');
    await merchant.getByLabel(/^Store address/).fill('1 Raffles Place #01-01');
    await merchant.getByLabel(/^Postal code/).fill('048616');
    await merchant.getByLabel(/^Latitude/).fill('1.2841');
    await merchant.getByLabel(/^Longitude/).fill('103.8515');
    await expect(
      merchant
        .getByRole('link', { name: 'Not sure? How to get latitude and longitude' })
        .getAttribute('href'),
    ).resolves.toBe('/help/how-to-get-lat-long');
    await screenshot(merchant, 'signup-step-store');

    const posted = merchant.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/organization/signup'),
    );
    await merchant.getByRole('button', { name: 'Submit application' }).click();
    expect((await posted).postDataJSON()).toEqual({
      company: {
        name: COMPANY,
        registrationNo: '201912345K',
        address: '1 Raffles Place, Singapore',
        contactEmail: 'hello@kopicorner.sg',
        phone: null,
      },
      brand: { name: 'Kopi Corner', description: null, website: 'https://kopicorner.sg' },
      store: {
        name: 'Kopi Corner Raffles',
        address: '1 Raffles Place #01-01',
        postalCode: '048616',
        latitude: 1.2841,
        longitude: 103.8515,
        phone: null,
        openingHours: null,
      },
    });
    await merchant.getByRole('heading', { name: 'Your application is being reviewed' }).waitFor();
    await merchant.getByText('Pending', { exact: true }).waitFor();
    await merchant.getByText(COMPANY).waitFor();
    await screenshot(merchant, 'signup-pending');
  });

  it('the operator opens /approve, lands on the pending queue and approves the request', async () => {
    await signIn(operator, OPERATOR);
    await operator.goto('/approve');
    await operator.waitForURL((url) => url.pathname === '/approve/merchant-signup');
    const row = operator.getByRole('row').filter({ hasText: COMPANY });
    await row.waitFor();
    await expect(row.getByText('Pending').count()).resolves.toBe(1);
    await screenshot(operator, 'approval-queue');

    await row.click();
    await operator.waitForURL((url) => /^\/merchantSignup\/\d+\/show$/.test(url.pathname));
    await operator.getByRole('heading', { name: COMPANY }).waitFor();
    await operator.getByText(MERCHANT.email).waitFor();
    await screenshot(operator, 'approval-show');

    await operator.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByText(`Confirm to Approve - ${COMPANY}?`).waitFor();
    await screenshot(operator, 'approval-confirm');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await operator.getByText(`Approve ${COMPANY} success`).waitFor();
    await operator.getByRole('button', { name: 'Approve', exact: true }).waitFor({ state: 'detached' });
    await screenshot(operator, 'approval-approved');
    expect(operatorProblems.pageErrors).toEqual([]);
  });

  it('"Check again" takes the approved merchant to / with the full merchant menu', async () => {
    await merchant.getByRole('button', { name: 'Check again' }).click();
    await merchant.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    await menu(merchant).getByText('Stamp Cards', { exact: true }).waitFor();
    // the menu settles once the session and the organisation check are in: read it until it has
    const groupsNow = async () =>
      (await menu(merchant).locator('nav > ul > li').allInnerTexts()).map((t) => t.trim().split('\n')[0]);
    await expect
      .poll(groupsNow, { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          'User',
          'Stamp Cards',
          'Vouchers',
          'Device',
          'Finance',
          'Organization',
          'Access',
          'Help',
        ]),
      );
    expect(await groupsNow()).not.toContain('Approve List');
    // the home page greets the merchant by name once its lazy chunk has loaded
    await merchant.getByRole('heading', { name: /^Welcome/ }).waitFor({ timeout: 15_000 });
    await screenshot(merchant, 'signup-approved-home');
    expect(merchantProblems.pageErrors).toEqual([]);
  });
});
