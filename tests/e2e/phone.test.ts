// Every task of the product on a 390 px phone (issue 23, item 1), in a real browser against a real
// `npm start` with the demo data: register, sign up, issue a member card, stamp it, void the stamping,
// issue vouchers, redeem one, donate another, top up the wallet, look up the member, invite a
// colleague and push to one member. Each test taps and types as a person does, reads what the person
// then sees, and checks on every screen it passes that the page is no wider than the phone (nothing
// scrolls sideways but the boxes meant to). Screenshots: test-results/e2e/phone/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PIN_STORE, DEMO_PROGRAMME, DEMO_STORE_PIN, DEMO_USERS } from './demo';
import {
  browserAvailable,
  browserSuite,
  DEMO_PASSWORD,
  PHONE,
  PHONE_WIDTH,
  RESULTS_DIR,
  signIn,
  startServer,
  typeDate,
  walletBalance,
  yesterdayAtTen,
} from './harness';

const WIDTH = PHONE_WIDTH;
const MERCHANT = DEMO_USERS.owner;
const OPERATOR = DEMO_USERS.operator;
/** A merchant who has an account and no company yet: the one who files the application. */
const APPLICANT = { email: 'phone.applicant@example.com', password: 'Applicant-phone-Pass1' };
const PACK = 'Free Kopi';
const MEMBER_LOCAL = '8899 1234';
const MEMBER = '+6588991234';
const FRIEND_LOCAL = '8899 5678';
const FRIEND = '+6588995678';

const SHOTS = path.join(RESULTS_DIR, 'phone');

/**
 * One screen the person passes: the page is no wider than the phone (document.scrollWidth; the
 * tables scroll inside their own box), and a full-page screenshot of it.
 */
const screen = async (page: Page, name: string): Promise<void> => {
  const phone = page.viewportSize()?.width ?? WIDTH;
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name}: the page is ${width} px wide on a ${phone} px phone`).toBeLessThanOrEqual(phone);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

/**
 * The buttons named `names` that are on the screen lie inside the phone's width and cover none of
 * one another (a toolbar that wraps instead of piling its buttons up). Returns how many were measured.
 */
const apart = async (page: Page, names: RegExp): Promise<number> => {
  const phone = page.viewportSize()?.width ?? WIDTH;
  const buttons = page.getByRole('button', { name: names }).or(page.getByRole('link', { name: names }));
  const boxes: { name: string; x: number; y: number; width: number; height: number }[] = [];
  for (const button of await buttons.filter({ visible: true }).all()) {
    const box = await button.boundingBox();
    if (box) boxes.push({ name: (await button.textContent()) ?? '', ...box });
  }
  for (const [i, a] of boxes.entries()) {
    expect(a.x, `${a.name} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(a.x + a.width, `${a.name} ends inside the ${phone} px screen`).toBeLessThanOrEqual(phone);
    for (const b of boxes.slice(i + 1)) {
      const overlap =
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `${a.name} and ${b.name} overlap`).toBe(false);
    }
  }
  return boxes.length;
};

/** Picks `option` in the (first) autocomplete or select labelled `label` inside `scope`. */
const pick = async (
  page: Page,
  scope: Page | ReturnType<Page['getByRole']>,
  label: RegExp,
  option?: string,
) => {
  await scope.getByLabel(label).first().tap();
  const options = page.getByRole('option');
  await (option ? options.filter({ hasText: option }) : options).first().tap();
};

/**
 * Runs one step of a task; when it fails, the screen as it was then is saved as FAILED-`name`.png
 * beside the others, so the failure can be looked at, and the error goes on.
 */
const step = async <T>(page: Page, name: string, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    mkdirSync(SHOTS, { recursive: true });
    await page
      .screenshot({ path: path.join(SHOTS, `FAILED-${name}.png`), fullPage: true })
      .catch(() => undefined);
    throw error;
  }
};

const confirm = async (page: Page, question: string | RegExp) => {
  await page.getByText(question).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /^Confirm$/ }).tap();
};

describe.skipIf(!browserAvailable())('every task on a 390 px phone', () => {
  const suite = browserSuite(
    () =>
      startServer({
        adminEmail: 'first.operator@example.com',
        adminPassword: 'First-operator-Pass1',
        demoPassword: DEMO_PASSWORD,
        users: [{ type: 'merchant', ...APPLICANT, name: 'Phone Applicant' }],
      }),
    ['visitor', 'applicant', 'merchant'],
    600_000,
    PHONE,
  );
  const { visitor, applicant, merchant } = suite.page;
  let cardUrl = '';
  let voucherUrl = '';
  let packUrl = '';
  let voucherCodes: string[] = [];

  it('registers a merchant account', async () => {
    await visitor.goto('/register');
    await visitor.getByRole('heading', { name: 'Create a merchant account' }).waitFor({ timeout: 20_000 });
    await visitor.getByLabel(/^Name/).fill('Phone Person');
    await visitor.getByLabel(/^E-mail/).fill('phone.person@example.com');
    await visitor.getByRole('textbox', { name: /^Mobile/ }).fill('8123 9876');
    await visitor.getByLabel(/^Password/).fill('Phone-person-Pass1');
    await visitor.getByLabel(/^Confirm password/).fill('Phone-person-Pass1');
    await visitor.getByRole('checkbox').tap();
    await screen(visitor, 'register-form');
    await visitor.getByRole('button', { name: 'Create account' }).tap();
    await visitor.getByRole('heading', { name: 'Check your e-mail' }).waitFor({ timeout: 20_000 });
    await visitor.getByRole('status').filter({ hasText: 'phone.person@example.com' }).waitFor();
    await screen(visitor, 'register-done');
    expect(suite.problems.visitor.pageErrors).toEqual([]);
  }, 120_000);

  it('signs up a business in the three steps of the application', async () => {
    await signIn(applicant, APPLICANT);
    await applicant.waitForURL((url) => url.pathname === '/signup');
    await applicant.getByRole('heading', { name: 'Register your business' }).waitFor();
    await applicant.getByLabel(/^Company name/).fill('Phone Kopi Pte Ltd');
    await applicant.getByLabel(/^Registration number/).fill('202012345K');
    await applicant.getByLabel(/^Contact e-mail/).fill('hello@phonekopi.sg');
    await applicant.getByLabel(/^Company address/).fill('2 Raffles Place, Singapore');
    await screen(applicant, 'signup-company');
    await applicant.getByRole('button', { name: 'Next' }).tap();
    await applicant.getByLabel(/^Brand name/).fill('Phone Kopi');
    await screen(applicant, 'signup-brand');
    await applicant.getByRole('button', { name: 'Next' }).tap();
    await applicant.getByLabel(/^Store name/).fill('Phone Kopi Raffles');
    await applicant.getByLabel(/^Store address/).fill('2 Raffles Place #01-02');
    await applicant.getByLabel(/^Postal code/).fill('048617');
    await applicant.getByLabel(/^Latitude/).fill('1.2841');
    await applicant.getByLabel(/^Longitude/).fill('103.8515');
    await screen(applicant, 'signup-store');
    await applicant.getByRole('button', { name: 'Submit application' }).tap();
    await applicant.getByRole('heading', { name: 'Your application is being reviewed' }).waitFor();
    await applicant.getByText('Pending', { exact: true }).waitFor();
    await screen(applicant, 'signup-pending');
    expect(suite.problems.applicant.pageErrors).toEqual([]);
  }, 120_000);

  it('issues a member card', async () => {
    await signIn(merchant, MERCHANT);
    await merchant.goto('/stamp-cards');
    await merchant.getByText(DEMO_PROGRAMME).first().tap();
    await merchant.getByRole('heading', { name: DEMO_PROGRAMME }).waitFor({ timeout: 20_000 });
    await screen(merchant, 'card-programme');
    await merchant
      .getByRole('button', { name: /^Issue card$/ })
      .first()
      .tap();
    const dialog = merchant.getByRole('dialog');
    await dialog.getByLabel(/^Member mobile/).fill(MEMBER_LOCAL);
    await pick(merchant, dialog, /^Store/, DEMO_PIN_STORE);
    await screen(merchant, 'card-issue-dialog');
    await dialog.getByRole('button', { name: /^Issue$/ }).tap();
    await confirm(merchant, 'Confirm to Issue - Member card?');
    await merchant.waitForURL(/\/memberCards\/\d+\/show/, { timeout: 20_000 });
    cardUrl = new URL(merchant.url()).pathname;
    await merchant.getByText('0 / 10').first().waitFor({ timeout: 20_000 });
    await merchant.getByText('This card has not been stamped yet.').waitFor();
    await screen(merchant, 'card-issued');
  }, 120_000);

  it('stamps the card', async () => {
    await merchant
      .getByRole('button', { name: /^Stamp$/ })
      .first()
      .tap();
    const dialog = merchant.getByRole('dialog');
    await dialog.getByLabel(/^Stamps/).fill('2');
    // the store the card was issued at is offered first
    await expect
      .poll(() => dialog.getByRole('combobox', { name: /^Store/ }).inputValue(), { timeout: 20_000 })
      .toBe(DEMO_PIN_STORE);
    await dialog.getByLabel(/^Receipt number/).fill(`PHONE-${Date.now()}`);
    await dialog.getByLabel(/^Store PIN/).fill(DEMO_STORE_PIN);
    await screen(merchant, 'stamp-dialog');
    await dialog.getByRole('button', { name: /^Stamp$/ }).tap();
    await confirm(merchant, `Confirm to Stamp - ${MEMBER}?`);
    await merchant.getByText(`Stamp ${MEMBER} success`).first().waitFor({ timeout: 20_000 });
    await merchant.getByText('2 / 10').first().waitFor({ timeout: 20_000 });
    await screen(merchant, 'stamp-done');
  }, 120_000);

  it('voids the stamping', async () => {
    const transactions = merchant.getByRole('table', { name: 'Stamps transactions' });
    await transactions
      .getByRole('button', { name: /^Void$/ })
      .first()
      .tap();
    const dialog = merchant.getByRole('dialog');
    await dialog.getByLabel(/^Reason/).fill('Wrong card stamped at the till');
    await screen(merchant, 'void-dialog');
    // the reason dialog is the one question (confirmations asked once)
    await dialog.getByRole('button', { name: /^Void$/ }).tap();
    await merchant.getByText('0 / 10').first().waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => transactions.getByRole('button', { name: /^Void$/ }).count(), { timeout: 20_000 })
      .toBe(0);
    await screen(merchant, 'void-done');
    // the card as reloaded says the same
    await merchant.goto(cardUrl);
    await merchant.getByText('0 / 10').first().waitFor({ timeout: 20_000 });
  }, 120_000);

  it('issues vouchers of a pack to the member', async () => {
    // signed in by the member card's test; alone (-t) this test signs in itself
    if (!merchant.url().startsWith('http')) await signIn(merchant, MERCHANT);
    await merchant.goto('/vouchers/voucherPackList');
    await step(merchant, 'vouchers-pack-list', async () => {
      // a pack is one card of the list, a link named by its title (the state chip shares its line)
      const card = merchant.getByRole('link', { name: new RegExp(`^${PACK}\\b`) });
      await card.waitFor({ timeout: 20_000 });
      // scrolled to its end, the floating Create button covers neither the last card nor the pages
      await merchant.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await apart(merchant, /^(Create|Go to next page|Go to previous page|Free Char Siew Bao)/)).toBe(
        4,
      );
      await screen(merchant, 'vouchers-pack-list');
      await card.tap();
    });
    await merchant.getByRole('heading', { name: PACK }).waitFor({ timeout: 20_000 });
    packUrl = new URL(merchant.url()).pathname;
    await screen(merchant, 'vouchers-pack');
    await merchant
      .getByRole('button', { name: /Issue vouchers/ })
      .first()
      .tap();
    const dialog = merchant.getByRole('dialog');
    await dialog.getByLabel(/^Member mobile/).fill(MEMBER_LOCAL);
    await dialog.getByLabel(/^Quantity/).fill('2');
    await screen(merchant, 'vouchers-issue-dialog');
    await dialog.getByRole('button', { name: /^Issue$/ }).tap();
    await confirm(merchant, 'Confirm to Issue - Vouchers?');
    await merchant.getByText('Issue Vouchers success').waitFor({ timeout: 20_000 });
    // the pack's vouchers now list the member's two, available
    const table = merchant.getByRole('region', { name: /Vouchers of this pack/ });
    const rows = table.getByRole('row').filter({ hasText: MEMBER });
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    for (const row of await rows.all()) expect(await row.textContent()).toContain('Available');
    await screen(merchant, 'vouchers-issued');
    voucherCodes = (await rows.getByRole('link').allTextContents()).map((t) => t.trim());
    expect(voucherCodes).toHaveLength(2);
  }, 120_000);

  it(
    'redeems a voucher at a store',
    () =>
      step(merchant, 'redeem', async () => {
        const code = voucherCodes[0] ?? '';
        await merchant.getByRole('link', { name: code, exact: true }).tap();
        await merchant.waitForURL(/\/vouchers\/\d+\/show/, { timeout: 20_000 });
        voucherUrl = new URL(merchant.url()).pathname;
        await merchant.getByText(MEMBER).first().waitFor({ timeout: 20_000 });
        await merchant.getByText('Available', { exact: true }).first().waitFor();
        // the toolbar's buttons wrap on the phone: each whole on the screen, none over another
        expect(await apart(merchant, /^(Vouchers|Redeem|Void|Donate|Expire|Edit)$/)).toBeGreaterThanOrEqual(
          3,
        );
        await screen(merchant, 'redeem-voucher');
        await merchant.getByRole('button', { name: /^Redeem$/ }).tap();
        const dialog = merchant.getByRole('dialog');
        await pick(merchant, dialog, /^Store/);
        await screen(merchant, 'redeem-dialog');
        await dialog.getByRole('button', { name: /^Redeem$/ }).tap();
        await merchant.getByRole('button', { name: /^Confirm$/ }).tap();
        await merchant.getByText(`Redeem ${code} success`).waitFor({ timeout: 20_000 });
        // the voucher now says Redeemed, where, and offers no second redemption
        await merchant.getByText('Redeemed', { exact: true }).first().waitFor({ timeout: 20_000 });
        await merchant.getByText('Redeemed at store').waitFor({ timeout: 20_000 });
        await expect.poll(() => merchant.getByRole('button', { name: /^Redeem$/ }).count()).toBe(0);
        expect(await merchant.getByText('Available', { exact: true }).count()).toBe(0);
        await screen(merchant, 'redeem-done');
      }),
    120_000,
  );

  it(
    'donates a voucher to another member',
    () =>
      step(merchant, 'donate', async () => {
        const code = voucherCodes[1] ?? '';
        await merchant.goBack();
        await merchant.getByRole('link', { name: code, exact: true }).tap();
        await merchant.getByRole('button', { name: /^Donate$/ }).waitFor({ timeout: 20_000 });
        expect(await apart(merchant, /^(Vouchers|Redeem|Void|Donate|Expire|Edit)$/)).toBeGreaterThanOrEqual(
          3,
        );
        await screen(merchant, 'donate-voucher');
        await merchant.getByRole('button', { name: /^Donate$/ }).tap();
        const dialog = merchant.getByRole('dialog');
        await dialog.getByRole('textbox', { name: /^Recipient’s mobile/ }).fill(FRIEND_LOCAL);
        await screen(merchant, 'donate-dialog');
        await dialog.getByRole('button', { name: /^Donate$/ }).tap();
        await merchant.getByRole('button', { name: /^Confirm$/ }).tap();
        await merchant.getByText(`Donate ${code} success`).waitFor({ timeout: 20_000 });
        await merchant.getByText(FRIEND).first().waitFor({ timeout: 20_000 });
        await screen(merchant, 'donate-done');
      }),
    120_000,
  );

  it('tops up the wallet for free', async () => {
    await merchant.goto('/finance');
    const before = (await walletBalance(merchant).textContent()) ?? '';
    await screen(merchant, 'finance');
    await merchant.goto('/finance/wallet/top-up');
    await merchant.getByRole('textbox', { name: /^Amount/ }).fill('25');
    await merchant.getByRole('radio', { name: 'Free top-up' }).waitFor();
    expect(await merchant.getByRole('radio', { name: 'Free top-up' }).isChecked()).toBe(true);
    await screen(merchant, 'topup-form');
    await merchant.getByRole('button', { name: 'Top up' }).tap();
    await merchant.getByRole('button', { name: /^Confirm$/ }).tap();
    await merchant.waitForURL((url) => url.pathname === '/finance', { timeout: 20_000 });
    const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
    await expect
      .poll(async () => cents((await walletBalance(merchant).textContent()) ?? ''), {
        timeout: 20_000,
      })
      .toBe(cents(before) + 2500);
    await screen(merchant, 'topup-done');
    await merchant.goto('/finance/wallet/txn/history');
    await merchant.getByText('Top-up').first().waitFor({ timeout: 20_000 });
    await screen(merchant, 'finance-history');
  }, 120_000);

  it(
    'looks up the member by mobile',
    () =>
      step(merchant, 'lookup', async () => {
        await merchant.goto('/voucher/get-user-vouchers');
        await merchant.getByLabel(/^Member mobile/).fill(MEMBER);
        await screen(merchant, 'lookup-form');
        await merchant.getByRole('button', { name: /^Search$/ }).tap();
        await merchant.getByRole('tab', { name: /^Redeemed \(1\)/ }).waitFor({ timeout: 20_000 });
        // one redeemed, none left: the other went to the friend
        await merchant.getByRole('tab', { name: /^Available \(0\)/ }).waitFor();
        await merchant.getByRole('tab', { name: /^Redeemed \(1\)/ }).tap();
        const card = merchant.getByRole('tabpanel').getByRole('article').first();
        await card.getByText(PACK).waitFor();
        await card.getByText(voucherCodes[0] ?? '', { exact: true }).waitFor();
        await screen(merchant, 'lookup-found');
      }),
    120_000,
  );

  it('the menu drawer opens from the header and starts closed again after a reload', async () => {
    const menu = merchant.getByTestId('side-menu');
    await merchant.getByRole('button', { name: 'Open or close the menu' }).tap();
    await menu.waitFor({ state: 'visible' });
    await screen(merchant, 'menu-open');
    await merchant.reload();
    await merchant.getByRole('button', { name: 'Open or close the menu' }).waitFor({ timeout: 20_000 });
    await merchant.getByLabel(/^Member mobile/).waitFor();
    expect(await menu.isVisible()).toBe(false);
    await screen(merchant, 'menu-after-reload');
  }, 120_000);

  it('invites a colleague', async () => {
    await merchant.goto('/merchant');
    await merchant.getByRole('button', { name: 'Invite' }).first().tap();
    const dialog = merchant.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Invite a colleague' }).waitFor({ timeout: 20_000 });
    await dialog.getByLabel(/^E-mail/).fill('colleague.phone@harbour-kopi.example');
    await dialog.getByLabel(/^Name/).fill('Phone Colleague');
    await screen(merchant, 'invite-dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).tap();
    await merchant
      .getByText('Invitation sent to colleague.phone@harbour-kopi.example')
      .waitFor({ timeout: 20_000 });
    await merchant.getByText('Phone Colleague').first().waitFor({ timeout: 20_000 });
    await screen(merchant, 'invite-done');
  }, 120_000);

  it('pushes a message to one member', async () => {
    await merchant.goto('/push/create');
    await merchant.getByLabel(/^Title/).fill('Hello {name}');
    await merchant.getByLabel(/^Body/).fill('Your kopi is waiting at {brand}.');
    await merchant.getByRole('radio', { name: 'One member' }).tap();
    await merchant.getByRole('textbox', { name: /^Member mobile/ }).fill(MEMBER_LOCAL);
    await typeDate(merchant, /^Scheduled for/, yesterdayAtTen(), true);
    await merchant
      .getByRole('status')
      .filter({ hasText: /Will reach 1 member/ })
      .waitFor({ timeout: 20_000 });
    await screen(merchant, 'push-form');
    await merchant.getByRole('button', { name: /^Save$/ }).tap();
    await merchant.waitForURL(/\/push\/\d+\/show/, { timeout: 20_000 });
    await screen(merchant, 'push-saved');
    await merchant.getByRole('button', { name: /^Schedule$/ }).tap();
    await confirm(merchant, 'Confirm to Schedule - Hello {name}?');
    // its state moves on from the draft: scheduled, or already sent by the job runner
    await merchant
      .getByText(/^(Scheduled|Completed)$/)
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await merchant.getByText('Pending', { exact: true }).count()).toBe(0);
    await screen(merchant, 'push-scheduled');
    expect(suite.problems.merchant.pageErrors).toEqual([]);
  }, 120_000);

  it('an operator reads analytics: the table scrolls in its own box', async () => {
    // the register test's page, now an operator's
    await signIn(visitor, OPERATOR);
    await visitor.goto('/analytics');
    const table = visitor.getByRole('region', { name: /^By (company|brand|store)$/ });
    await table.getByRole('table').waitFor({ timeout: 30_000 });
    // the table is wider than the phone; its box scrolls, the page does not
    const box = await table
      .getByRole('table')
      .evaluate((t) => ({ table: t.scrollWidth, box: (t.parentElement as HTMLElement).clientWidth }));
    expect(box.table).toBeGreaterThan(box.box);
    await screen(visitor, 'analytics');
    await table.getByRole('table').evaluate((t) => {
      (t.parentElement as HTMLElement).scrollLeft = 10_000;
    });
    await screen(visitor, 'analytics-scrolled');
  }, 120_000);

  it('the widest screens fit the narrowest and widest phones too (360 and 414 px)', async () => {
    for (const width of [360, 414]) {
      await merchant.setViewportSize({ width, height: 844 });
      for (const [where, name, ready] of [
        ['/finance', 'finance', 'Last movements'],
        [packUrl, 'pack', PACK],
        [voucherUrl, 'voucher', MEMBER],
        [cardUrl, 'card', MEMBER],
        ['/push/create', 'push-form', 'Audience'],
      ] as const) {
        await merchant.goto(where);
        // the page's own words, not the hidden copy of its title for the browser tab
        await merchant.getByText(ready).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
        await screen(merchant, `${width}-${name}`);
      }
    }
    await merchant.setViewportSize(PHONE.viewport);
  }, 180_000);
});
