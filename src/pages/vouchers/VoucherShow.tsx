// One voucher (replaces the generated vouchers show view, src/pages/resources/overrides.ts): its fields,
// the operations its state allows (Redeem at a store, Void a redemption with a reason, Donate to
// another member, Expire for operators), each confirmed with the spec's wording, and its history
// (GET /voucher-history filtered by voucherId, oldest first) as a timeline.
import CardGiftcardOutlined from '@mui/icons-material/CardGiftcardOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import {
  EditButton,
  type RaRecord,
  required,
  type ShowProps,
  useCanAccess,
  useGetOne,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { voucherHistory, voucherPacks, vouchers } from '../../../resources';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { text, useMoney } from '../../components/money';
import { Detail, DetailList, ReferenceName, StoreName } from '../../components/operations/details';
import { BrandStoreInput, ReasonInput, trimmed } from '../../components/operations/inputs';
import {
  ConfirmedOperationDialog,
  type SubmitErrors,
  submitErrorsOf,
} from '../../components/operations/OperationDialog';
import {
  DisabledReason,
  HistorySection,
  RecordShow,
  ShowCard,
  ShowToolbar,
  TitleRow,
} from '../../components/operations/ShowPage';
import { type RunOperation, useConfirmedOperation } from '../../components/operations/useConfirmedOperation';
import { PhoneNumberInput } from '../../components/PhoneInput';
import { WebCardButton } from '../webCard/WebCardButton';
import { useVoucherAccess } from './access';
import {
  runVoucherOperation,
  VOID_REASON_MAX,
  type VoucherHistoryRow,
  type VoucherOperation,
  type VoucherRow,
} from './api';
import { MemberLink, VoucherStateChip, VoucherTimeline } from './parts';

const K = 'voucherPages.voucher';
/** the operations' names, with the declaration's arrows (resources/tables/vouchers.ts) */
const A = 'resources.vouchers.actions';
const F = 'resources.vouchers.fields';

type DialogName = 'redeem' | 'void' | 'donate';

/**
 * Runs one operation on the voucher with `run` (confirm 'Confirm to {action} - {code}?', POST with an
 * Idempotency-Key, notice), then react-admin's refresh (the voucher and its history); 'done' once it
 * succeeded, else the form's errors.
 */
export const useVoucherOperation = (record: RaRecord) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const refresh = useRefresh();
  return async (
    run: RunOperation,
    op: VoucherOperation,
    fields: readonly string[],
    alreadyConfirmed = false,
  ): Promise<SubmitErrors | 'done'> => {
    const outcome = await run<VoucherRow>({
      alreadyConfirmed,
      action: translate(`${A}.${op.name}`),
      item: String(record.code ?? record.id),
      request: `${op.name} ${String(record.id)} ${JSON.stringify(op.body)}`,
      send: (key) => runVoucherOperation(http, record.id, op, key),
    });
    // refused: the voucher may have moved meanwhile (another till), so show it as it is now
    if (outcome.status !== 'cancelled') refresh();
    return outcome.status === 'success' ? 'done' : submitErrorsOf(outcome, fields);
  };
};

interface DialogProps {
  record: RaRecord;
  open: boolean;
  onClose: () => void;
}

/** A dialog whose form, once submitted, runs `toOperation(values)`. */
const VoucherOperationDialog = ({
  record,
  open,
  onClose,
  name,
  fields,
  toOperation,
  defaultValues,
  alreadyConfirmed = false,
  children,
}: DialogProps & {
  name: DialogName;
  fields: readonly string[];
  /** the dialog's own button is the confirmation (Void): no second question */
  alreadyConfirmed?: boolean;
  toOperation: (values: Record<string, unknown>) => VoucherOperation;
  defaultValues?: Record<string, unknown>;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const operate = useVoucherOperation(record);
  const code = String(record.code ?? record.id);
  return (
    <ConfirmedOperationDialog
      open={open}
      title={translate(`${K}.${name}.title`, { code })}
      submitLabel={translate(`${A}.${name}`)}
      onClose={onClose}
      {...(defaultValues ? { defaultValues } : {})}
      onSubmit={async (values, { run, close }) => {
        const result = await operate(run, toOperation(values), fields, alreadyConfirmed);
        if (result === 'done') {
          close();
          return undefined;
        }
        return result;
      }}
    >
      {children}
    </ConfirmedOperationDialog>
  );
};

/** Redeem: at an ACTIVE store of the voucher's brand (the store list is the caller's own). */
export const RedeemDialog = (props: DialogProps) => {
  const translate = useTranslate();
  const { record } = props;
  return (
    <VoucherOperationDialog
      {...props}
      name="redeem"
      fields={['storeId']}
      toOperation={(values) => ({ name: 'redeem', body: { storeId: Number(values.storeId) } })}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${K}.redeem.intro`)}
      </Typography>
      <BrandStoreInput
        brandId={record.brandId}
        label={translate(`${K}.redeem.store`)}
        helperText={translate(`${K}.redeem.store_help`)}
      />
    </VoucherOperationDialog>
  );
};

/** Void: undoes a redemption; the reason is kept in the voucher's history. */
const VoidDialog = (props: DialogProps) => {
  const translate = useTranslate();
  return (
    <VoucherOperationDialog
      {...props}
      name="void"
      fields={['reason']}
      // the reason dialog names the voucher and its button says Void: asked once (issue 23)
      alreadyConfirmed
      toOperation={(values) => ({ name: 'void', body: { reason: trimmed(values.reason) } })}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${K}.void.intro`)}
      </Typography>
      <ReasonInput
        label={translate(`${K}.void.reason`)}
        helperText={translate(`${K}.void.reason_help`, { max: VOID_REASON_MAX })}
        max={VOID_REASON_MAX}
      />
    </VoucherOperationDialog>
  );
};

/** Donate: the voucher goes to another member, who need not be known yet. */
const DonateDialog = (props: DialogProps) => {
  const translate = useTranslate();
  const holder = typeof props.record.memberMobile === 'string' ? props.record.memberMobile : '';
  const notHolder = (value: unknown) =>
    value !== '' && value === holder ? `${K}.donate.same_member` : undefined;
  return (
    <VoucherOperationDialog
      {...props}
      name="donate"
      fields={['toMobile']}
      defaultValues={{ toMobile: '' }}
      toOperation={(values) => ({ name: 'donate', body: { toMobile: String(values.toMobile ?? '') } })}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${K}.donate.intro`, { mobile: holder || '—' })}
      </Typography>
      <PhoneNumberInput
        source="toMobile"
        label={`${K}.donate.to_mobile`}
        validate={[required(), notHolder]}
        autoFocus
      />
    </VoucherOperationDialog>
  );
};

/** Expire at once: nothing to fill in, so the confirmation alone asks. */
const ExpireButton = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const operate = useVoucherOperation(record);
  const { run, confirmDialog } = useConfirmedOperation();
  return (
    <>
      <Button
        color="warning"
        startIcon={<EventBusyOutlined />}
        onClick={() => void operate(run, { name: 'expire', body: {} }, [])}
      >
        {translate(`${A}.expire`)}
      </Button>
      {confirmDialog}
    </>
  );
};

/** Donate, offered on an AVAILABLE voucher; explained, not offered, when its pack is not giftable. */
const DonateButton = ({ record, onClick }: { record: RaRecord; onClick: () => void }) => {
  const translate = useTranslate();
  const { data: pack } = useGetOne(
    voucherPacks.name,
    { id: record.voucherPackId },
    { enabled: record.voucherPackId !== null && record.voucherPackId !== undefined },
  );
  const giftable = pack === undefined || pack.giftable === true;
  return (
    <DisabledReason disabled={!giftable} reason={translate(`${K}.donate.not_giftable`)}>
      <Button startIcon={<CardGiftcardOutlined />} onClick={onClick} disabled={!giftable}>
        {translate(`${A}.donate`)}
      </Button>
    </DisabledReason>
  );
};

const VoucherActions = () => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  const { operationsFor } = useVoucherAccess();
  const { canAccess: mayEdit } = useCanAccess({ action: 'edit', resource: vouchers.name });
  const [open, setOpen] = useState<DialogName | null>(null);
  const close = () => setOpen(null);
  const offered = new Set(record ? operationsFor(record.state) : []);
  return (
    <ShowToolbar back={vouchers.route} backLabel={translate(`${K}.back_to_list`)}>
      {record && offered.has('redeem') && (
        <Button variant="contained" startIcon={<StorefrontOutlined />} onClick={() => setOpen('redeem')}>
          {translate(`${A}.redeem`)}
        </Button>
      )}
      {record && offered.has('void') && (
        <Button startIcon={<UndoOutlined />} onClick={() => setOpen('void')}>
          {translate(`${A}.void`)}
        </Button>
      )}
      {record && offered.has('donate') && <DonateButton record={record} onClick={() => setOpen('donate')} />}
      {record && offered.has('expire') && <ExpireButton record={record} />}
      {record && (
        <WebCardButton
          target={{ kind: 'VOUCHER', id: Number(record.id), label: String(record.code ?? record.id) }}
        />
      )}
      {/* a support fix of the validity dates; everything else moves through the operations */}
      {mayEdit && <EditButton size="medium" />}
      {record && (
        <>
          <RedeemDialog record={record} open={open === 'redeem'} onClose={close} />
          <VoidDialog record={record} open={open === 'void'} onClose={close} />
          <DonateDialog record={record} open={open === 'donate'} onClose={close} />
        </>
      )}
    </ShowToolbar>
  );
};

const VoucherCard = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const money = useMoney();
  const { dateTime, dateRange: dayRange } = useDates();
  return (
    <ShowCard>
      <TitleRow title={text(record.code)} code chips={<VoucherStateChip state={record.state} />} mb={0.5} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="p">
          {text(record.title)}
        </Typography>
        <Typography variant="h6" component="p" color="primary">
          {money(record.value, record.currency)}
        </Typography>
      </Stack>
      <DetailList>
        <Detail label={translate(`${F}.memberMobile`)}>
          <MemberLink mobile={record.memberMobile} />
        </Detail>
        <Detail label={translate(`${K}.issued_to`)}>
          <MemberLink mobile={record.issuedToMobile} />
        </Detail>
        <Detail label={translate(`${K}.validity`)}>{dayRange(record.validFrom, record.validUntil)}</Detail>
        <Detail label={translate(`${F}.voucherPackId`)}>
          <ReferenceName reference={voucherPacks.name} id={record.voucherPackId} field="title" />
        </Detail>
        {record.state === 'REDEEMED' ? (
          <>
            <Detail label={translate(`${F}.redeemedAt`)}>{dateTime(record.redeemedAt)}</Detail>
            <Detail label={translate(`${F}.redeemedStoreId`)}>
              <StoreName
                storeId={typeof record.redeemedStoreId === 'number' ? record.redeemedStoreId : null}
              />
            </Detail>
          </>
        ) : null}
        <Detail label={translate(`${F}.createTime`)}>{dateTime(record.createTime)}</Detail>
        <Detail label={translate(`${F}.updateTime`)}>{dateTime(record.updateTime)}</Detail>
      </DetailList>
    </ShowCard>
  );
};

/** The voucher's history, oldest first; react-admin's refresh after an operation reloads it. */
const VoucherHistorySection = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const title = translate(`${K}.history`);
  return (
    <HistorySection
      title={title}
      reference={voucherHistory.name}
      target="voucherId"
      id={record.id}
      sort={{ field: 'at', order: 'ASC' }}
    >
      {(rows) => (
        <Box sx={{ mt: 2 }}>
          <VoucherTimeline events={rows as unknown as VoucherHistoryRow[]} label={title} />
        </Box>
      )}
    </HistorySection>
  );
};

/** react-admin's show view of vouchers (registered through src/pages/resources/overrides.ts). */
export const VoucherShow = (props: Partial<ShowProps>) => (
  <RecordShow resource={vouchers.name} actions={<VoucherActions />} {...props}>
    {(record) => (
      <>
        <VoucherCard record={record} />
        <VoucherHistorySection record={record} />
      </>
    )}
  </RecordShow>
);
