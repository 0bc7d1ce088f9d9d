// The generated table screens in a real browser against a real `npm start` (issue 4): an operator
// searches, sorts, edits and exports the companies table (the CSV holds every matching row, not one
// page), and edits an industry row in /DataTableEditView. Screenshots of list, show, edit, create and
// the editor land in test-results/e2e.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  browserAvailable,
  browserSuite,
  callMainApi,
  screenshot,
  signIn,
  startServerFor,
} from './harness';

const OPERATOR = { email: 'tables.e2e@example.com', password: 'Tables-e2e-Pass1' };
const KOPI = 14;
const OTHERS = 6;

describe.runIf(browserAvailable())('generated tables in the browser', { timeout: 240_000 }, () => {
  const suite = browserSuite(() => startServerFor(OPERATOR), ['operator']);
  const { server } = suite;
  const page = suite.page.operator;
  let token = '';

  const api = (method: string, path: string, body?: unknown) =>
    callMainApi<Record<string, unknown>>(server.baseUrl, token, method, path, body);

  beforeAll(async () => {
    const login = await apiLogin(server.baseUrl, OPERATOR.email, OPERATOR.password);
    token = login.accessToken ?? '';
    const pad = (n: number) => String(n).padStart(2, '0');
    for (let i = 1; i <= KOPI; i++)
      await api('POST', '/companies', {
        name: `Kopi House ${pad(i)}`,
        registrationNo: `KOPI${pad(i)}`,
        contactEmail: `kopi${pad(i)}@example.com`,
      });
    for (let i = 1; i <= OTHERS; i++)
      await api('POST', '/companies', {
        name: `Bakery ${pad(i)}`,
        registrationNo: `BAKE${pad(i)}`,
        contactEmail: `bake${pad(i)}@example.com`,
      });
    await api('POST', '/industry-config', { code: 'FNB', name: 'Food and beverage' });
    await signIn(page, OPERATOR);
  }, 240_000);

  it('an operator searches, sorts, edits and exports the companies table', async () => {
    await page.goto('/organization/company');
    await page.getByRole('heading', { level: 1, name: 'Company' }).waitFor();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(10);
    await screenshot(page, 'resources-list');

    await page.getByPlaceholder('Search').fill('kopi');
    await expect.poll(() => page.getByText(/of 14$/).count(), { timeout: 20_000 }).toBe(1);
    // default sort is name ascending; a click on Name sorts descending
    await expect.poll(() => rows.first().textContent(), { timeout: 20_000 }).toContain('Kopi House 01');
    await page.locator('thead th', { hasText: 'Name' }).getByRole('button').click();
    await expect.poll(() => rows.first().textContent(), { timeout: 20_000 }).toContain('Kopi House 14');

    // export: the server's CSV of all 14 matching rows, not the 10 on screen
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const file = await download.path();
    const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
    expect(lines).toHaveLength(1 + KOPI);
    expect(lines.slice(1).every((l) => l.includes('Kopi House'))).toBe(true);

    // show, then edit one row
    // the name cell: the row's middle is the e-mail column, whose mailto link would open instead
    await rows.first().locator('td.column-name').click();
    await page.waitForURL(/\/company\/\d+\/show$/);
    await page.getByText('KOPI14').first().waitFor();
    await screenshot(page, 'resources-show');
    const id = Number(/\/company\/(\d+)\/show/.exec(page.url())?.[1]);
    await page.getByRole('link', { name: 'Edit' }).click();
    const address = page.getByLabel('Address');
    await address.waitFor();
    await screenshot(page, 'resources-edit');
    await address.fill('1 Kopi Lane, Singapore');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await api('GET', `/companies/${id}`)).address, { timeout: 20_000 })
      .toBe('1 Kopi Lane, Singapore');

    await page.goto('/company/create');
    await page.getByLabel(/^Name/).waitFor();
    await screenshot(page, 'resources-create');
  });

  it('/DataTableEditView edits a row of a second table', async () => {
    await page.goto('/DataTableEditView');
    await page.getByRole('combobox', { name: 'Table' }).click();
    await page.getByRole('option', { name: 'Industries' }).click();
    await page.waitForURL(/table=industryConfig/);
    await page.locator('td.column-name', { hasText: 'Food and beverage' }).click();
    await page.waitForURL(/view=show/);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/view=edit/);
    const name = page.getByLabel(/^Name/);
    await expect.poll(() => name.inputValue(), { timeout: 20_000 }).toBe('Food and beverage');
    await name.fill('Food & beverage');
    await screenshot(page, 'resources-datatable-editview');
    await page.getByRole('button', { name: 'Save' }).click();
    const saved = async () => {
      const list = (await api('GET', '/industry-config')) as unknown as { code: string; name: string }[];
      return list.find((r) => r.code === 'FNB')?.name;
    };
    await expect.poll(saved, { timeout: 20_000 }).toBe('Food & beverage');
    await page.waitForURL(/view=show/);
    await page.getByText('Food & beverage').first().waitFor();
  });
});
