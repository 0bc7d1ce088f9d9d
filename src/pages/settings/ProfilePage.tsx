import { Card, CardContent } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { PageFrame } from '../../components/PageFrame';
import { ProfileForm } from '../../components/ProfileForm';
import { SessionsCard } from './SessionsCard';
import { TwoFactorSection } from './TwoFactorSection';

export const ProfilePage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    // wide enough for the sessions table (five columns) at 1440 px
    <PageFrame title={translate('pages.profile.title')} maxWidth={880}>
      <Card variant="outlined" sx={{ borderRadius: 2 }}>
        <CardContent sx={{ p: 3 }}>
          <ProfileForm withCountry onSaved={() => notify('pages.profile.saved', { type: 'success' })} />
        </CardContent>
      </Card>
      <TwoFactorSection />
      <SessionsCard />
    </PageFrame>
  );
};
