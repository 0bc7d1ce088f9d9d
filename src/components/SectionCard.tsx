import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A titled part of a page in an outlined, rounded card: a `section` named by its h2 heading (`id`),
 * with an optional action (a link button) on the heading's right.
 */
export const SectionCard = ({
  id,
  title,
  action,
  headingGap,
  mb,
  children,
}: {
  /** the heading's id, which names the section */
  id: string;
  title: ReactNode;
  action?: ReactNode;
  /** space under the heading, in theme units (none when not given) */
  headingGap?: number;
  /** space under the card, in theme units */
  mb?: number;
  children: ReactNode;
}) => {
  const heading = (
    <Typography
      id={id}
      variant="h6"
      component="h2"
      {...(headingGap !== undefined && !action ? { sx: { mb: headingGap } } : {})}
    >
      {title}
    </Typography>
  );
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 3, ...(mb !== undefined ? { mb } : {}) }}
      component="section"
      aria-labelledby={id}
    >
      <CardContent>
        {action ? (
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', alignItems: 'center', mb: headingGap ?? 0 }}
          >
            {heading}
            {action}
          </Stack>
        ) : (
          heading
        )}
        {children}
      </CardContent>
    </Card>
  );
};
