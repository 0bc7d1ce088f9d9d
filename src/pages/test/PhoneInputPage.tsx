import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageFrame } from '../../components/PageFrame';
import { PhoneInput, toPhoneCountry } from '../../components/PhoneInput';
import { getCountry } from '../../providers/storage';

export const PhoneInputPage = () => {
  const translate = useTranslate();
  const [value, setValue] = useState('');
  const t = (key: string) => translate(`pages.phone_input.${key}`);
  const valid = value !== '' && isValidPhoneNumber(value);
  return (
    <PageFrame title={t('title')} intro={t('intro')} maxWidth={560}>
      <Card variant="outlined" sx={{ borderRadius: 2 }}>
        <CardContent>
          <PhoneInput
            value={value}
            onChange={setValue}
            defaultCountry={toPhoneCountry(getCountry())}
            label={translate('pages.common.mobile')}
            autoFocus
            error={value !== '' && !valid}
          />
          <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography color="text.secondary">{t('value')}:</Typography>
            <Typography component="output" data-testid="phone-e164" sx={{ fontFamily: 'monospace' }}>
              {value || '—'}
            </Typography>
          </Box>
          {value ? (
            <Box
              role="status"
              data-testid="phone-validity"
              sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1 }}
            >
              {valid ? (
                <CheckCircleOutline color="success" fontSize="small" />
              ) : (
                <ErrorOutline color="error" fontSize="small" />
              )}
              <Typography variant="body2">{valid ? t('valid') : t('invalid')}</Typography>
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </PageFrame>
  );
};
