import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase } from 'react-admin';
import { AuthCard } from './AuthCard';

export interface ResultAction {
  label: ReactNode;
  to: string;
}

/** What a result card says: its status, its message and the links under it (all but the title). */
export interface ResultOutcome {
  status: 'success' | 'error' | 'pending';
  message: ReactNode;
  action?: ResultAction;
  secondary?: ResultAction;
}

/** The outcome of an e-mail link (done, failed or still working) in the centred auth card. */
export const ResultCard = ({
  title,
  status,
  message,
  action,
  secondary,
}: ResultOutcome & { title: ReactNode }) => (
  <AuthCard title={title}>
    <Box
      role={status === 'error' ? 'alert' : 'status'}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}
    >
      {status === 'pending' ? (
        <CircularProgress size={40} />
      ) : status === 'success' ? (
        <CheckCircleOutline color="success" sx={{ fontSize: 56 }} />
      ) : (
        <ErrorOutline color="error" sx={{ fontSize: 56 }} />
      )}
      <Typography>{message}</Typography>
    </Box>
    {action ? (
      <Button component={LinkBase} to={action.to} variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
        {action.label}
      </Button>
    ) : null}
    {secondary ? (
      <Button component={LinkBase} to={secondary.to} fullWidth sx={{ mt: 1 }}>
        {secondary.label}
      </Button>
    ) : null}
  </AuthCard>
);
