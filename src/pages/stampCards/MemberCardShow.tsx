// One member card (replaces the generated memberCards show view, src/pages/resources/overrides.ts): the
// member, the programme, its state and stamps as dots and a bar, its reward voucher; "Stamp" on an
// AVAILABLE card (stamps, store, receipt number, optional PIN, sent with expectedStamps = the stamps
// shown, so two tills cannot stamp one card blind), what the stamping did; and the card's stamps
// transactions, newest first, the last SUCCESS one with "Void" (a reason; its dialog is the one question).
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  type RaRecord,
  ReferenceField,
  required,
  type ShowProps,
  TextField,
  TextInput,
  useCreatePath,
  useGetOne,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Validator,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { StampBody, StampResult } from '../../../contract/stamping';
import { stampCard, stampingHistory, stampsTransaction, vouchers } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { text, useMoney } from '../../components/money';
import { Detail, DetailList, StoreName } from '../../components/operations/details';
import { BrandStoreInput, ReasonInput, trimmed, wholeNumber } from '../../components/operations/inputs';
import { ConfirmedOperationDialog, submitErrorsOf } from '../../components/operations/OperationDialog';
import {
  HistorySection,
  RecordLink,
  RecordShow,
  ShowCard,
  ShowToolbar,
  TitleRow,
} from '../../components/operations/ShowPage';
import { PlainTable } from '../../components/PlainTable';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { stampCardsEn } from '../../i18n/stampCards.en';
import { MemberLink } from '../vouchers/parts';
import { WebCardButton } from '../webCard/WebCardButton';
import { useStampCardAccess } from './access';
import {
  cardStateName,
  PIN_PATTERN,
  RECEIPT_MAX,
  type StampsTransactionRow,
  stampMemberCard,
  VOID_REASON_MAX,
  voidStampsTransaction,
} from './api';
import { CardStateChip, ResultChip, STAMP_FIELD_LABELS, StampProgress } from './parts';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(stampCardsEn);

const K = 'stampPages.card';
const F = 'resources.memberCards.fields';
const TF = 'resources.stampsTransaction.fields';
const STAMP_FIELDS = ['stamps', 'storeId', 'receiptNo', 'pin'] as const;

const stampsWhole = wholeNumber(`${K}.stamp.whole_number`);
const pinFormat: Validator = (value: unknown) =>
  trimmed(value) === '' || PIN_PATTERN.test(trimmed(value)) ? undefined : `${K}.stamp.pin_invalid`;

/**
 * The stamps one stamping may give: 1 to the per-stamping maximum, never past stampsRequired, both the
 * card's own terms as it was issued (issue 40 item 2).
 */
const mostStamps = (card: RaRecord): number => {
  const left = Number(card.stampsRequired) - Number(card.stamps);
  return Math.max(1, Math.min(Number(card.maxStampsPerTransaction ?? 1), left));
};

export const StampDialog = ({
  card,
  open,
  onClose,
  onStamped,
}: {
  /** the card as read: its stamps and its own terms (stampsRequired, maxStampsPerTransaction) */
  card: RaRecord;
  open: boolean;
  onClose: () => void;
  onStamped: (result: StampResult) => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const refresh = useRefresh();
  const most = mostStamps(card);
  return (
    <ConfirmedOperationDialog
      open={open}
      title={translate(`${K}.stamp.title`, { mobile: String(card.memberMobile ?? '') })}
      submitLabel={translate(`${K}.stamp.submit`)}
      onClose={onClose}
      fieldLabels={STAMP_FIELD_LABELS}
      defaultValues={{
        stamps: 1,
        receiptNo: '',
        pin: '',
        ...(typeof card.storeId === 'number' ? { storeId: card.storeId } : {}),
      }}
      onSubmit={async (values, { run, close }) => {
        const body: StampBody = {
          stamps: Number(values.stamps),
          storeId: Number(values.storeId),
          // the stamps the user sees: the server refuses (6627) when the card moved meanwhile
          expectedStamps: Number(card.stamps),
        };
        if (trimmed(values.receiptNo) !== '') body.receiptNo = trimmed(values.receiptNo);
        if (trimmed(values.pin) !== '') body.pin = trimmed(values.pin);
        const outcome = await run({
          action: translate(`${K}.stamp.action`),
          item: String(card.memberMobile ?? `#${String(card.id)}`),
          request: `stamp ${String(card.id)} ${JSON.stringify(body)}`,
          send: (key) => stampMemberCard(http, card.id, body, key),
        });
        // either way the card (and its transactions: a refusal is recorded) may have moved
        if (outcome.status !== 'cancelled') refresh();
        return submitErrorsOf(outcome, STAMP_FIELDS, (result) => {
          close();
          onStamped(result);
        });
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${K}.stamp.intro`, { stamps: Number(card.stamps) })}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <NumberInput
          source="stamps"
          label={translate(`${K}.stamp.stamps`)}
          validate={[required(), stampsWhole, minValue(1), maxValue(most)]}
          min={1}
          max={most}
          step={1}
          helperText={translate(`${K}.stamp.stamps_help`, { most })}
          autoFocus
        />
        <BrandStoreInput
          brandId={card.brandId}
          label={translate(`${K}.stamp.store`)}
          helperText={translate(`${K}.stamp.store_help`)}
        />
        <TextInput
          source="receiptNo"
          label={translate(`${K}.stamp.receipt`)}
          validate={maxLength(RECEIPT_MAX)}
          helperText={translate(`${K}.stamp.receipt_help`)}
        />
        <TextInput
          source="pin"
          label={translate(`${K}.stamp.pin`)}
          validate={pinFormat}
          helperText={translate(`${K}.stamp.pin_help`)}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      </Box>
    </ConfirmedOperationDialog>
  );
};

const VoidDialog = ({
  txn,
  open,
  onClose,
}: {
  txn: StampsTransactionRow;
  open: boolean;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const refresh = useRefresh();
  const item = txn.receiptNo
    ? translate(`${K}.void.item_receipt`, { receipt: txn.receiptNo })
    : translate(`${K}.void.item`, { id: txn.id });
  return (
    <ConfirmedOperationDialog
      open={open}
      title={translate(`${K}.void.title`, { item })}
      submitLabel={translate(`${K}.void.action`)}
      onClose={onClose}
      fieldLabels={STAMP_FIELD_LABELS}
      defaultValues={{ reason: '' }}
      onSubmit={async (values, { run, close }) => {
        const reason = trimmed(values.reason);
        const outcome = await run({
          action: translate(`${K}.void.action`),
          item,
          request: `void ${txn.id} ${reason}`,
          send: (key) => voidStampsTransaction(http, txn.id, reason, key),
          // the reason dialog names the transaction and its button says Void: asked once (issue 23)
          alreadyConfirmed: true,
        });
        if (outcome.status !== 'cancelled') refresh();
        return submitErrorsOf(outcome, ['reason'], close);
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${K}.void.intro`, { smart_count: txn.stamps })}
      </Typography>
      <ReasonInput
        label={translate(`${K}.void.reason`)}
        helperText={translate(`${K}.void.reason_help`, { max: VOID_REASON_MAX })}
        max={VOID_REASON_MAX}
      />
    </ConfirmedOperationDialog>
  );
};

const CardActions = () => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  const createPath = useCreatePath();
  const back =
    record && typeof record.stampCardId === 'number'
      ? createPath({ resource: stampCard.name, id: record.stampCardId, type: 'show' })
      : stampCard.route;
  const movements = record
    ? `${stampingHistory.route}?filter=${encodeURIComponent(JSON.stringify({ memberCardId: record.id }))}`
    : undefined;
  return (
    <ShowToolbar back={back ?? '/'} backLabel={translate(`${K}.back_to_programme`)}>
      {record ? (
        <WebCardButton
          target={{
            kind: 'CARD',
            id: Number(record.id),
            label: String(record.memberMobile ?? `#${record.id}`),
          }}
        />
      ) : null}
      {movements ? (
        <Button component={RouterLink} to={movements} startIcon={<HistoryOutlined />}>
          {translate(`${K}.movements`)}
        </Button>
      ) : null}
    </ShowToolbar>
  );
};

/** The campaigns that added stamps to a stamping (issue 43), one line each. */
const CampaignLines = ({ result }: { result: StampResult }) => {
  const translate = useTranslate();
  return result.campaigns.map((c) => (
    <Typography key={c.id} variant="body2" data-testid="stamp-campaign">
      {translate(`${K}.outcome.campaign`, { name: c.name, smart_count: c.stamps })}
    </Typography>
  ));
};

/** What the last stamping did: stamps given (and what campaigns added), or the card completed with its reward voucher. */
export const StampOutcome = ({ result, onClose }: { result: StampResult; onClose: () => void }) => {
  const translate = useTranslate();
  if (cardStateName(result.memberCardState) === 'COMPLETED')
    return (
      <Alert severity="success" icon={<VerifiedOutlined />} onClose={onClose} role="status">
        <AlertTitle>{translate(`${K}.outcome.completed`)}</AlertTitle>
        <CampaignLines result={result} />
        {result.rewardVoucherId !== null ? (
          <RecordLink resource={vouchers.name} id={result.rewardVoucherId}>
            {translate(`${K}.outcome.open_voucher`)}
          </RecordLink>
        ) : null}
      </Alert>
    );
  return (
    <Alert severity="success" onClose={onClose} role="status">
      {translate(`${K}.outcome.stamped`, { smart_count: result.stamps, after: result.stampsAfter })}
      <CampaignLines result={result} />
    </Alert>
  );
};

const MemberCardCard = ({ record, programme }: { record: RaRecord; programme: RaRecord | undefined }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  const money = useMoney();
  const { mayStamp } = useStampCardAccess();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<StampResult | null>(null);
  // the card's own terms (issue 40 item 2): what it was issued under
  const required = Number(record.stampsRequired);
  return (
    <ShowCard>
      <TitleRow title={text(record.memberMobile)} chips={<CardStateChip state={record.state} />} mb={0.5} />
      <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 3 }}>
        {programme ? text(programme.title) : '…'}
      </Typography>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={3}
        sx={{ alignItems: { md: 'flex-end' }, justifyContent: 'space-between', mb: 3 }}
      >
        <StampProgress stamps={Number(record.stamps ?? 0)} required={required} />
        {mayStamp(record.state) ? (
          <Button variant="contained" size="large" onClick={() => setOpen(true)} sx={{ flexShrink: 0 }}>
            {translate(`${K}.stamp.open`)}
          </Button>
        ) : null}
      </Stack>
      {/* the last stamping's outcome, while it still describes the card (a void moves it on) */}
      {outcome && Number(record.stamps) === Number(outcome.stampsAfter) ? (
        <Box sx={{ mb: 3 }}>
          <StampOutcome result={outcome} onClose={() => setOutcome(null)} />
        </Box>
      ) : null}
      <DetailList>
        <Detail label={translate(`${F}.memberMobile`)}>
          <MemberLink mobile={record.memberMobile} />
        </Detail>
        <Detail label={translate(`${F}.stampCardId`)}>
          <ReferenceField source="stampCardId" reference={stampCard.name} link="show">
            <TextField source="title" />
          </ReferenceField>
        </Detail>
        <Detail label={translate(`${F}.storeId`)}>
          <StoreName storeId={typeof record.storeId === 'number' ? record.storeId : null} />
        </Detail>
        <Detail label={translate(`${F}.price`)}>{money(record.price, record.currency)}</Detail>
        <Detail label={translate(`${F}.createTime`)}>{dateTime(record.createTime)}</Detail>
        <Detail label={translate(`${F}.completedAt`)}>{dateTime(record.completedAt)}</Detail>
        <Detail label={translate(`${F}.rewardVoucherId`)}>
          {typeof record.rewardVoucherId === 'number' ? (
            <RecordLink resource={vouchers.name} id={record.rewardVoucherId}>
              <ReferenceField source="rewardVoucherId" reference={vouchers.name} link={false}>
                <TextField source="code" sx={{ fontFamily: 'monospace', fontWeight: 600 }} />
              </ReferenceField>
            </RecordLink>
          ) : (
            '—'
          )}
        </Detail>
        <Detail label={translate(`${F}.updateTime`)}>{dateTime(record.updateTime)}</Detail>
      </DetailList>
      <StampDialog card={record} open={open} onClose={() => setOpen(false)} onStamped={setOutcome} />
    </ShowCard>
  );
};

/** What a transaction's result line adds: why it failed, or why it was voided. */
const resultNote = (txn: StampsTransactionRow) => {
  const note = txn.result === 'FAILED' ? txn.failureReason : txn.result === 'VOIDED' ? txn.voidReason : null;
  return note && txn.result === 'FAILED' && txn.failureCode ? `${txn.failureCode} · ${note}` : note;
};

/** The card's stamps transactions, newest first; react-admin's refresh after an operation reloads them. */
const CardTransactions = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { dateTime } = useDates();
  const { mayVoid } = useStampCardAccess();
  const [voiding, setVoiding] = useState<StampsTransactionRow | null>(null);
  const title = translate(`${K}.transactions`);
  return (
    <>
      <HistorySection
        title={title}
        reference={stampsTransaction.name}
        target="memberCardId"
        id={record.id}
        sort={{ field: 'at', order: 'DESC' }}
      >
        {(data) => {
          const rows = data as unknown as StampsTransactionRow[];
          // the server voids only the card's last SUCCESS transaction (the highest id)
          const lastSuccess = rows
            .filter((t) => t.result === 'SUCCESS')
            .reduce<number | null>((a, t) => (a === null || t.id > a ? t.id : a), null);
          return (
            <PlainTable
              label={title}
              frame="scroll"
              empty={
                <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                  {translate(`${K}.no_transactions`)}
                </Typography>
              }
              rows={rows}
              rowKey={(txn) => txn.id}
              columns={[
                {
                  label: translate(`${TF}.at`),
                  render: (txn) => (
                    <Typography variant="body2" component="time" dateTime={txn.at}>
                      {dateTime(txn.at)}
                    </Typography>
                  ),
                },
                {
                  label: translate(`${TF}.result`),
                  render: (txn) => {
                    const note = resultNote(txn);
                    return (
                      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                        <ResultChip result={txn.result} />
                        {note ? (
                          <Typography variant="caption" color="text.secondary">
                            {note}
                          </Typography>
                        ) : null}
                      </Stack>
                    );
                  },
                },
                {
                  label: translate(`${TF}.stamps`),
                  align: 'right',
                  // a voided stamping's stamps were taken back; a refused one gave none
                  rowSx: (txn) =>
                    txn.result === 'SUCCESS'
                      ? undefined
                      : { textDecoration: 'line-through', color: 'text.secondary' },
                  render: (txn) => `+${txn.stamps}`,
                },
                {
                  label: translate(`${TF}.stampsAfter`),
                  align: 'right',
                  render: (txn) => txn.stampsAfter ?? '—',
                },
                { label: translate(`${TF}.receiptNo`), render: (txn) => text(txn.receiptNo) },
                { label: translate(`${TF}.storeId`), render: (txn) => <StoreName storeId={txn.storeId} /> },
                {
                  label: null,
                  align: 'right',
                  render: (txn) =>
                    mayVoid(txn.at) && txn.id === lastSuccess ? (
                      <Button
                        size="small"
                        color="warning"
                        startIcon={<UndoOutlined />}
                        onClick={() => setVoiding(txn)}
                      >
                        {translate(`${K}.void.action`)}
                      </Button>
                    ) : null,
                },
              ]}
            />
          );
        }}
      </HistorySection>
      {voiding ? <VoidDialog txn={voiding} open onClose={() => setVoiding(null)} /> : null}
    </>
  );
};

/** The card and its programme (for the stamps it needs), then its transactions. */
const MemberCardSections = ({ record }: { record: RaRecord }) => {
  const { data: programme } = useGetOne<RaRecord>(
    stampCard.name,
    { id: record.stampCardId },
    { enabled: typeof record.stampCardId === 'number' },
  );
  return (
    <>
      <MemberCardCard record={record} programme={programme} />
      <CardTransactions record={record} />
    </>
  );
};

/** react-admin's show view of memberCards (registered through src/pages/resources/overrides.ts). */
export const MemberCardShow = (props: Partial<ShowProps>) => (
  <RecordShow resource={memberCards.name} actions={<CardActions />} {...props}>
    {(record) => <MemberCardSections record={record} />}
  </RecordShow>
);
