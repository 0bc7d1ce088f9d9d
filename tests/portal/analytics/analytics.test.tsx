// /analytics on the real server: the request the filters make (the last 30 days by company first,
// then the grouping and range the user picks), the totals, the table by group (the CSV's lines:
// tests/unit/analytics-csv.test.ts), over what the operations wrote today (./demo.ts).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../contract/format';
import { dayIn, localDay } from '../../../src/pages/analytics/api';
import { openAs } from '../renderApp';
import { portalServer } from '../server';
import { ACME_FIGURES, seedAnalytics } from './demo';

/** What a date picker shows (its text, without the invisible mark MUI X puts before a lone digit). */
const shown = (input: HTMLElement) => (input as HTMLInputElement).value.replace(/\u200e/g, '');

const T = { timeout: 30_000 };

describe('analytics', { timeout: 60_000 }, () => {
  const backend = portalServer();
  /** The query of every GET /analytics sent so far. */
  const asked = async () =>
    (await backend.sent('GET', '/analytics')).map((r) => new URLSearchParams(r.search));

  it('asks for the last 30 days by company, then for what the user picks', async () => {
    await seedAnalytics(backend);
    await openAs('operator', '/analytics');
    const table = await screen.findByRole('table', { name: 'By company' }, T);
    const [first] = await asked();
    expect(first?.get('from')).toBe(localDay(-29));
    expect(first?.get('to')).toBe(localDay(0));
    expect(first?.get('groupBy')).toBe('company');
    // then the same 30 days of the country's calendar (Singapore's), which the answer names
    await waitFor(async () => expect((await asked()).at(-1)?.get('to')).toBe(dayIn('Asia/Singapore', 0)), T);
    expect((await asked()).at(-1)?.get('from')).toBe(dayIn('Asia/Singapore', -29));
    const row = new RegExp(`Acme Coffee Pte Ltd\\s*${ACME_FIGURES.join('\\s*')}`);
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(row), T);
    // one company: its row, then the total
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent(/Total\s*5/);
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('33.3%')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Brand' }));
    const byBrand = await screen.findByRole('table', { name: 'By brand' }, T);
    expect(await within(byBrand).findByText('Acme Coffee', {}, T)).toBeInTheDocument();
    expect((await asked()).at(-1)?.get('groupBy')).toBe('brand');

    // the range is written the product's way ('1 Nov 2026'), not the browser's (mm/dd/yyyy), and a day
    // typed that way is asked for as the wire writes it
    const from = screen.getByLabelText('From', { selector: 'input' });
    expect(shown(from)).toBe(formatDate(dayIn('Asia/Singapore', -29), 'en-SG'));
    fireEvent.change(from, { target: { value: '1 Nov 2026' } });
    await waitFor(async () => expect((await asked()).at(-1)?.get('from')).toBe('2026-11-01'), T);
    expect(shown(screen.getByLabelText('From', { selector: 'input' }))).toBe('1 Nov 2026');
    expect((await asked()).at(-1)?.get('groupBy')).toBe('brand');
  });

  it('asks nothing while the range ends before it starts, and says why', async () => {
    await seedAnalytics(backend);
    await openAs('operator', '/analytics');
    await screen.findByRole('table', { name: 'By company' }, T);
    const before = (await asked()).length;
    fireEvent.change(screen.getByLabelText('To', { selector: 'input' }), { target: { value: '1 Jan 2020' } });
    expect(await screen.findByText('The end comes before the start', {}, T)).toBeInTheDocument();
    expect(await asked()).toHaveLength(before);
  });
});
