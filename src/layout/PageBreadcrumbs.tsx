import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Breadcrumbs, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { trailOf } from './breadcrumbs';

/** The links back to the screens a page is opened from (./breadcrumbs.ts); nothing on a top-level screen. */
export const PageBreadcrumbs = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const trail = trailOf(pathname);
  if (trail.length === 0) return null;
  return (
    <Breadcrumbs
      aria-label={translate('common.breadcrumb')}
      separator={<NavigateNextIcon fontSize="small" />}
      sx={{ mb: 1, '& .MuiBreadcrumbs-ol': { flexWrap: 'wrap' } }}
    >
      {trail.map((c) => (
        <Link
          key={c.path}
          component={RouterLink}
          to={c.path}
          underline="hover"
          color="inherit"
          variant="body2"
        >
          {translate(c.label, { smart_count: 2 })}
        </Link>
      ))}
      {/* the trail leads to this page, whose own heading follows */}
      <span aria-hidden="true" />
    </Breadcrumbs>
  );
};
