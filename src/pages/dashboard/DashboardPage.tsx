// The home page (/): what waits for the user, the programme's last 30 days and its last 14 days by
// day, and for merchants the wallet balance. Every figure is one of GET /dashboard's server-side
// aggregates; a section the user may not view comes back null and is not shown.
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../contract/format';
import { lazyFrom, moduleLoader } from '../../components/lazyModule';
import { LoadingLine, PageHeading, RetryAlert } from '../../components/PageHeading';
import { SectionCard } from '../../components/SectionCard';
import { HOME_HEADING } from '../../layout/headings';
import { useSession } from '../../layout/SessionContext';
import { MEMBERS_LIST_PATH } from '../members/paths';
import { type DashboardData, isMerchantsOwn, redemptionRate, useDashboard, waitingItems } from './api';

const K = 'dashboard';

const number = new Intl.NumberFormat('en-SG');

const money = (amount: number, currency: string) => formatMoney(amount, currency);

/** "24 Nov" for a YYYY-MM-DD day. */
const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-SG', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const Figure = ({ label, value, to }: { label: string; value: string; to?: string }) => {
  const body = (
    <CardContent>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.4 }}>
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      {to ? (
        <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
};

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
} as const;

const Waiting = ({
  waiting,
  operator,
}: {
  waiting: NonNullable<DashboardData['waiting']>;
  operator: boolean;
}) => {
  const translate = useTranslate();
  const shown = waitingItems(waiting, operator);
  const total = shown.reduce((sum, i) => sum + i.n, 0);
  return (
    <Box component="section" aria-labelledby="dashboard-waiting" sx={{ mb: 4 }}>
      <Typography id="dashboard-waiting" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {translate(
          // a merchant's section waits for an operator, unless something in it waits for them
          operator || shown.some((i) => isMerchantsOwn(i.key) && i.n > 0)
            ? `${K}.waiting.title`
            : `${K}.waiting.title_merchant`,
        )}
      </Typography>
      {total === 0 ? (
        <Alert severity="success" variant="outlined">
          {translate(`${K}.waiting.all_clear`)}
        </Alert>
      ) : (
        <Box sx={grid}>
          {shown
            .filter((i) => i.n > 0)
            .map((i) => (
              <Figure
                key={i.key}
                label={translate(`${K}.waiting.${i.key}`)}
                value={number.format(i.n)}
                {...(i.to ? { to: i.to } : {})}
              />
            ))}
        </Box>
      )}
    </Box>
  );
};

const Figures = ({ data }: { data: DashboardData }) => {
  const translate = useTranslate();
  const f = data.figures;
  const rate = redemptionRate(f.vouchersIssued, f.vouchersRedeemed);
  const items: { key: string; value: string | null; to?: string }[] = [
    {
      key: 'active_programmes',
      value: f.activeProgrammes === null ? null : number.format(f.activeProgrammes),
      to: '/stamp-cards',
    },
    { key: 'cards_issued', value: f.cardsIssued === null ? null : number.format(f.cardsIssued) },
    { key: 'cards_completed', value: f.cardsCompleted === null ? null : number.format(f.cardsCompleted) },
    {
      key: 'stamps_given',
      value: f.stampsGiven === null ? null : number.format(f.stampsGiven),
      to: '/stamp-cards/StampsTransaction',
    },
    {
      key: 'vouchers_issued',
      value: f.vouchersIssued === null ? null : number.format(f.vouchersIssued),
      to: '/vouchers/voucherHistory',
    },
    {
      key: 'vouchers_redeemed',
      value: f.vouchersRedeemed === null ? null : number.format(f.vouchersRedeemed),
    },
    {
      key: 'redemption_rate',
      value:
        f.vouchersIssued === null
          ? null
          : rate === null
            ? translate(`${K}.figures.redemption_rate_none`)
            : `${rate}%`,
    },
    { key: 'members', value: f.members === null ? null : number.format(f.members), to: MEMBERS_LIST_PATH },
  ];
  const shown = items.filter((i) => i.value !== null);
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="dashboard-figures" sx={{ mb: 4 }}>
      <Typography id="dashboard-figures" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {translate(`${K}.figures.title`)}
      </Typography>
      <Box sx={grid}>
        {shown.map((i) => (
          <Figure
            key={i.key}
            label={translate(`${K}.figures.${i.key}`)}
            value={i.value ?? ''}
            {...(i.to ? { to: i.to } : {})}
          />
        ))}
      </Box>
    </Box>
  );
};

/**
 * The chart's plot height, and what its legend above it adds on one line (13 px and a 16 px gap,
 * measured in Chromium): the space kept until it draws, so that nothing moves when it comes
 * (on a phone the legend can take two lines; the chart is the page's last part, so nothing is below).
 */
const CHART_HEIGHT = 280;
const CHART_LEGEND_HEIGHT = 29;
const chartModule = moduleLoader(() => import('./DashboardChart'));
const DashboardChart = lazyFrom(chartModule, (m) => m.DashboardChart);

/**
 * true once the element is within 200 px of the viewport: the chart's code loads and it
 * renders only then (on a phone it is below the fold, and drawing it was one of the longest tasks of
 * the page's load). Without IntersectionObserver (jsdom) it is at once.
 */
const useNearViewport = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
};

const Chart = ({ data }: { data: DashboardData }) => {
  const translate = useTranslate();
  const { ref, near } = useNearViewport();
  const series = [
    data.figures.stampsGiven !== null && {
      dataKey: 'stamps',
      label: translate(`${K}.chart.stamps`),
    },
    data.figures.vouchersIssued !== null && {
      dataKey: 'vouchersIssued',
      label: translate(`${K}.chart.vouchers_issued`),
    },
    data.figures.vouchersRedeemed !== null && {
      dataKey: 'vouchersRedeemed',
      label: translate(`${K}.chart.vouchers_redeemed`),
    },
  ].filter((s): s is { dataKey: string; label: string } => s !== false);
  if (series.length === 0) return null;
  const dataset = data.series.map((d) => ({ ...d, label: shortDay(d.day) }));
  return (
    <SectionCard id="dashboard-chart" title={translate(`${K}.chart.title`)} mb={4}>
      <Typography variant="body2" color="text.secondary">
        {translate(`${K}.chart.caption`, { zone: data.timeZone })}
      </Typography>
      <Box ref={ref} sx={{ minHeight: CHART_HEIGHT + CHART_LEGEND_HEIGHT }}>
        {near ? (
          <Suspense fallback={null}>
            <DashboardChart dataset={dataset} series={series} height={CHART_HEIGHT} />
          </Suspense>
        ) : null}
      </Box>
    </SectionCard>
  );
};

const Wallet = ({ wallet }: { wallet: NonNullable<DashboardData['wallet']> }) => {
  const translate = useTranslate();
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 3, mb: 4 }}
      component="section"
      aria-labelledby="dashboard-wallet"
    >
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <AccountBalanceWalletIcon color="primary" fontSize="large" aria-hidden />
          <Box sx={{ flexGrow: 1 }}>
            <Typography id="dashboard-wallet" variant="overline" color="text.secondary" component="h2">
              {translate(`${K}.wallet.title`)}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
              {money(wallet.balance, wallet.currency)}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1}>
            <Button component={Link} to="/finance/wallet/txn/history">
              {translate(`${K}.wallet.history`)}
            </Button>
            <Button variant="contained" component={Link} to="/finance/wallet/top-up">
              {translate(`${K}.wallet.top_up`)}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
};

export const DashboardPage = () => {
  const translate = useTranslate();
  const session = useSession();
  const [version, setVersion] = useState(0);
  const state = useDashboard(String(version));
  const user = session.status === 'user' ? session.user : null;
  const operator = session.status === 'user' && session.role === 'operator';
  return (
    <Box>
      <PageHeading
        title={translate(`${K}.title`)}
        heading={user ? translate(HOME_HEADING, { name: user.name }) : translate(`${K}.title`)}
      />
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(operator ? `${K}.intro_operator` : `${K}.intro_merchant`)}
      </Typography>
      {state.status === 'error' ? (
        <RetryAlert retryLabel={translate(`${K}.reload`)} onRetry={() => setVersion((v) => v + 1)}>
          {translate(`${K}.failed`)}
        </RetryAlert>
      ) : state.status !== 'ready' ? (
        <LoadingLine text={translate(`${K}.loading`)} />
      ) : (
        <>
          {state.data.wallet ? <Wallet wallet={state.data.wallet} /> : null}
          {state.data.waiting ? <Waiting waiting={state.data.waiting} operator={operator} /> : null}
          <Figures data={state.data} />
          <Chart data={state.data} />
        </>
      )}
    </Box>
  );
};

export default DashboardPage;
