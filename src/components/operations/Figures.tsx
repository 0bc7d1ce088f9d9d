// A record's figures as tiles (a voucher pack's, a stamp card programme's): a titled section that
// shows a bar while the figures load, a warning when they cannot, and then the tiles in a grid.
import { Alert, Box, LinearProgress, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { toApiErrorLike } from '../apiError';
import type { Loadable } from './useLoadable';

/** `part` as a whole percent of `whole` (0 of nothing). */
export const percent = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 100) : 0;

/** One figure as a tile: its label, the number large, and a line of context. The label names the group. */
export const FigureTile = ({
  label,
  value,
  caption,
  tone = 'text.primary',
}: {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  tone?: string;
}) => (
  <Paper
    variant="outlined"
    role="group"
    aria-label={label}
    sx={{ p: 2, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}
  >
    <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
      {label}
    </Typography>
    <Typography variant="h4" component="p" sx={{ fontWeight: 600, color: tone, m: 0 }}>
      {value}
    </Typography>
    {caption ? (
      <Typography variant="body2" color="text.secondary" component="div">
        {caption}
      </Typography>
    ) : null}
  </Paper>
);

/** A share as a thin bar inside a tile's caption, named for screen readers. */
export const ShareBar = ({ share, label }: { share: number; label: string }) => (
  <LinearProgress
    variant="determinate"
    value={Math.min(share, 100)}
    aria-label={label}
    sx={{ my: 0.5, borderRadius: 1 }}
  />
);

/** The tiles, two a row on phones and `columns` a row from md up. */
export const FigureGrid = ({ columns, children }: { columns: number; children: ReactNode }) => (
  <Box
    sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${columns}, 1fr)` }, gap: 2 }}
  >
    {children}
  </Box>
);

export interface FiguresSectionProps<T> {
  /** the section's heading and name */
  title: string;
  /** said before the error's own message */
  failedLabel: string;
  /** the loading bar's name */
  loadingLabel: string;
  figures: Loadable<T>;
  children: (data: T) => ReactNode;
}

export const FiguresSection = <T,>({
  title,
  failedLabel,
  loadingLabel,
  figures,
  children,
}: FiguresSectionProps<T>) => (
  <Box component="section" aria-label={title}>
    <Typography variant="overline" color="text.secondary" component="h2">
      {title}
    </Typography>
    {figures.status === 'ready' ? (
      children(figures.data)
    ) : figures.status === 'error' ? (
      <Alert severity="warning" variant="outlined">
        {`${failedLabel} ${toApiErrorLike(figures.error).message}`}
      </Alert>
    ) : (
      <LinearProgress aria-label={loadingLabel} />
    )}
  </Box>
);
