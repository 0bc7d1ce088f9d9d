// "Stamp from receipt" on a scanned member card (issue 42; docs/decisions.md "Receipt QR"): the camera
// (or a handheld scanner typing into the field) reads the receipt's QR code; the dialog shows what it
// says (store, receipt number, amount) and Stamp sends POST /member-cards/{id}/stamps/receipt once,
// with the card's stamps as expectedStamps. A receipt stamped before is refused by the server (6750)
// and said here; "Another receipt" reads again.
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import { parseReceiptQr, type ReceiptQr, type StampResult } from '../../../contract/stamping';
import { store } from '../../../resources';
import { useHttpClient } from '../../components/HttpClientContext';
import { useMoney } from '../../components/money';
import { FailureAlert } from '../../components/operations/OperationDialog';
import { useConfirmedOperation } from '../../components/operations/useConfirmedOperation';
import { stampFromReceipt } from '../stampCards/api';
import { STAMP_FIELD_LABELS } from '../stampCards/parts';
import { CameraBox, useCamera } from './ScanCamera';

const K = 'scanPages.receipt';

/** What the receipt says, one line each. */
const ReceiptLines = ({ receipt }: { receipt: ReceiptQr }) => {
  const translate = useTranslate();
  const money = useMoney();
  const { data: where } = useGetOne(store.name, { id: receipt.storeId }, { retry: false });
  const line = (label: string, value: string) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 500, wordBreak: 'break-all', textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Stack spacing={1} aria-label={translate(`${K}.title`)} role="group" sx={{ my: 2 }}>
      {line(translate(`${K}.store`), typeof where?.name === 'string' ? where.name : `#${receipt.storeId}`)}
      {line(translate(`${K}.number`), receipt.receiptNo)}
      {line(translate(`${K}.amount`), money(receipt.amount))}
    </Stack>
  );
};

export const ReceiptStampDialog = ({
  cardId,
  stamps,
  onClose,
  onStamped,
}: {
  cardId: number;
  /** the stamps the card shows: sent as expectedStamps */
  stamps: number;
  onClose: () => void;
  onStamped: (result: StampResult) => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const fieldId = useId();
  const video = useRef<HTMLVideoElement | null>(null);
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [read, setRead] = useState<{ qr: string; receipt: ReceiptQr } | null>(null);
  const [busy, setBusy] = useState(false);
  const { run, failure, clearFailure } = useConfirmedOperation();
  const take = (raw: string) => {
    const receipt = parseReceiptQr(raw);
    setInvalid(receipt === null);
    if (receipt) setRead({ qr: raw.trim(), receipt });
  };
  const { camera, retry } = useCamera(video, read === null, take);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    take(typed);
  };
  const stamp = async () => {
    if (!read) return;
    const body = { qr: read.qr, expectedStamps: stamps };
    setBusy(true);
    const result = await run({
      action: translate(`${K}.action`),
      item: read.receipt.receiptNo,
      request: `receipt ${cardId} ${JSON.stringify(body)}`,
      send: (key) => stampFromReceipt(http, cardId, body, key),
      // the receipt shown is the question: Stamp is the answer
      alreadyConfirmed: true,
    });
    setBusy(false);
    if (result.status === 'success') onStamped(result.result);
  };
  const again = () => {
    clearFailure();
    setRead(null);
    setTyped('');
    setInvalid(false);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${fieldId}-title`}>
      <DialogTitle id={`${fieldId}-title`}>{translate(`${K}.title`)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${K}.intro`)}
        </Typography>
        {read ? (
          <ReceiptLines receipt={read.receipt} />
        ) : (
          <Stack spacing={2}>
            <CameraBox video={video} camera={camera} onRetry={retry} hidden={false} />
            <Box component="form" onSubmit={submit} noValidate>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  id={fieldId}
                  label={translate(`${K}.label`)}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  error={invalid}
                  helperText={invalid ? translate(`${K}.invalid`) : ' '}
                  fullWidth
                  autoFocus
                  slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 200 } }}
                />
                <Button type="submit" variant="outlined" sx={{ flexShrink: 0, height: 56 }}>
                  {translate(`${K}.read`)}
                </Button>
              </Stack>
            </Box>
          </Stack>
        )}
        <FailureAlert failure={failure} fieldLabels={STAMP_FIELD_LABELS} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        {read ? (
          <Button startIcon={<QrCodeScanner />} onClick={again}>
            {translate(`${K}.other`)}
          </Button>
        ) : null}
        <Button
          variant="contained"
          startIcon={<VerifiedOutlined />}
          disabled={read === null || busy}
          onClick={() => void stamp()}
        >
          {translate(`${K}.stamp`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
