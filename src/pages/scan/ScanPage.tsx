// /scan: the counter's scanner (issue 26 item 3; docs/decisions.md "Scan at the counter"). The back
// camera reads a member card's or a voucher's QR (camera.ts), or staff type the code; the code is
// looked up (api.ts: the card, else the voucher) and what it names opens here with its one-tap
// operation: Stamp (1 stamp at the counter's store, sent with the stamps shown as expectedStamps, the
// stamping operation of the card's page) or Redeem (the voucher page's redeem, confirmed). The
// camera pauses while a find is open; "Scan next" goes on. Refused or absent camera: typing works.
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  type RaRecord,
  Title,
  useCanAccess,
  useCreatePath,
  useGetOne,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { normaliseCode } from '../../../contract/pocket';
import type { StampBody, StampResult } from '../../../contract/stamping';
import { stampCard, store, vouchers } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { toApiErrorLike } from '../../components/apiError';
import { useDates } from '../../components/dates';
import { useHttpClient } from '../../components/HttpClientContext';
import { FailureAlert } from '../../components/operations/OperationDialog';
import { useConfirmedOperation } from '../../components/operations/useConfirmedOperation';
import { useLoadable } from '../../components/operations/useLoadable';
import { useCaller } from '../../components/useCaller';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { stampCardsEn } from '../../i18n/stampCards.en';
import { useStampCardAccess } from '../stampCards/access';
import { stampMemberCard } from '../stampCards/api';
import { StampDialog, StampOutcome } from '../stampCards/MemberCardShow';
import { CardStateChip, STAMP_FIELD_LABELS, StampProgress } from '../stampCards/parts';
import { useVoucherAccess } from '../vouchers/access';
import { text, useMoney } from '../vouchers/format';
import { VoucherStateChip } from '../vouchers/parts';
import { RedeemDialog, useVoucherOperation } from '../vouchers/VoucherShow';
import { WebCardButton } from '../webCard/WebCardButton';
import { type Found, findByCode, lookupsOf } from './api';
import { type CounterStore, CounterStoreLine, useCounterStore } from './CounterStore';
import { type CameraProblem, type CodeScanner, problemOf, startScanner } from './camera';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(stampCardsEn);

const K = 'scanPages';

type Camera =
  | { status: 'starting' }
  | { status: 'on' }
  | { status: 'paused' }
  | { status: 'problem'; problem: CameraProblem };

/** The camera in `video` while `active`, calling `onCode` with each code read. */
const useCamera = (
  video: React.RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (t: string) => void,
) => {
  const [camera, setCamera] = useState<Camera>({ status: active ? 'starting' : 'paused' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(onCode);
  latest.current = onCode;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is a "try again" trigger
  useEffect(() => {
    const element = video.current;
    if (!active || !element) {
      // a camera that is not there stays "not there" while a find is open
      setCamera((c) => (c.status === 'problem' ? c : { status: 'paused' }));
      return;
    }
    let scanner: CodeScanner | null = null;
    let cancelled = false;
    setCamera({ status: 'starting' });
    startScanner(element, (t) => latest.current(t))
      .then((s) => {
        if (cancelled) s.stop();
        else {
          scanner = s;
          setCamera({ status: 'on' });
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) setCamera({ status: 'problem', problem: problemOf(error) });
      });
    return () => {
      cancelled = true;
      scanner?.stop();
    };
  }, [active, attempt, video]);
  return { camera, retry: () => setAttempt((n) => n + 1) };
};

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

/** A member card found by its code: programme, member, stamps, state, and Stamp. */
const ScannedCard = ({ id, counter, footer }: { id: number; counter: CounterStore; footer: ReactNode }) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const refresh = useRefresh();
  const createPath = useCreatePath();
  const { mayStamp } = useStampCardAccess();
  const { canAccess: mayListStores = false } = useCanAccess({ action: 'list', resource: store.name });
  const { run, failure, clearFailure, confirmDialog } = useConfirmedOperation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<StampResult | null>(null);
  const [more, setMore] = useState(false);
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
    setBusy(true);
    const result = await run({
      action: translate('stampPages.card.stamp.action'),
      item: mobile,
      request: `stamp ${id} ${JSON.stringify(body)}`,
      send: (key) => stampMemberCard(http, id, body, key),
      // one tap: the card's stamps travel with it, so a second tap or another till is refused (6627)
      alreadyConfirmed: true,
    });
    setBusy(false);
    if (result.status !== 'cancelled') refresh();
    if (result.status === 'success') setOutcome(result.result);
  };
  const required = programme ? Number(programme.stampsRequired) : null;
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
          programme={programme}
          open
          onClose={() => setMore(false)}
          onStamped={(r) => {
            clearFailure();
            setOutcome(r);
          }}
        />
      ) : null}
      {confirmDialog}
    </Section>
  );
};

/** A voucher found by its code: title, value, validity, state, and Redeem. */
const ScannedVoucher = ({
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
  const { dateRange } = useDates();
  const { operationsFor } = useVoucherAccess();
  const { run, failure, confirmDialog } = useConfirmedOperation();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState(false);
  const { data: voucher, error } = useGetOne<RaRecord>(vouchers.name, { id });
  const operate = useVoucherOperation(voucher ?? { id });
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

/** The camera box: the picture with a frame to aim at, or why there is none. */
const CameraBox = ({
  video,
  camera,
  onRetry,
  hidden,
}: {
  video: React.RefObject<HTMLVideoElement | null>;
  camera: Camera;
  onRetry: () => void;
  hidden: boolean;
}) => {
  const translate = useTranslate();
  const problem = camera.status === 'problem';
  return (
    <Box sx={{ display: hidden ? { xs: 'none', md: 'block' } : 'block' }}>
      {problem ? (
        <Alert
          severity="warning"
          icon={<VideocamOffOutlined />}
          role="status"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {translate(`${K}.camera.retry`)}
            </Button>
          }
        >
          {translate(`${K}.camera.${camera.problem}`)}
        </Alert>
      ) : null}
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '4 / 3',
          bgcolor: 'grey.900',
          borderRadius: 3,
          overflow: 'hidden',
          display: problem ? 'none' : 'block',
        }}
      >
        <Box
          component="video"
          ref={video}
          muted
          playsInline
          autoPlay
          aria-label={translate(`${K}.camera.label`)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {/* where to hold the code */}
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: '14% 22%',
            border: '3px solid rgba(255,255,255,0.85)',
            borderRadius: 2,
            boxShadow: '0 0 0 100vmax rgba(0,0,0,0.25)',
          }}
        />
        {camera.status !== 'on' ? (
          <Stack
            sx={{
              position: 'absolute',
              inset: 0,
              alignItems: 'center',
              justifyContent: 'center',
              color: '#fff',
            }}
            spacing={1}
          >
            {camera.status === 'starting' ? <CircularProgress color="inherit" size={28} /> : null}
            <Typography variant="body2">{translate(`${K}.camera.${camera.status}`)}</Typography>
          </Stack>
        ) : null}
      </Box>
    </Box>
  );
};

/** /scan */
export const ScanPage = () => {
  const translate = useTranslate();
  const { caller } = useCaller();
  const counterState = useCounterStore();
  const fieldId = useId();
  const video = useRef<HTMLVideoElement | null>(null);
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  // the code looked up and the how-many-th look-up (the same code again looks again)
  const [looked, setLooked] = useState<{ code: string; n: number } | null>(null);
  const may = caller ? lookupsOf(caller.subject) : { cards: false, vouchers: false };
  const found = useLoadable<Found>(
    looked === null
      ? null
      : { key: `${looked.code} ${looked.n}`, load: (http) => findByCode(http, looked.code, may) },
  );
  const open = found.status === 'ready' && found.data.kind !== 'NONE' ? found.data : null;
  const lookUp = useCallback((raw: string, fromCamera: boolean) => {
    const code = normaliseCode(raw);
    setInvalid(code === null);
    if (code === null) return;
    // the camera sees the same code many times a second: one look-up per code
    setLooked((last) => (fromCamera && last?.code === code ? last : { code, n: (last?.n ?? 0) + 1 }));
  }, []);
  const { camera, retry } = useCamera(video, open === null, (t) => lookUp(t, true));
  const next = () => {
    setLooked(null);
    setTyped('');
    setInvalid(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    lookUp(typed, false);
  };
  const title = translate(`${K}.title`);
  const nextButton = (
    <Button startIcon={<QrCodeScanner />} onClick={next}>
      {translate(`${K}.next`)}
    </Button>
  );
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Title title={title} />
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ mb: 2, maxWidth: 480 }}>
        <CounterStoreLine state={counterState} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <CameraBox video={video} camera={camera} onRetry={retry} hidden={open !== null} />
          <Box component="form" onSubmit={submit} noValidate aria-label={translate(`${K}.typed.form`)}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                id={fieldId}
                label={translate(`${K}.typed.label`)}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                error={invalid}
                helperText={translate(invalid ? `${K}.typed.invalid` : `${K}.typed.help`)}
                fullWidth
                slotProps={{
                  htmlInput: {
                    autoCapitalize: 'characters',
                    autoComplete: 'off',
                    autoCorrect: 'off',
                    spellCheck: false,
                    maxLength: 80,
                  },
                }}
              />
              <Button
                type="submit"
                variant="outlined"
                startIcon={<SearchOutlined />}
                sx={{ flexShrink: 0, height: 56 }}
              >
                {translate(`${K}.typed.find`)}
              </Button>
            </Stack>
          </Box>
        </Stack>
        <Box sx={{ minWidth: 0, order: { xs: open ? -1 : 0, md: 0 } }} aria-live="polite">
          {looked === null ? (
            <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' } }}>
              {translate(`${K}.hint`)}
            </Typography>
          ) : found.status === 'loading' || found.status === 'idle' ? (
            <LinearProgress aria-label={translate(`${K}.loading`)} />
          ) : found.status === 'error' ? (
            <Alert severity="error" variant="outlined">
              {toApiErrorLike(found.error).message || translate('common.notice.unknown_error')}
            </Alert>
          ) : found.data.kind === 'NONE' ? (
            <Alert severity="info" variant="outlined" role="alert">
              {translate(`${K}.unknown`, { code: looked.code })}
            </Alert>
          ) : found.data.kind === 'CARD' ? (
            <ScannedCard
              key={`${looked.code} ${looked.n}`}
              id={found.data.id}
              counter={counterState.counter}
              footer={nextButton}
            />
          ) : (
            <ScannedVoucher
              key={`${looked.code} ${looked.n}`}
              id={found.data.id}
              counter={counterState.counter}
              footer={nextButton}
            />
          )}
        </Box>
      </Box>
    </Box>
  );
};
