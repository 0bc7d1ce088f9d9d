import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Paper, Typography } from '@mui/material';
import type { ComponentType } from 'react';
import { Title, useTranslate } from 'react-admin';

/** A titled "coming soon" screen for a route whose real screen a later issue builds. */
export const PlaceholderPage = ({ titleKey }: { titleKey: string }) => {
  const translate = useTranslate();
  const title = translate(titleKey);
  return (
    <Box>
      <Title title={title} />
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
        <ConstructionIcon sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} aria-hidden />
        <Typography variant="h6" component="p">
          {translate('common.placeholder.coming_soon')}
        </Typography>
        <Typography color="text.secondary">{translate('common.placeholder.coming_soon_detail')}</Typography>
      </Paper>
    </Box>
  );
};

/**
 * A route component showing the placeholder titled by the i18n key. Made once per route at module
 * load (never during a render), so each route keeps one stable component.
 */
export const placeholder = (titleKey: string): ComponentType => {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route when routes.tsx loads
  const Placeholder = () => <PlaceholderPage titleKey={titleKey} />;
  Placeholder.displayName = `Placeholder(${titleKey})`;
  return Placeholder;
};
