// The Wallet passes tab of System Config (issue 26): an operator sets Apple Wallet's and Google
// Wallet's identifiers, certificates and keys (GET/PUT /wallet-pass-settings). The server keeps them
// encrypted and never answers a key or a certificate back: the screen shows what is set, the
// certificates' subjects and expiry, and takes new PEM text to replace them. Each provider has its own
// form and a clear button.
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Form, regex, SaveButton, TextInput, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatDate } from '../../../contract/format';
import {
  APPLE_SETTING_FIELDS,
  type CertificateInfo,
  GOOGLE_ISSUER_ID_PATTERN,
  GOOGLE_SETTING_FIELDS,
  PASS_TYPE_IDENTIFIER_PATTERN,
  TEAM_IDENTIFIER_PATTERN,
  WALLET_PASS_SETTINGS_PATH,
  type WalletPassSettingField,
  type WalletPassSettingsBody,
  type WalletPassSettingsView,
} from '../../../contract/wallet-passes';
import { violationsByField } from '../../components/apiError';
import { useHttpClient } from '../../components/HttpClientContext';
import { useLoadable } from '../../components/operations/useLoadable';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';

const K = 'config.wallet';
type Provider = 'apple' | 'google';
type Values = Partial<Record<WalletPassSettingField, string | null>>;

/** Identifiers are shown and edited as they are; secrets are only ever sent, never shown. */
const IDENTIFIERS: readonly WalletPassSettingField[] = [
  'applePassTypeIdentifier',
  'appleTeamIdentifier',
  'googleIssuerId',
  'googleServiceAccountEmail',
];

/** What the form sends: changed identifiers (blank clears), and secrets only when text was pasted. */

/** Two short fields side by side, one above the other on a phone. */
const TwoColumns = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
    {children}
  </Box>
);

export const walletSettingsBody = (
  provider: Provider,
  values: Values,
  current: WalletPassSettingsView,
): WalletPassSettingsBody => {
  const fields = provider === 'apple' ? APPLE_SETTING_FIELDS : GOOGLE_SETTING_FIELDS;
  const body: WalletPassSettingsBody = {};
  for (const f of fields) {
    const raw = values[f];
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (IDENTIFIERS.includes(f)) {
      const now = currentIdentifier(current, f);
      if ((text || null) !== now) body[f] = text || null;
    } else if (text !== '') body[f] = f === 'appleSignerKeyPassphrase' ? (raw as string) : text;
  }
  return body;
};

const currentIdentifier = (view: WalletPassSettingsView, f: WalletPassSettingField): string | null => {
  switch (f) {
    case 'applePassTypeIdentifier':
      return view.apple.passTypeIdentifier;
    case 'appleTeamIdentifier':
      return view.apple.teamIdentifier;
    case 'googleIssuerId':
      return view.google.issuerId;
    case 'googleServiceAccountEmail':
      return view.google.serviceAccountEmail;
    default:
      return null;
  }
};

const StatusChip = ({ configured }: { configured: boolean }) => {
  const translate = useTranslate();
  return configured ? (
    <Chip color="success" label={translate(`${K}.configured`)} size="small" />
  ) : (
    <Chip variant="outlined" label={translate(`${K}.not_configured`)} size="small" />
  );
};

/** One line of what is stored: "Signer certificate: CN=…, expires 1 Jan 2027", or "not set". */
const Stored = ({ label, children }: { label: string; children: ReactNode }) => (
  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {label}:{' '}
    </Box>
    {children}
  </Typography>
);

const Certificate = ({ info }: { info: CertificateInfo | null }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!info) return <>{translate(`${K}.not_set`)}</>;
  const date = formatDate(info.notAfter, locale === 'zh-CN' ? 'zh-CN' : 'en-SG');
  return (
    <>
      {info.subject}{' '}
      {info.expired ? (
        <Box component="span" sx={{ color: 'error.main', fontWeight: 500 }}>
          <ErrorOutlineIcon fontSize="inherit" sx={{ verticalAlign: 'middle', mr: 0.25 }} />
          {translate(`${K}.expired_on`, { date })}
        </Box>
      ) : (
        <Box component="span" sx={{ color: 'text.secondary' }}>
          ({translate(`${K}.expires_on`, { date })})
        </Box>
      )}
    </>
  );
};

const Flag = ({ set }: { set: boolean }) => {
  const translate = useTranslate();
  return <>{translate(set ? `${K}.set` : `${K}.not_set`)}</>;
};

const passTypeId = regex(new RegExp(PASS_TYPE_IDENTIFIER_PATTERN), `${K}.bad_pass_type`);
const teamId = regex(new RegExp(TEAM_IDENTIFIER_PATTERN), `${K}.bad_team`);
const issuerId = regex(new RegExp(GOOGLE_ISSUER_ID_PATTERN), `${K}.bad_issuer`);

/** A multi-line PEM field: empty, with a hint saying whether one is stored. */
const PemInput = ({ source, stored }: { source: WalletPassSettingField; stored: boolean }) => {
  const translate = useTranslate();
  return (
    <TextInput
      source={source}
      label={`${K}.fields.${source}`}
      multiline
      minRows={3}
      maxRows={8}
      fullWidth
      placeholder="-----BEGIN …-----"
      helperText={translate(stored ? `${K}.pem_stored` : `${K}.pem_paste`)}
      slotProps={{
        htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } },
      }}
    />
  );
};

const ClearDialog = ({
  provider,
  busy,
  onCancel,
  onConfirm,
}: {
  provider: Provider | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Dialog
      open={provider !== null}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="wallet-clear-title"
    >
      <DialogTitle id="wallet-clear-title">
        {provider ? translate(`${K}.${provider}.clear_title`) : null}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{provider ? translate(`${K}.${provider}.clear_text`) : null}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {translate(`${K}.clear`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const ProviderCard = ({
  provider,
  view,
  onSaved,
  onClear,
}: {
  provider: Provider;
  view: WalletPassSettingsView;
  onSaved: (next: WalletPassSettingsView) => void;
  onClear: () => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notify = useNotify();
  const notifyError = useApiErrorNotify();
  // a new form (empty secret fields) after each save
  const [formKey, setFormKey] = useState(0);
  const save = async (values: Values) => {
    const body = walletSettingsBody(provider, values, view);
    if (Object.keys(body).length === 0) {
      notify(`${K}.nothing_changed`, { type: 'info' });
      return undefined;
    }
    try {
      const { data } = await http<WalletPassSettingsView>(WALLET_PASS_SETTINGS_PATH, { method: 'PUT', body });
      notify(`${K}.${provider}.saved`, { type: 'success' });
      onSaved(data);
      setFormKey((k) => k + 1);
      return undefined;
    } catch (error) {
      const fields = violationsByField(error);
      if (fields) return fields;
      notifyError(error, translate(`${K}.save_failed`));
      return undefined;
    }
  };
  const apple = view.apple;
  const google = view.google;
  const anythingSet =
    provider === 'apple'
      ? apple.passTypeIdentifier !== null ||
        apple.teamIdentifier !== null ||
        apple.signerCert !== null ||
        apple.signerKeySet ||
        apple.wwdrCert !== null
      : google.issuerId !== null || google.serviceAccountEmail !== null || google.privateKeySet;
  const defaults: Values =
    provider === 'apple'
      ? {
          applePassTypeIdentifier: apple.passTypeIdentifier ?? '',
          appleTeamIdentifier: apple.teamIdentifier ?? '',
        }
      : {
          googleIssuerId: google.issuerId ?? '',
          googleServiceAccountEmail: google.serviceAccountEmail ?? '',
        };
  const title = translate(`${K}.${provider}.title`);
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {title}
          </Typography>
          <StatusChip configured={view[provider].configured} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate(`${K}.${provider}.intro`)}
        </Typography>
        <Box sx={{ display: 'grid', gap: 0.5, mb: 2 }}>
          {provider === 'apple' ? (
            <>
              <Stored label={translate(`${K}.signer_cert`)}>
                <Certificate info={apple.signerCert} />
              </Stored>
              <Stored label={translate(`${K}.signer_key`)}>
                <Flag set={apple.signerKeySet} />
                {apple.signerKeyPassphraseSet ? ` · ${translate(`${K}.with_passphrase`)}` : ''}
              </Stored>
              <Stored label={translate(`${K}.wwdr_cert`)}>
                <Certificate info={apple.wwdrCert} />
              </Stored>
            </>
          ) : (
            <Stored label={translate(`${K}.private_key`)}>
              <Flag set={google.privateKeySet} />
            </Stored>
          )}
        </Box>
        <Form
          key={formKey}
          defaultValues={defaults}
          onSubmit={(v: Record<string, unknown>) => save(v as Values)}
        >
          {provider === 'apple' ? (
            <>
              <TwoColumns>
                <TextInput
                  source="applePassTypeIdentifier"
                  label={`${K}.fields.applePassTypeIdentifier`}
                  validate={passTypeId}
                  helperText={`${K}.pass_type_help`}
                />
                <TextInput
                  source="appleTeamIdentifier"
                  label={`${K}.fields.appleTeamIdentifier`}
                  validate={teamId}
                  helperText={`${K}.team_help`}
                />
              </TwoColumns>
              <PemInput source="appleSignerCertPem" stored={apple.signerCert !== null} />
              <PemInput source="appleSignerKeyPem" stored={apple.signerKeySet} />
              <TextInput
                source="appleSignerKeyPassphrase"
                label={`${K}.fields.appleSignerKeyPassphrase`}
                type="password"
                fullWidth
                helperText={translate(
                  apple.signerKeyPassphraseSet ? `${K}.passphrase_stored` : `${K}.passphrase_help`,
                )}
                slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
              />
              <PemInput source="appleWwdrCertPem" stored={apple.wwdrCert !== null} />
            </>
          ) : (
            <>
              <TwoColumns>
                <TextInput
                  source="googleIssuerId"
                  label={`${K}.fields.googleIssuerId`}
                  validate={issuerId}
                  helperText={`${K}.issuer_help`}
                />
                <TextInput
                  source="googleServiceAccountEmail"
                  label={`${K}.fields.googleServiceAccountEmail`}
                  type="email"
                  helperText={`${K}.email_help`}
                />
              </TwoColumns>
              <PemInput source="googlePrivateKeyPem" stored={google.privateKeySet} />
            </>
          )}
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', mt: 1 }}>
            {anythingSet ? (
              <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={onClear}>
                {translate(`${K}.${provider}.clear`)}
              </Button>
            ) : null}
            <SaveButton alwaysEnable />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
};

/** The Wallet passes tab of System Config. */
export const WalletPassesPanel = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notify = useNotify();
  const notifyError = useApiErrorNotify();
  const [version, setVersion] = useState(0);
  const [fresh, setFresh] = useState<WalletPassSettingsView | null>(null);
  const [clearing, setClearing] = useState<Provider | null>(null);
  const [busy, setBusy] = useState(false);
  const state = useLoadable<WalletPassSettingsView>({
    key: `wallet-pass-settings:${version}`,
    load: async (client) => (await client<WalletPassSettingsView>(WALLET_PASS_SETTINGS_PATH)).data,
  });
  const view = fresh ?? (state.status === 'ready' ? state.data : null);
  const clear = async () => {
    if (!clearing) return;
    setBusy(true);
    const fields = clearing === 'apple' ? APPLE_SETTING_FIELDS : GOOGLE_SETTING_FIELDS;
    try {
      const { data } = await http<WalletPassSettingsView>(WALLET_PASS_SETTINGS_PATH, {
        method: 'PUT',
        body: Object.fromEntries(fields.map((f) => [f, null])),
      });
      setFresh(data);
      notify(`${K}.${clearing}.cleared`, { type: 'success' });
      setClearing(null);
    } catch (error) {
      notifyError(error, translate(`${K}.save_failed`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" aria-label={translate(`${K}.title`)}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${K}.intro`)}
      </Typography>
      {state.status === 'error' && !view ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setVersion((v) => v + 1)}>
              {translate('ra.action.refresh')}
            </Button>
          }
        >
          {translate(`${K}.load_failed`)}
        </Alert>
      ) : null}
      {view ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
            alignItems: 'start',
          }}
        >
          {(['apple', 'google'] as const).map((p) => (
            // a new form whenever what is stored changes (a save, a clear)
            <ProviderCard
              key={`${p}:${JSON.stringify(view[p])}`}
              provider={p}
              view={view}
              onSaved={setFresh}
              onClear={() => setClearing(p)}
            />
          ))}
        </Box>
      ) : null}
      <ClearDialog provider={clearing} busy={busy} onCancel={() => setClearing(null)} onConfirm={clear} />
    </Box>
  );
};
