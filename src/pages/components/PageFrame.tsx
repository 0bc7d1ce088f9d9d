import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';

/** A page inside the portal layout: its title (also in the app bar) and an optional intro line. */
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
    <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: intro ? 0.5 : 3 }}>
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
