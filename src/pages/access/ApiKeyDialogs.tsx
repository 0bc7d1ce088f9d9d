// Access > API Keys' dialogs (ApiKeysPage.tsx): a new key (name, where it acts, its permissions, until
// when; POST /api-keys) and a key shown once, with Copy.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField as MuiTextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { DateInput, Form, required, TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { Permission } from '../../../contract/access';
import { API_KEY_NAME_MAX, API_KEYS_PATH, type ApiKeyIssued } from '../../../contract/api-keys';
import { violationsByField } from '../../components/apiError';
import { DialogSubmitButton } from '../../components/DialogSubmitButton';
import { useHttpClient } from '../../components/HttpClientContext';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import type { Caller } from '../../components/useCaller';
import { useIsPhone } from '../../components/useIsPhone';
import { BrandAndStore, CompanyBrandAndStore } from './InviteDialog';
import { PermissionMatrixInput } from './PermissionMatrix';

const K = 'access.api_keys';

interface KeyValues {
  name?: string;
  companyId?: number | '' | null;
  brandId?: number | '' | null;
  storeId?: number | '' | null;
  /** yyyy-mm-dd: the key works until the end of that day, in the browser's zone */
  expiresOn?: string | null;
  permissions?: Permission[];
}

/** The request body of `POST /api-keys`: blank optional fields left out. */
export const apiKeyBody = (values: KeyValues, now = new Date()): Record<string, unknown> => {
  const body: Record<string, unknown> = {
    name: (values.name ?? '').trim(),
    permissions: values.permissions ?? [],
  };
  if (typeof values.companyId === 'number') body.companyId = values.companyId;
  if (typeof values.brandId === 'number') body.brandId = values.brandId;
  if (typeof values.storeId === 'number') body.storeId = values.storeId;
  if (values.expiresOn) {
    const [y, m, d] = values.expiresOn.split('-').map(Number);
    if (y && m && d) {
      const end = new Date(y, m - 1, d, 23, 59, 59);
      body.expiresAt = (end.getTime() > now.getTime() ? end : now).toISOString();
    }
  }
  return body;
};

/** A key, once: the text, Copy, and the warning that it will not be shown again. */
export const ShowOnce = ({
  issued,
  onClose,
  title,
}: {
  issued: ApiKeyIssued;
  onClose: () => void;
  title: string;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.key);
      notify(`${K}.copied`, { type: 'success' });
    } catch {
      notify(`${K}.copy_failed`, { type: 'warning' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="api-key-once-title">
      <DialogTitle id="api-key-once-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${K}.once_warning`)}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <MuiTextField
            value={issued.key}
            label={translate(`${K}.key`)}
            fullWidth
            multiline
            slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
            onFocus={(e) => e.target.select()}
          />
          <Tooltip title={translate(`${K}.copy`)}>
            <IconButton aria-label={translate(`${K}.copy`)} onClick={copy} sx={{ mt: 1 }}>
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate(`${K}.how_to_send`)}
        </Typography>
        <Box
          component="pre"
          sx={{
            typography: 'body2',
            fontFamily: 'monospace',
            bgcolor: 'action.hover',
            p: 1,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {`Authorization: Bearer ${issued.prefix}…`}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate(`${K}.done`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** New key: name, where it acts, what it may do, until when. */
export const NewKeyDialog = ({
  caller,
  onClose,
  onIssued,
}: {
  caller: Caller;
  onClose: () => void;
  onIssued: (issued: ApiKeyIssued) => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const isPhone = useIsPhone();
  const onSubmit = async (values: KeyValues) => {
    const missing = {
      ...(caller.isOperator && typeof values.companyId !== 'number'
        ? { companyId: `${K}.need_company` }
        : {}),
      ...((values.permissions ?? []).length === 0 ? { permissions: `${K}.need_permission` } : {}),
    };
    if (Object.keys(missing).length > 0) return missing;
    try {
      const { data } = await http<ApiKeyIssued>(API_KEYS_PATH, { method: 'POST', body: apiKeyBody(values) });
      onIssued(data);
    } catch (error) {
      const fields = violationsByField(error);
      if (fields) return fields;
      notifyError(error, translate('common.notice.error'));
    }
    return undefined;
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isPhone}
      scroll="paper"
      aria-labelledby="api-key-new-title"
      // the form sits between the paper and its parts: it passes the paper's height on, so the
      // content scrolls as one and the buttons stay in view
      slotProps={{
        paper: { sx: { '& > form': { display: 'flex', flexDirection: 'column', minHeight: 0 } } },
      }}
    >
      <Form onSubmit={onSubmit} noValidate disableInvalidFormNotification>
        <DialogTitle id="api-key-new-title">{translate(`${K}.new_title`)}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(`${K}.new_intro`)}
          </Typography>
          <TextInput
            source="name"
            label={`${K}.name`}
            helperText={`${K}.name_help`}
            validate={required()}
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX } }}
          />
          {caller.isOperator ? (
            <CompanyBrandAndStore label={translate(`${K}.company`)} help={translate(`${K}.company_help`)} />
          ) : (
            <BrandAndStore />
          )}
          <DateInput source="expiresOn" label={`${K}.expires_on`} helperText={`${K}.expires_help`} />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1, mb: 0.5 }}>
            {translate(`${K}.permissions`)}
          </Typography>
          <PermissionMatrixInput caller={caller.subject} targetType="MERCHANT" maxHeight="none" />
          <PermissionsError />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('common.button.cancel')}</Button>
          <DialogSubmitButton>{translate(`${K}.create`)}</DialogSubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
};

/** The matrix has no helper text of its own: a refusal about the permissions is shown under it. */
const PermissionsError = () => {
  const translate = useTranslate();
  const { errors } = useFormState();
  const message = errors.permissions?.message;
  if (typeof message !== 'string') return null;
  return (
    <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
      {translate(message, { _: message })}
    </Typography>
  );
};
