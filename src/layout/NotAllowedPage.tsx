import BlockIcon from '@mui/icons-material/Block';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

const Message = ({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) => (
  <Paper
    variant="outlined"
    sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, mx: 'auto', mt: 4, textAlign: 'center' }}
  >
    <Title title={title} />
    <Box sx={{ color: 'text.secondary', mb: 1, '& svg': { fontSize: 48 } }}>{icon}</Box>
    <Typography variant="h5" component="h1" gutterBottom>
      {title}
    </Typography>
    <Typography color="text.secondary" sx={{ mb: 3 }}>
      {text}
    </Typography>
    {action}
  </Paper>
);

/** Shown instead of a page the current user may not see (e.g. finance for an operator). */
export const NotAllowedPage = ({
  visitor = false,
  failed = false,
}: {
  visitor?: boolean;
  failed?: boolean;
}) => {
  const translate = useTranslate();
  if (failed) {
    return (
      <Message
        icon={<ErrorOutlineIcon />}
        title={translate('common.page_failed.title')}
        text={translate('common.page_failed.message')}
        action={
          <Button variant="contained" onClick={() => window.location.reload()}>
            {translate('common.page_failed.reload')}
          </Button>
        }
      />
    );
  }
  return (
    <Message
      icon={<BlockIcon />}
      title={translate('common.not_allowed.title')}
      text={translate('common.not_allowed.message')}
      action={
        <Button variant="contained" component={Link} to={visitor ? '/login' : '/'}>
          {translate(visitor ? 'common.not_allowed.sign_in' : 'common.not_allowed.back_home')}
        </Button>
      }
    />
  );
};

/** The catch-all route. */
export const NotFoundPage = () => {
  const translate = useTranslate();
  return (
    <Message
      icon={<SearchOffIcon />}
      title={translate('common.not_found.title')}
      text={translate('common.not_found.message')}
      action={
        <Button variant="contained" component={Link} to="/">
          {translate('common.not_allowed.back_home')}
        </Button>
      }
    />
  );
};
