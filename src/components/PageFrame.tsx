import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';

/**
 * A page inside the portal layout: its title (also in the app bar), an optional intro line and an
 * optional main action (a "New …" button) on the heading's right, under it on a phone. The heading
 * is the one page heading style (h4, as the lists, dashboard and analytics); a row's own page and a
 * dialog head with h5.
 */
export const PageFrame = ({
  title,
  intro,
  action,
  maxWidth = 880,
  children,
}: {
  title: string;
  intro?: ReactNode;
  action?: ReactNode;
  /** a number of pixels, or 'none' for a page as wide as the layout (a table) */
  maxWidth?: number | 'none';
  children: ReactNode;
}) => (
  <Box component="section" sx={{ maxWidth, width: '100%', mx: 'auto', py: { xs: 1, sm: 2 } }}>
    <Title title={title} />
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 3 }}>
      <Box sx={{ flex: '1 1 20rem' }}>
        <Typography component="h1" variant="h4" sx={{ mb: intro ? 0.5 : 0 }}>
          {title}
        </Typography>
        {intro ? <Typography color="text.secondary">{intro}</Typography> : null}
      </Box>
      {action ?? null}
    </Box>
    {children}
  </Box>
);

/** What a page shows while it has no rows yet: what is missing and how to start (one style everywhere). */
export const EmptyState = ({
  title,
  body,
  action,
}: {
  title: string;
  body?: ReactNode;
  action?: ReactNode;
}) => (
  <Card variant="outlined">
    <CardContent>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {body ? (
        <Typography variant="body2" color="text.secondary">
          {body}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
    </CardContent>
  </Card>
);
