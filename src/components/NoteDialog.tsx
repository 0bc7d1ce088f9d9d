// A decision that needs a few words (a signup's rejection reason, a fraud signal's resolution note):
// a required text of at most `max` characters, POSTed as `{[field]: text}` to `url`. The server's
// violation of that field shows on it; a record decided meanwhile (`staleCodes`) or gone closes the
// dialog and shows the record as it is now.
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import type { ErrorName } from '../../contract/errors';
import { isApiError, violationsByField } from './apiError';
import { useOutcomeNotices } from './ConfirmActionDialog';
import { useHttpClient } from './HttpClientContext';

export interface NoteDialogProps {
  open: boolean;
  onClose: () => void;
  /** id of the title, for aria-labelledby */
  titleId: string;
  title: string;
  intro: string;
  label: string;
  /** the help under the field; `%{max}` is filled in by the caller */
  help: string;
  confirm: string;
  confirmColor?: 'primary' | 'error';
  /** the action and the record, as the success and failure notices name them */
  action: string;
  item: string;
  url: string;
  /** the body's field that holds the text */
  field: string;
  max: number;
  /** besides NOT_FOUND: the codes saying the record was decided meanwhile */
  staleCodes: readonly ErrorName[];
}

export const NoteDialog = ({
  open,
  onClose,
  titleId,
  title,
  intro,
  label,
  help,
  confirm,
  confirmColor = 'primary',
  action,
  item,
  url,
  field,
  max,
  staleCodes,
}: NoteDialogProps) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notices = useOutcomeNotices();
  const refresh = useRefresh();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const trimmed = text.trim();
  const problem =
    trimmed === ''
      ? translate('ra.validation.required')
      : text.length > max
        ? translate('ra.validation.maxLength', { max })
        : null;
  const shown = (touched ? problem : null) ?? serverError;

  const done = () => {
    setText('');
    setTouched(false);
    setServerError(null);
    onClose();
  };
  const close = () => {
    if (!busy) done();
  };

  const submit = async () => {
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    try {
      await http(url, { method: 'POST', body: { [field]: trimmed } });
      notices.succeeded(action, item);
      setBusy(false);
      done();
      refresh();
    } catch (error) {
      setBusy(false);
      notices.failed(action, item, error);
      const onField = violationsByField(error)?.[field];
      if (onField) {
        setServerError(onField);
        return;
      }
      if (isApiError(error, 'NOT_FOUND') || staleCodes.some((code) => isApiError(error, code))) {
        done();
        refresh();
      }
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
        <TextField
          label={label}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          required
          multiline
          minRows={3}
          fullWidth
          autoFocus
          error={shown !== null}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <span>{shown ?? help}</span>
              <span>{`${text.length}/${max}`}</span>
            </Box>
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate('common.button.cancel')}
        </Button>
        <Button onClick={submit} disabled={busy} variant="contained" color={confirmColor}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
