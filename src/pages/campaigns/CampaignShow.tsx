// A campaign's page (issue 43; replaces the generated show, src/pages/resources/overrides.ts): its name
// and state with Activate / Pause / End, what it does in one sentence (its programme, pack or segment
// by name, its days, hours and stores), when it runs, its budget as far as it is spent, whether it
// paid (GET /campaigns/{id}/results: the members it rewarded against its holdout share) and the
// rewards it gave, newest first.
import {
  Alert,
  Box,
  type ChipProps,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  DataTable,
  type RaRecord,
  type ShowProps,
  useGetOne,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import type { CampaignResults } from '../../../contract/campaign-insights';
import { weekdaysOf } from '../../../contract/campaigns';
import { type CampaignState, WEEKDAYS } from '../../../contract/enums';
import { campaignRewards } from '../../../resources/tables/campaignRewards';
import { campaigns } from '../../../resources/tables/campaigns';
import { DetailActions } from '../../builders/buttons';
import { ChoiceChip, knownChoice } from '../../components/ChoiceChip';
import { useDates } from '../../components/dates';
import { useMoney } from '../../components/money';
import { Detail, DetailList } from '../../components/operations/details';
import {
  RecordLink,
  RecordShow,
  RelatedRecords,
  SectionCard,
  ShowCard,
  ShowToolbar,
  TitleRow,
} from '../../components/operations/ShowPage';
import { campaignsEn } from '../../i18n/campaigns.en';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { useCampaignResults } from './api';

addEnglishMessages(campaignsEn);

const K = 'campaignPages';
const F = 'resources.campaigns.fields';

const STATE_COLORS: Record<CampaignState, ChipProps['color']> = {
  DRAFT: 'default',
  ACTIVE: 'success',
  PAUSED: 'warning',
  ENDED: 'default',
};

export const CampaignStateChip = ({ state }: { state: unknown }) => (
  <ChoiceChip
    value={knownChoice(STATE_COLORS, state)}
    colors={STATE_COLORS}
    labels="resources.campaigns.choices.state"
    variant={state === 'ENDED' ? 'outlined' : 'filled'}
  />
);

const CampaignActions = () => {
  const translate = useTranslate();
  return (
    <ShowToolbar
      back={campaigns.route}
      backLabel={translate(`${K}.show.back_to_list`)}
      generated={<DetailActions decl={campaigns} view="show" size="medium" />}
    />
  );
};

/** The name of row `id` of `resource` ('…' while it loads). */
const useName = (resource: string, id: unknown, field: string): string => {
  const { data } = useGetOne<RaRecord>(resource, { id: id as number }, { enabled: typeof id === 'number' });
  return typeof id !== 'number' ? '—' : data ? String(data[field] ?? id) : '…';
};

/** What the campaign does, in one sentence of its kind, with its window. */
const useSummary = (record: RaRecord): string => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const money = useMoney();
  const programme = useName('stampCard', record.stampCardId, 'title');
  const pack = useName('voucherPacks', record.voucherPackId, 'title');
  const segment = useName('segments', record.segmentId, 'name');
  const kind = String(record.kind);
  const key = kind === 'BONUS' ? `BONUS_${String(record.bonusCondition)}` : kind;
  const head = translate(`${K}.summary.${key}`, {
    multiplier: record.multiplier,
    smart_count: Number(record.bonusStamps ?? 0),
    amount: money(record.minAmount),
    programme,
    pack,
    segment,
    days: record.periodDays,
  });
  const parts = [head];
  const days = weekdaysOf(record.daysOfWeek);
  if (days.length > 0) {
    const format = new Intl.DateTimeFormat(locale === 'zh-CN' ? 'zh-CN' : 'en', {
      weekday: 'short',
      timeZone: 'UTC',
    });
    const names = days.map((d) => format.format(new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(d)))));
    parts.push(translate(`${K}.summary.days`, { days: names.join(', ') }));
  }
  if (typeof record.hourFrom === 'number' || typeof record.hourTo === 'number')
    parts.push(translate(`${K}.summary.hours`, { from: record.hourFrom ?? 0, to: record.hourTo ?? 24 }));
  const stores = Array.isArray(record.storeIds) ? record.storeIds.length : 0;
  if (stores > 0) parts.push(translate(`${K}.summary.stores`, { smart_count: stores }));
  return parts.join(', ');
};

/** `part` of `whole` as a bar, with its words. */
const Spent = ({
  label,
  words,
  part,
  whole,
}: {
  label: string;
  words: string;
  part: number;
  whole: number | null;
}) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="body2">{words}</Typography>
    {whole !== null && whole > 0 ? (
      <LinearProgress
        variant="determinate"
        value={Math.min(100, (part / whole) * 100)}
        aria-label={label}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    ) : null}
  </Box>
);

const CampaignCard = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  const money = useMoney();
  const summary = useSummary(record);
  const budget = typeof record.budgetRewards === 'number' ? record.budgetRewards : null;
  const budgetMoney =
    record.budgetMoney === null || record.budgetMoney === undefined ? null : Number(record.budgetMoney);
  return (
    <ShowCard>
      <TitleRow title={String(record.name ?? '')} chips={<CampaignStateChip state={record.state} />} mb={1} />
      <Typography variant="body1" sx={{ mb: 1 }} data-testid="campaign-summary">
        {summary}
      </Typography>
      {typeof record.description === 'string' && record.description !== '' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
          {record.description}
        </Typography>
      ) : null}
      <DetailList>
        <Detail label={translate(`${F}.kind`)}>{translate(`${K}.kinds.${String(record.kind)}.title`)}</Detail>
        <Detail label={translate(`${K}.show.runs`)}>
          {record.endAt
            ? translate(`${K}.show.from_until`, {
                from: dateTime(record.startAt),
                until: dateTime(record.endAt),
              })
            : translate(`${K}.show.from_on`, { from: dateTime(record.startAt) })}
        </Detail>
        <Detail label={translate(`${K}.show.given`)}>
          <Spent
            label={translate(`${K}.show.given`)}
            words={
              budget === null
                ? String(record.rewardsGiven ?? 0)
                : translate(`${K}.show.given_of`, { given: record.rewardsGiven ?? 0, budget })
            }
            part={Number(record.rewardsGiven ?? 0)}
            whole={budget}
          />
        </Detail>
        {record.kind === 'MULTIPLIER' || record.kind === 'BONUS' ? null : (
          <Detail label={translate(`${K}.show.spent`)}>
            <Spent
              label={translate(`${K}.show.spent`)}
              words={
                budgetMoney === null
                  ? money(record.moneySpent)
                  : translate(`${K}.show.money_of`, {
                      spent: money(record.moneySpent),
                      budget: money(record.budgetMoney),
                    })
              }
              part={Number(record.moneySpent ?? 0)}
              whole={budgetMoney}
            />
          </Detail>
        )}
        {record.endReason ? (
          <Detail label={translate(`${F}.endReason`)}>
            {translate(`resources.campaigns.choices.endReason.${String(record.endReason)}`)}
          </Detail>
        ) : null}
      </DetailList>
    </ShowCard>
  );
};

const percent = (lift: number): number => Math.round(Math.abs(lift) * 100);

const Comparison = ({ results }: { results: CampaignResults }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const number = new Intl.NumberFormat(locale === 'zh-CN' ? 'zh-CN' : 'en', { maximumFractionDigits: 2 });
  const cell = (n: number | null) => (n === null ? '—' : number.format(n));
  const rows = [
    ['members', results.rewarded.members, results.heldOut.members],
    ['visits', results.rewarded.visitsPerMember, results.heldOut.visitsPerMember],
    ['redemptions', results.rewarded.redemptionsPerMember, results.heldOut.redemptionsPerMember],
  ] as const;
  const { visits, redemptions } = results.lift;
  return (
    <Stack spacing={1.5}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(`${K}.show.results`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${K}.show.group`)}</TableCell>
              <TableCell align="right">{translate(`${K}.show.rewarded`)}</TableCell>
              <TableCell align="right">{translate(`${K}.show.held_out`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(([key, a, b]) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row">
                  {translate(`${K}.show.${key}`)}
                </TableCell>
                <TableCell align="right">{cell(a)}</TableCell>
                <TableCell align="right">{cell(b)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {results.heldOut.members === 0 ? (
        <Alert severity="info" variant="outlined">
          {translate(`${K}.show.no_holdout`)}
        </Alert>
      ) : visits === null ? (
        <Typography variant="body2">{translate(`${K}.show.lift_none`)}</Typography>
      ) : (
        <Typography variant="body2" role="status" sx={{ fontWeight: 600 }}>
          {translate(visits >= 0 ? `${K}.show.lift_visits_up` : `${K}.show.lift_visits_down`, {
            percent: percent(visits),
          })}{' '}
          {redemptions === null
            ? null
            : translate(
                redemptions >= 0 ? `${K}.show.lift_redemptions_up` : `${K}.show.lift_redemptions_down`,
                {
                  percent: percent(redemptions),
                },
              )}
        </Typography>
      )}
      {results.failed > 0 ? (
        <Typography variant="body2" color="warning.main">
          {translate(`${K}.show.failed_rewards`, { smart_count: results.failed })}
        </Typography>
      ) : null}
    </Stack>
  );
};

const Results = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const state = useCampaignResults(record.id, String(record.updateTime ?? ''));
  return (
    <SectionCard title={translate(`${K}.show.results`)}>
      {state.status === 'ready' ? (
        <Comparison results={state.data} />
      ) : state.status === 'error' ? (
        <Alert severity="warning" variant="outlined">
          {translate(`${K}.show.results_failed`)}
        </Alert>
      ) : (
        <LinearProgress />
      )}
    </SectionCard>
  );
};

const Rewards = () => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  return (
    <RelatedRecords
      title={translate(`${K}.show.rewards`)}
      reference={campaignRewards.name}
      target="campaignId"
      empty={translate(`${K}.show.no_rewards`)}
    >
      <DataTable.Col source="memberMobile" />
      <DataTable.Col
        source="state"
        render={(r: RaRecord) => translate(`resources.campaignRewards.choices.state.${String(r.state)}`)}
      />
      <DataTable.Col
        source="stamps"
        render={(r: RaRecord) => (Number(r.stamps) > 0 ? String(r.stamps) : '—')}
      />
      <DataTable.Col
        source="voucherId"
        render={(r: RaRecord) =>
          typeof r.voucherId === 'number' ? (
            <RecordLink resource="vouchers" id={r.voucherId}>
              {`#${r.voucherId}`}
            </RecordLink>
          ) : (
            '—'
          )
        }
      />
      <DataTable.Col source="at" render={(r: RaRecord) => dateTime(r.at)} />
    </RelatedRecords>
  );
};

/** react-admin's show view of campaigns (registered through src/pages/resources/overrides.ts). */
export const CampaignShow = (props: Partial<ShowProps>) => (
  <RecordShow resource={campaigns.name} actions={<CampaignActions />} {...props}>
    {(record) => (
      <>
        <CampaignCard record={record} />
        <Results record={record} />
        <Rewards />
      </>
    )}
  </RecordShow>
);
