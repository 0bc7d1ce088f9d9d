// "Invite": e-mail, name and mobile (the shared phone input), plus for a merchant inviting a
// colleague an optional brand and store of their own company. Three kinds, three calls:
//   operator         → POST /user/operator/register          (an operator invites an operator)
//   operatorMerchant → POST /user/operator/merchant/invite   (an operator invites a merchant)
//   merchant         → POST /user/merchant/invite            (a merchant invites into their company)
// 26222 lands on the e-mail field, 26221 on the mobile field; success is a Hint notice.
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Form, ReferenceInput, required, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { useHttpClient } from '../../components/HttpClientContext';
import { Notice } from '../../components/Notice';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { isApiError, violationsByField } from '../components/apiErrors';
import { emailValidators } from '../components/forms';
import { PhoneNumberInput } from '../components/PhoneInput';

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

interface InviteValues {
  email?: string;
  name?: string;
  mobile?: string;
  brandId?: number | '' | null;
  storeId?: number | '' | null;
}

/** The request body: blank optional fields are left out rather than sent empty. */
export const inviteBody = (kind: InviteKind, values: InviteValues): Record<string, unknown> => {
  const body: Record<string, unknown> = { email: (values.email ?? '').trim() };
  const name = (values.name ?? '').trim();
  if (name) body.name = name;
  if (values.mobile) body.mobile = values.mobile;
  if (kind === 'merchant') {
    if (typeof values.brandId === 'number') body.brandId = values.brandId;
    if (typeof values.storeId === 'number') body.storeId = values.storeId;
  }
  return body;
};

const SendButton = ({ children }: { children: ReactNode }) => {
  const { isSubmitting } = useFormState();
  const translate = useTranslate();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {isSubmitting ? translate('access.invite.sending') : children}
    </Button>
  );
};

/** Brand, then a store of that brand (or of any brand): the merchant's own, as the API scopes them. */
const BrandAndStore = () => {
  const translate = useTranslate();
  const brandId = useWatch<InviteValues, 'brandId'>({ name: 'brandId' });
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <ReferenceInput source="brandId" reference="brand" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
        <SelectInput
          label="access.invite.brand"
          optionText="name"
          emptyText={translate('access.invite.any_brand')}
          sx={{ minWidth: 220, flex: 1 }}
        />
      </ReferenceInput>
      <ReferenceInput
        source="storeId"
        reference="store"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={100}
        filter={typeof brandId === 'number' ? { brandId } : {}}
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
      if (isApiError(error, 'EMAIL_ALREADY_IN_USE')) return { email: 'access.invite.email_in_use' };
      if (isApiError(error, 'MOBILE_ALREADY_IN_USE')) return { mobile: 'access.invite.mobile_in_use' };
      const fields = violationsByField(error);
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
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('common.button.cancel')}</Button>
            <SendButton>{translate('access.invite.send')}</SendButton>
          </DialogActions>
        </Form>
      ) : null}
    </Dialog>
  );
};
