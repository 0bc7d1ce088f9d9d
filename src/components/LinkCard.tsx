import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LinkBase } from 'react-admin';

/**
 * A card that is one link: an icon, a title (h2) and a line saying where it leads, with a chevron.
 * `to` is a portal route, or a mailto: address opened as a plain link.
 */
export const LinkCard = ({
  to,
  icon,
  title,
  description,
  alignIcon = 'center',
}: {
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
  /** 'top' for a small icon beside a description that may wrap */
  alignIcon?: 'center' | 'top';
}) => {
  const linkProps = to.startsWith('mailto:') ? { href: to } : { component: LinkBase, to };
  const top = alignIcon === 'top';
  return (
    <Card variant="outlined" sx={{ borderRadius: 2 }}>
      <CardActionArea {...linkProps} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: top ? 'flex-start' : 'center' }}>
          <Box sx={{ color: 'primary.main', display: 'flex', ...(top ? { pt: 0.25 } : {}) }}>{icon}</Box>
          <Box sx={{ flex: 1 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </Box>
          <ChevronRight color="action" />
        </CardContent>
      </CardActionArea>
    </Card>
  );
};
