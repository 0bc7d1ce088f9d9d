// Campaigns in a real browser against `npm start` with the demo data (issue 43), on a 390 px phone and
// at 1440 px: the list, the form by kind with its live preview, Save and the campaign's page with what
// it does in words and whether it paid. On every screen the page is no wider than the window (nothing
// scrolls sideways but the boxes meant to). Screenshots: test-results/e2e/campaigns/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PROGRAMME, DEMO_USERS, demoSuite } from './demo';
import { browserAvailable, gotoSettled, PHONE, RESULTS_DIR, signIn } from './harness';

const SHOTS = path.join(RESULTS_DIR, 'campaigns');

/** The page fits its window, and a full-page screenshot of it. */
const shot = async (page: Page, name: string): Promise<void> => {
  const window = page.viewportSize()?.width ?? 0;
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name}: the page is ${width} px wide in a ${window} px window`).toBeLessThanOrEqual(window);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

describe.runIf(browserAvailable())('campaigns in the browser', () => {
  const suite = demoSuite(['owner'], 600_000, PHONE);

  for (const [size, viewport] of [
    ['phone', PHONE.viewport],
    ['desktop', { width: 1440, height: 900 }],
  ] as const)
    it(`makes a double-stamps campaign and reads its page (${size})`, async () => {
      const page = suite.page.owner;
      await page.setViewportSize(viewport);
      if (size === 'phone') await signIn(page, DEMO_USERS.owner);
      await gotoSettled(page, '/campaigns');
      // the demo's running campaign is listed
      await expect
        .poll(() => page.getByText('Double stamps on quiet afternoons').count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      await shot(page, `${size}-list`);

      await gotoSettled(page, '/campaigns/create');
      await page.getByLabel(/^Name/).fill(`Triple Tuesdays ${size}`);
      await page.getByRole('radio', { name: 'Multiplier' }).check();
      const gives = page.getByRole('region', { name: 'What it gives' });
      await gives.getByLabel(/^Multiplier/).fill('3');
      await gives.getByRole('combobox', { name: /^Stamp card/ }).click();
      await page.getByRole('option', { name: DEMO_PROGRAMME }).first().click();
      await page.getByRole('region', { name: 'When and where' }).getByRole('button', { name: 'Tue' }).click();
      const preview = page.getByRole('region', { name: 'Preview' });
      await expect.poll(() => preview.textContent(), { timeout: 30_000 }).toMatch(/In the last 30 days/);
      await shot(page, `${size}-form`);

      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.getByTestId('campaign-summary').textContent(), { timeout: 30_000 })
        .toBe(`Stamps count 3 times on ${DEMO_PROGRAMME}, on Tue`);
      await expect
        .poll(() => page.getByRole('region', { name: 'Did it pay?' }).textContent(), { timeout: 30_000 })
        .toMatch(/No member was held out/);
      await shot(page, `${size}-show`);
    });

  for (const [size, viewport] of [
    ['phone', PHONE.viewport],
    ['desktop', { width: 1440, height: 900 }],
  ] as const)
    it(`offers a referral campaign without a holdout, and lists the referrals (${size})`, async () => {
      const page = suite.page.owner;
      await page.setViewportSize(viewport);
      await gotoSettled(page, '/campaigns/create');
      await page.getByRole('radio', { name: 'Referral' }).check();
      const gives = page.getByRole('region', { name: 'What it gives' });
      await gives.getByRole('combobox', { name: /^Voucher pack/ }).waitFor({ timeout: 30_000 });
      // a referral's reward is promised on the web card: no holdout share to set
      expect(await page.getByLabel(/^Holdout/).count()).toBe(0);
      await shot(page, `${size}-referral-form`);
      await gotoSettled(page, '/campaigns/referrals');
      await page.getByRole('heading', { name: 'Referrals' }).first().waitFor({ timeout: 30_000 });
      await shot(page, `${size}-referrals`);
    });
});
