// /analytics: the programme's figures over a date range (the last 30 days first), grouped by company,
// brand or store: the totals, a chart by day, a chart of the ten busiest groups and the table of
// every group, exported as CSV as shown. Every figure is GET /analytics' server-side aggregate.
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useEffect, useState } from 'react';
import { downloadCSV, Title, useTranslate } from 'react-admin';
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
      <Card variant="outlined" sx={card} component="section" aria-labelledby="analytics-days">
        <CardContent>
          <Typography id="analytics-days" variant="h6" component="h2">
            {translate(`${K}.by_day`)}
          </Typography>
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
        </CardContent>
      </Card>
      <Card variant="outlined" sx={card} component="section" aria-labelledby="analytics-top">
        <CardContent>
          <Typography id="analytics-top" variant="h6" component="h2">
            {translate(`${K}.top.${data.groupBy}`)}
          </Typography>
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
        </CardContent>
      </Card>
    </Box>
  );
};

const GroupTable = ({ data }: { data: AnalyticsAnswer }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={card} component="section" aria-labelledby="analytics-table">
      <CardContent>
        <Typography id="analytics-table" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`${K}.table.${data.groupBy}`)}
        </Typography>
        {data.rows.length === 0 ? (
          <Typography color="text.secondary">{translate(`${K}.empty`)}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="analytics-table">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${K}.group.${data.groupBy}`)}</TableCell>
                  {FIGURES.map((f) => (
                    <TableCell key={f} align="right">
                      {translate(`${K}.figures.${f}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.rows.map((r) => (
                  <TableRow key={String(r.id)}>
                    <TableCell component="th" scope="row">
                      {r.name ?? translate(`${K}.none.${data.groupBy}`)}
                    </TableCell>
                    {FIGURES.map((f) => (
                      <TableCell key={f} align="right">
                        {show(f, r[f])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {translate(`${K}.total`)}
                  </TableCell>
                  {FIGURES.map((f) => (
                    <TableCell key={f} align="right" sx={{ fontWeight: 600 }}>
                      {show(f, data.totals[f])}
                    </TableCell>
                  ))}
                </TableRow>
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
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
      <Title title={title} />
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
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
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => setVersion((v) => v + 1)}>
              {translate('dashboard.reload')}
            </Button>
          }
        >
          {failureOf(state.error).message}
        </Alert>
      ) : state.status === 'ready' ? (
        <Stack spacing={3}>
          <Totals data={state.data} />
          <Charts data={state.data} />
          <GroupTable data={state.data} />
        </Stack>
      ) : rangeOk ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>{translate(`${K}.loading`)}</Typography>
        </Stack>
      ) : null}
    </Box>
  );
};

export default AnalyticsPage;
