import { Card, CardContent, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageFrame } from '../../components/PageFrame';
import { BackToHelp } from './BackToHelp';

const SECTION_COUNT = 8;

export const TermsPage = () => {
  const translate = useTranslate();
  const email = translate('pages.help.contact_email');
  return (
    <PageFrame title={translate('pages.terms.title')} intro={translate('pages.terms.updated')} maxWidth={760}>
      <BackToHelp />
      <Card variant="outlined" sx={{ borderRadius: 2 }}>
        <CardContent component="article" sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography sx={{ mb: 3 }}>{translate('pages.terms.intro')}</Typography>
          {Array.from({ length: SECTION_COUNT }, (_, i) => i + 1).map((n) => (
            <section key={n}>
              <Typography component="h2" variant="h6" sx={{ mt: n === 1 ? 0 : 3, mb: 1 }}>
                {`${n}. ${translate(`pages.terms.s${n}_title`)}`}
              </Typography>
              <Typography color="text.secondary">{translate(`pages.terms.s${n}_body`)}</Typography>
            </section>
          ))}
          <Typography sx={{ mt: 4 }}>
            {translate('pages.terms.contact')} <Link href={`mailto:${email}`}>{email}</Link>
          </Typography>
        </CardContent>
      </Card>
    </PageFrame>
  );
};
