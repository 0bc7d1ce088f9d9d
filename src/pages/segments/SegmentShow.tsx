// Segments' list and page (replace the generated ones, src/pages/resources/overrides.ts). The list is
// the generated one with each segment's conditions in words. A segment's page: its name and
// description, who is in it as plain sentences ("Level is Gold", "Holds an available voucher": levels,
// brands and stores by name, days in the viewer's zone) instead of the filter's JSON, how many members
// it reaches now (GET /segments/{id}/reach), Edit, and "Send a push to this segment": the push composer
// with the audience SEGMENT and this segment chosen (/push/create?segmentId=).
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import {
  type RaRecord,
  type ShowProps,
  useCanAccess,
  useCreatePath,
  useGetIdentity,
  useGetManyAggregate,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { push } from '../../../resources';
import { segments } from '../../../resources/tables/segments';
import { DetailActions, useRole } from '../../builders/buttons';
import { GeneratedList, type GeneratedListProps } from '../../builders/GeneratedList';
import { useDates } from '../../components/dates';
import { Detail, DetailList, ReferenceName } from '../../components/operations/details';
import {
  RecordShow,
  SectionCard,
  ShowCard,
  ShowToolbar,
  TitleRow,
} from '../../components/operations/ShowPage';
import { useSegmentReach } from './api';
import { type Condition, conditionsOf, REFERENCES } from './filter';
import { ReachLine } from './SegmentViews';
import { conditionWords, referencedIds } from './words';

const K = 'segmentPages';
const F = 'resources.segments.fields';

/** The composer's address with this segment chosen (PushCreate reads `segmentId`). */
export const pushToSegmentPath = (createPath: string, id: RaRecord['id']) =>
  `${createPath}?segmentId=${encodeURIComponent(String(id))}`;

/** Shown to who may write a push to a segment: not a colleague limited to one brand. */
const SendPushButton = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ action: 'create', resource: push.name });
  const { identity } = useGetIdentity();
  if (canAccess !== true || !identity || typeof identity.brandId === 'number') return null;
  return (
    <Button
      variant="contained"
      startIcon={<SendOutlined />}
      component={RouterLink}
      to={pushToSegmentPath(createPath({ resource: push.name, type: 'create' }), record.id)}
    >
      {translate(`${K}.show.send_push`)}
    </Button>
  );
};

const SegmentActions = () => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  return (
    <ShowToolbar
      back={segments.route}
      backLabel={translate(`${K}.show.back_to_list`)}
      generated={<DetailActions decl={segments} view="show" size="medium" />}
    >
      {record ? <SendPushButton record={record} /> : null}
    </ShowToolbar>
  );
};

interface Named extends RaRecord {
  name: string;
}

/** The names of the levels, brands and stores the conditions name, by field and id. */
const useReferenceNames = (conditions: Condition[]) => {
  const idsOf = (field: string) => [
    ...new Set(conditions.filter((c) => c.field === field).flatMap(referencedIds)),
  ];
  const levelIds = idsOf('levelId');
  const brandIds = idsOf('brandId');
  const storeIds = idsOf('storeId');
  const levels = useGetManyAggregate<Named>(
    REFERENCES.levelId?.resource ?? 'memberLevels',
    { ids: levelIds },
    {
      enabled: levelIds.length > 0,
    },
  );
  const brands = useGetManyAggregate<Named>(
    REFERENCES.brandId?.resource ?? 'brand',
    { ids: brandIds },
    {
      enabled: brandIds.length > 0,
    },
  );
  const stores = useGetManyAggregate<Named>(
    REFERENCES.storeId?.resource ?? 'store',
    { ids: storeIds },
    {
      enabled: storeIds.length > 0,
    },
  );
  const pending =
    (levelIds.length > 0 && levels.isPending) ||
    (brandIds.length > 0 && brands.isPending) ||
    (storeIds.length > 0 && stores.isPending);
  const byField: Record<string, Named[] | undefined> = {
    levelId: levels.data,
    brandId: brands.data,
    storeId: stores.data,
  };
  const nameOf = (field: string, id: number) => byField[field]?.find((r) => r?.id === id)?.name ?? null;
  return { pending, nameOf };
};

/** The conditions of a stored filter as sentences ('…' while the names they need are loading). */
const useConditionSentences = (filter: unknown): { pending: boolean; sentences: string[] } => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { date } = useDates();
  const conditions = conditionsOf(filter);
  const { pending, nameOf } = useReferenceNames(conditions);
  const number = useMemo(() => new Intl.NumberFormat(locale === 'zh-CN' ? 'zh-CN' : 'en'), [locale]);
  const deps = { translate, nameOf, day: date, count: (n: number) => number.format(n) };
  return { pending, sentences: conditions.map((c) => (pending ? '…' : conditionWords(c, deps))) };
};

const Conditions = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { pending, sentences } = useConditionSentences(record.filter);
  return (
    <SectionCard title={translate(`${K}.show.conditions`)}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(sentences.length === 0 ? `${K}.editor.none` : `${K}.editor.all_of`)}
      </Typography>
      {sentences.length > 0 ? (
        <Box
          component="ul"
          aria-busy={pending}
          sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.5 }}
        >
          {sentences.map((text, i) => (
            // conditions have no id of their own; a row is its place in the list
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Typography key={i} component="li" sx={{ overflowWrap: 'anywhere' }}>
              {text}
            </Typography>
          ))}
        </Box>
      ) : null}
    </SectionCard>
  );
};

/** The list's "Who is in it" cell: the row's conditions, a line each ("Every member" for none). */
const ConditionsCell = ({ inline = false }: { inline?: boolean }) => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  const { sentences } = useConditionSentences(record?.filter);
  if (!record) return null;
  if (sentences.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(`${K}.show.everyone`)}
      </Typography>
    );
  // a phone's card: under the name, the conditions joined as the other phone cards' details are
  if (inline) return <>{sentences.join(' · ')}</>;
  return (
    <Box>
      {sentences.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a condition is its place in the list
        <Typography key={i} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {text}
        </Typography>
      ))}
    </Box>
  );
};

/** react-admin's list of segments: the generated one, with who is in each in words, not its JSON. */
export const SegmentList = (props: GeneratedListProps) => (
  <GeneratedList
    {...props}
    resource={segments.name}
    cells={{ filter: <ConditionsCell /> }}
    phoneDetails={<ConditionsCell inline />}
  />
);

const ReachSection = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  // the filter is the saved one: GET /segments/{id}/reach
  const state = useSegmentReach(record.filter, { id: record.id, filter: record.filter }, null, false, 0);
  return (
    <SectionCard title={translate(`${K}.reach.title`)}>
      <Stack spacing={1}>
        <ReachLine state={state} />
        <Typography variant="body2" color="text.secondary">
          {translate(`${K}.reach.help`)}
        </Typography>
      </Stack>
    </SectionCard>
  );
};

const SegmentCard = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  const isOperator = useRole() === 'operator';
  return (
    <ShowCard>
      <TitleRow title={String(record.name ?? '')} mb={1} />
      {typeof record.description === 'string' && record.description !== '' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
          {record.description}
        </Typography>
      ) : null}
      <DetailList>
        {isOperator ? (
          <Detail label={translate(`${F}.companyId`)}>
            <ReferenceName reference="company" id={record.companyId} />
          </Detail>
        ) : null}
        <Detail label={translate(`${F}.createTime`)}>{dateTime(record.createTime)}</Detail>
        <Detail label={translate(`${F}.updateTime`)}>{dateTime(record.updateTime)}</Detail>
      </DetailList>
    </ShowCard>
  );
};

/** react-admin's show view of segments (registered through src/pages/resources/overrides.ts). */
export const SegmentShow = (props: Partial<ShowProps>) => (
  <RecordShow resource={segments.name} actions={<SegmentActions />} {...props}>
    {(record) => (
      <>
        <SegmentCard record={record} />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          <Conditions record={record} />
          <ReachSection record={record} />
        </Box>
      </>
    )}
  </RecordShow>
);
