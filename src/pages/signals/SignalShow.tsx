// One fraud signal (issue 24, docs/api.md "Fraud signals"): what the job saw in plain words, the subject
// (store, device, staff account, member), the window and the numbers, the linked stamps transactions,
// and Resolve (a note first) while it is OPEN for whoever may update signals: operators any company's,
// a merchant their own (POST /signals/{id}/resolve).
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  ListButton,
  type RaRecord,
  Show,
  type ShowProps,
  TopToolbar,
  useCanAccess,
  useGetMany,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { canAccess } from '../../../contract/access';
import { signals } from '../../../resources';
import { actionsFrom } from '../../../resources/transitions';
import { RefField } from '../../builders/display';
import { useDates } from '../../components/dates';
import { NoteDialog } from '../../components/NoteDialog';
import { Detail, DetailSection } from '../../components/operations/details';
import { PlainTable } from '../../components/PlainTable';
import { useCaller } from '../../components/useCaller';
import { useIsPhone } from '../../components/useIsPhone';
import { ResultChip } from '../stampCards/parts';

const K = 'signals';
const R = 'resources.signals';
export const NOTE_MAX = 500;

/** The signal's state as a chip: OPEN in warning colours, RESOLVED quiet. */
export const SignalStateChip = ({ state }: { state: unknown }) => {
  const translate = useTranslate();
  if (state !== 'OPEN' && state !== 'RESOLVED') return null;
  return (
    <Chip
      size="small"
      variant={state === 'OPEN' ? 'filled' : 'outlined'}
      color={state === 'OPEN' ? 'warning' : 'success'}
      label={translate(`${R}.choices.state.${state}`)}
    />
  );
};

/** Asks for the note (required, at most 500 characters), then POSTs /resolve. */
const ResolveDialog = ({
  record,
  open,
  onClose,
}: {
  record: RaRecord;
  open: boolean;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  return (
    <NoteDialog
      open={open}
      onClose={onClose}
      titleId="resolve-signal-title"
      title={translate(`${K}.resolve_title`)}
      intro={translate(`${K}.resolve_intro`)}
      label={translate(`${K}.note`)}
      help={translate(`${K}.note_help`, { max: NOTE_MAX })}
      confirm={translate(`${K}.resolve_confirm`)}
      action={translate(`${K}.resolve`)}
      item={`#${String(record.id)}`}
      url={`${signals.path}/${encodeURIComponent(String(record.id))}/resolve`}
      field="note"
      max={NOTE_MAX}
      // resolved meanwhile (11)
      staleCodes={['STATE_TRANSITION_NOT_ALLOWED']}
    />
  );
};

/** Resolve, while the signal is OPEN and the caller may update signals (the declaration's arrow). */
const ResolveButton = () => {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const { caller } = useCaller();
  const [open, setOpen] = useState(false);
  if (!record || !caller) return null;
  const role = caller.isOperator ? 'operator' : 'merchant';
  const offered = actionsFrom(signals, 'state', record.state, role).some((a) => a.name === 'resolve');
  if (!offered || !canAccess(caller.subject, { action: 'UPDATE', resource: signals.permission })) return null;
  return (
    <>
      <Button variant="contained" startIcon={<CheckCircleOutlined />} onClick={() => setOpen(true)}>
        {translate(`${K}.resolve`)}
      </Button>
      <ResolveDialog record={record} open={open} onClose={() => setOpen(false)} />
    </>
  );
};

/** The signal's history (raised, resolved) in the audit log, for who may read it. */
const HistoryButton = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const { caller } = useCaller();
  if (!record || !caller || !canAccess(caller.subject, { action: 'VIEW', resource: 'auditLog' })) return null;
  const filter = encodeURIComponent(JSON.stringify({ resource: signals.name, recordId: String(record.id) }));
  return (
    <Button component={Link} to={`/config/audit-log?filter=${filter}`} startIcon={<HistoryOutlined />}>
      {translate(`${K}.history`)}
    </Button>
  );
};

const ShowActions = () => {
  const translate = useTranslate();
  return (
    <TopToolbar sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <ListButton label={translate(`${K}.back_to_list`)} />
      <HistoryButton />
      <Box sx={{ flex: 1 }} />
      <ResolveButton />
    </TopToolbar>
  );
};

/** `minutesApart` → "Minutes apart": the figures' keys in words. */
const words = (key: string): string => {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

const figureText = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

interface Txn {
  id: number;
  at?: string;
  storeId?: number | null;
  memberMobile?: string;
  stamps?: number;
  result?: string;
}

const idsOf = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];

/** The stamps transactions the signal names, each linking to its page. */
const LinkedTransactions = ({ ids }: { ids: number[] }) => {
  const translate = useTranslate();
  const dates = useDates();
  const phone = useIsPhone();
  const { canAccess: mayRead, isPending: accessPending } = useCanAccess({
    action: 'list',
    resource: 'stampsTransaction',
  });
  const { data, isPending, error } = useGetMany<Txn & RaRecord>(
    'stampsTransaction',
    { ids },
    { enabled: mayRead === true && ids.length > 0 },
  );
  if (ids.length === 0)
    return <Typography color="text.secondary">{translate(`${K}.transactions_none`)}</Typography>;
  if (accessPending) return null;
  if (!mayRead)
    return (
      <Typography color="text.secondary">
        {translate(`${K}.transactions_hidden`, { ids: ids.map((i) => `#${i}`).join(', ') })}
      </Typography>
    );
  if (error) return <Alert severity="error">{translate(`${K}.transactions_failed`)}</Alert>;
  if (isPending || !data) return null;
  // in the order they happened
  const rows = [...data].sort((a, b) => String(a.at ?? '').localeCompare(String(b.at ?? '')) || a.id - b.id);
  const link = (id: number) => (
    <MuiLink component={Link} to={`/stampsTransaction/${id}/show`}>
      {`#${id}`}
    </MuiLink>
  );
  if (phone)
    return (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((t) => (
          <Box component="li" key={t.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              {link(t.id)}
              <ResultChip result={t.result} />
            </Stack>
            <Typography variant="body2">{dates.dateTime(t.at)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {`${t.memberMobile ?? ''} · ${translate(`${K}.stamps`)} ${t.stamps ?? 0}`}
            </Typography>
          </Box>
        ))}
      </Stack>
    );
  return (
    <PlainTable
      label={translate(`${K}.transactions`)}
      rows={rows}
      rowKey={(t) => t.id}
      columns={[
        { label: translate(`${K}.transaction`), render: (t) => link(t.id) },
        { label: translate(`${K}.at`), render: (t) => dates.dateTime(t.at) },
        { label: translate(`${K}.store`), render: (t) => <StoreName id={t.storeId} /> },
        { label: translate(`${K}.member`), render: (t) => t.memberMobile },
        { label: translate(`${K}.stamps`), align: 'right', render: (t) => t.stamps },
        { label: translate(`${K}.result`), render: (t) => <ResultChip result={t.result} /> },
      ]}
    />
  );
};

/** A store by name (a transaction's, or one a figure names); its id while the name loads or is hidden. */
const StoreName = ({ id }: { id: number | null | undefined }) => {
  const { data } = useGetMany('store', { ids: id ? [id] : [] });
  const name = data?.[0]?.name;
  return <>{typeof name === 'string' ? name : id ? `#${id}` : '—'}</>;
};

/** A figure naming a store (`firstStoreId` …) by the store's name; any other as its value. */
const Figure = ({ name, value }: { name: string; value: unknown }) =>
  /StoreId$/.test(name) && typeof value === 'number' ? <StoreName id={value} /> : figureText(value);

const SignalDetails = () => {
  const record = useRecordContext<RaRecord>();
  const translate = useTranslate();
  const dates = useDates();
  if (!record) return null;
  const field = (name: string) => translate(`${R}.fields.${name}`);
  const kind = typeof record.kind === 'string' ? translate(`${R}.choices.kind.${record.kind}`) : '';
  const figures =
    record.figures && typeof record.figures === 'object' ? Object.entries(record.figures as object) : [];
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3.5 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'center' }, mb: 1 }}
        >
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {kind}
          </Typography>
          <Box>
            <SignalStateChip state={record.state} />
          </Box>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {`#${String(record.id)} · ${translate(`${K}.raised`)} ${dates.dateTime(record.createTime)}`}
        </Typography>

        <Alert severity={record.state === 'OPEN' ? 'warning' : 'info'} variant="outlined" sx={{ mb: 3 }}>
          <AlertTitle>{translate(`${K}.seen`)}</AlertTitle>
          {String(record.summary ?? '')}
        </Alert>

        {record.state === 'RESOLVED' ? (
          <Alert severity="success" variant="outlined" sx={{ mb: 3 }}>
            <AlertTitle>{`${translate(`${K}.resolved`)} · ${dates.dateTime(record.resolvedAt)}`}</AlertTitle>
            <Box sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>{String(record.note ?? '')}</Box>
            {record.resolvedBy ? (
              <Typography variant="body2" component="div">
                {`${translate(`${K}.resolved_by`)}: `}
                <RefField source="resolvedBy" reference="users" />
              </Typography>
            ) : null}
          </Alert>
        ) : null}

        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
          <DetailSection title={translate(`${K}.details`)}>
            <Detail label={translate(`${K}.window`)}>
              {translate(`${K}.window_value`, {
                from: dates.dateTime(record.windowStart),
                to: dates.dateTime(record.windowEnd),
              })}
            </Detail>
            {record.storeId ? (
              <Detail label={field('storeId')}>
                <RefField source="storeId" reference="store" />
              </Detail>
            ) : null}
            {record.deviceId ? (
              <Detail label={field('deviceId')}>
                <RefField source="deviceId" reference="devices" />
              </Detail>
            ) : null}
            {record.staffId ? (
              <Detail label={field('staffId')}>
                <RefField source="staffId" reference="users" />
              </Detail>
            ) : null}
            {record.memberMobile ? (
              <Detail label={field('memberMobile')}>{String(record.memberMobile)}</Detail>
            ) : null}
          </DetailSection>
          <DetailSection title={translate(`${K}.figures`)}>
            {figures.map(([key, value]) => (
              <Detail key={key} label={words(key).replace(/ store id$/, ' store')}>
                <Figure name={key} value={value} />
              </Detail>
            ))}
          </DetailSection>
        </Box>

        <Divider sx={{ my: 3 }} />
        <Typography variant="overline" color="text.secondary" component="h2">
          {translate(`${K}.transactions`)}
        </Typography>
        <Box sx={{ overflowX: 'auto', mt: 1 }}>
          <LinkedTransactions ids={idsOf(record.transactionIds)} />
        </Box>
      </CardContent>
    </Card>
  );
};

/** react-admin's show view of signals (registered through src/pages/resources/overrides.ts). */
export const SignalShow = (props: Partial<ShowProps>) => (
  <Show resource={signals.name} actions={<ShowActions />} component={Box} {...props}>
    <SignalDetails />
  </Show>
);
