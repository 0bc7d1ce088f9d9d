// One voucher pack (replaces the generated voucherPacks show view, src/pages/resources/overrides.ts):
// its fields, its figures from GET /voucher-packs/{id}/summary as tiles, "Issue vouchers" for those who
// may issue, the generic Enable / Disable, and the vouchers issued from it. The pack's state and
// issued count are shown, never edited here: they move only through the operations.
import AddCircleOutline from '@mui/icons-material/AddCircleOutlined';
import { Chip } from '@mui/material';
import {
  DataTable,
  type RaRecord,
  type ShowProps,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { VoucherPackSummary } from '../../../contract/vouchers';
import { voucherPacks, vouchers } from '../../../resources';
import { DetailActions } from '../../builders/buttons';
import { useDates } from '../../components/dates';
import { text, useMoney } from '../../components/money';
import { Detail, DetailList, ReferenceName } from '../../components/operations/details';
import {
  FigureGrid,
  FiguresSection,
  FigureTile,
  percent,
  ShareBar,
} from '../../components/operations/Figures';
import {
  DialogButton,
  HeadlineCard,
  RecordLink,
  RecordShow,
  RelatedRecords,
  ShowToolbar,
} from '../../components/operations/ShowPage';
import { useVoucherAccess } from './access';
import { usePackSummary } from './api';
import { IssueVouchersDialog } from './IssueVouchers';
import { PackStateChip, VoucherStateChip } from './parts';

const K = 'voucherPages.pack';
const F = 'resources.voucherPacks.fields';

const IssueButton = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { mayIssue } = useVoucherAccess();
  if (!mayIssue) return null;
  return (
    <DialogButton
      icon={<AddCircleOutline />}
      label={translate('voucherPages.issue.open')}
      disabledReason={record.state === 'ACTIVE' ? null : translate(`${K}.not_active`)}
      dialog={(open, close) => (
        <IssueVouchersDialog
          open={open}
          pack={{
            id: Number(record.id),
            title: record.title,
            issueLimitPerMember: record.issueLimitPerMember,
          }}
          onClose={close}
          // the pack (issued count), its figures and its vouchers list all follow react-admin's refresh
          onIssued={() => refresh()}
        />
      )}
    />
  );
};

const PackActions = () => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  return (
    <ShowToolbar
      back={voucherPacks.route}
      backLabel={translate(`${K}.back_to_list`)}
      generated={<DetailActions decl={voucherPacks} view="show" size="medium" />}
    >
      {record && <IssueButton record={record} />}
    </ShowToolbar>
  );
};

const PackCard = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const money = useMoney();
  const { dateTime, dateRange: dayRange } = useDates();
  return (
    <HeadlineCard
      image={record.image}
      title={text(record.title)}
      description={record.description}
      chips={
        <>
          <PackStateChip state={record.state} />
          {record.giftable === true ? (
            <Chip size="small" variant="outlined" label={translate(`${K}.giftable`)} />
          ) : null}
        </>
      }
    >
      <DetailList>
        <Detail label={translate(`${F}.price`)}>{money(record.price, record.currency)}</Detail>
        <Detail label={translate(`${F}.voucherValue`)}>{money(record.voucherValue, record.currency)}</Detail>
        <Detail label={translate(`${F}.quantity`)}>{String(record.quantity ?? '—')}</Detail>
        <Detail label={translate(`${F}.issuedCount`)}>{String(record.issuedCount ?? 0)}</Detail>
        <Detail label={translate(`${F}.issueLimitPerMember`)}>
          {String(record.issueLimitPerMember ?? '—')}
        </Detail>
        <Detail label={translate(`${F}.voucherValidityDays`)}>
          {String(record.voucherValidityDays ?? '—')}
        </Detail>
        <Detail label={translate(`${K}.sale_window`)}>{dayRange(record.validFrom, record.validUntil)}</Detail>
        <Detail label={translate(`${F}.giftable`)}>
          {translate(record.giftable === true ? 'ra.boolean.true' : 'ra.boolean.false')}
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

const Figures = ({ summary }: { summary: VoucherPackSummary }) => {
  const translate = useTranslate();
  const issuedShare = percent(summary.issuedCount, summary.quantity);
  return (
    <FigureGrid columns={4}>
      <FigureTile
        label={translate(`${K}.figures.issued`)}
        value={`${summary.issuedCount} / ${summary.quantity}`}
        caption={
          <>
            <ShareBar
              share={issuedShare}
              label={translate(`${K}.figures.issued_share`, { percent: issuedShare })}
            />
            {translate(`${K}.figures.issued_share`, { percent: issuedShare })}
          </>
        }
      />
      <FigureTile
        label={translate(`${K}.figures.redeemed`)}
        value={summary.redeemed}
        tone="info.main"
        caption={translate(`${K}.figures.redeemed_share`, {
          percent: percent(summary.redeemed, summary.issuedCount),
        })}
      />
      <FigureTile
        label={translate(`${K}.figures.available`)}
        value={summary.available}
        tone="success.main"
        caption={translate(`${K}.figures.expired`, { smart_count: summary.expired })}
      />
      <FigureTile
        label={translate(`${K}.figures.left`)}
        value={summary.left}
        tone={summary.left === 0 ? 'error.main' : 'text.primary'}
        caption={translate(summary.left === 0 ? `${K}.figures.sold_out` : `${K}.figures.left_caption`)}
      />
    </FigureGrid>
  );
};

const PackFigures = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  // reloaded when react-admin's refresh brings the pack back with another count or update time
  const summary = usePackSummary(record.id, `${String(record.issuedCount)}:${String(record.updateTime)}`);
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

const PackVouchers = () => {
  const translate = useTranslate();
  const { dateTime, date: day } = useDates();
  return (
    <RelatedRecords
      title={translate(`${K}.vouchers`)}
      reference={vouchers.name}
      target="voucherPackId"
      empty={translate(`${K}.no_vouchers`)}
    >
      <DataTable.Col
        source="code"
        render={(r: RaRecord) => (
          <RecordLink resource={vouchers.name} id={r.id} sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
            {String(r.code ?? r.id)}
          </RecordLink>
        )}
      />
      <DataTable.Col source="memberMobile" />
      <DataTable.Col source="state" render={(r: RaRecord) => <VoucherStateChip state={r.state} />} />
      <DataTable.Col source="validUntil" render={(r: RaRecord) => day(r.validUntil)} />
      <DataTable.Col
        source="redeemedAt"
        render={(r: RaRecord) => (r.redeemedAt ? dateTime(r.redeemedAt) : '—')}
      />
      <DataTable.Col source="createTime" render={(r: RaRecord) => dateTime(r.createTime)} />
    </RelatedRecords>
  );
};

/** react-admin's show view of voucherPacks (registered through src/pages/resources/overrides.ts). */
export const VoucherPackShow = (props: Partial<ShowProps>) => (
  <RecordShow resource={voucherPacks.name} actions={<PackActions />} {...props}>
    {(record) => (
      <>
        <PackCard record={record} />
        <PackFigures record={record} />
        <PackVouchers />
      </>
    )}
  </RecordShow>
);
