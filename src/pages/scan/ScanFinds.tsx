// What a scanned code names (ScanPage.tsx), each with its one-tap operation: a member card with Stamp
// (1 stamp at the counter's store, expectedStamps sent with it) or a voucher with Redeem.
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { type RaRecord, useCanAccess, useCreatePath, useGetOne, useRefresh, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { RECENT_STAMPING_MS, type StampBody, type StampResult } from '../../../contract/stamping';
import { stampCard, store, vouchers } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { toApiErrorLike } from '../../components/apiError';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { text, useMoney } from '../../components/money';
import { FailureAlert } from '../../components/operations/OperationDialog';
import { useConfirmedOperation } from '../../components/operations/useConfirmedOperation';
import { useStampCardAccess } from '../stampCards/access';
import { stampMemberCard } from '../stampCards/api';
import { StampDialog, StampOutcome } from '../stampCards/MemberCardShow';
import { CardStateChip, STAMP_FIELD_LABELS, StampProgress } from '../stampCards/parts';
import { useVoucherAccess } from '../vouchers/access';
import { VoucherStateChip } from '../vouchers/parts';
import { RedeemDialog, useVoucherOperation } from '../vouchers/VoucherShow';
import { WebCardButton } from '../webCard/WebCardButton';
import { type CounterStore, useOwnStoreId, useOwnStoreName } from './CounterStore';
import { ReceiptStampDialog } from './ReceiptStamp';

const K = 'scanPages';

const Section = ({ label, children }: { label: string; children: ReactNode }) => (
  <Paper
    variant="outlined"
    component="section"
    aria-label={label}
    sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}
  >
    {children}
  </Paper>
);

/** The big one-tap button of a find. */
const BigButton = ({
  onClick,
  busy,
  icon,
  children,
}: {
  onClick: () => void;
  busy: boolean;
  icon: ReactNode;
  children: ReactNode;
}) => (
  <Button
    variant="contained"
    size="large"
    fullWidth
    onClick={onClick}
    disabled={busy}
    startIcon={busy ? <CircularProgress size={22} color="inherit" /> : icon}
    sx={{ py: 2, fontSize: '1.25rem', borderRadius: 3 }}
  >
    {children}
  </Button>
);

/**
 * How long ago the card was last stamped, when that was within RECENT_STAMPING_MS; else null. Read
 * from the card's stamps and its update time (a stamping, a void, a completion move both).
 */
const lastStampedAgo = (card: RaRecord): number | null => {
  if (Number(card.stamps ?? 0) === 0) return null;
  const at = typeof card.updateTime === 'string' ? Date.parse(card.updateTime) : Number.NaN;
  const ago = Date.now() - at;
  return Number.isFinite(ago) && ago >= 0 && ago < RECENT_STAMPING_MS ? ago : null;
};

/** A member card found by its code: programme, member, stamps, state, and Stamp. */
export const ScannedCard = ({
  id,
  counter,
  footer,
}: {
  id: number;
  counter: CounterStore;
  footer: ReactNode;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const refresh = useRefresh();
  const createPath = useCreatePath();
  const { mayStamp } = useStampCardAccess();
  const { ago: relative } = useDates();
  const { canAccess: mayListStores = false } = useCanAccess({ action: 'list', resource: store.name });
  const { run, failure, clearFailure, confirmDialog } = useConfirmedOperation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<StampResult | null>(null);
  const [more, setMore] = useState(false);
  const [receipt, setReceipt] = useState(false);
  const { data: card, error } = useGetOne<RaRecord>(memberCards.name, { id });
  const { data: programme } = useGetOne<RaRecord>(
    stampCard.name,
    { id: card?.stampCardId },
    { enabled: typeof card?.stampCardId === 'number' },
  );
  if (error) return <Alert severity="error">{toApiErrorLike(error).message}</Alert>;
  if (!card) return <LinearProgress aria-label={translate(`${K}.loading`)} />;
  const mobile = text(card.memberMobile);
  // the counter's store, else the store that issued the card
  const storeId = counter.storeId ?? (typeof card.storeId === 'number' ? card.storeId : null);
  const stamp = async () => {
    if (storeId === null) {
      setMore(true);
      return;
    }
    const body: StampBody = { stamps: 1, storeId, expectedStamps: Number(card.stamps) };
    // stamped a few minutes ago (here or at another till): asked first, saying when
    const since = lastStampedAgo(card);
    setBusy(true);
    const result = await run({
      action: translate('stampPages.card.stamp.action'),
      item: mobile,
      request: `stamp ${id} ${JSON.stringify(body)}`,
      send: (key) => stampMemberCard(http, id, body, key),
      // one tap: the card's stamps travel with it, so a second tap or another till is refused (6627)
      alreadyConfirmed: since === null,
      ...(since === null ? {} : { detail: translate(`${K}.card.recent`, { ago: relative(since) }) }),
    });
    setBusy(false);
    if (result.status !== 'cancelled') refresh();
    if (result.status === 'success') setOutcome(result.result);
  };
  // the card's own terms (issue 40 item 2): what it was issued under
  const required = Number(card.stampsRequired);
  return (
    <Section label={translate(`${K}.card.found`)}>
      <Typography variant="overline" color="text.secondary" component="p">
        {translate(`${K}.card.kind`)}
      </Typography>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {programme ? text(programme.title) : '…'}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="body1" sx={{ wordBreak: 'break-all' }}>
          {mobile}
        </Typography>
        <CardStateChip state={card.state} />
      </Stack>
      <Box sx={{ mb: 2 }}>
        <StampProgress stamps={Number(card.stamps ?? 0)} required={required} />
      </Box>
      {outcome && Number(card.stamps) === Number(outcome.stampsAfter) ? (
        <Box sx={{ mb: 2 }}>
          <StampOutcome result={outcome} onClose={() => setOutcome(null)} />
        </Box>
      ) : null}
      <FailureAlert failure={failure} fieldLabels={STAMP_FIELD_LABELS} />
      {mayStamp(card.state) ? (
        <BigButton onClick={() => void stamp()} busy={busy} icon={<VerifiedOutlined />}>
          {translate('stampPages.card.stamp.open')}
        </BigButton>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
        {mayStamp(card.state) ? (
          <Button startIcon={<ReceiptLongOutlined />} onClick={() => setReceipt(true)}>
            {translate(`${K}.receipt.open`)}
          </Button>
        ) : null}
        {mayStamp(card.state) && mayListStores ? (
          <Button onClick={() => setMore(true)}>{translate(`${K}.card.more`)}</Button>
        ) : null}
        <Button component={RouterLink} to={createPath({ resource: memberCards.name, id, type: 'show' })}>
          {translate(`${K}.card.open`)}
        </Button>
        <WebCardButton target={{ kind: 'CARD', id, label: mobile }} />
        {footer}
      </Stack>
      {more ? (
        <StampDialog
          card={counter.storeId === null ? card : { ...card, storeId: counter.storeId }}
          open
          onClose={() => setMore(false)}
          onStamped={(r) => {
            clearFailure();
            setOutcome(r);
          }}
        />
      ) : null}
      {receipt ? (
        <ReceiptStampDialog
          cardId={id}
          stamps={Number(card.stamps ?? 0)}
          onClose={() => setReceipt(false)}
          onStamped={(r) => {
            setReceipt(false);
            clearFailure();
            setOutcome(r);
            refresh();
          }}
        />
      ) : null}
      {confirmDialog}
    </Section>
  );
};

/** A voucher found by its code: title, value, validity, state, and Redeem. */
export const ScannedVoucher = ({
  id,
  counter,
  footer,
}: {
  id: number;
  counter: CounterStore;
  footer: ReactNode;
}) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const money = useMoney();
  const { dateRange, dateTime } = useDates();
  const { canAccess: mayListStores = false } = useCanAccess({ action: 'list', resource: store.name });
  const ownStoreId = useOwnStoreId();
  const ownStoreName = useOwnStoreName();
  const { operationsFor } = useVoucherAccess();
  const { run, failure, confirmDialog } = useConfirmedOperation();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState(false);
  const { data: voucher, error } = useGetOne<RaRecord>(vouchers.name, { id });
  const operate = useVoucherOperation(voucher ?? { id });
  const redeemedStoreId = typeof voucher?.redeemedStoreId === 'number' ? voucher.redeemedStoreId : null;
  const { data: redeemedStore } = useGetOne<RaRecord>(
    store.name,
    { id: redeemedStoreId ?? 0 },
    { enabled: redeemedStoreId !== null && mayListStores },
  );
  if (error) return <Alert severity="error">{toApiErrorLike(error).message}</Alert>;
  if (!voucher) return <LinearProgress aria-label={translate(`${K}.loading`)} />;
  const code = text(voucher.code);
  const redeem = async () => {
    if (counter.storeId === null) {
      setDialog(true);
      return;
    }
    setBusy(true);
    await operate(run, { name: 'redeem', body: { storeId: counter.storeId } }, ['storeId']);
    setBusy(false);
  };
  return (
    <Section label={translate(`${K}.voucher.found`)}>
      <Typography variant="overline" color="text.secondary" component="p">
        {translate(`${K}.voucher.kind`)}
      </Typography>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {text(voucher.title)}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="p" color="primary">
          {money(voucher.value, voucher.currency)}
        </Typography>
        <VoucherStateChip state={voucher.state} />
      </Stack>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
        {code}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${K}.voucher.valid`, { range: dateRange(voucher.validFrom, voucher.validUntil) })}
        {' · '}
        {text(voucher.memberMobile)}
      </Typography>
      {voucher.state === 'REDEEMED' ? (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {redeemedStoreId === null
            ? translate(`${K}.voucher.redeemed`, { when: dateTime(voucher.redeemedAt) })
            : translate(`${K}.voucher.redeemed_at`, {
                when: dateTime(voucher.redeemedAt),
                store:
                  (redeemedStore ? text(redeemedStore.name) : null) ??
                  (redeemedStoreId === ownStoreId ? ownStoreName : null) ??
                  translate(`${K}.voucher.another_store`),
              })}
        </Alert>
      ) : null}
      <FailureAlert failure={failure} />
      {operationsFor(voucher.state).includes('redeem') ? (
        <BigButton onClick={() => void redeem()} busy={busy} icon={<StorefrontOutlined />}>
          {translate('resources.vouchers.actions.redeem')}
        </BigButton>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
        <Button component={RouterLink} to={createPath({ resource: vouchers.name, id, type: 'show' })}>
          {translate(`${K}.voucher.open`)}
        </Button>
        <WebCardButton target={{ kind: 'VOUCHER', id, label: code }} />
        {footer}
      </Stack>
      <RedeemDialog record={voucher} open={dialog} onClose={() => setDialog(false)} />
      {confirmDialog}
    </Section>
  );
};
