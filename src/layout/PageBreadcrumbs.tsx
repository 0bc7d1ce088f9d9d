import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { trailOf } from './breadcrumbs';

/**
 * The links back to the screens a page is opened from (./breadcrumbs.ts), as a breadcrumb trail
 * leading to the page's own heading; nothing on a top-level screen. Plain elements rather than MUI's
 * Breadcrumbs, which would join the first load for a few screens.
 */
export const PageBreadcrumbs = ({ pathname }: { pathname: string }) => {
  const translate = useTranslate();
  const trail = trailOf(pathname);
  if (trail.length === 0) return null;
  return (
    <Box component="nav" aria-label={translate('common.breadcrumb')} sx={{ mb: 1 }}>
      <Box
        component="ol"
        sx={{ display: 'flex', flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0, typography: 'body2' }}
      >
        {trail.map((c) => (
          <Box component="li" key={c.path} sx={{ color: 'text.secondary' }}>
            <Box
              component={RouterLink}
              to={c.path}
              sx={{
                color: 'inherit',
                textDecoration: 'none',
                '&:hover, &:focus-visible': { textDecoration: 'underline' },
              }}
            >
              {translate(c.label, { smart_count: 2 })}
            </Box>
            <Box component="span" aria-hidden="true" sx={{ mx: 1 }}>
              ›
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
};
