// The member's web card on a 390 px phone (issue 26 item 1), in a real browser against a real
// `npm start` with the demo data: the merchant (through the API) takes one of their member cards' link
// and gives the member two vouchers, one of them redeemed; the member opens the link with no cookies
// and sees their programme, "x of y stamps", their masked mobile, the QR of the card's code, their
// vouchers and the brand's stores, in English and in Chinese; follows a voucher to its own web card;
// sees a used voucher without a QR; is offered to try again when the card could not be loaded; and,
// once the merchant revokes the link, sees the no-longer-valid page.
// axe (WCAG 2.0/2.1 A and AA) finds no critical or serious violation on any of these pages.
// Screenshots: test-results/e2e/pocket/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_PATHS, BEARER_PREFIX, HEADERS } from '../../contract';
import { maskMobile } from '../../contract/members';
import type { PocketLink } from '../../contract/pocket';
import { groupCode } from '../../src/pocket/format';
import { DEMO_USERS, demoSuite } from './demo';
import {
  apiLogin,
  browserAvailable,
  callMainApi,
  PHONE,
  PHONE_WIDTH,
  RESULTS_DIR,
  seriousViolations,
} from './harness';

const WIDTH = PHONE_WIDTH;
/** the member's phone, in Singapore English (the page's dates and money follow the browser's locale) */
const MEMBER_PHONE = { ...PHONE, locale: 'en-SG' };
const MERCHANT = DEMO_USERS.owner;
const PACK = 'Free Kopi';
const SHOTS = path.join(RESULTS_DIR, 'pocket');

interface Row {
  id: number;
  [field: string]: unknown;
}
interface Listed {
  data: Row[];
  page?: { totalElements?: number };
}

/** The page is no wider than the phone, and a full-page screenshot of it. */
const screen = async (page: Page, name: string): Promise<void> => {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name}: the page is ${width} px wide on a ${WIDTH} px phone`).toBeLessThanOrEqual(WIDTH);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

describe.skipIf(!browserAvailable())('the web card on a 390 px phone', () => {
  const suite = demoSuite(['member'], 600_000, MEMBER_PHONE);
  const { server } = suite;
  const member = suite.page.member;
  let token = '';

  const api = <T = Row>(method: string, apiPath: string, body?: unknown): Promise<T> =>
    callMainApi<T>(server.baseUrl, token, method, apiPath, body);
  const list = async (apiPath: string, filter: unknown[]): Promise<Listed> => {
    const res = await fetch(
      `${server.baseUrl}${BASE_PATHS.main}${apiPath}?size=100&filter=${encodeURIComponent(JSON.stringify(filter))}`,
      { headers: { [HEADERS.country]: 'sg', [HEADERS.authorization]: `${BEARER_PREFIX}${token}` } },
    );
    const json = (await res.json()) as Listed & { code: number };
    if (json.code !== 0) throw new Error(`GET ${apiPath}: ${JSON.stringify(json)}`);
    return json;
  };
  /** The page of a link, on this server (the link is absolute: PUBLIC_URL + /c/{token}). */
  const pathOf = (link: PocketLink) => new URL(link.url).pathname;

  let card: Row & { code: string; memberMobile: string; stamps: number; stampsRequired: number };
  let programme = '';
  let activeStores: string[] = [];
  let inactiveStores: string[] = [];
  let available: Row & { code: string };
  let redeemed: Row & { code: string };
  let cardLink: PocketLink;

  beforeAll(async () => {
    const login = await apiLogin(server.baseUrl, MERCHANT.email, MERCHANT.password);
    token = login.accessToken ?? '';
    // an AVAILABLE member card of the merchant's with stamps on it (the card's state 0 is AVAILABLE)
    const cards = await list('/member-cards', [
      { field: 'state', op: 'eq', value: 0 },
      { field: 'stamps', op: 'gte', value: 1 },
    ]);
    const row = cards.data[0];
    if (!row) throw new Error('the demo data has no AVAILABLE member card with stamps');
    const stampCard = await api(`GET`, `/stamp-cards/${row.stampCardId}`);
    programme = String(stampCard.title);
    card = {
      ...row,
      code: String(row.code),
      memberMobile: String(row.memberMobile),
      stamps: Number(row.stamps),
      stampsRequired: Number(stampCard.stampsRequired),
    };
    const stores = await list('/stores', [{ field: 'brandId', op: 'eq', value: row.brandId }]);
    activeStores = stores.data.filter((s) => s.state === 'ACTIVE').map((s) => String(s.name));
    inactiveStores = stores.data.filter((s) => s.state !== 'ACTIVE').map((s) => String(s.name));
    // two vouchers of the brand's pack for the card's member, one of them redeemed at once
    const packs = await list('/voucher-packs', [{ field: 'brandId', op: 'eq', value: row.brandId }]);
    const pack = packs.data.find((p) => p.title === PACK && p.state === 'ACTIVE');
    if (!pack) throw new Error(`no ACTIVE pack "${PACK}" in the card's brand`);
    const issued = await api<{ vouchers: (Row & { code: string })[] }>(
      'POST',
      `/voucher-packs/${pack.id}/vouchers`,
      {
        memberMobile: card.memberMobile,
        quantity: 2,
      },
    );
    const [first, second] = issued.vouchers;
    if (!first || !second) throw new Error('two vouchers were not issued');
    available = first;
    redeemed = second;
    const storeId = stores.data.find((s) => s.state === 'ACTIVE')?.id;
    await api('POST', `/vouchers/${redeemed.id}/redeem`, { storeId });
    cardLink = await api<PocketLink>('GET', `/member-cards/${card.id}/link`);
  }, 120_000);

  it('shows the member their card: programme, stamps, masked mobile, QR, vouchers and stores', async () => {
    await member.goto(pathOf(cardLink));
    await member.getByRole('heading', { level: 1, name: programme }).waitFor({ timeout: 20_000 });
    expect(await member.evaluate(() => document.documentElement.lang)).toBe('en');
    await member.getByText(`${card.stamps} of ${card.stampsRequired} stamps`, { exact: true }).waitFor();
    await member.getByText(maskMobile(card.memberMobile), { exact: true }).waitFor();
    expect(await member.getByText(card.memberMobile).count(), 'the whole mobile is nowhere').toBe(0);
    // the QR carries the card's code; the code is written under it in groups
    const qr = member.locator('svg.qr');
    expect(await qr.getAttribute('aria-label')).toContain(card.code);
    expect(await qr.getAttribute('data-code')).toBe(card.code);
    const qrBox = await qr.boundingBox();
    expect(qrBox?.width ?? 0, 'a QR big enough to scan at the counter').toBeGreaterThanOrEqual(200);
    await member.getByText(groupCode(card.code)).waitFor();
    // the member's AVAILABLE vouchers (the one just issued, not the redeemed one), each to its web card
    const vouchers = member.getByRole('region', { name: 'Your vouchers' }).getByRole('link');
    const mine = await list('/vouchers', [
      { field: 'memberMobile', op: 'eq', value: card.memberMobile },
      { field: 'state', op: 'eq', value: 'AVAILABLE' },
    ]);
    expect(await vouchers.count()).toBe(Math.min(mine.data.length, 20));
    expect(await vouchers.filter({ hasText: PACK }).count()).toBeGreaterThanOrEqual(1);
    // the brand's ACTIVE stores, none of the others
    const stores = member.getByRole('region', { name: 'Our stores' });
    for (const name of activeStores) await stores.getByRole('heading', { level: 3, name }).waitFor();
    for (const name of inactiveStores) expect(await stores.getByText(name).count(), name).toBe(0);
    expect(await stores.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
    // no wallet is configured: no wallet buttons
    expect(await member.getByRole('link', { name: /Apple Wallet|Google Wallet/ }).count()).toBe(0);
    await screen(member, 'card');
    expect(await seriousViolations(member)).toEqual([]);
    expect(suite.problems.member.pageErrors).toEqual([]);
  });

  it('speaks Simplified Chinese when asked, and remembers it', async () => {
    await member.getByRole('button', { name: '简体中文' }).tap();
    await member.getByText(`已集 ${card.stamps} / ${card.stampsRequired} 个印章`).waitFor();
    expect(await member.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await member.getByRole('heading', { level: 2, name: '门店' }).waitFor();
    await screen(member, 'card-zh');
    await member.reload();
    await member
      .getByText(`已集 ${card.stamps} / ${card.stampsRequired} 个印章`)
      .waitFor({ timeout: 20_000 });
    await member.getByRole('button', { name: 'English' }).tap();
    await member.getByText(`${card.stamps} of ${card.stampsRequired} stamps`, { exact: true }).waitFor();
    expect(await member.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it("opens a voucher's own web card from the list: its value, state and QR", async () => {
    const link = await api<PocketLink>('GET', `/vouchers/${available.id}/link`);
    await member.getByRole('region', { name: 'Your vouchers' }).locator(`a[href="${link.url}"]`).tap();
    await member.waitForURL((url) => url.pathname === pathOf(link));
    await member.getByRole('heading', { level: 1, name: PACK }).waitFor({ timeout: 20_000 });
    await member.getByText('SGD 2.20', { exact: true }).waitFor();
    await member.getByText('Ready to use').waitFor();
    expect(await member.locator('svg.qr').getAttribute('aria-label')).toContain(available.code);
    await member.getByText(groupCode(available.code)).waitFor();
    await screen(member, 'voucher');
    expect(await seriousViolations(member)).toEqual([]);
  });

  it('shows a used voucher as used, without a QR', async () => {
    const link = await api<PocketLink>('GET', `/vouchers/${redeemed.id}/link`);
    await member.goto(pathOf(link));
    await member.getByRole('heading', { level: 1, name: PACK }).waitFor({ timeout: 20_000 });
    await member.getByText('This voucher has been used.').waitFor();
    expect(await member.locator('svg.qr').count()).toBe(0);
    expect(await member.getByText(groupCode(redeemed.code)).count()).toBe(0);
    await screen(member, 'voucher-used');
  });

  it('offers to try again when the card could not be loaded, and shows it on the next try', async () => {
    const publicCard = `**${BASE_PATHS.main}/public/cards/**`;
    await member.route(publicCard, (route) => route.abort('internetdisconnected'));
    await member.goto(pathOf(cardLink));
    await member
      .getByRole('heading', { level: 1, name: 'Could not load your card' })
      .waitFor({ timeout: 20_000 });
    await screen(member, 'card-offline');
    await member.unroute(publicCard);
    await member.getByRole('button', { name: 'Try again' }).tap();
    await member.getByRole('heading', { level: 1, name: programme }).waitFor({ timeout: 20_000 });
  });

  it('answers a revoked link with the no-longer-valid page, and the new link works', async () => {
    const fresh = await api<PocketLink>('POST', `/member-cards/${card.id}/link/revoke`, {});
    expect(fresh.token).not.toBe(cardLink.token);
    await member.goto(pathOf(cardLink));
    await member
      .getByRole('heading', { level: 1, name: 'Link no longer valid' })
      .waitFor({ timeout: 20_000 });
    await member.getByText('This card link is no longer valid. Ask the store for a new one.').waitFor();
    expect(await member.locator('svg.qr').count()).toBe(0);
    expect(await member.getByText(maskMobile(card.memberMobile)).count()).toBe(0);
    await screen(member, 'card-revoked');
    expect(await seriousViolations(member)).toEqual([]);
    await member.goto(pathOf(fresh));
    await member.getByRole('heading', { level: 1, name: programme }).waitFor({ timeout: 20_000 });
  });
});
