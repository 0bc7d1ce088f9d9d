// /analytics: the programme's figures over a date range (the last 30 days first), grouped by company,
// brand or store: the totals, a chart by day, a chart of the ten busiest groups and the table of
// every group, exported as CSV as shown. Every figure is GET /analytics' server-side aggregate.
import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useEffect, useState } from 'react';
import { downloadCSV, useTranslate } from 'react-admin';
import {
  ANALYTICS_GROUPS,
  type AnalyticsAnswer,
  type AnalyticsFigures,
  type AnalyticsGroup,
} from '../../../contract/analytics';
import { useCountry } from '../../components/CountryContext';
import { Picker } from '../../components/DatePickers';
import { failureOf } from '../../components/operations/failure';
import { useLoadable } from '../../components/operations/useLoadable';
import { LoadingLine, PageHeading, RetryAlert } from '../../components/PageHeading';
import { PlainTable } from '../../components/PlainTable';
import { SectionCard } from '../../components/SectionCard';
import { analyticsCsv, dayIn, FIGURES, fetchAnalytics, localDay } from './api';

const K = 'analytics';
const number = new Intl.NumberFormat('en-SG');

const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-SG', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const show = (f: keyof AnalyticsFigures, v: number | null): string =>
  v === null ? '–' : f === 'redemptionRate' ? `${v}%` : number.format(v);

const card = { borderRadius: 3 } as const;

const Totals = ({ data }: { data: AnalyticsAnswer }) => {
  const translate = useTranslate();
  return (
    <Box
      component="section"
      aria-label={translate(`${K}.totals`)}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
    >
      {FIGURES.map((f) => (
        <Card key={f} variant="outlined" sx={card}>
          <CardContent>
            <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.4 }}>
              {translate(`${K}.figures.${f}`)}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              {show(f, data.totals[f])}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
};

const Charts = ({ data }: { data: AnalyticsAnswer }) => {
  const translate = useTranslate();
  const top = data.rows.slice(0, 10).map((r) => ({
    ...r,
    label: r.name ?? translate(`${K}.none.${data.groupBy}`),
  }));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
      <SectionCard id="analytics-days" title={translate(`${K}.by_day`)}>
        <Typography variant="body2" color="text.secondary">
          {translate(`${K}.zone`, { zone: data.timeZone })}
        </Typography>
        <LineChart
          dataset={data.days.map((d) => ({ ...d, label: shortDay(d.day) }))}
          xAxis={[{ scaleType: 'point', dataKey: 'label' }]}
          series={[
            {
              dataKey: 'stampsGiven',
              label: translate(`${K}.figures.stampsGiven`),
              showMark: false,
              curve: 'linear',
            },
            {
              dataKey: 'vouchersIssued',
              label: translate(`${K}.figures.vouchersIssued`),
              showMark: false,
              curve: 'linear',
            },
            {
              dataKey: 'vouchersRedeemed',
              label: translate(`${K}.figures.vouchersRedeemed`),
              showMark: false,
            },
          ]}
          height={280}
        />
      </SectionCard>
      <SectionCard id="analytics-top" title={translate(`${K}.top.${data.groupBy}`)}>
        {top.length === 0 ? (
          <Typography color="text.secondary">{translate(`${K}.empty`)}</Typography>
        ) : (
          <BarChart
            dataset={top}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', dataKey: 'label', width: 120 }]}
            series={[
              { dataKey: 'stampsGiven', label: translate(`${K}.figures.stampsGiven`) },
              { dataKey: 'vouchersRedeemed', label: translate(`${K}.figures.vouchersRedeemed`) },
            ]}
            height={Math.max(200, 48 * top.length + 80)}
          />
        )}
      </SectionCard>
    </Box>
  );
};

/** One line of the group table: a group's figures, or the whole range's in bold at the foot. */
interface GroupLine {
  key: string;
  name: string;
  figures: AnalyticsFigures;
  total: boolean;
}

const GroupTable = ({ data }: { data: AnalyticsAnswer }) => {
  const translate = useTranslate();
  const bold = (line: GroupLine) => (line.total ? { fontWeight: 600 } : undefined);
  const lines: GroupLine[] =
    data.rows.length === 0
      ? []
      : [
          ...data.rows.map((r) => ({
            key: String(r.id),
            name: r.name ?? translate(`${K}.none.${data.groupBy}`),
            figures: r,
            total: false,
          })),
          { key: 'total', name: translate(`${K}.total`), figures: data.totals, total: true },
        ];
  return (
    <SectionCard id="analytics-table" title={translate(`${K}.table.${data.groupBy}`)} headingGap={1}>
      <PlainTable
        labelledBy="analytics-table"
        frame="scroll"
        empty={translate(`${K}.empty`)}
        rows={lines}
        rowKey={(line) => line.key}
        columns={[
          {
            label: translate(`${K}.group.${data.groupBy}`),
            rowHeader: true,
            rowSx: bold,
            render: (line) => line.name,
          },
          ...FIGURES.map((f) => ({
            key: f,
            label: translate(`${K}.figures.${f}`),
            align: 'right' as const,
            rowSx: bold,
            render: (line: GroupLine) => show(f, line.figures[f]),
          })),
        ]}
      />
    </SectionCard>
  );
};

export const AnalyticsPage = () => {
  const translate = useTranslate();
  const { country } = useCountry();
  // The days the server counts are the country's: until the user picks them, the range is the last 30
  // days of the country's calendar once an answer has named its time zone, of the browser's before
  // (from 16:00 UTC a Singapore "today" is the browser's tomorrow).
  const [zone, setZone] = useState<string | null>(null);
  const [pickedFrom, setFrom] = useState<string | null>(null);
  const [pickedTo, setTo] = useState<string | null>(null);
  const from = pickedFrom ?? (zone ? dayIn(zone, -29) : localDay(-29));
  const to = pickedTo ?? (zone ? dayIn(zone, 0) : localDay(0));
  const [groupBy, setGroupBy] = useState<AnalyticsGroup>('company');
  const [version, setVersion] = useState(0);
  const rangeOk = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const state = useLoadable(
    rangeOk
      ? {
          key: `analytics:${from}:${to}:${groupBy}:${country}:${version}`,
          load: (http) => fetchAnalytics(http, { from, to, groupBy }),
        }
      : null,
  );
  const title = translate('common.screens.analytics');
  const answeredZone = state.status === 'ready' ? state.data.timeZone : null;
  useEffect(() => {
    if (answeredZone) setZone(answeredZone);
  }, [answeredZone]);

  const exportCsv = () => {
    if (state.status !== 'ready') return;
    const figures = Object.fromEntries(FIGURES.map((f) => [f, translate(`${K}.figures.${f}`)])) as Record<
      keyof AnalyticsFigures,
      string
    >;
    downloadCSV(
      analyticsCsv(state.data, {
        group: translate(`${K}.group.${groupBy}`),
        none: translate(`${K}.none.${groupBy}`),
        total: translate(`${K}.total`),
        figures,
      }),
      `analytics-${groupBy}-${from}-${to}`,
    );
  };

  return (
    <Box>
      <PageHeading title={title} />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { md: 'center' } }}
        component="form"
        aria-label={translate(`${K}.filters`)}
        onSubmit={(e) => e.preventDefault()}
      >
        <Picker
          kind="day"
          label={translate(`${K}.from`)}
          value={from || null}
          onChange={(day) => setFrom(day ?? '')}
          maxDay={to}
          textField={{ sx: { width: { md: 190 } } }}
        />
        <Picker
          kind="day"
          label={translate(`${K}.to`)}
          value={to || null}
          onChange={(day) => setTo(day ?? '')}
          minDay={from}
          textField={{ sx: { width: { md: 190 } } }}
          error={!rangeOk}
          helperText={rangeOk ? undefined : translate(`${K}.range_invalid`)}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={groupBy}
          onChange={(_, v: AnalyticsGroup | null) => v && setGroupBy(v)}
          aria-label={translate(`${K}.group_by`)}
        >
          {ANALYTICS_GROUPS.map((g) => (
            <ToggleButton key={g} value={g}>
              {translate(`${K}.group.${g}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          startIcon={<DownloadIcon />}
          onClick={exportCsv}
          disabled={state.status !== 'ready'}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {translate(`${K}.export`)}
        </Button>
      </Stack>
      {state.status === 'error' ? (
        <RetryAlert retryLabel={translate('dashboard.reload')} onRetry={() => setVersion((v) => v + 1)}>
          {failureOf(state.error).message}
        </RetryAlert>
      ) : state.status === 'ready' ? (
        <Stack spacing={3}>
          <Totals data={state.data} />
          <Charts data={state.data} />
          <GroupTable data={state.data} />
        </Stack>
      ) : rangeOk ? (
        <LoadingLine text={translate(`${K}.loading`)} />
      ) : null}
    </Box>
  );
};

export default AnalyticsPage;
