// /analytics over a served answer: the request the filters make (the last 30 days by company first,
// then the grouping and range the user picks), the totals, the table by group (the CSV's lines:
// tests/unit/analytics-csv.test.ts).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../../contract';
import { server } from '../../../mocks/node';
import { localDay } from '../../../src/pages/analytics/api';
import { renderApp, signIn } from '../renderApp';

const T = { timeout: 15_000 };

const figures = (stampsGiven: number, issued: number, redeemed: number) => ({
  stampsGiven,
  cardsCompleted: 1,
  vouchersIssued: issued,
  vouchersRedeemed: redeemed,
  vouchersExpired: 0,
  redemptionRate: issued === 0 ? null : Math.round((redeemed / issued) * 1000) / 10,
  activeMembers: 3,
  pushesSent: 5,
});

const serve = () => {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`*${BASE_PATHS.main}/analytics`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      asked.push(q);
      const groupBy = q.get('groupBy');
      return HttpResponse.json({
        type: 'CR',
        code: 0,
        data: {
          from: q.get('from'),
          to: q.get('to'),
          groupBy,
          timeZone: 'Asia/Singapore',
          rows:
            groupBy === 'brand'
              ? [{ id: 7, name: 'Kopi Lover', ...figures(40, 10, 4) }]
              : [
                  { id: 1, name: 'Harbour Kopi Pte Ltd', ...figures(120, 30, 12) },
                  { id: 2, name: 'Glow Beauty Group', ...figures(8, 3, 0) },
                ],
          totals: groupBy === 'brand' ? figures(40, 10, 4) : figures(128, 33, 12),
          days: [{ day: q.get('to'), stampsGiven: 128, vouchersIssued: 33, vouchersRedeemed: 12 }],
        },
      });
    }),
  );
  return asked;
};

describe('analytics', { timeout: 60_000 }, () => {
  it('asks for the last 30 days by company, then for what the user picks', async () => {
    const asked = serve();
    await signIn('operator');
    renderApp('/analytics');
    const table = await screen.findByRole('table', { name: 'By company' }, T);
    expect(asked[0]?.get('from')).toBe(localDay(-29));
    expect(asked[0]?.get('to')).toBe(localDay(0));
    expect(asked[0]?.get('groupBy')).toBe('company');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Harbour Kopi Pte Ltd\s*120\s*1\s*30\s*12\s*0\s*40%\s*3\s*5/);
    expect(rows[3]).toHaveTextContent(/Total\s*128/);
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('36.4%')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Brand' }));
    const byBrand = await screen.findByRole('table', { name: 'By brand' }, T);
    expect(within(byBrand).getByText('Kopi Lover')).toBeInTheDocument();
    expect(asked.at(-1)?.get('groupBy')).toBe('brand');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(asked.at(-1)?.get('from')).toBe('2026-11-01'), T);
    expect(asked.at(-1)?.get('groupBy')).toBe('brand');
  });

  it('asks nothing while the range ends before it starts, and says why', async () => {
    const asked = serve();
    await signIn('operator');
    renderApp('/analytics');
    await screen.findByRole('table', { name: 'By company' }, T);
    const before = asked.length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2020-01-01' } });
    expect(await screen.findByText('The end comes before the start', {}, T)).toBeInTheDocument();
    expect(asked.length).toBe(before);
  });
});
