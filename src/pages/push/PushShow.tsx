// One push notification (replaces the generated push show view, src/pages/resources/overrides.ts): its
// message, audience and times with its state; Schedule while PENDING and Cancel while SCHEDULED and not
// yet being sent (POST /push/{id}/schedule and /cancel after 'Confirm to {action} - {item}?'), Edit
// while PENDING; before sending, whom it would reach now; once sent (COMPLETED or FAILED) its figures,
// the failure reason, and its deliveries (GET /push-deliveries?filter=pushId): each member's message
// as it was filled in and sent. With the local push outbox these rows are the outbox.
import { Alert, AlertTitle, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  type RaRecord,
  ReferenceField,
  Show,
  type ShowProps,
  TextField,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { push } from '../../../resources';
import { useRole } from '../../builders/buttons';
import { useDates } from '../../components/dates';
import { Detail, DetailList } from '../../components/operations/details';
import { FigureTile } from '../../components/operations/Figures';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { pushEn } from '../../i18n/push.en';
import { outsideBrand, pushStateOf, useAudiencePreview, useBrandLimit } from './api';
import { PushActions } from './PushActions';
import { Deliveries } from './PushDeliveries';
import { Reach } from './PushPreview';
import { PushStateChip } from './parts';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(pushEn);

const K = 'pushPages.show';
const F = 'resources.push.fields';

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
