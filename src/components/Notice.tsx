import { Box, Typography } from '@mui/material';

export interface NoticeProps {
  /** bold first line, e.g. 'Hint' or 'Error' (already translated) */
  title?: string;
  /** one line each, already translated */
  lines: readonly string[];
}

/** The body of a notification: an optional title, then one line per entry. */
export const Notice = ({ title, lines }: NoticeProps) => (
  <Box data-testid="notice" sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, minWidth: 0 }}>
    {title ? (
      <Typography component="div" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
    ) : null}
    {lines.map((line, i) => (
      // Lines are plain text with no identity; their position is their key.
      // biome-ignore lint/suspicious/noArrayIndexKey: static list rendered once
      <Typography key={i} component="div" variant="body2" sx={{ wordBreak: 'break-word' }}>
        {line}
      </Typography>
    ))}
  </Box>
);
