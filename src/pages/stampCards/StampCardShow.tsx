// One stamp card programme (replaces the generated stampCard show view, src/pages/resources/overrides.ts):
// its fields, its figures from GET /stamp-cards/{id}/summary as tiles, "Issue card" for those who may
// issue (member mobile and a store of the programme's brand, 'Confirm to Issue - Member card?', then
// the new card's page), the generic Enable / Disable and Edit, and the programme's member cards.
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import { Typography } from '@mui/material';
import {
  DataTable,
  type RaRecord,
  required,
  type ShowProps,
  useCreatePath,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import type { StampCardSummary } from '../../../contract/stamping';
import { stampCard, voucherPacks } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { DetailActions } from '../../builders/buttons';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { text, useMoney } from '../../components/money';
import { Detail, DetailList, ReferenceName, StoreName } from '../../components/operations/details';
import {
  FigureGrid,
  FiguresSection,
  FigureTile,
  percent,
  ShareBar,
} from '../../components/operations/Figures';
import { BrandStoreInput } from '../../components/operations/inputs';
import { ConfirmedOperationDialog, submitErrorsOf } from '../../components/operations/OperationDialog';
import {
  DialogButton,
  HeadlineCard,
  RecordLink,
  RecordShow,
  RelatedRecords,
  ShowToolbar,
} from '../../components/operations/ShowPage';
import { PhoneNumberInput } from '../../components/PhoneInput';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { stampCardsEn } from '../../i18n/stampCards.en';
import { useWalletCharge, WalletChargeLine } from '../finance/WalletCharge';
import { PackStateChip } from '../vouchers/parts';
import { useStampCardAccess } from './access';
import { issueMemberCard, useStampCardSummary } from './api';
import { CardStateChip, STAMP_FIELD_LABELS } from './parts';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(stampCardsEn);

const K = 'stampPages.programme';
const F = 'resources.stampCard.fields';
const ISSUE_FIELDS = ['memberMobile', 'storeId'] as const;

/** "Issue card": a member's mobile and a store of the programme's brand; then the new card's page. */
const IssueCardDialog = ({
  record,
  open,
  onClose,
}: {
  record: RaRecord;
  open: boolean;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const redirect = useRedirect();
  const createPath = useCreatePath();
  // the card's price comes out of the company's wallet: said before it is confirmed
  const charge = useWalletCharge(record.price, 1, record.currency);
  return (
    <ConfirmedOperationDialog
      open={open}
      title={translate(`${K}.issue.title`, { title: String(record.title ?? `#${String(record.id)}`) })}
      submitLabel={translate(`${K}.issue.submit`)}
      onClose={onClose}
      fieldLabels={STAMP_FIELD_LABELS}
      defaultValues={{ memberMobile: '' }}
      onSubmit={async (values, { run, close }) => {
        const body = { memberMobile: String(values.memberMobile ?? ''), storeId: Number(values.storeId) };
        const outcome = await run({
          action: translate(`${K}.issue.action`),
          item: translate(`${K}.issue.item`),
          request: `issue-card ${String(record.id)} ${JSON.stringify(body)}`,
          send: (key) => issueMemberCard(http, record.id, body, key),
          ...(charge ? { detail: charge.sentence } : {}),
        });
        return submitErrorsOf(outcome, ISSUE_FIELDS, (card) => {
          close();
          redirect(createPath({ resource: memberCards.name, id: card.id, type: 'show' }));
        });
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${K}.issue.intro`)}
      </Typography>
      <PhoneNumberInput
        source="memberMobile"
        label={`${K}.issue.member_mobile`}
        validate={required()}
        autoFocus
      />
      <BrandStoreInput
        brandId={record.brandId}
        label={translate(`${K}.issue.store`)}
        helperText={translate(`${K}.issue.store_help`)}
      />
      <WalletChargeLine charge={charge} />
    </ConfirmedOperationDialog>
  );
};

const IssueButton = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { mayIssue } = useStampCardAccess();
  if (!mayIssue) return null;
  return (
    <DialogButton
      icon={<AddCardOutlined />}
      label={translate(`${K}.issue.open`)}
      disabledReason={record.state === 'ACTIVE' ? null : translate(`${K}.not_active`)}
      dialog={(open, close) => <IssueCardDialog record={record} open={open} onClose={close} />}
    />
  );
};

const ProgrammeActions = () => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  return (
    <ShowToolbar
      back={stampCard.route}
      backLabel={translate(`${K}.back_to_list`)}
      generated={<DetailActions decl={stampCard} view="show" size="medium" />}
    >
      {record && <IssueButton record={record} />}
    </ShowToolbar>
  );
};

const ProgrammeCard = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { dateRange: dayRange, dateTime } = useDates();
  const money = useMoney();
  return (
    <HeadlineCard
      image={record.image}
      title={text(record.title)}
      description={record.description}
      chips={<PackStateChip state={record.state} />}
    >
      <DetailList>
        <Detail label={translate(`${F}.stampsRequired`)}>{String(record.stampsRequired ?? '—')}</Detail>
        <Detail label={translate(`${F}.maxStampsPerTransaction`)}>
          {String(record.maxStampsPerTransaction ?? '—')}
        </Detail>
        {/* stamping limits: empty is no limit (issue 24) */}
        <Detail label={translate(`${F}.maxStampsPerMemberPerDay`)}>
          {typeof record.maxStampsPerMemberPerDay === 'number'
            ? String(record.maxStampsPerMemberPerDay)
            : translate(`${K}.unlimited`)}
        </Detail>
        <Detail label={translate(`${F}.minMinutesBetweenStamps`)}>
          {typeof record.minMinutesBetweenStamps === 'number'
            ? String(record.minMinutesBetweenStamps)
            : translate(`${K}.unlimited`)}
        </Detail>
        <Detail label={translate(`${F}.price`)}>{money(record.price, record.currency)}</Detail>
        <Detail label={translate(`${F}.quantity`)}>
          {record.quantity === null || record.quantity === undefined
            ? translate(`${K}.unlimited`)
            : String(record.quantity)}
        </Detail>
        <Detail label={translate(`${K}.runs`)}>{dayRange(record.startDate, record.endDate)}</Detail>
        <Detail label={translate(`${F}.rewardVoucherPackId`)}>
          <ReferenceName reference={voucherPacks.name} id={record.rewardVoucherPackId} field="title" />
        </Detail>
        {record.brandId ? (
          <Detail label={translate(`${F}.brandId`)}>
            <ReferenceName reference="brand" id={record.brandId} />
          </Detail>
        ) : null}
        <Detail label={translate(`${F}.createTime`)}>{dateTime(record.createTime)}</Detail>
      </DetailList>
    </HeadlineCard>
  );
};

const Figures = ({ summary }: { summary: StampCardSummary }) => {
  const translate = useTranslate();
  const limited = summary.quantity !== null;
  const issuedShare = limited ? percent(summary.issuedCount, summary.quantity ?? 0) : 0;
  const left = translate(`${K}.figures.left`, { smart_count: summary.left ?? 0 });
  return (
    <FigureGrid columns={5}>
      <FigureTile
        label={translate(`${K}.figures.issued`)}
        value={limited ? `${summary.issuedCount} / ${summary.quantity}` : summary.issuedCount}
        caption={
          limited ? (
            <>
              <ShareBar share={issuedShare} label={left} />
              {summary.left === 0 ? translate(`${K}.figures.sold_out`) : left}
            </>
          ) : (
            translate(`${K}.figures.no_limit`)
          )
        }
      />
      <FigureTile
        label={translate(`${K}.figures.available`)}
        value={summary.available}
        tone="success.main"
        caption={translate(`${K}.figures.available_caption`)}
      />
      <FigureTile
        label={translate(`${K}.figures.completed`)}
        value={summary.completed}
        tone="info.main"
        caption={translate(`${K}.figures.completed_share`, {
          percent: percent(summary.completed, summary.issuedCount),
        })}
      />
      <FigureTile
        label={translate(`${K}.figures.expired`)}
        value={summary.expired}
        caption={translate(`${K}.figures.expired_caption`)}
      />
      <FigureTile
        label={translate(`${K}.figures.week`)}
        value={summary.stampsThisWeek}
        tone="primary.main"
        caption={translate(`${K}.figures.stampings`, { smart_count: summary.stampingsThisWeek })}
      />
    </FigureGrid>
  );
};

const ProgrammeFigures = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  // reloaded when react-admin's refresh brings the programme back with another count or update time
  const summary = useStampCardSummary(
    record.id,
    `${String(record.issuedCount)}:${String(record.updateTime)}`,
  );
  return (
    <FiguresSection
      title={translate(`${K}.figures.title`)}
      failedLabel={translate(`${K}.figures.failed`)}
      loadingLabel={translate(`${K}.figures.loading`)}
      figures={summary}
    >
      {(data) => <Figures summary={data} />}
    </FiguresSection>
  );
};

const ProgrammeCards = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  const required = Number(record.stampsRequired);
  return (
    <RelatedRecords
      title={translate(`${K}.cards`)}
      reference={memberCards.name}
      target="stampCardId"
      empty={translate(`${K}.no_cards`)}
    >
      <DataTable.Col
        source="memberMobile"
        render={(r: RaRecord) => (
          <RecordLink resource={memberCards.name} id={r.id} sx={{ fontWeight: 600 }}>
            {String(r.memberMobile ?? `#${String(r.id)}`)}
          </RecordLink>
        )}
      />
      <DataTable.Col
        source="stamps"
        render={(r: RaRecord) =>
          Number.isFinite(required) ? `${String(r.stamps)} / ${required}` : String(r.stamps)
        }
      />
      <DataTable.Col source="state" render={(r: RaRecord) => <CardStateChip state={r.state} />} />
      <DataTable.Col
        source="storeId"
        render={(r: RaRecord) => <StoreName storeId={typeof r.storeId === 'number' ? r.storeId : null} />}
      />
      <DataTable.Col
        source="completedAt"
        render={(r: RaRecord) => (r.completedAt ? dateTime(r.completedAt) : '—')}
      />
      <DataTable.Col source="createTime" render={(r: RaRecord) => dateTime(r.createTime)} />
    </RelatedRecords>
  );
};

/** react-admin's show view of stampCard (registered through src/pages/resources/overrides.ts). */
export const StampCardShow = (props: Partial<ShowProps>) => (
  <RecordShow resource={stampCard.name} actions={<ProgrammeActions />} {...props}>
    {(record) => (
      <>
        <ProgrammeCard record={record} />
        <ProgrammeFigures record={record} />
        <ProgrammeCards record={record} />
      </>
    )}
  </RecordShow>
);
