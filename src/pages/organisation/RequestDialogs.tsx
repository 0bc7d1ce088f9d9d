// The merchant's requests for a new brand or store (POST /organization/brand-requests and
// /organization/store-requests): a dialog each. The new row comes back in state SUBMITTED and waits
// for an operator's approval; failures show the server's error notice and, for a duplicate name,
// the message on the name field too.
import { Box, Link, Typography } from '@mui/material';
import type { ComponentProps } from 'react';
import { LinkBase, NumberInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { brand as brandDecl, store as storeDecl } from '../../../resources';
import { declaredLimits, webAddress } from '../../builders/validators';
import { isApiError, violationsByField } from '../../components/apiError';
import { useHttpClient } from '../../components/HttpClientContext';
import { Notice } from '../../components/Notice';
import { FormDialog } from '../../components/operations/OperationDialog';
import { PhoneNumberInput } from '../../components/PhoneInput';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import {
  type BrandRequestBody,
  type OrgBrand,
  type OrgStore,
  requestBrand,
  requestStore,
  type StoreRequestBody,
} from './api';

export const LAT_LONG_HELP_PATH = '/help/how-to-get-lat-long';

type Values = Record<string, unknown>;

/** A trimmed text, or undefined when empty: optional fields are left out of the body, not sent as ''. */
const text = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Drops the undefined members, so the body holds exactly what the merchant filled in. */
const defined = <T extends object>(body: T): T =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as T;

/** The form errors of a failed request: the duplicate name on `name`, code-2 violations per field. */
const fieldErrorsOf = (error: unknown, duplicate: 'BRAND_NAME_DUPLICATE' | 'STORE_NAME_DUPLICATE') => {
  if (isApiError(error, duplicate)) return { name: `hierarchy.request.name_taken_${duplicate}` };
  return violationsByField(error) ?? {};
};

/** A request's form dialog (mounted only while open, so each opening starts with an empty form). */
const RequestDialog = (props: Omit<ComponentProps<typeof FormDialog>, 'submitLabel'>) => {
  const translate = useTranslate();
  return <FormDialog {...props} submitLabel={translate('hierarchy.request.submit')} />;
};

const useHint = () => {
  const notify = useNotify();
  const translate = useTranslate();
  return (line: string) =>
    notify(<Notice title={translate('common.notice.hint')} lines={[line]} />, { type: 'success' });
};

export interface RequestBrandDialogProps {
  open: boolean;
  onClose: () => void;
  /** the new brand, in state SUBMITTED */
  onRequested: (brand: OrgBrand) => void;
}

/** "Request a new brand": name, description and website; POST /organization/brand-requests. */
const website = webAddress('hierarchy.request.website_invalid');

export const RequestBrandDialog = ({ open, onClose, onRequested }: RequestBrandDialogProps) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const hint = useHint();

  const onSubmit = async (values: Values) => {
    const body: BrandRequestBody = defined({
      name: text(values.name) ?? '',
      description: text(values.description),
      website: text(values.website),
    });
    try {
      const { row } = await requestBrand(http, body);
      hint(translate('hierarchy.request.brand_sent', { name: row.name }));
      onRequested({ ...row, stores: [] });
      onClose();
      return undefined;
    } catch (error) {
      notifyError(error, translate('common.notice.error'));
      return fieldErrorsOf(error, 'BRAND_NAME_DUPLICATE');
    }
  };

  return (
    <RequestDialog
      open={open}
      title={translate('hierarchy.request.brand_title')}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <TextInput
        source="name"
        label="resources.brand.fields.name"
        validate={declaredLimits(brandDecl, 'name')}
        autoFocus
        fullWidth
      />
      <TextInput
        source="description"
        label="resources.brand.fields.description"
        validate={declaredLimits(brandDecl, 'description')}
        multiline
        minRows={2}
        fullWidth
      />
      <TextInput
        source="website"
        type="url"
        label="resources.brand.fields.website"
        helperText="hierarchy.request.website_help"
        validate={[...declaredLimits(brandDecl, 'website'), website]}
        fullWidth
      />
    </RequestDialog>
  );
};

export interface RequestStoreDialogProps {
  open: boolean;
  /** the ACTIVE brand the store is asked under */
  brand: { id: number; name: string } | null;
  onClose: () => void;
  /** the new store, in state SUBMITTED */
  onRequested: (store: OrgStore) => void;
}

/** "Request a new store" under one ACTIVE brand; POST /organization/store-requests. */
export const RequestStoreDialog = ({ open, brand, onClose, onRequested }: RequestStoreDialogProps) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const hint = useHint();

  const onSubmit = async (values: Values) => {
    if (!brand) return undefined;
    const body: StoreRequestBody = defined({
      brandId: brand.id,
      name: text(values.name) ?? '',
      address: text(values.address) ?? '',
      postalCode: text(values.postalCode),
      latitude: num(values.latitude),
      longitude: num(values.longitude),
      phone: text(values.phone),
      openingHours: text(values.openingHours),
    });
    try {
      const { row } = await requestStore(http, body);
      hint(translate('hierarchy.request.store_sent', { name: row.name, brand: brand.name }));
      onRequested(row);
      onClose();
      return undefined;
    } catch (error) {
      notifyError(error, translate('common.notice.error'));
      return fieldErrorsOf(error, 'STORE_NAME_DUPLICATE');
    }
  };

  return (
    <RequestDialog
      open={open}
      title={translate('hierarchy.request.store_title', { brand: brand?.name ?? '' })}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <TextInput
        source="name"
        label="resources.store.fields.name"
        validate={declaredLimits(storeDecl, 'name')}
        autoFocus
        fullWidth
      />
      <TextInput
        source="address"
        label="resources.store.fields.address"
        validate={declaredLimits(storeDecl, 'address')}
        multiline
        fullWidth
      />
      <TextInput
        source="postalCode"
        label="resources.store.fields.postalCode"
        validate={declaredLimits(storeDecl, 'postalCode')}
        fullWidth
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <NumberInput
          source="latitude"
          label="resources.store.fields.latitude"
          validate={declaredLimits(storeDecl, 'latitude')}
          step="any"
          fullWidth
        />
        <NumberInput
          source="longitude"
          label="resources.store.fields.longitude"
          validate={declaredLimits(storeDecl, 'longitude')}
          step="any"
          fullWidth
        />
      </Box>
      <Typography variant="body2" sx={{ mt: -1, mb: 2 }}>
        <Link component={LinkBase} to={LAT_LONG_HELP_PATH} target="_blank" rel="noopener">
          {translate('hierarchy.request.lat_long_help')}
        </Link>
      </Typography>
      <PhoneNumberInput source="phone" label="resources.store.fields.phone" />
      <TextInput
        source="openingHours"
        label="resources.store.fields.openingHours"
        helperText="hierarchy.request.opening_hours_help"
        validate={declaredLimits(storeDecl, 'openingHours')}
        multiline
        fullWidth
      />
    </RequestDialog>
  );
};
