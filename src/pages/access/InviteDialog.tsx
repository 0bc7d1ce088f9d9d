// "Invite": e-mail, name and mobile (the shared phone input), plus where the invitee lands:
//   operator         → POST /user/operator/register          (an operator invites an operator)
//   operatorMerchant → POST /user/operator/merchant/invite   (an operator invites a merchant:
//                      an optional company, searched on the server, then optionally one of its
//                      ACTIVE brands and stores; without a company they sign up their own)
//   merchant         → POST /user/merchant/invite            (a merchant invites into their company,
//                      optionally limited to one of its brands and stores)
// Only the fields chosen are sent. 26222 lands on the e-mail field, 26221 on the mobile field, the
// company, brand and store errors (26430; 26431 / 26440 / 26434; 26432 / 26441 / 26435) on theirs;
// success is a Hint notice.
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Form, ReferenceInput, required, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ErrorName } from '../../../contract';
import { isApiError, violationsByField } from '../../components/apiError';
import { CompanyPicker, useCompanyField } from '../../components/CompanyPicker';
import { DialogSubmitButton } from '../../components/DialogSubmitButton';
import { emailValidators } from '../../components/forms';
import { useHttpClient } from '../../components/HttpClientContext';
import { Notice } from '../../components/Notice';
import { PhoneNumberInput } from '../../components/PhoneInput';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';

export type InviteKind = 'operator' | 'operatorMerchant' | 'merchant';

export const INVITE_PATHS: Record<InviteKind, string> = {
  operator: '/user/operator/register',
  operatorMerchant: '/user/operator/merchant/invite',
  merchant: '/user/merchant/invite',
};

const TITLES: Record<InviteKind, string> = {
  operator: 'access.invite.operator_title',
  operatorMerchant: 'access.invite.operator_merchant_title',
  merchant: 'access.invite.merchant_title',
};

const INTROS: Record<InviteKind, string> = {
  operator: 'access.invite.intro_operator',
  operatorMerchant: 'access.invite.intro_operator_merchant',
  merchant: 'access.invite.intro_merchant',
};

type OptionalId = number | '' | null;

interface InviteValues {
  email?: string;
  name?: string;
  mobile?: string;
  /** operatorMerchant only */
  companyId?: OptionalId;
  brandId?: OptionalId;
  storeId?: OptionalId;
}

/**
 * The request body: blank optional fields are left out rather than sent empty. An operator's brand
 * and store go only with the company they were chosen from.
 */
export const inviteBody = (kind: InviteKind, values: InviteValues): Record<string, unknown> => {
  const body: Record<string, unknown> = { email: (values.email ?? '').trim() };
  const name = (values.name ?? '').trim();
  if (name) body.name = name;
  if (values.mobile) body.mobile = values.mobile;
  const scoped = kind === 'merchant' || (kind === 'operatorMerchant' && typeof values.companyId === 'number');
  if (kind === 'operatorMerchant' && typeof values.companyId === 'number') body.companyId = values.companyId;
  if (scoped) {
    if (typeof values.brandId === 'number') body.brandId = values.brandId;
    if (typeof values.storeId === 'number') body.storeId = values.storeId;
  }
  return body;
};

/** The organisation errors of an invitation, each on the field it is about. */
const FIELD_ERRORS: readonly {
  error: ErrorName;
  field: 'companyId' | 'brandId' | 'storeId';
  message: string;
}[] = [
  { error: 'COMPANY_NOT_FOUND', field: 'companyId', message: 'access.invite.company_not_found' },
  { error: 'BRAND_NOT_FOUND', field: 'brandId', message: 'access.invite.brand_not_found' },
  { error: 'BRAND_NOT_BELONG_TO_USER', field: 'brandId', message: 'access.invite.brand_not_company' },
  { error: 'BRAND_NOT_ACTIVE', field: 'brandId', message: 'access.invite.brand_not_active' },
  { error: 'STORE_NOT_FOUND', field: 'storeId', message: 'access.invite.store_not_found' },
  { error: 'STORE_NOT_BELONG_TO_USER', field: 'storeId', message: 'access.invite.store_not_company' },
  { error: 'STORE_NOT_ACTIVE', field: 'storeId', message: 'access.invite.store_not_active' },
];

/**
 * `{ field: message }` for the form when the failed call is about one of the fields, else undefined.
 * 26440 / 26441 tell a merchant the brand or store is not theirs to invite into (another company's,
 * or outside their own limit); an operator, that it is not of the company chosen.
 */
export const inviteFieldErrors = (kind: InviteKind, error: unknown): Record<string, string> | undefined => {
  if (isApiError(error, 'EMAIL_ALREADY_IN_USE')) return { email: 'access.invite.email_in_use' };
  if (isApiError(error, 'MOBILE_ALREADY_IN_USE')) return { mobile: 'access.invite.mobile_in_use' };
  const known = FIELD_ERRORS.find((e) => isApiError(error, e.error));
  if (known) {
    const notOwn = known.error === 'BRAND_NOT_BELONG_TO_USER' || known.error === 'STORE_NOT_BELONG_TO_USER';
    return { [known.field]: notOwn && kind === 'merchant' ? `${known.message}_merchant` : known.message };
  }
  return violationsByField(error);
};

/**
 * Brand, then a store of that brand (or of any brand): the merchant's own, as the API scopes them,
 * or, for an operator, those of the chosen company. Only ACTIVE ones: the API takes no other.
 * Choosing another brand clears the store, which may not be one of it.
 */
export const BrandAndStore = ({ companyId }: { companyId?: number }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext<InviteValues>();
  const brandId = useWatch<InviteValues, 'brandId'>({ name: 'brandId' });
  const company = companyId === undefined ? {} : { companyId };
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <ReferenceInput
        source="brandId"
        reference="brand"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={100}
        filter={{ ...company, state: 'ACTIVE' }}
      >
        <SelectInput
          label="access.invite.brand"
          optionText="name"
          emptyText={translate('access.invite.any_brand')}
          onChange={() => setValue('storeId', null, { shouldDirty: true })}
          sx={{ minWidth: 220, flex: 1 }}
        />
      </ReferenceInput>
      <ReferenceInput
        source="storeId"
        reference="store"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={100}
        filter={{ ...company, ...(typeof brandId === 'number' ? { brandId } : {}), state: 'ACTIVE' }}
      >
        <SelectInput
          label="access.invite.store"
          optionText="name"
          emptyText={translate('access.invite.any_store')}
          sx={{ minWidth: 220, flex: 1 }}
        />
      </ReferenceInput>
    </Box>
  );
};

/**
 * The operator's optional company (the shared searchable picker, holding `companyId`), then that
 * company's brand and store. Another company clears the brand and store.
 */
export const CompanyBrandAndStore = ({ label, help }: { label?: string; help?: string } = {}) => {
  const translate = useTranslate();
  const { setValue, clearErrors } = useFormContext<InviteValues>();
  const { companyId, error, valueNamed, picker } = useCompanyField({
    onPick: () => {
      setValue('brandId', null, { shouldDirty: true });
      setValue('storeId', null, { shouldDirty: true });
      clearErrors(['brandId', 'storeId']);
    },
  });
  const value = valueNamed();
  const message = error?.message;
  const helper =
    help !== undefined
      ? help
      : value === null
        ? translate('access.invite.company_help_none')
        : value.state === undefined
          ? translate('access.invite.company_help_joins')
          : value.state === 'ACTIVE'
            ? translate('access.invite.company_help_active')
            : translate('access.invite.company_help_not_active');
  return (
    <>
      <CompanyPicker
        {...picker}
        value={value}
        label={label ?? translate('access.invite.company')}
        helperText={helper}
        error={message ? translate(message, { _: message }) : undefined}
        sx={{ mt: 1, mb: 1 }}
      />
      {companyId === undefined ? null : <BrandAndStore companyId={companyId} />}
    </>
  );
};

export interface InviteDialogProps {
  open: boolean;
  kind: InviteKind;
  onClose: () => void;
  /** after a successful invitation (e.g. refresh the list) */
  onInvited?: (email: string) => void;
}

export const InviteDialog = ({ open, kind, onClose, onInvited }: InviteDialogProps) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notify = useNotify();
  const notifyError = useApiErrorNotify();

  const onSubmit = async (values: InviteValues) => {
    const body = inviteBody(kind, values);
    try {
      await http(INVITE_PATHS[kind], { method: 'POST', body });
    } catch (error) {
      const fields = inviteFieldErrors(kind, error);
      if (fields) return fields;
      notifyError(error, translate('common.notice.error'));
      return undefined;
    }
    const email = String(body.email);
    notify(
      <Notice title={translate('common.notice.hint')} lines={[translate('access.invite.sent', { email })]} />,
      { type: 'success' },
    );
    onInvited?.(email);
    onClose();
    return undefined;
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invite-dialog-title">
      {open ? (
        <Form onSubmit={onSubmit} noValidate disableInvalidFormNotification>
          <DialogTitle id="invite-dialog-title">{translate(TITLES[kind])}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate(INTROS[kind])}
            </Typography>
            <TextInput
              source="email"
              type="email"
              label="access.invite.email"
              autoComplete="off"
              autoFocus
              validate={emailValidators}
              fullWidth
            />
            <TextInput source="name" label="access.invite.name" validate={required()} fullWidth />
            <PhoneNumberInput source="mobile" label="access.invite.mobile" />
            {kind === 'merchant' ? <BrandAndStore /> : null}
            {kind === 'operatorMerchant' ? <CompanyBrandAndStore /> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('common.button.cancel')}</Button>
            <DialogSubmitButton busyLabel={translate('access.invite.sending')}>
              {translate('access.invite.send')}
            </DialogSubmitButton>
          </DialogActions>
        </Form>
      ) : null}
    </Dialog>
  );
};
