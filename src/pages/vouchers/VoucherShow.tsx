// One voucher (replaces the generated vouchers show view, src/pages/resources/overrides.ts): its fields,
// the operations its state allows (Redeem at a store, Void a redemption with a reason, Donate to
// another member, Expire for operators), each confirmed with the spec's wording, and its history
// (GET /voucher-history filtered by voucherId, oldest first) as a timeline.
import ArrowBack from '@mui/icons-material/ArrowBack';
import CardGiftcardOutlined from '@mui/icons-material/CardGiftcardOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import {
  AutocompleteInput,
  EditButton,
  Link,
  maxLength,
  type RaRecord,
  ReferenceField,
  ReferenceInput,
  required,
  Show,
  type ShowProps,
  TextField,
  TextInput,
  TopToolbar,
  useCanAccess,
  useGetManyReference,
  useGetOne,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { store, voucherHistory, voucherPacks, vouchers } from '../../../resources';
import { members } from '../../../resources/tables/members';
import { toApiErrorLike } from '../../components/apiError';
import { useHttpClient } from '../../components/HttpClientContext';
import { PhoneNumberInput } from '../components/PhoneInput';
import { useVoucherAccess } from './access';
import {
  fieldErrorsOf,
  runVoucherOperation,
  VOID_REASON_MAX,
  type VoucherHistoryRow,
  type VoucherOperation,
  type VoucherRow,
} from './api';
import { dateTime, day, text, useMoney } from './format';
import { OperationDialog, type SubmitErrors, useConfirmedOperation } from './OperationDialog';
import { Detail, DetailList, StoreName, VoucherStateChip, VoucherTimeline } from './parts';

const K = 'voucherPages.voucher';
const F = 'resources.vouchers.fields';

/** The member lookup page opened on one member. */
export const memberVouchersPath = (mobile: string) => `${members.route}?mobile=${encodeURIComponent(mobile)}`;

type DialogName = 'redeem' | 'void' | 'donate';

/**
 * Runs one operation on the voucher: confirm ('Confirm to {action} - {code}?'), POST with an
 * Idempotency-Key, notice, then react-admin's refresh (the voucher and its history) on success.
 */
const useVoucherOperation = (record: RaRecord) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const refresh = useRefresh();
  const { run, failure, clearFailure, confirmDialog } = useConfirmedOperation();
  const operate = async (op: VoucherOperation, fields: readonly string[]): Promise<SubmitErrors | 'done'> => {
    const outcome = await run<VoucherRow>({
      action: translate(`${K}.actions.${op.name}`),
      item: String(record.code ?? record.id),
      request: `${op.name} ${String(record.id)} ${JSON.stringify(op.body)}`,
      send: (key) => runVoucherOperation(http, record.id, op, key),
    });
    if (outcome.status === 'success') {
      refresh();
      return 'done';
    }
    // refused: the voucher may have moved meanwhile (another till), so show it as it is now
    if (outcome.status === 'failed') {
      refresh();
      return fieldErrorsOf(outcome.failure, fields);
    }
    return undefined;
  };
  return { operate, failure, clearFailure, confirmDialog };
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
  children,
}: DialogProps & {
  name: DialogName;
  fields: readonly string[];
  toOperation: (values: Record<string, unknown>) => VoucherOperation;
  defaultValues?: Record<string, unknown>;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const { operate, failure, clearFailure, confirmDialog } = useVoucherOperation(record);
  const close = () => {
    clearFailure();
    onClose();
  };
  const code = String(record.code ?? record.id);
  return (
    <>
      <OperationDialog
        open={open}
        title={translate(`${K}.${name}.title`, { code })}
        submitLabel={translate(`${K}.actions.${name}`)}
        onClose={close}
        failure={failure}
        {...(defaultValues ? { defaultValues } : {})}
        onSubmit={async (values) => {
          const result = await operate(toOperation(values), fields);
          if (result === 'done') {
            close();
            return undefined;
          }
          return result;
        }}
      >
        {children}
      </OperationDialog>
      {confirmDialog}
    </>
  );
};

/** Redeem: at an ACTIVE store of the voucher's brand (the store list is the caller's own). */
const RedeemDialog = (props: DialogProps) => {
  const translate = useTranslate();
  const { record } = props;
  const brand = typeof record.brandId === 'number' ? { brandId: record.brandId } : {};
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
      <ReferenceInput
        source="storeId"
        reference={store.name}
        filter={{ ...brand, state: 'ACTIVE' }}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={50}
      >
        <AutocompleteInput
          label={translate(`${K}.redeem.store`)}
          optionText="name"
          validate={required()}
          helperText={translate(`${K}.redeem.store_help`)}
          fullWidth
        />
      </ReferenceInput>
    </VoucherOperationDialog>
  );
};

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const notBlank = (value: unknown) => (trimmed(value) === '' ? 'ra.validation.required' : undefined);

/** Void: undoes a redemption; the reason is kept in the voucher's history. */
const VoidDialog = (props: DialogProps) => {
  const translate = useTranslate();
  return (
    <VoucherOperationDialog
      {...props}
      name="void"
      fields={['reason']}
      toOperation={(values) => ({ name: 'void', body: { reason: trimmed(values.reason) } })}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${K}.void.intro`)}
      </Typography>
      <TextInput
        source="reason"
        label={translate(`${K}.void.reason`)}
        validate={[required(), notBlank, maxLength(VOID_REASON_MAX)]}
        helperText={translate(`${K}.void.reason_help`, { max: VOID_REASON_MAX })}
        multiline
        minRows={3}
        fullWidth
        autoFocus
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
  const { operate, confirmDialog } = useVoucherOperation(record);
  return (
    <>
      <Button
        color="warning"
        startIcon={<EventBusyOutlined />}
        onClick={() => void operate({ name: 'expire', body: {} }, [])}
      >
        {translate(`${K}.actions.expire`)}
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
  const button = (
    <Button startIcon={<CardGiftcardOutlined />} onClick={onClick} disabled={!giftable}>
      {translate(`${K}.actions.donate`)}
    </Button>
  );
  return giftable ? (
    button
  ) : (
    <Tooltip title={translate(`${K}.donate.not_giftable`)}>
      <span>{button}</span>
    </Tooltip>
  );
};

const VoucherActions = () => {
  const translate = useTranslate();
  const record = useRecordContext<RaRecord>();
  const { mayOperate, mayExpire } = useVoucherAccess();
  const { canAccess: mayEdit } = useCanAccess({ action: 'edit', resource: vouchers.name });
  const [open, setOpen] = useState<DialogName | null>(null);
  const close = () => setOpen(null);
  const state = record?.state;
  return (
    <TopToolbar sx={{ gap: 1, alignItems: 'center' }}>
      <Button component={RouterLink} to={vouchers.route} startIcon={<ArrowBack />}>
        {translate(`${K}.back_to_list`)}
      </Button>
      <Box sx={{ flex: 1 }} />
      {record && mayOperate && state === 'AVAILABLE' && (
        <Button variant="contained" startIcon={<StorefrontOutlined />} onClick={() => setOpen('redeem')}>
          {translate(`${K}.actions.redeem`)}
        </Button>
      )}
      {record && mayOperate && state === 'REDEEMED' && (
        <Button startIcon={<UndoOutlined />} onClick={() => setOpen('void')}>
          {translate(`${K}.actions.void`)}
        </Button>
      )}
      {record && mayOperate && state === 'AVAILABLE' && (
        <DonateButton record={record} onClick={() => setOpen('donate')} />
      )}
      {record && mayExpire && state === 'AVAILABLE' && <ExpireButton record={record} />}
      {/* a support fix of the validity dates; everything else moves through the operations */}
      {mayEdit && <EditButton />}
      {record && (
        <>
          <RedeemDialog record={record} open={open === 'redeem'} onClose={close} />
          <VoidDialog record={record} open={open === 'void'} onClose={close} />
          <DonateDialog record={record} open={open === 'donate'} onClose={close} />
        </>
      )}
    </TopToolbar>
  );
};

const MemberLink = ({ mobile }: { mobile: unknown }) =>
  typeof mobile === 'string' && mobile !== '' ? (
    <Link to={memberVouchersPath(mobile)}>{mobile}</Link>
  ) : (
    <>—</>
  );

const VoucherCard = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const money = useMoney();
  const { canAccess: mayReadPacks } = useCanAccess({ action: 'list', resource: voucherPacks.name });
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography
            component="h1"
            variant="h5"
            sx={{ fontFamily: 'monospace', fontWeight: 700, letterSpacing: 1 }}
          >
            {text(record.code)}
          </Typography>
          <VoucherStateChip state={record.state} />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 3, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="p">
            {text(record.title)}
          </Typography>
          <Typography variant="h6" component="p" color="primary">
            {money(record.value)}
          </Typography>
        </Stack>
        <DetailList>
          <Detail label={translate(`${F}.memberMobile`)}>
            <MemberLink mobile={record.memberMobile} />
          </Detail>
          <Detail label={translate(`${K}.issued_to`)}>
            <MemberLink mobile={record.issuedToMobile} />
          </Detail>
          <Detail
            label={translate(`${K}.validity`)}
          >{`${day(record.validFrom)} → ${day(record.validUntil)}`}</Detail>
          <Detail label={translate(`${F}.voucherPackId`)}>
            {record.voucherPackId && mayReadPacks ? (
              <ReferenceField source="voucherPackId" reference={voucherPacks.name} link="show">
                <TextField source="title" />
              </ReferenceField>
            ) : (
              text(record.voucherPackId ? `#${String(record.voucherPackId)}` : null)
            )}
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
      </CardContent>
    </Card>
  );
};

/** The voucher's history, oldest first; react-admin's refresh after an operation reloads it. */
const VoucherHistorySection = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { canAccess, isPending: accessPending } = useCanAccess({
    action: 'list',
    resource: voucherHistory.name,
  });
  const { data, isPending, error } = useGetManyReference<RaRecord>(
    voucherHistory.name,
    {
      target: 'voucherId',
      id: record.id,
      sort: { field: 'at', order: 'ASC' },
      pagination: { page: 1, perPage: 200 },
    },
    { enabled: canAccess === true },
  );
  if (accessPending || !canAccess) return null;
  const title = translate(`${K}.history`);
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Divider sx={{ mb: 2 }} />
        {error ? (
          <Alert severity="warning" variant="outlined">
            {toApiErrorLike(error).message}
          </Alert>
        ) : isPending ? (
          <LinearProgress />
        ) : (
          <VoucherTimeline events={(data ?? []) as unknown as VoucherHistoryRow[]} label={title} />
        )}
      </CardContent>
    </Card>
  );
};

const VoucherPage = () => {
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  return (
    <Stack spacing={3}>
      <VoucherCard record={record} />
      <VoucherHistorySection record={record} />
    </Stack>
  );
};

/** react-admin's show view of vouchers (registered through src/pages/resources/overrides.ts). */
export const VoucherShow = (props: Partial<ShowProps>) => (
  <Show resource={vouchers.name} actions={<VoucherActions />} component={Box} {...props}>
    <VoucherPage />
  </Show>
);
