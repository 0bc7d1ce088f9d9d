// Main config per country (spec section 7, /config/main): the member app's home banner and a new
// stamp card's default images and price. One card per country; an operator edits one in a dialog
// (PUT /config/main/{id}) or adds a country (POST /config/main).
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Dialog,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  ArrayInput,
  Form,
  NumberInput,
  ResourceContextProvider,
  regex,
  required,
  SaveButton,
  SimpleFormIterator,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { BannerItem, MainConfig } from '../../../contract/config-main';
import { useHttpClient } from '../../components/HttpClientContext';
import { useLoadable } from '../../components/operations/useLoadable';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { formatMoney } from '../finance/api';

export const MAIN_CONFIG_PATH = '/config/main';
const K = 'config.main';

interface FormValues {
  country?: string;
  currency?: string | null;
  banner?: BannerItem[];
  stampCardDefaultImages?: { url: string }[];
  stampCardDefaultPrice?: number | null;
}

// a web address, or an image written into the page (the demo's images are data: URLs)
const url = regex(/^(https?:\/\/\S+|data:image\/[\s\S]+)$/, 'config.main.bad_url');
const countryCode = regex(/^[a-z]{2}$/, 'config.main.bad_country');
const currencyCode = regex(/^[A-Z]{3}$/, 'config.main.bad_currency');

/** The body the API takes: empty optional texts left out, images as plain URLs. */
export const mainConfigBody = (values: FormValues, withCountry: boolean) => {
  const text = (v: string | undefined | null) =>
    typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  const banner = (values.banner ?? []).map((b) => ({
    imageUrl: b.imageUrl.trim(),
    ...(text(b.linkUrl) ? { linkUrl: text(b.linkUrl) } : {}),
    ...(text(b.title) ? { title: text(b.title) } : {}),
  }));
  const currency = text(values.currency);
  return {
    ...(withCountry ? { country: text(values.country) } : {}),
    ...(currency ? { currency } : {}),
    banner,
    stampCardDefaultImages: (values.stampCardDefaultImages ?? []).map((i) => i.url.trim()),
    ...(typeof values.stampCardDefaultPrice === 'number'
      ? { stampCardDefaultPrice: values.stampCardDefaultPrice }
      : {}),
  };
};

const EditDialog = ({
  row,
  onClose,
  onSaved,
}: {
  /** null: a new country */
  row: MainConfig | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notify = useNotify();
  const notifyError = useApiErrorNotify();
  const [saving, setSaving] = useState(false);
  const defaults: FormValues = row
    ? {
        currency: row.currency ?? '',
        banner: row.banner,
        stampCardDefaultImages: row.stampCardDefaultImages.map((u) => ({ url: u })),
        stampCardDefaultPrice: row.stampCardDefaultPrice,
      }
    : { country: '', currency: '', banner: [], stampCardDefaultImages: [] };
  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      await http(row ? `${MAIN_CONFIG_PATH}/${row.id}` : MAIN_CONFIG_PATH, {
        method: row ? 'PUT' : 'POST',
        body: mainConfigBody(values, row === null),
      });
      notify(`${K}.saved`, { type: 'success' });
      onSaved();
    } catch (error) {
      notifyError(error, translate(`${K}.save_failed`));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="main-config-dialog">
      <DialogTitle id="main-config-dialog">
        {row
          ? translate(`${K}.edit_title`, { country: row.country.toUpperCase() })
          : translate(`${K}.add_title`)}
      </DialogTitle>
      <DialogContent>
        <ResourceContextProvider value="mainConfig">
          <Form defaultValues={defaults} onSubmit={(v: Record<string, unknown>) => save(v as FormValues)}>
            {row === null ? (
              <TextInput
                source="country"
                label={`${K}.country`}
                validate={[required(), countryCode]}
                helperText={`${K}.country_help`}
              />
            ) : null}
            <TextInput
              source="currency"
              label={`${K}.currency`}
              validate={currencyCode}
              helperText={`${K}.currency_help`}
            />
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
              {translate(`${K}.banner`)}
            </Typography>
            <ArrayInput source="banner" label={false}>
              <SimpleFormIterator inline disableReordering={false}>
                <TextInput source="imageUrl" label={`${K}.image_url`} validate={[required(), url]} />
                <TextInput source="linkUrl" label={`${K}.link_url`} validate={url} />
                <TextInput source="title" label={`${K}.banner_title`} />
              </SimpleFormIterator>
            </ArrayInput>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
              {translate(`${K}.stamp_card_defaults`)}
            </Typography>
            <NumberInput
              source="stampCardDefaultPrice"
              label={`${K}.default_price`}
              min={0}
              step={0.01}
              helperText={`${K}.default_price_help`}
            />
            <ArrayInput source="stampCardDefaultImages" label={`${K}.default_images`}>
              <SimpleFormIterator inline>
                <TextInput source="url" label={`${K}.image_url`} validate={[required(), url]} />
              </SimpleFormIterator>
            </ArrayInput>
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
              <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
              <SaveButton disabled={saving} alwaysEnable />
            </Box>
          </Form>
        </ResourceContextProvider>
      </DialogContent>
    </Dialog>
  );
};

const money = (amount: number | null, currency: string | null) =>
  amount === null ? null : currency ? formatMoney(amount, currency) : amount.toFixed(2);

const CountryCard = ({ row, onEdit }: { row: MainConfig; onEdit: () => void }) => {
  const translate = useTranslate();
  const price = money(row.stampCardDefaultPrice, row.currency);
  return (
    <Card variant="outlined" component="article" aria-label={row.country.toUpperCase()}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {row.country.toUpperCase()}
          {row.currency ? (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              {row.currency}
            </Typography>
          ) : null}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate(`${K}.banner_count`, { smart_count: row.banner.length })}
        </Typography>
        {row.banner.length > 0 ? (
          <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            {row.banner.slice(0, 4).map((b) => (
              <Box
                key={b.imageUrl}
                component="img"
                src={b.imageUrl}
                alt={b.title ?? ''}
                sx={{ width: 96, height: 48, objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
              />
            ))}
          </Box>
        ) : null}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {price === null
            ? translate(`${K}.no_default_price`)
            : translate(`${K}.default_price_is`, { price })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`${K}.image_count`, { smart_count: row.stampCardDefaultImages.length })}
        </Typography>
      </CardContent>
      <CardActions>
        <Button size="small" startIcon={<EditIcon />} onClick={onEdit}>
          {translate(`${K}.edit`)}
        </Button>
      </CardActions>
    </Card>
  );
};

/** The Countries tab of System Config. */
export const MainConfigPanel = () => {
  const translate = useTranslate();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<MainConfig | 'new' | null>(null);
  const state = useLoadable<MainConfig[]>({
    key: `main-config:${version}`,
    load: async (http) =>
      (await http<MainConfig[]>(`${MAIN_CONFIG_PATH}?page=0&size=100&sort=country,asc`)).data,
  });
  return (
    <Box component="section" aria-label={translate(`${K}.title`)}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
          {translate(`${K}.intro`)}
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {translate(`${K}.add`)}
        </Button>
      </Box>
      {state.status === 'error' ? <Alert severity="error">{translate(`${K}.load_failed`)}</Alert> : null}
      {state.status === 'ready' && state.data.length === 0 ? (
        <Alert severity="info">{translate(`${K}.empty`)}</Alert>
      ) : null}
      {state.status === 'ready' ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fill, minmax(320px, 1fr))' },
          }}
        >
          {state.data.map((row) => (
            <CountryCard key={row.id} row={row} onEdit={() => setEditing(row)} />
          ))}
        </Box>
      ) : null}
      {editing !== null ? (
        <EditDialog
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </Box>
  );
};
