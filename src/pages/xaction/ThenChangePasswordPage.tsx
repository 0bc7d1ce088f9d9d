import PasswordOutlined from '@mui/icons-material/PasswordOutlined';
import { useNavigate, useNotify, useTranslate } from 'react-admin';
import { AuthCard } from '../../components/AuthCard';
import { ChangePasswordForm } from '../../components/ChangePasswordForm';

/** After sign-in, a user who must change the password sets a new one before going on to the portal. */
export const ThenChangePasswordPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <AuthCard
      icon={<PasswordOutlined />}
      title={translate('pages.then_change_password.title')}
      subtitle={translate('pages.then_change_password.intro')}
    >
      <ChangePasswordForm
        submitLabel={translate('pages.common.continue')}
        onDone={() => {
          notify('pages.then_change_password.done', { type: 'success' });
          navigate('/');
        }}
      />
    </AuthCard>
  );
};
