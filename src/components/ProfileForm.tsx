import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, required, SelectInput, TextInput, useGetIdentity, useTranslate } from 'react-admin';
import type { LoggedInUser } from '../../contract/auth';
import { loadSupportedCountries, type SupportedCountry } from '../providers/country';
import { isApiError, violationsByField } from './apiError';
import { SubmitButton } from './forms';
import { useHttpClient } from './HttpClientContext';
import { PhoneNumberInput, toPhoneCountry } from './PhoneInput';
import { useApiErrorNotify } from './useApiErrorNotify';
import { useReloadUser } from './useReloadUser';

/** The body of PUT user/{id}/info. */
export interface UserInfoBody {
  name: string;
  mobile: string;
  country?: string;
}

interface ProfileValues {
  email: string;
  name: string;
  mobile: string;
  country: string;
  /** a merchant's organization level in words (read-only: what their access reaches) */
  reach?: string;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

const countryChoices = (supported: SupportedCountry[], current: string) => {
  const codes = supported.map((c) => c.countryCode.toLowerCase());
  // The user's own country stays selectable even if it is no longer in the supported list.
  if (current && !codes.includes(current)) codes.push(current);
  return codes.map((code) => {
    const currency = supported.find((c) => c.countryCode.toLowerCase() === code)?.currency;
    const name = regionNames.of(code.toUpperCase()) ?? code.toUpperCase();
    return { id: code, name: currency ? `${name} (${currency})` : name };
  });
};

/**
 * The signed-in user's own details: GET user/{id}, then PUT user/{id}/info with name, mobile and
 * (when `withCountry`) country. The e-mail is shown read-only. 26221 lands on the mobile field.
 */
export const ProfileForm = ({
  withCountry,
  onSaved,
  submitLabel,
}: {
  withCountry: boolean;
  onSaved: (user: UserInfoBody) => void;
  submitLabel?: string;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const reloadUser = useReloadUser();
  const { identity, refetch } = useGetIdentity();
  const id = identity?.id;
  const [user, setUser] = useState<LoggedInUser | null>(null);
  const [supported, setSupported] = useState<SupportedCountry[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per user id
  useEffect(() => {
    if (id === undefined) return;
    const controller = new AbortController();
    http<LoggedInUser>(`/user/${encodeURIComponent(String(id))}`, { signal: controller.signal })
      .then((res) => setUser(res.data))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) notifyError(error);
      });
    return () => controller.abort();
  }, [id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is loaded once
  useEffect(() => {
    if (!withCountry) return;
    loadSupportedCountries(http)
      .then(setSupported)
      .catch(() => setSupported([]));
  }, [withCountry]);

  if (!user) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress size={32} aria-label={translate('pages.common.loading')} />
      </Box>
    );
  }

  const onSubmit = async (values: Partial<ProfileValues>) => {
    const body: UserInfoBody = { name: (values.name ?? '').trim(), mobile: values.mobile ?? '' };
    if (withCountry && values.country) body.country = values.country;
    try {
      await http(`/user/${encodeURIComponent(String(user.id))}/info`, { method: 'PUT', body });
      // The header and the stored session show the new name; a failure here is not the save's.
      await reloadUser(user.id).catch(() => undefined);
      await refetch().catch(() => undefined);
      onSaved(body);
    } catch (error) {
      if (isApiError(error, 'MOBILE_ALREADY_IN_USE')) return { mobile: 'pages.common.mobile_in_use' };
      const fields = violationsByField(error);
      if (fields) return fields;
      notifyError(error);
    }
  };

  const record: ProfileValues = {
    email: user.email,
    name: user.name ?? '',
    mobile: user.mobile ?? '',
    country: (user.country ?? '').toLowerCase(),
    ...(user.type === 'MERCHANT'
      ? { reach: translate(`resources.users.choices.organizationLevel.${user.organizationLevel}`) }
      : {}),
  };

  return (
    <Form record={record} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
      <TextInput
        source="email"
        label="pages.common.email"
        readOnly
        helperText="pages.profile.email_readonly"
        fullWidth
      />
      {record.reach !== undefined ? (
        <TextInput
          source="reach"
          label="resources.users.fields.organizationLevel"
          readOnly
          helperText="pages.profile.reach_readonly"
          fullWidth
        />
      ) : null}
      <TextInput
        source="name"
        label="pages.common.name"
        autoComplete="name"
        autoFocus
        validate={required()}
        fullWidth
      />
      <PhoneNumberInput
        source="mobile"
        label="pages.common.mobile"
        validate={required()}
        defaultCountry={toPhoneCountry(record.country)}
      />
      {withCountry ? (
        <SelectInput
          source="country"
          label="pages.common.country"
          choices={countryChoices(supported, record.country)}
          validate={required()}
          fullWidth
        />
      ) : null}
      <SubmitButton busyLabel={translate('pages.common.saving')}>
        {submitLabel ?? translate('pages.common.save')}
      </SubmitButton>
    </Form>
  );
};
