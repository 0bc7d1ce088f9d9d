// /VoucherManagement (spec 2; issue 42): a merchant's vouchers at a glance, not another list. This
// week's issued, redeemed and expired vouchers (counted by the voucher history's list: one row asked
// for, its total read, since Monday 00:00 in the user's time zone), then every live pack with what is
// left of it, its limits and its sale window, and the actions: issue from a pack, a new pack, the
// voucher list and history. An operator reads every company's packs, each named by its company.
// Everything read goes through the declared tables' list routes, scoped by the server.
import AddIcon from '@mui/icons-material/Add';
import HistoryIcon from '@mui/icons-material/History';
import ListIcon from '@mui/icons-material/List';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useGetMany, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { canAccess } from '../../../contract/access';
import type { VoucherHistoryAction } from '../../../contract/enums';
import { voucherHistory, voucherPacks } from '../../../resources';
import { useDates } from '../../components/dates';
import { useLoadable } from '../../components/operations/useLoadable';
import { EmptyState, PageFrame } from '../../components/PageFrame';
import { PlainTable } from '../../components/PlainTable';
import { useCaller } from '../../components/useCaller';
import { useIsPhone } from '../../components/useIsPhone';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { voucherManagementEn } from '../../i18n/voucherManagement.en';
import { formatMoney } from '../finance/api';
import { useVoucherAccess } from './access';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);
// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(voucherManagementEn);

const K = 'voucherManagement';
/** the week's movements shown, in this order */
const WEEK_ACTIONS = ['ISSUED', 'REDEEMED', 'EXPIRED'] as const satisfies readonly VoucherHistoryAction[];
/** the columns the page reads of a pack (the list's `project`; the company brings its `currency`) */
const PACK_FIELDS = [
  'title',
  'companyId',
  'voucherValue',
  'quantity',
  'issuedCount',
  'issueLimitPerMember',
  'validFrom',
  'validUntil',
  'state',
] as const;
const PACKS_SHOWN = 50;

export interface PackRow {
  id: number;
  title: string;
  companyId: number;
  voucherValue: string | number;
  currency?: string;
  quantity: number;
  issuedCount: number;
  issueLimitPerMember: number | null;
  validFrom: string;
  validUntil: string;
  state: string;
}

/** Monday 00:00 of this week in `timeZone`, as the instant the history's filter takes. */
export const weekStartOf = (timeZone: string, now: Date = new Date()): string =>
  dayjs(now).tz(timeZone).startOf('isoWeek').toISOString();

const json = (v: unknown) => JSON.stringify(v);

/** The week's figures: one count per movement, each the total of a one-row list. */
const useWeek = (since: string) =>
  useLoadable<Record<(typeof WEEK_ACTIONS)[number], number>>({
    key: `voucher-week:${since}`,
    load: async (http) => {
      const counts = await Promise.all(
        WEEK_ACTIONS.map(async (action) => {
          const res = await http<unknown[]>(voucherHistory.path, {
            query: {
              filter: json([
                { field: 'action', op: 'eq', value: action },
                { field: 'at', op: 'gte', value: since },
              ]),
              size: 1,
              project: json(['id']),
            },
          });
          return [action, res.page?.totalElements ?? res.data.length] as const;
        }),
      );
      return Object.fromEntries(counts) as Record<(typeof WEEK_ACTIONS)[number], number>;
    },
  });

/** The packs still on sale or paused, the soonest to end first. */
const usePacks = () =>
  useLoadable<PackRow[]>({
    key: 'voucher-management-packs',
    load: async (http) =>
      (
        await http<PackRow[]>(voucherPacks.path, {
          query: {
            filter: json([{ field: 'state', op: 'in', value: ['ACTIVE', 'DISABLED'] }]),
            sort: 'validUntil,asc',
            size: PACKS_SHOWN,
            project: json(PACK_FIELDS),
          },
        })
      ).data,
  });

const WeekFigures = ({ since }: { since: string }) => {
  const translate = useTranslate();
  const week = useWeek(since);
  return (
    <Box
      component="section"
      aria-label={translate(`${K}.week_title`)}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr 1fr' }, mb: 3 }}
    >
      {WEEK_ACTIONS.map((action) => (
        <Card key={action} variant="outlined">
          <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography variant="body2" color="text.secondary">
              {translate(`${K}.week.${action}`)}
            </Typography>
            <Typography variant="h4" component="p" aria-live="polite">
              {week.status === 'ready' ? week.data[action] : '…'}
            </Typography>
          </CardContent>
        </Card>
      ))}
      {week.status === 'error' ? (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {translate(`${K}.week_failed`)}
        </Alert>
      ) : null}
    </Box>
  );
};

/** What is left of a pack: a bar and "120 of 500 left". */
const Left = ({ pack }: { pack: PackRow }) => {
  const translate = useTranslate();
  const left = Math.max(pack.quantity - pack.issuedCount, 0);
  const share = pack.quantity > 0 ? (left / pack.quantity) * 100 : 0;
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="body2">
        {translate(`${K}.left`, { left: left.toLocaleString(), quantity: pack.quantity.toLocaleString() })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={share}
        color={share <= 10 ? 'warning' : 'primary'}
        aria-label={translate(`${K}.left_label`, { title: pack.title })}
      />
    </Box>
  );
};

export const VoucherManagementPage = () => {
  const translate = useTranslate();
  const isPhone = useIsPhone();
  const { caller } = useCaller();
  const { mayIssue } = useVoucherAccess();
  const { timeZone } = useDates();
  const since = weekStartOf(timeZone);
  const packs = usePacks();
  const mayAddPack =
    caller !== null && canAccess(caller.subject, { action: 'ADD', resource: 'voucherPacks' });
  const list = packs.status === 'ready' ? packs.data : [];
  return (
    <PageFrame
      title={translate('common.screens.voucher_management')}
      intro={translate(`${K}.intro`)}
      maxWidth="none"
      action={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {mayIssue ? (
            <Button variant="contained" startIcon={<SendIcon />} component={RouterLink} to="/vouchers/create">
              {translate(`${K}.issue`)}
            </Button>
          ) : null}
          {mayAddPack ? (
            <Button startIcon={<AddIcon />} component={RouterLink} to="/vouchers/voucherPackList/create">
              {translate(`${K}.new_pack`)}
            </Button>
          ) : null}
          <Button startIcon={<ListIcon />} component={RouterLink} to="/vouchers">
            {translate(`${K}.all_vouchers`)}
          </Button>
          <Button startIcon={<HistoryIcon />} component={RouterLink} to="/vouchers/voucherHistory">
            {translate(`${K}.history`)}
          </Button>
        </Stack>
      }
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(`${K}.week_title`)}
      </Typography>
      <WeekFigures since={since} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(`${K}.packs_title`)}
      </Typography>
      {packs.status === 'error' ? <Alert severity="error">{translate(`${K}.packs_failed`)}</Alert> : null}
      {packs.status === 'ready' && list.length === 0 ? (
        <EmptyState title={translate(`${K}.no_packs`)} body={translate(`${K}.no_packs_body`)} />
      ) : null}
      {list.length > 0 ? (
        <PackTable packs={list} phone={isPhone} mayIssue={mayIssue} operator={caller?.isOperator ?? false} />
      ) : null}
    </PageFrame>
  );
};

const money = (amount: string | number, currency: string | undefined) =>
  currency ? formatMoney(Number(amount), currency) : Number(amount).toFixed(2);

const PackActions = ({ pack, mayIssue }: { pack: PackRow; mayIssue: boolean }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {mayIssue && pack.state === 'ACTIVE' && pack.issuedCount < pack.quantity ? (
        <Button size="small" component={RouterLink} to={`/vouchers/create?voucherPackId=${pack.id}`}>
          {translate(`${K}.issue_from`)}
        </Button>
      ) : null}
      <Button size="small" component={RouterLink} to={`${voucherPacks.route}/${pack.id}/show`}>
        {translate(`${K}.open`)}
      </Button>
    </Box>
  );
};

const PackTable = ({
  packs,
  phone,
  mayIssue,
  operator,
}: {
  packs: PackRow[];
  phone: boolean;
  mayIssue: boolean;
  operator: boolean;
}) => {
  const translate = useTranslate();
  const { dateRange } = useDates();
  // an operator reads many companies' packs: each row names its company
  const companies = useGetMany<{ id: number; name: string }>(
    'company',
    { ids: [...new Set(packs.map((p) => p.companyId))] },
    { enabled: operator },
  );
  const companyName = (id: number) => companies.data?.find((c) => c.id === id)?.name ?? `#${id}`;
  const stateChip = (p: PackRow) => (
    <Chip
      size="small"
      color={p.state === 'ACTIVE' ? 'success' : 'default'}
      label={translate(`resources.voucherPacks.choices.state.${p.state}`, { _: p.state })}
    />
  );
  const limit = (p: PackRow) =>
    p.issueLimitPerMember === null
      ? translate(`${K}.no_limit`)
      : translate(`${K}.per_member`, { smart_count: p.issueLimitPerMember });
  if (phone)
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {packs.map((p) => (
          <Card key={p.id} variant="outlined" component="li" aria-label={p.title}>
            <CardContent>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 1 }}>
                <Typography variant="subtitle1" component="h3">
                  {p.title}
                </Typography>
                {stateChip(p)}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {money(p.voucherValue, p.currency)} · {limit(p)} · {dateRange(p.validFrom, p.validUntil)}
              </Typography>
              <Box sx={{ my: 1 }}>
                <Left pack={p} />
              </Box>
              <PackActions pack={p} mayIssue={mayIssue} />
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  return (
    <PlainTable
      label={translate(`${K}.packs_title`)}
      frame="card"
      rows={packs}
      rowKey={(p) => p.id}
      columns={[
        { label: translate(`${K}.col.pack`), render: (p) => p.title, rowHeader: true },
        operator && {
          label: translate(`${K}.col.company`),
          render: (p) => companyName(p.companyId),
        },
        { label: translate(`${K}.col.value`), render: (p) => money(p.voucherValue, p.currency) },
        { label: translate(`${K}.col.left`), render: (p) => <Left pack={p} /> },
        { label: translate(`${K}.col.limit`), render: limit },
        { label: translate(`${K}.col.window`), render: (p) => dateRange(p.validFrom, p.validUntil) },
        { label: translate(`${K}.col.state`), render: stateChip },
        { label: translate(`${K}.col.actions`), render: (p) => <PackActions pack={p} mayIssue={mayIssue} /> },
      ]}
    />
  );
};
