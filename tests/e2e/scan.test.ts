// Scan at the counter on a 390 px phone, in Chromium against a real `npm start` with the demo data
// (issue 26 item 3). The demo's counter colleague (group "Front counter", invited into Harbour Kopi
// Tanjong Pagar) opens Scan from the app bar in one tap, types the code of a card the owner just
// issued (read through the API) in lower case with spaces, stamps it in one tap and sees the new
// count. Then the camera: Chromium's fake camera plays a picture of the card's QR code (a .y4m file
// made here with @zxing/library's encoder), the scanner reads it (zxing: Chromium on Linux has no
// BarcodeDetector) and the card opens. Screenshots: test-results/e2e/scan-*.png.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BarcodeFormat, EncodeHintType, QRCodeWriter } from '@zxing/library';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../contract';
import { DEMO_PROGRAMME, DEMO_USERS, demoSuite } from './demo';
import {
  apiLogin,
  browserAvailable,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  PHONE,
  PHONE_WIDTH,
  screenshot,
  signIn,
  watchPage,
} from './harness';

const WIDTH = PHONE_WIDTH;
const OWNER = DEMO_USERS.owner;
const COUNTER = DEMO_USERS.counter;
const PROGRAMME = DEMO_PROGRAMME;
const COUNTER_STORE = 'HK-TP';

/** The owner's API: GET and POST under the main base, answering `data` (a refusal throws). */
const ownerApi = async (baseUrl: string) => {
  const login = await apiLogin(baseUrl, OWNER.email, OWNER.password);
  if (!login.accessToken) throw new Error(`the owner could not sign in: ${JSON.stringify(login.body)}`);
  return async <T>(method: 'GET' | 'POST', p: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${BASE_PATHS.main}${p}`, {
      method,
      headers: { authorization: `Bearer ${login.accessToken}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await res.json()) as { code: number; data: T };
    if (envelope.code !== 0) throw new Error(`${method} ${p}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
};

const eq = (field: string, value: unknown) =>
  `filter=${encodeURIComponent(JSON.stringify([{ field, op: 'eq', value }]))}`;

/** A new Kopi Lover Card of a new member, issued at the counter's store: its id and code. */
const issueCard = async (baseUrl: string, mobile: string): Promise<{ id: number; code: string }> => {
  const api = await ownerApi(baseUrl);
  const [programme] = await api<{ id: number }[]>('GET', `/stamp-cards?${eq('title', PROGRAMME)}`);
  const [store] = await api<{ id: number }[]>('GET', `/stores?${eq('code', COUNTER_STORE)}`);
  if (!programme || !store) throw new Error('the demo programme or store is missing');
  return api('POST', `/stamp-cards/${programme.id}/member-cards`, {
    memberMobile: mobile,
    storeId: store.id,
  });
};

/** The page is no wider than the phone, and a full-page screenshot of it. */
const phoneScreen = async (page: Page, name: string) => {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name}: the page is ${width} px wide`).toBeLessThanOrEqual(WIDTH);
  await screenshot(page, name);
};

/**
 * A .y4m video (what Chromium's fake camera plays in a loop) of `text` as a QR code, black on white
 * in the middle of a 640 × 480 picture: a few identical frames, 4:2:0.
 */
const qrVideo = (text: string): string => {
  const [w, h, side] = [640, 480, 360];
  const hints = new Map<EncodeHintType, unknown>([[EncodeHintType.MARGIN, 2]]);
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, side, side, hints);
  const luma = Buffer.alloc(w * h, 255);
  const [left, top] = [(w - side) / 2, (h - side) / 2];
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) if (matrix.get(x, y)) luma[(top + y) * w + left + x] = 0;
  const chroma = Buffer.alloc((w / 2) * (h / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = path.join(tmpdir(), `scan-qr-${process.pid}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]),
  );
  return file;
};

/** The found card's stamps, "n / 10". */
const stampsOf = (page: Page) =>
  page.getByRole('region', { name: 'Member card found' }).getByRole('group', { name: 'Stamps' });

describe.skipIf(!browserAvailable())('scan at the counter on a 390 px phone', () => {
  const suite = demoSuite(['counter'], 600_000, PHONE);

  it('the counter colleague opens Scan in one tap, types a card code and stamps it in one tap', async () => {
    const page = suite.page.counter;
    const card = await issueCard(suite.server.baseUrl, '+6588997001');
    await signIn(page, COUNTER);
    await page.getByRole('link', { name: 'Scan a card or voucher' }).tap();
    await page.waitForURL((url) => url.pathname === '/scan');
    await page.getByRole('heading', { name: 'Scan at the counter' }).waitFor();
    // the colleague works at one store: no picker, the stampings go there, and the store is named
    // (from sign-in: the colleague may not read stores)
    await page.getByText('Stamping and redeeming at Harbour Kopi Tanjong Pagar').waitFor();
    // no camera in this browser: the screen says so, the typed code works
    await page
      .getByRole('status')
      .filter({ hasText: /camera/i })
      .first()
      .waitFor();
    await phoneScreen(page, 'scan-390-empty');

    const spaced = card.code.toLowerCase().replace(/(.{4})/g, '$1 ');
    await page.getByLabel('Or type the code').fill(spaced);
    await page.getByRole('button', { name: 'Find' }).tap();
    await page.getByRole('region', { name: 'Member card found' }).waitFor();
    await expect.poll(() => stampsOf(page).textContent(), { timeout: 20_000 }).toContain('0 / 10');
    await phoneScreen(page, 'scan-390-card');
    // the Stamp button is on the first screen, under the thumb
    const stamp = page.getByRole('button', { name: 'Stamp', exact: true });
    const box = await stamp.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);

    await stamp.tap();
    await page.getByText('1 stamp given: 1 on the card now').waitFor({ timeout: 20_000 });
    await expect.poll(() => stampsOf(page).textContent(), { timeout: 20_000 }).toContain('1 / 10');
    await phoneScreen(page, 'scan-390-stamped');
    // a second tap moments later asks first, saying when the card was stamped (issue 40 item 7)
    await stamp.tap();
    const ask = page.getByRole('dialog', { name: 'Please confirm' });
    await ask.getByText(/This card was stamped \d+ seconds? ago/).waitFor();
    // the dialog has faded in (MUI's transition) before the picture
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.MuiDialog-container')].some((d) => getComputedStyle(d).opacity === '1'),
    );
    await phoneScreen(page, 'scan-390-stamp-again');
    await ask.getByRole('button', { name: 'Cancel' }).tap();
    await ask.waitFor({ state: 'hidden' });
    await expect.poll(() => stampsOf(page).textContent(), { timeout: 20_000 }).toContain('1 / 10');
    expect(suite.problems.counter.pageErrors).toEqual([]);
    expect(suite.problems.counter.consoleErrors).toEqual([]);
  }, 120_000);

  it("the camera reads a card's QR code and opens the card", async () => {
    const card = await issueCard(suite.server.baseUrl, '+6588997002');
    const video = qrVideo(card.code);
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({ baseURL: suite.server.baseUrl, ...PHONE });
      await context.grantPermissions(['camera']);
      const page = await context.newPage();
      const problems = watchPage(page);
      await signIn(page, COUNTER);
      await page.goto('/scan');
      await page.getByRole('region', { name: 'Member card found' }).waitFor({ timeout: 30_000 });
      await expect.poll(() => stampsOf(page).textContent(), { timeout: 20_000 }).toContain('0 / 10');
      await phoneScreen(page, 'scan-390-camera-read');
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
