// One push notification (replaces the generated push show view, src/pages/resources/overrides.ts): its
// message, audience and times with its state; Schedule while PENDING and Cancel while SCHEDULED and not
// yet being sent (POST /push/{id}/schedule and /cancel after 'Confirm to {action} - {item}?'), Edit
// while PENDING; before sending, whom it would reach now; once sent (COMPLETED or FAILED) its figures,
// the failure reason, and its deliveries (GET /push-deliveries?filter=pushId): each member's message
// as it was filled in and sent. With the local push outbox these rows are the outbox.
import ArrowBack from '@mui/icons-material/ArrowBack';
import CancelScheduleSendOutlined from '@mui/icons-material/CancelScheduleSendOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ScheduleSendOutlined from '@mui/icons-material/ScheduleSendOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useRef } from 'react';
import {
  DataTable,
  Pagination,
  type RaRecord,
  ReferenceField,
  ReferenceManyField,
  Show,
  type ShowProps,
  TextField,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useListContext,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { push } from '../../../resources';
import { pushDeliveries } from '../../../resources/tables/pushDeliveries';
import { actionsFrom } from '../../../resources/transitions';
import { useRole } from '../../builders/buttons';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { pushEn } from '../../i18n/push.en';
import { isApiError } from '../../providers/httpClient';
import {
  outsideBrand,
  type PushOperation,
  pushStateOf,
  runPushOperation,
  useAudiencePreview,
  useBrandLimit,
} from './api';
import { Reach } from './PushPreview';
import { DeliveryStateChip, Detail, DetailList, FigureTile, PushStateChip } from './parts';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(pushEn);

const K = 'pushPages.show';
const F = 'resources.push.fields';

/**
 * Schedule or Cancel: the spec's confirm, then the operation under an Idempotency-Key. A request that
 * got no answer (the network failed) goes again under the same key, so it cannot happen twice.
 */
const OperationButton = ({ record, operation }: { record: RaRecord; operation: PushOperation }) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const refresh = useRefresh();
  const { confirm, confirmDialog } = useConfirmAction();
  const unanswered = useRef<string | null>(null);
  const label = translate(`resources.push.actions.${operation}`);
  const onClick = async () => {
    const outcome = await confirm({
      action: label,
      item: String(record.title ?? `#${String(record.id)}`),
      run: async () => {
        const key = unanswered.current ?? crypto.randomUUID();
        unanswered.current = null;
        try {
          return await runPushOperation(http, record.id, operation, key);
        } catch (error) {
          if (!(isApiError(error) && error.response !== undefined)) unanswered.current = key;
          throw error;
        }
      },
    });
    if (outcome.status === 'success') refresh();
  };
  return (
    <>
      <Button
        variant={operation === 'schedule' ? 'contained' : 'outlined'}
        color={operation === 'schedule' ? 'primary' : 'warning'}
        startIcon={operation === 'schedule' ? <ScheduleSendOutlined /> : <CancelScheduleSendOutlined />}
        onClick={onClick}
      >
        {label}
      </Button>
      {confirmDialog}
    </>
  );
};

const PushActions = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const record = useRecordContext<RaRecord>();
  const { canAccess: mayUpdate } = useCanAccess({ action: 'edit', resource: push.name });
  const brandLimit = useBrandLimit();
  const state = pushStateOf(record?.state);
  const started = record?.startedAt !== null && record?.startedAt !== undefined;
  const mine = record !== undefined && !outsideBrand(record, brandLimit);
  const role = useRole();
  // the declared arrows the caller may take from here (resources/tables/push.ts)
  const offered = new Set(
    record && role && mayUpdate ? actionsFrom(push, 'state', record.state, role).map((a) => a.name) : [],
  );
  return (
    <TopToolbar sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button component={RouterLink} to={push.route ?? '/'} startIcon={<ArrowBack />}>
        {translate(`${K}.back_to_list`)}
      </Button>
      <Box sx={{ flex: 1 }} />
      {record && mayUpdate && state === 'PENDING' ? (
        <>
          <Button
            component={RouterLink}
            to={createPath({ resource: push.name, id: record.id, type: 'edit' })}
            startIcon={<EditOutlined />}
          >
            {translate('ra.action.edit')}
          </Button>
          {mine && offered.has('schedule') ? <OperationButton record={record} operation="schedule" /> : null}
        </>
      ) : null}
      {record && offered.has('cancel') && !started ? (
        <OperationButton record={record} operation="cancel" />
      ) : null}
    </TopToolbar>
  );
};

/** A brand's, store's or segment's name (its id for a user who may not read them). */
const NameOf = ({ source, reference }: { source: string; reference: 'brand' | 'store' | 'segments' }) => {
  const record = useRecordContext<RaRecord>();
  const { canAccess } = useCanAccess({ action: 'list', resource: reference });
  const id: unknown = record?.[source];
  if (typeof id !== 'number') return <>—</>;
  if (!canAccess) return <>{`#${id}`}</>;
  return (
    <ReferenceField source={source} reference={reference} link="show">
      <TextField source="name" />
    </ReferenceField>
  );
};

/** "Members of one store · Acme Coffee Raffles". */
const AudienceText = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const audience = typeof record.audience === 'string' ? record.audience : '';
  const target =
    audience === 'BRAND' ? (
      <NameOf source="audienceBrandId" reference="brand" />
    ) : audience === 'STORE' ? (
      <NameOf source="audienceStoreId" reference="store" />
    ) : audience === 'MEMBER' ? (
      String(record.audienceMobile ?? '—')
    ) : audience === 'SEGMENT' ? (
      <NameOf source="segmentId" reference="segments" />
    ) : null;
  return (
    <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', alignItems: 'baseline' }} component="span">
      <span>{translate(`resources.push.choices.audience.${audience}`, { _: audience || '—' })}</span>
      {target !== null ? (
        <>
          <span aria-hidden>·</span>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {target}
          </Box>
        </>
      ) : null}
    </Stack>
  );
};

const PushCard = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { dateTime: when } = useDates();
  const { canAccess: mayReadTemplates } = useCanAccess({ action: 'list', resource: 'pushTemplates' });
  // a merchant's pushes are all their own company's: only operators are told which
  const isOperator = useRole() === 'operator';
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {String(record.title ?? '')}
          </Typography>
          <PushStateChip state={record.state} />
        </Stack>
        <Typography variant="body1" sx={{ mb: 2.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {String(record.body ?? '')}
        </Typography>
        <DetailList>
          <Detail label={translate(`${F}.audience`)}>
            <AudienceText record={record} />
          </Detail>
          <Detail label={translate(`${F}.scheduledAt`)}>{when(record.scheduledAt)}</Detail>
          {record.templateId ? (
            <Detail label={translate(`${F}.templateId`)}>
              {mayReadTemplates ? (
                <ReferenceField source="templateId" reference="pushTemplates" link="show">
                  <TextField source="title" />
                </ReferenceField>
              ) : (
                `#${String(record.templateId)}`
              )}
            </Detail>
          ) : null}
          {record.startedAt ? (
            <Detail label={translate(`${F}.startedAt`)}>{when(record.startedAt)}</Detail>
          ) : null}
          {isOperator && record.companyId ? (
            <Detail label={translate(`${F}.companyId`)}>
              <ReferenceField source="companyId" reference="company" link="show">
                <TextField source="name" />
              </ReferenceField>
            </Detail>
          ) : null}
          <Detail label={translate(`${F}.createTime`)}>{when(record.createTime)}</Detail>
          <Detail label={translate(`${F}.updateTime`)}>{when(record.updateTime)}</Detail>
        </DetailList>
      </CardContent>
    </Card>
  );
};

/** Before sending: whom the audience reaches now, and when it goes. */
const BeforeSending = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { dateTime: when } = useDates();
  const { canAccess } = useCanAccess({ action: 'edit', resource: push.name });
  const isOperator = useRole() === 'operator';
  const outside = outsideBrand(record, useBrandLimit());
  const state = pushStateOf(record.state);
  const reach = useAudiencePreview(
    {
      // a push outside the caller's brand is not theirs to count (the server says 26237)
      audience: outside ? null : record.audience,
      audienceBrandId: record.audienceBrandId,
      audienceStoreId: record.audienceStoreId,
      audienceMobile: record.audienceMobile,
      segmentId: record.segmentId,
      companyId: record.companyId,
    },
    isOperator,
    0,
  );
  return (
    <Box component="section" aria-label={translate(`${K}.before_title`)}>
      <Typography variant="overline" color="text.secondary" component="h2">
        {translate(`${K}.before_title`)}
      </Typography>
      <Stack spacing={1.5}>
        {state === 'SCHEDULED' ? (
          <Alert severity="info" variant="outlined">
            {record.startedAt
              ? translate(`${K}.sending`)
              : translate(`${K}.scheduled_for`, { at: when(record.scheduledAt) })}
          </Alert>
        ) : outside ? (
          <Alert severity="warning" variant="outlined">
            {translate(`${K}.outside_brand`)}
          </Alert>
        ) : canAccess ? (
          <Alert severity="info" variant="outlined">
            {translate(`${K}.pending_hint`)}
          </Alert>
        ) : null}
        {canAccess && !outside ? <Reach state={reach} /> : null}
      </Stack>
    </Box>
  );
};

const Figures = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { dateTime: when } = useDates();
  const sent = Number(record.sentCount ?? 0);
  const failed = Number(record.failedCount ?? 0);
  const total = sent + failed;
  return (
    <Box component="section" aria-label={translate(`${K}.figures.title`)}>
      <Typography variant="overline" color="text.secondary" component="h2">
        {translate(`${K}.figures.title`)}
      </Typography>
      {pushStateOf(record.state) === 'FAILED' ? (
        <Alert severity="error" variant="outlined" sx={{ mb: 2 }}>
          <AlertTitle>{translate(`${F}.failureReason`)}</AlertTitle>
          {String(record.failureReason ?? translate(`${K}.no_reason`))}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
        <FigureTile
          label={translate(`${K}.figures.sent`)}
          value={sent}
          tone="success.main"
          caption={translate(`${K}.figures.sent_caption`, { smart_count: total })}
        />
        <FigureTile
          label={translate(`${K}.figures.failed`)}
          value={failed}
          tone={failed > 0 ? 'error.main' : 'text.primary'}
          caption={translate(`${K}.figures.failed_caption`)}
        />
        <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, display: 'grid' }}>
          <FigureTile
            label={translate(`${K}.figures.sent_at`)}
            value={
              <Box component="span" sx={{ display: 'block', fontSize: '1.1rem', fontWeight: 600, pt: 1 }}>
                {when(record.sentAt)}
              </Box>
            }
            caption={translate(`${K}.figures.started_at`, { at: when(record.startedAt) })}
          />
        </Box>
      </Box>
    </Box>
  );
};

const MessageAsSent = ({ row }: { row: RaRecord }) => (
  <Box sx={{ minWidth: 200, maxWidth: 420 }}>
    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {String(row.title ?? '')}
    </Typography>
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {String(row.body ?? '')}
    </Typography>
  </Box>
);

/** The deliveries as a table (wide screens), scrolling sideways inside its card when it must. */
const D = 'resources.pushDeliveries.fields';

const DeliveryTable = () => {
  const translate = useTranslate();
  const { dateTime: when } = useDates();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col
          source="memberMobile"
          label={translate(`${D}.memberMobile`)}
          render={(r: RaRecord) => (
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {String(r.memberMobile ?? '')}
            </Typography>
          )}
        />
        <DataTable.Col
          source="state"
          label={translate(`${D}.state`)}
          render={(r: RaRecord) => (
            <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
              <DeliveryStateChip state={r.state} />
              {r.error ? (
                <Typography variant="caption" color="error">
                  {String(r.error)}
                </Typography>
              ) : null}
            </Stack>
          )}
        />
        <DataTable.Col
          source="title"
          label={translate(`${K}.message`)}
          disableSort
          render={(r: RaRecord) => <MessageAsSent row={r} />}
        />
        <DataTable.Col source="provider" label={translate(`${D}.provider`)} disableSort />
        <DataTable.Col
          source="at"
          label={translate(`${D}.at`)}
          render={(r: RaRecord) => <Box sx={{ whiteSpace: 'nowrap' }}>{when(r.at)}</Box>}
        />
      </DataTable>
    </Box>
  );
};

/** The deliveries as a list (phones): the member, the state and the time, the message under them. */
const DeliveryItems = () => {
  const { dateTime: when } = useDates();
  const { data } = useListContext<RaRecord>();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {(data ?? []).map((row) => (
        <Box component="li" key={row.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {String(row.memberMobile ?? '')}
            </Typography>
            <DeliveryStateChip state={row.state} />
          </Stack>
          <MessageAsSent row={row} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {`${when(row.at)} · ${String(row.provider ?? '')}`}
          </Typography>
          {row.error ? (
            <Typography variant="caption" color="error" sx={{ display: 'block' }}>
              {String(row.error)}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
};

const Deliveries = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource: pushDeliveries.name });
  if (isPending || !canAccess) return null;
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 3 }}
      component="section"
      aria-label={translate(`${K}.deliveries`)}
    >
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate(`${K}.deliveries`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(`${K}.deliveries_hint`)}
        </Typography>
        <ReferenceManyField
          record={record}
          reference={pushDeliveries.name}
          target="pushId"
          sort={{ field: 'at', order: 'DESC' }}
          perPage={10}
          pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
          empty={
            <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
              {translate(`${K}.no_deliveries`)}
            </Typography>
          }
        >
          {small ? <DeliveryItems /> : <DeliveryTable />}
        </ReferenceManyField>
      </CardContent>
    </Card>
  );
};

const PushPage = () => {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  const state = pushStateOf(record.state);
  const sent = state === 'COMPLETED' || state === 'FAILED';
  const started = record.startedAt !== null && record.startedAt !== undefined;
  return (
    <Stack spacing={3}>
      <PushCard record={record} />
      {sent ? <Figures record={record} /> : <BeforeSending record={record} />}
      {/* asked for again each time the push moves (the page follows it while it is being sent) */}
      {sent || started ? <Deliveries key={String(record.updateTime)} record={record} /> : null}
    </Stack>
  );
};

/** How often a push's page asks for the push again while the server may move it by itself. */
export const PUSH_FOLLOW_MS = 3_000;

/**
 * Does the server move a push in `state` by itself? Its sending job's arrows are the declared actions
 * nobody runs through the API (roles: []): from SCHEDULED (sending included) to COMPLETED or FAILED.
 */
export const movesByItself = (state: unknown): boolean =>
  push.actions.some((a) => a.roles.length === 0 && (a.from as readonly unknown[]).includes(state));

/** The page follows the push (its state, figures and deliveries) while the job may still move it. */
const followPush = {
  refetchInterval: (query: { state: { data?: RaRecord | undefined } }) =>
    movesByItself(query.state.data?.state) ? PUSH_FOLLOW_MS : false,
};

/** react-admin's show view of push (registered through src/pages/resources/overrides.ts). */
export const PushShow = (props: Partial<ShowProps>) => (
  <Show resource={push.name} actions={<PushActions />} component={Box} queryOptions={followPush} {...props}>
    <PushPage />
  </Show>
);
