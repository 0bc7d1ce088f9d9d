// /imports (issue 27 item 3; docs/api.md "Importing a file"): a CSV file of members or voucher issues.
// Pick the kind (`?kind=voucherIssues` from the vouchers area), an operator the company, choose a file,
// "Check file" (the dry run: every line with what would happen or why not), then "Import": the job's
// progress, polled, and the lines that failed or were already imported.
import ArrowBack from '@mui/icons-material/ArrowBack';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Title, useGetList, useLocation, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  IMPORT_POLL_MS,
  type ImportKind,
  type ImportRowResult,
  type ImportStatus,
} from '../../../contract/imports';
import { useHttpClient } from '../../components/HttpClientContext';
import { failureOf, type OperationFailure } from '../../components/operations/failure';
import { FailureAlert } from '../../components/operations/OperationDialog';
import { PlainTable } from '../../components/PlainTable';
import { useCaller } from '../../components/useCaller';
import { importsEn } from '../../i18n/imports.en';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { checkFile, importStatus, mayImport, startImport } from './api';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(importsEn);

const K = 'importPages';
/** Lines shown in a table at most (a file may hold 100,000). */
const SHOWN = 200;

const kindOf = (search: string): ImportKind => {
  const asked = new URLSearchParams(search).get('kind');
  return (IMPORT_KINDS as readonly string[]).includes(asked ?? '') ? (asked as ImportKind) : 'members';
};

const RowsTable = ({ rows, caption }: { rows: ImportRowResult[]; caption: string }) => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        {caption}
      </Typography>
      <PlainTable
        label={caption}
        frame="scroll"
        rows={rows}
        rowKey={(r) => `${r.line}:${r.message}`}
        columns={[
          { label: translate(`${K}.line`), headSx: { width: 56 }, render: (r) => r.line },
          {
            label: translate(`${K}.result`),
            headSx: { width: 72 },
            render: (r) => (
              <Chip
                size="small"
                color={r.ok ? 'success' : 'error'}
                variant="outlined"
                label={translate(r.ok ? `${K}.ok` : `${K}.fails`)}
              />
            ),
          },
          {
            label: translate(`${K}.message`),
            sx: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
            render: (r) => r.message,
          },
        ]}
      />
    </>
  );
};

/** Which kind of file this is: members, or vouchers to issue. */
const KindChoice = ({
  kind,
  disabled,
  onChange,
}: {
  kind: ImportKind;
  disabled: boolean;
  onChange: (kind: ImportKind) => void;
}) => {
  const translate = useTranslate();
  const id = useId();
  return (
    <FormControl disabled={disabled}>
      <FormLabel id={`${id}-kind`}>{translate(`${K}.kind`)}</FormLabel>
      <RadioGroup
        aria-labelledby={`${id}-kind`}
        value={kind}
        onChange={(e) => onChange(e.target.value as ImportKind)}
      >
        {IMPORT_KINDS.map((k) => (
          <FormControlLabel key={k} value={k} control={<Radio />} label={translate(`${K}.kind_${k}`)} />
        ))}
      </RadioGroup>
    </FormControl>
  );
};

/** The company an operator imports for (a merchant's is their own). */
const CompanyChoice = ({
  companyId,
  disabled,
  onChange,
}: {
  companyId: number | '';
  disabled: boolean;
  onChange: (companyId: number | '') => void;
}) => {
  const translate = useTranslate();
  const { data: companies } = useGetList('company', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    meta: { project: ['name'] },
  });
  return (
    <TextField
      select
      label={translate(`${K}.company`)}
      value={companyId}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      sx={{ maxWidth: 360 }}
    >
      {(companies ?? []).map((c) => (
        <MenuItem key={String(c.id)} value={Number(c.id)}>
          {String(c.name ?? c.id)}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** A checked file's lines: how many would go through, and the lines themselves (the failing first). */
const CheckedRows = ({ checked }: { checked: ImportRowResult[] }) => {
  const translate = useTranslate();
  const [onlyFailed, setOnlyFailed] = useState(true);
  const failed = checked.filter((r) => !r.ok);
  // the failing lines first; every line once the switch is off (or when none fails)
  const failedOnly = failed.length > 0 && onlyFailed;
  const shownChecked = failedOnly ? failed : checked;
  return (
    <Box sx={{ mt: 3 }}>
      <Alert severity={failed.length === 0 ? 'success' : 'warning'} variant="outlined">
        {translate(`${K}.checked`, {
          ok: checked.length - failed.length,
          total: checked.length,
          failed: failed.length,
        })}
      </Alert>
      {failed.length > 0 ? (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Switch checked={onlyFailed} onChange={(e) => setOnlyFailed(e.target.checked)} />}
          label={translate(`${K}.only_failed`, { n: failed.length })}
        />
      ) : null}
      <RowsTable
        rows={shownChecked.slice(0, SHOWN)}
        caption={translate(failedOnly ? `${K}.shown_failed` : `${K}.shown_first`, {
          n: Math.min(SHOWN, shownChecked.length),
        })}
      />
    </Box>
  );
};

export const ImportPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const location = useLocation();
  const { caller } = useCaller();
  const [kind, setKind] = useState<ImportKind>(() => kindOf(location.search));
  const [companyId, setCompanyId] = useState<number | ''>('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [checked, setChecked] = useState<ImportRowResult[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<OperationFailure | null>(null);
  const [job, setJob] = useState<ImportStatus | { id: number; state: ImportStatus['state'] } | null>(null);
  const operator = caller?.isOperator === true;

  // the job's progress until it ends
  const jobId = job?.id;
  const jobState = job?.state;
  useEffect(() => {
    if (jobId === undefined || jobState === 'DONE' || jobState === 'FAILED') return;
    const timer = setTimeout(() => {
      importStatus(http, jobId).then(setJob, (err: unknown) => setFailure(failureOf(err)));
    }, IMPORT_POLL_MS);
    return () => clearTimeout(timer);
  }, [http, jobId, jobState]);

  const reset = () => {
    setChecked(null);
    setJob(null);
    setFailure(null);
  };
  const body = () => ({
    kind,
    csv: file?.text ?? '',
    ...(operator && companyId !== '' ? { companyId } : {}),
  });
  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await what();
    } catch (err) {
      setFailure(failureOf(err));
    } finally {
      setBusy(false);
    }
  };
  const onCheck = () => run(async () => setChecked((await checkFile(http, body())).rows));
  const onImport = () => run(async () => setJob(await startImport(http, body())));
  const onFile = async (chosen: File | undefined) => {
    reset();
    if (!chosen) return setFile(null);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFile(null);
      setFailure({
        message: translate(`${K}.too_large`, { mb: IMPORT_MAX_BYTES / 1024 / 1024 }),
        fields: [],
      });
      return;
    }
    setFile({ name: chosen.name, text: await chosen.text() });
  };

  const allowed = caller ? mayImport(caller.subject, kind) : true;
  // an operator names the company first
  const ready = file !== null && (!operator || companyId !== '');
  const status = job && 'total' in job ? job : null;
  const alreadyRows = status?.rows.filter((r) => r.ok).length ?? 0;
  const title = translate(`${K}.title`);
  const back =
    kind === 'members'
      ? { to: '/aotg/list', label: `${K}.back_members` }
      : { to: '/vouchers/create', label: `${K}.back_vouchers` };

  return (
    <Box sx={{ maxWidth: 880 }}>
      <Title title={title} />
      <Button component={RouterLink} to={back.to} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {translate(back.label)}
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {translate(`${K}.intro`)}
      </Typography>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent>
          <Stack spacing={2}>
            <KindChoice
              kind={kind}
              disabled={busy || job !== null}
              onChange={(k) => {
                setKind(k);
                reset();
              }}
            />
            {operator ? (
              <CompanyChoice
                companyId={companyId}
                disabled={busy || job !== null}
                onChange={(id) => {
                  setCompanyId(id);
                  reset();
                }}
              />
            ) : null}
            {!allowed ? (
              <Alert severity="info" variant="outlined">
                {translate(`${K}.not_allowed`)}
              </Alert>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Button
                component="label"
                variant="outlined"
                startIcon={<UploadFile />}
                disabled={busy || job !== null}
                sx={{ alignSelf: 'flex-start' }}
              >
                {translate(`${K}.choose`)}
                <input
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  aria-label={translate(`${K}.choose`)}
                  onChange={(e) => void onFile(e.target.files?.[0])}
                />
              </Button>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {file?.name ?? translate(`${K}.no_file`)}
              </Typography>
            </Stack>
            <FailureAlert failure={failure} fieldLabels={`${K}`} />
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                variant="outlined"
                onClick={() => void onCheck()}
                disabled={!ready || busy || job !== null || !allowed}
              >
                {translate(busy && !checked ? `${K}.checking` : `${K}.check`)}
              </Button>
              <Button
                variant="contained"
                onClick={() => void onImport()}
                disabled={!checked || busy || job !== null || !allowed}
              >
                {translate(`${K}.run`)}
              </Button>
              {job && (job.state === 'DONE' || job.state === 'FAILED') ? (
                <Button
                  onClick={() => {
                    setFile(null);
                    reset();
                  }}
                >
                  {translate(`${K}.again`)}
                </Button>
              ) : null}
            </Stack>
          </Stack>
          {checked && !job ? <CheckedRows checked={checked} /> : null}
          {job ? (
            <Box sx={{ mt: 3 }} aria-live="polite">
              <Typography variant="body1" sx={{ mb: 1 }}>
                {translate(`${K}.state_${job.state}`, {
                  seen: status ? status.done + status.failed : 0,
                  total: status?.total ?? 0,
                  done: status?.done ?? 0,
                  failed: status?.failed ?? 0,
                })}
              </Typography>
              <LinearProgress
                variant={status ? 'determinate' : 'indeterminate'}
                value={status && status.total > 0 ? (100 * (status.done + status.failed)) / status.total : 0}
                aria-label={translate(`${K}.title`)}
              />
              {alreadyRows > 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {translate(`${K}.already_note`)}
                </Typography>
              ) : null}
              {status && status.rows.length > 0 ? (
                <RowsTable rows={status.rows.slice(0, SHOWN)} caption={translate(`${K}.problem_rows`)} />
              ) : null}
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};
