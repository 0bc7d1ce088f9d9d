import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { useNavigate, useTranslate } from 'react-admin';
import { AuthCard } from '../../components/AuthCard';
import { ProfileForm } from '../../components/ProfileForm';

/** After activation, the user completes name and mobile, then continues to the portal. */
export const ThenProfilePage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <AuthCard
      wide
      icon={<BadgeOutlined />}
      title={translate('pages.then_profile.title')}
      subtitle={translate('pages.then_profile.intro')}
    >
      <ProfileForm
        withCountry={false}
        submitLabel={translate('pages.common.continue')}
        onSaved={() => navigate('/')}
      />
    </AuthCard>
  );
};
