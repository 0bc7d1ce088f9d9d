// /scan: the counter's scanner (issue 26 item 3; docs/decisions.md "Scan at the counter"). The back
// camera reads a member card's or a voucher's QR (camera.ts), or staff type the code; the code is
// looked up (api.ts: the card, else the voucher) and what it names opens here with its one-tap
// operation: Stamp (1 stamp at the counter's store, sent with the stamps shown as expectedStamps, the
// stamping operation of the card's page) or Redeem (the voucher page's redeem, confirmed). The
// camera pauses while a find is open; "Scan next" goes on. Refused or absent camera: typing works.
// A card also stamps from a receipt's QR code (ReceiptStamp.tsx).
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { normaliseCode } from '../../../contract/pocket';
import { toApiErrorLike } from '../../components/apiError';
import { useLoadable } from '../../components/operations/useLoadable';
import { useCaller } from '../../components/useCaller';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { scanScreenEn } from '../../i18n/scanScreens.en';
import { stampCardsEn } from '../../i18n/stampCards.en';
import { type Found, findByCode, lookupsOf } from './api';
import { CounterStoreLine, useCounterStore } from './CounterStore';
import { CameraBox, useCamera } from './ScanCamera';
import { ScannedCard, ScannedVoucher } from './ScanFinds';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(stampCardsEn);
addEnglishMessages(scanScreenEn);

const K = 'scanPages';

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
