import { Card, CardContent } from '@mui/material';
import { useNavigate, useNotify, useTranslate } from 'react-admin';
import { ChangePasswordForm } from '../../components/ChangePasswordForm';
import { PageFrame } from '../../components/PageFrame';

export const ChangePasswordPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <PageFrame
      title={translate('pages.change_password.title')}
      intro={translate('pages.change_password.intro')}
      maxWidth={640}
    >
      <Card variant="outlined" sx={{ borderRadius: 2 }}>
        <CardContent sx={{ p: 3 }}>
          <ChangePasswordForm
            onDone={() => {
              notify('pages.change_password.saved', { type: 'success' });
              navigate('/settings');
            }}
          />
        </CardContent>
      </Card>
    </PageFrame>
  );
};
