// The second language: the app bar's Language menu offers English and 简体中文; choosing Chinese
// loads public/locales/zh-CN/common.json once (the spec's loader: namespace common) and the menu
// reads in Chinese; choosing English again brings the English words back without another load.
// react-admin's own words switch too (the bundle carries ra.*): a list's Search, Export and Rows per page.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../mocks/node';
import { openAs } from './renderApp';
import { seedVouchers } from './resources/handlers';
import { portalServer } from './server';

const backend = portalServer();

const T = { timeout: 30_000 };
const zh = JSON.parse(readFileSync(resolve(process.cwd(), 'public/locales/zh-CN/common.json'), 'utf8')) as {
  menu: { vouchers: { title: string } };
  common: { language: { label: string } };
  ra: { action: { search: string; export: string }; navigation: { page_rows_per_page: string } };
};

/** Answers the Chinese bundle from public/, counting the loads. */
const serveChinese = () => {
  const loads: string[] = [];
  server.use(
    http.get('*/locales/zh-CN/common.json', ({ request }) => {
      loads.push(new URL(request.url).pathname);
      return HttpResponse.json(zh);
    }),
  );
  return loads;
};

describe('language', { timeout: 60_000 }, () => {
  it('switches the portal to Simplified Chinese and back', async () => {
    const loads = serveChinese();
    await openAs('merchant', '/');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' }, T);
    expect(await within(nav).findByRole('button', { name: 'Vouchers' }, T)).toBeInTheDocument();

    // the app bar's controls mount a commit after the bar (ShellAppBar.tsx)
    fireEvent.click(await screen.findByRole('button', { name: 'Language' }, T));
    fireEvent.click(await screen.findByRole('menuitem', { name: '简体中文' }, T));
    // the layout renders again in the new language: read the menu afresh
    const menu = () => screen.getByRole('navigation', { name: /.+/ });
    await waitFor(
      () => expect(within(menu()).getByRole('button', { name: zh.menu.vouchers.title })).toBeInTheDocument(),
      T,
    );
    expect(loads).toEqual(['/locales/zh-CN/common.json']);

    fireEvent.click(await screen.findByRole('button', { name: zh.common.language.label }, T));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }, T));
    await waitFor(
      () => expect(within(menu()).getByRole('button', { name: 'Vouchers' })).toBeInTheDocument(),
      T,
    );
    expect(loads).toHaveLength(1);
  });

  it("switches react-admin's own words on a list: Search, Export and Rows per page", async () => {
    await seedVouchers(backend);
    const loads = serveChinese();
    await openAs('operator', '/vouchers');
    expect(await screen.findByText('SPRING-001', {}, T)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByText('Rows per page:')).toBeInTheDocument();

    // the app bar's controls mount a commit after the bar (ShellAppBar.tsx)
    fireEvent.click(await screen.findByRole('button', { name: 'Language' }, T));
    fireEvent.click(await screen.findByRole('menuitem', { name: '简体中文' }, T));
    await waitFor(() => expect(screen.getByPlaceholderText(zh.ra.action.search)).toBeInTheDocument(), T);
    expect(zh.ra.action.search).toBe('搜索');
    expect(screen.getByRole('button', { name: zh.ra.action.export })).toBeInTheDocument();
    expect(screen.getByText(zh.ra.navigation.page_rows_per_page)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Search')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(screen.queryByText('Rows per page:')).toBeNull();
    // the rows stay: only the words changed
    expect(screen.getByText('SPRING-001')).toBeInTheDocument();
    expect(loads).toEqual(['/locales/zh-CN/common.json']);
  });
});
