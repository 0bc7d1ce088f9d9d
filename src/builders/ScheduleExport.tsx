// A list's Schedule (issue 27 item 4, docs/api.md "Scheduled exports"): beside Export, it saves the
// list's current view (its filters, sort and search: what Export sends, listViewOf) to be e-mailed as
// the same CSV every day or week to the addresses given. The server checks the view as the Export
// does; its refusal of the addresses shows on the field, any other in the red notice.
import ScheduleSendOutlined from '@mui/icons-material/ScheduleSendOutlined';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Button as MuiButton,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { Button, useListContext, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import {
  EXPORT_EVERY,
  type ExportEvery,
  SCHEDULED_EXPORT_LIMITS,
  type ScheduledExportInput,
} from '../../contract/scheduled-exports';
import { violationsByField } from '../components/apiError';
import { useHttpClient } from '../components/HttpClientContext';
import { Notice } from '../components/Notice';
import { useApiErrorNotify } from '../components/useApiErrorNotify';
import type { ResourceDeclaration } from './declarations';
import { resourceLabelKey } from './declarations';
import { listViewOf } from './exportCsv';
import { useFieldLabel } from './useFieldLabel';

/** Where the schedules are listed and stopped. */
export const SCHEDULED_EXPORTS_PATH = '/config/scheduledExports';
const K = 'builders.schedule';
// a plain check for typing mistakes; the server's format check is the rule
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The addresses typed, one per comma, semicolon, space or line. */
export const addressesOf = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter((a) => a !== '');

/** A saved sort (`field,desc`) in words: 'Name, descending'. */
export const useSortWords = (resource: string) => {
  const translate = useTranslate();
  const label = useFieldLabel(resource);
  return (sort: string): string => {
    const [field = '', direction] = sort.split(',');
    return `${label(field)}, ${translate(direction === 'desc' ? `${K}.descending` : `${K}.ascending`)}`;
  };
};

export const ScheduleExportButton = ({ decl }: { decl: ResourceDeclaration }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={`${K}.button`} onClick={() => setOpen(true)}>
        <ScheduleSendOutlined />
      </Button>
      {open ? <ScheduleExportDialog decl={decl} onClose={() => setOpen(false)} /> : null}
    </>
  );
};

const ScheduleExportDialog = ({ decl, onClose }: { decl: ResourceDeclaration; onClose: () => void }) => {
  const translate = useTranslate();
  const { filterValues, sort } = useListContext();
  const http = useHttpClient();
  const notify = useNotify();
  const notifyError = useApiErrorNotify();
  const titleId = useId();
  const [every, setEvery] = useState<ExportEvery>('DAY');
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const view = listViewOf(decl, filterValues, sort);
  const to = addressesOf(text);
  const max = SCHEDULED_EXPORT_LIMITS.recipientsMax;
  const wrong = to.find((a) => !LOOKS_LIKE_EMAIL.test(a));
  const problem =
    to.length === 0
      ? translate('ra.validation.required')
      : to.length > max
        ? translate('validation.max_items', { max })
        : wrong
          ? `${translate('validation.email')}: ${wrong}`
          : null;
  const shown = (touched ? problem : null) ?? serverError;
  const name = translate(resourceLabelKey(decl), { smart_count: 2 });
  const sortWords = useSortWords(decl.name);
  const summary = [
    view.filter.length + (view.search ? 1 : 0) > 0
      ? translate(`${K}.filtered`, { smart_count: view.filter.length + (view.search ? 1 : 0) })
      : translate(`${K}.unfiltered`),
    view.sort[0] ? translate(`${K}.sorted`, { sort: sortWords(view.sort[0]) }) : null,
  ]
    .filter((s) => s !== null)
    .join(' · ');

  const submit = async () => {
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    const body: ScheduledExportInput = { resource: decl.name, ...view, every, to };
    try {
      await http('/scheduled-exports', { method: 'POST', body });
      notify(
        <Notice
          title={translate('common.notice.hint')}
          lines={[translate(`${K}.saved`, { name, every: translate(`${K}.every_${every}`) })]}
        />,
        { type: 'success' },
      );
      onClose();
    } catch (error) {
      setBusy(false);
      const onTo = violationsByField(error)?.to;
      if (onTo) setServerError(onTo);
      notifyError(error, translate(`${K}.failed`));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(`${K}.title`, { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{translate(`${K}.intro`)}</DialogContentText>
        <DialogContentText variant="body2" sx={{ mb: 2 }} data-testid="schedule-view">
          {summary}
        </DialogContentText>
        <FormControl sx={{ mb: 2 }}>
          <FormLabel id={`${titleId}-every`}>{translate(`${K}.every`)}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${titleId}-every`}
            value={every}
            onChange={(e) => setEvery(e.target.value as ExportEvery)}
          >
            {EXPORT_EVERY.map((e) => (
              <FormControlLabel key={e} value={e} control={<Radio />} label={translate(`${K}.every_${e}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={translate(`${K}.to`)}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          required
          multiline
          minRows={2}
          fullWidth
          autoFocus
          error={shown !== null}
          helperText={shown ?? translate(`${K}.to_help`, { max })}
        />
        <DialogContentText variant="body2" sx={{ mt: 2 }}>
          {translate(`${K}.where`)}{' '}
          <Link to={SCHEDULED_EXPORTS_PATH} onClick={onClose}>
            {translate('menu.integrations.scheduled_exports')}
          </Link>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>
          {translate('common.button.cancel')}
        </MuiButton>
        <MuiButton onClick={submit} disabled={busy} variant="contained">
          {translate(`${K}.save`)}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
};
