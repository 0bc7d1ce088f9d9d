import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';

/**
 * A page's title twice: in the app bar (react-admin's Title) and as the page's h1 heading, which may
 * say more (a welcome with the user's name).
 */
export const PageHeading = ({ title, heading }: { title: string; heading?: ReactNode }) => (
  <>
    <Title title={title} />
    <Typography variant="h4" component="h1" gutterBottom>
      {heading ?? title}
    </Typography>
  </>
);

/** A spinner with what is loading beside it, announced as the page's status. */
export const LoadingLine = ({ text, size = 24 }: { text: string; size?: number }) => (
  <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
    <CircularProgress size={size} />
    <Typography>{text}</Typography>
  </Stack>
);

/** A load that failed, with the button that tries it again. */
export const RetryAlert = ({
  retryLabel,
  onRetry,
  children,
}: {
  retryLabel: string;
  onRetry: () => void;
  children: ReactNode;
}) => (
  <Alert
    severity="error"
    action={
      <Button color="inherit" onClick={onRetry}>
        {retryLabel}
      </Button>
    }
  >
    {children}
  </Alert>
);
