import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { Avatar, Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase, useTranslate } from 'react-admin';

export interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: ReactNode;
  /** wider card for forms with more fields (register) */
  wide?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The centred card of the pages shown without header and menu (sign-in, register, e-mail links):
 * one calm surface on a soft background that works in both themes.
 */
export const AuthCard = ({ title, subtitle, icon, wide, children, footer }: AuthCardProps) => (
  <Box
    component="div"
    sx={(theme) => ({
      minHeight: '100vh',
      boxSizing: 'border-box',
      // Inside the shell's padded page frame the viewport minus that padding is the full height, so
      // the card stays centred without a scroll bar.
      'main[data-padding="true"] &': {
        minHeight: `calc(100vh - ${theme.spacing(4)})`,
        [theme.breakpoints.up('sm')]: { minHeight: `calc(100vh - ${theme.spacing(6)})` },
      },
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      p: 2,
      background:
        theme.palette.mode === 'dark'
          ? `radial-gradient(circle at 20% 10%, ${theme.palette.primary.dark}55, transparent 55%), ${theme.palette.background.default}`
          : `radial-gradient(circle at 20% 10%, ${theme.palette.primary.light}40, transparent 55%), ${theme.palette.grey[100]}`,
    })}
  >
    <Card elevation={3} sx={{ width: '100%', maxWidth: wide ? 520 : 420, borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Box
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3, textAlign: 'center' }}
        >
          {icon ? <Avatar sx={{ bgcolor: 'primary.main', mb: 1.5 }}>{icon}</Avatar> : null}
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {children}
        {footer ? <Box sx={{ mt: 3, textAlign: 'center' }}>{footer}</Box> : null}
      </CardContent>
    </Card>
  </Box>
);

/** The footer line of an auth card: a question and the link that answers it ("No account? Register"). */
export const AuthFooterLink = ({
  question,
  to,
  children,
}: {
  question: ReactNode;
  to: string;
  children: ReactNode;
}) => (
  <Typography variant="body2" color="text.secondary">
    {question}{' '}
    <Link component={LinkBase} to={to}>
      {children}
    </Link>
  </Typography>
);

/** "Check your e-mail": the card after a request that sends a link by mail, with the way back to sign-in. */
export const MailSentCard = ({ title, body }: { title: ReactNode; body: ReactNode }) => {
  const translate = useTranslate();
  return (
    <AuthCard icon={<MarkEmailReadOutlined />} title={title}>
      <Typography role="status" sx={{ textAlign: 'center' }}>
        {body}
      </Typography>
      <Button component={LinkBase} to="/login" variant="contained" fullWidth size="large" sx={{ mt: 3 }}>
        {translate('pages.common.back_to_sign_in')}
      </Button>
    </AuthCard>
  );
};
