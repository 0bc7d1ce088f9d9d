// A panel beside a form that answers live as the form changes (a segment's reach, a campaign's preview):
// an outlined section named by its small heading, then what it says.
import { Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export const AsidePanel = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper
    variant="outlined"
    component="section"
    aria-label={title}
    sx={{ p: 2, borderRadius: 3, display: 'flex', flexDirection: 'column', gap: 1 }}
  >
    <Typography variant="overline" color="text.secondary" component="h2" sx={{ lineHeight: 1.6 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);
