// The pieces of the main config screens (src/pages/config/MainConfigPanel.tsx, CountryHomeCard.tsx):
// the form's values and body, its input groups, the dialog that holds one form, the save with its
// notices, and a country's card.
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
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
import { IMAGE_ADDRESS_PATTERN } from '../../../contract/validation';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { formatMoney } from '../finance/api';

export const MAIN_CONFIG_PATH = '/config/main';
export const K = 'config.main';

export interface FormValues {
  country?: string;
  currency?: string | null;
  banner?: BannerItem[];
  stampCardDefaultImages?: { url: string }[];
  stampCardDefaultPrice?: number | null;
}

// a web address, or a file of the file store (contract/validation.ts IMAGE_ADDRESS_PATTERN)
const url = regex(new RegExp(IMAGE_ADDRESS_PATTERN), 'config.main.bad_url');
export const countryCode = regex(/^[a-z]{2}$/, 'config.main.bad_country');
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

/** The home banner's rows (each an image, a link and a title). */
export const BannerInputs = () => {
  const translate = useTranslate();
  return (
    <>
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
    </>
  );
};

/** A new stamp card's default images, one URL each. */
export const DefaultImagesInput = () => (
  <ArrayInput source="stampCardDefaultImages" label={`${K}.default_images`}>
    <SimpleFormIterator inline>
      <TextInput source="url" label={`${K}.image_url`} validate={[required(), url]} />
    </SimpleFormIterator>
  </ArrayInput>
);

/** The country's currency and a new stamp card's default price. */
export const PricingInputs = () => (
  <>
    <TextInput
      source="currency"
      label={`${K}.currency`}
      validate={currencyCode}
      helperText={`${K}.currency_help`}
    />
    <NumberInput
      source="stampCardDefaultPrice"
      label={`${K}.default_price`}
      min={0}
      step={0.01}
      helperText={`${K}.default_price_help`}
    />
  </>
);

/** A dialog holding one form: Cancel and Save under the inputs, a spinner while its row loads. */
export const ConfigDialog = ({
  title,
  defaults,
  saving,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  /** undefined while the row is loading */
  defaults: FormValues | undefined;
  saving: boolean;
  onClose: () => void;
  onSubmit: (values: FormValues) => unknown;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="main-config-dialog">
      <DialogTitle id="main-config-dialog">{title}</DialogTitle>
      <DialogContent>
        {defaults === undefined ? (
          <CircularProgress size={28} aria-label={translate('ra.page.loading')} />
        ) : (
          <ResourceContextProvider value="mainConfig">
            <Form
              defaultValues={defaults}
              onSubmit={(v: Record<string, unknown>) => onSubmit(v as FormValues)}
            >
              {children}
              <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
                <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
                <SaveButton disabled={saving} alwaysEnable />
              </Box>
            </Form>
          </ResourceContextProvider>
        )}
      </DialogContent>
    </Dialog>
  );
};

/** A saved row as the form edits it. */
export const formValuesOf = (row: MainConfig): FormValues => ({
  currency: row.currency ?? '',
  banner: row.banner,
  stampCardDefaultImages: row.stampCardDefaultImages.map((u) => ({ url: u })),
  stampCardDefaultPrice: row.stampCardDefaultPrice,
});

/** Runs a save: a success notice and `onSaved`, or the error's notice; `saving` meanwhile. */
export const useConfigSave = (onSaved: () => void) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useApiErrorNotify();
  const [saving, setSaving] = useState(false);
  const run = async (write: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await write();
      notify(`${K}.saved`, { type: 'success' });
      onSaved();
    } catch (error) {
      notifyError(error, translate(`${K}.save_failed`));
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
};

const money = (amount: number | null, currency: string | null) =>
  amount === null ? null : currency ? formatMoney(amount, currency) : amount.toFixed(2);

/** One country's main config at a glance; its actions below (edit and delete, or the home card's own). */
export const CountryCard = ({
  row,
  heading,
  children,
}: {
  row: MainConfig;
  /** a line above the country (the portal's own country says so) */
  heading?: string;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const price = money(row.stampCardDefaultPrice, row.currency);
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={row.country.toUpperCase()}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        {heading ? (
          <Typography variant="overline" color="primary" component="p">
            {heading}
          </Typography>
        ) : null}
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
      <CardActions sx={{ flexWrap: 'wrap' }}>{children}</CardActions>
    </Card>
  );
};
