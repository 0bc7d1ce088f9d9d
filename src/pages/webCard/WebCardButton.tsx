// "Web card" on a member card's page, a voucher's page and a member's profile: a dialog with the web
// card's QR (the member scans it off the staff's screen), its address with Copy, "Send to member"
// (the link goes out by push or SMS, as the server chose) and "Revoke link" (confirmed; the old link
// is dead at once and the dialog shows the new one). Shown to who may VIEW the row; Send and Revoke to
// who may UPDATE it (useWebCardAccess, the server's own check).
import ContentCopy from '@mui/icons-material/ContentCopy';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import SendOutlined from '@mui/icons-material/SendOutlined';
import {
  Alert,
  Box,
  Button,
  type ButtonProps,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { type FocusEvent, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { PocketKind, PocketLink } from '../../../contract/pocket';
import { toApiErrorLike } from '../../components/apiError';
import { useHttpClient } from '../../components/HttpClientContext';
import { newIdempotencyKey } from '../../components/operations/api';
import { useConfirmedOperation } from '../../components/operations/useConfirmedOperation';
import { useLoadable } from '../../components/operations/useLoadable';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { webCardEn } from '../../i18n/scanScreens.en';
import { fetchLink, revokeLink, sendLink, useWebCardAccess } from './api';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(webCardEn);

const K = 'webCard';

export interface WebCardTarget {
  kind: PocketKind;
  id: number;
  /** how the confirmation and the title name it: the member's mobile, the voucher's code */
  label: string;
}

const WebCardDialog = ({ target, onClose }: { target: WebCardTarget; onClose: () => void }) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notify = useNotify();
  const notifyError = useApiErrorNotify();
  const titleId = useId();
  const { maySend, mayRevoke } = useWebCardAccess(target.kind);
  const { run, confirmDialog } = useConfirmedOperation();
  const loaded = useLoadable<PocketLink>({
    key: `${target.kind} ${target.id}`,
    load: (h) => fetchLink(h, target.kind, target.id),
  });
  // the link a revoke answered replaces the one loaded
  const [renewed, setRenewed] = useState<PocketLink | null>(null);
  const [sending, setSending] = useState(false);
  const link = renewed ?? (loaded.status === 'ready' ? loaded.data : null);

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      notify(`${K}.copied`, { type: 'info' });
    } catch {
      notify(`${K}.copy_failed`, { type: 'warning' });
    }
  };

  const send = async () => {
    setSending(true);
    try {
      const sent = await sendLink(http, target.kind, target.id, newIdempotencyKey());
      notify(sent.channel === 'PUSH' ? `${K}.sent_push` : `${K}.sent_sms`, { type: 'success' });
    } catch (error) {
      notifyError(error, translate(`${K}.send_failed`));
    } finally {
      setSending(false);
    }
  };

  const revoke = async () => {
    const outcome = await run({
      action: translate(`${K}.revoke`),
      item: target.label,
      request: `revoke ${target.kind} ${target.id}`,
      send: (key) => revokeLink(http, target.kind, target.id, key),
    });
    if (outcome.status === 'success') setRenewed(outcome.result);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{translate(`${K}.title`, { item: target.label })}</DialogTitle>
      <DialogContent>
        {link ? (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {translate(`${K}.intro`)}
            </Typography>
            <Box sx={{ p: 1.5, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }}>
              <QRCodeSVG
                value={link.url}
                size={216}
                marginSize={0}
                title={translate(`${K}.qr_label`)}
                data-testid="web-card-qr"
                data-value={link.url}
              />
            </Box>
            <Stack direction="row" spacing={1} sx={{ width: '100%', alignItems: 'center' }}>
              <TextField
                value={link.url}
                label={translate(`${K}.url`)}
                size="small"
                fullWidth
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    onFocus: (e: FocusEvent<HTMLInputElement>) => e.currentTarget.select(),
                  },
                }}
              />
              <Button onClick={() => void copy()} startIcon={<ContentCopy />} sx={{ flexShrink: 0 }}>
                {translate(`${K}.copy`)}
              </Button>
            </Stack>
          </Stack>
        ) : loaded.status === 'error' ? (
          <Alert severity="error" variant="outlined">
            {toApiErrorLike(loaded.error).message || translate('common.notice.unknown_error')}
          </Alert>
        ) : (
          <LinearProgress aria-label={translate(`${K}.loading`)} />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {link && mayRevoke ? (
          <Button color="warning" startIcon={<LinkOffOutlined />} onClick={() => void revoke()}>
            {translate(`${K}.revoke`)}
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{translate(`${K}.close`)}</Button>
        {link && maySend ? (
          <Button
            variant="contained"
            onClick={() => void send()}
            disabled={sending}
            startIcon={sending ? <CircularProgress size={16} color="inherit" /> : <SendOutlined />}
          >
            {translate(`${K}.send`)}
          </Button>
        ) : null}
      </DialogActions>
      {confirmDialog}
    </Dialog>
  );
};

/** The "Web card" button and its dialog; nothing for a caller who may not VIEW the row. */
export const WebCardButton = ({
  target,
  ...buttonProps
}: { target: WebCardTarget } & Omit<ButtonProps, 'onClick' | 'children'>) => {
  const translate = useTranslate();
  const { mayShow } = useWebCardAccess(target.kind);
  const [open, setOpen] = useState(false);
  if (!mayShow) return null;
  return (
    <>
      <Button startIcon={<QrCode2 />} onClick={() => setOpen(true)} {...buttonProps}>
        {translate(`${K}.open`)}
      </Button>
      {open ? <WebCardDialog target={target} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
