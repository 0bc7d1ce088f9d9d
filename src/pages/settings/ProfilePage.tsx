import { Card, CardContent } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { PageFrame } from '../../components/PageFrame';
import { ProfileForm } from '../../components/ProfileForm';
import { SessionsCard } from './SessionsCard';
import { TwoFactorSection } from './TwoFactorSection';

export const ProfilePage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  // bumped when the two-factor section ends the other sessions, so the sessions list reads them again
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    // wide enough for the sessions table (five columns) at 1440 px
    <PageFrame title={translate('pages.profile.title')} maxWidth={880}>
      <Card variant="outlined" sx={{ borderRadius: 2 }}>
        <CardContent sx={{ p: 3 }}>
          <ProfileForm withCountry onSaved={() => notify('pages.profile.saved', { type: 'success' })} />
        </CardContent>
      </Card>
      <TwoFactorSection onSessionsEnded={() => setSessionsVersion((v) => v + 1)} />
      <SessionsCard version={sessionsVersion} />
    </PageFrame>
  );
};
