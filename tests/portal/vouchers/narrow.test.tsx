// The pack's page on a phone, as far as jsdom can tell (it measures no layout; the widths were checked
// in Chromium at 390 px): the vouchers table scrolls sideways inside a box of its own and the page's
// content may shrink below the table's width, and the generated Disable and Edit are buttons of the
// page's one toolbar, which wraps, with the same size and an icon like Issue vouchers.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { seedDemo, T } from './demo';

describe('voucher pack page on a narrow screen', { timeout: 60_000 }, () => {
  const backend = portalServer();

  it('the vouchers table scrolls in its own box; the toolbar wraps and its buttons match', async () => {
    const { kopi } = await seedDemo(backend);
    await openAs('operator', `/voucherPacks/${kopi.id}/show`);

    const section = await screen.findByRole('region', { name: 'Vouchers of this pack' }, T);
    const table = await within(section).findByRole('table', {}, T);
    const scroller = table.closest('.TableScroll');
    expect(scroller).not.toBeNull();
    expect(getComputedStyle(scroller as Element).overflowX).toBe('auto');
    const card = section.closest('.RaShow-card');
    expect(card).not.toBeNull();
    expect(getComputedStyle(card as Element).minWidth).toBe('0px');

    const issue = await screen.findByRole('button', { name: 'Issue vouchers' }, T);
    const disable = await screen.findByRole('button', { name: 'Disable' }, T);
    const toolbar = issue.closest('.MuiToolbar-root') as HTMLElement;
    expect(getComputedStyle(toolbar).flexWrap).toBe('wrap');
    // Disable's own toolbar is dissolved into the page's: one row of buttons that wraps together
    const own = disable.closest('.MuiToolbar-root') as HTMLElement;
    await waitFor(
      () => expect(own === toolbar || getComputedStyle(own).display === 'contents').toBe(true),
      T,
    );
    expect(disable).toHaveClass('MuiButton-sizeMedium');
    expect(issue).toHaveClass('MuiButton-sizeMedium');
    expect(disable.querySelector('.MuiButton-startIcon svg')).not.toBeNull();
  });
});
