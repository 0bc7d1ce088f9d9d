import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';

/**
 * A page inside the portal layout: its title (also in the app bar) and an optional intro line. The
 * heading is the one page heading style (h4, as the lists, dashboard and analytics); a row's own page
 * and a dialog head with h5.
 */
export const PageFrame = ({
  title,
  intro,
  maxWidth = 880,
  children,
}: {
  title: string;
  intro?: ReactNode;
  maxWidth?: number;
  children: ReactNode;
}) => (
  <Box component="section" sx={{ maxWidth, width: '100%', mx: 'auto', py: { xs: 1, sm: 2 } }}>
    <Title title={title} />
    <Typography component="h1" variant="h4" sx={{ mb: intro ? 0.5 : 3 }}>
      {title}
    </Typography>
    {intro ? (
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {intro}
      </Typography>
    ) : null}
    {children}
  </Box>
);
