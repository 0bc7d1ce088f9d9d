import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageFrame } from '../../components/PageFrame';
import { BackToHelp } from './BackToHelp';

const SECTIONS = [
  { key: 'google', steps: ['google_1', 'google_2', 'google_3', 'google_4'] },
  { key: 'apple', steps: ['apple_1', 'apple_2', 'apple_3'] },
  { key: 'phone', steps: ['phone_1', 'phone_2'] },
] as const;

// Marina Bay Sands: a well-known place whose coordinates anyone can check on a map.
const EXAMPLE = { lat: '1.28387', long: '103.86072' };

export const LatLongHelpPage = () => {
  const translate = useTranslate();
  const t = (key: string) => translate(`pages.lat_long.${key}`);
  return (
    <PageFrame title={t('title')}>
      <BackToHelp />
      <Typography sx={{ mb: 3 }}>{t('intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {SECTIONS.map((section) => (
          <Card key={section.key} variant="outlined" sx={{ borderRadius: 2 }}>
            <CardContent>
              <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
                {t(`${section.key}_title`)}
              </Typography>
              <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 0.75 } }}>
                {section.steps.map((step) => (
                  <Typography component="li" key={step}>
                    {t(step)}
                  </Typography>
                ))}
              </Box>
            </CardContent>
          </Card>
        ))}
        <Card variant="outlined" sx={{ borderRadius: 2 }}>
          <CardContent>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
              {t('ranges_title')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 0.75 } }}>
              <Typography component="li">{t('ranges_lat')}</Typography>
              <Typography component="li">{t('ranges_long')}</Typography>
              <Typography component="li">{t('ranges_precision')}</Typography>
            </Box>
          </CardContent>
        </Card>
        <Alert severity="info" icon={false} sx={{ borderRadius: 2 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('example_title')}
          </Typography>
          <Typography>{t('example_body')}</Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0, mt: 1 }}
          >
            <dt>{t('example_lat')}</dt>
            <Box component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
              {EXAMPLE.lat}
            </Box>
            <dt>{t('example_long')}</dt>
            <Box component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
              {EXAMPLE.long}
            </Box>
          </Box>
        </Alert>
      </Box>
    </PageFrame>
  );
};
