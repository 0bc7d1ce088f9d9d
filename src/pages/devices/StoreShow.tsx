// A store's show view: the generated one (every declared field, Enable / Disable and Edit, exactly as
// src/builders/GeneratedShow.tsx makes it) with the "Stamping PIN" panel as its aside: beside the
// fields on a wide screen, under them on a narrow one.
import type { ShowProps } from 'react-admin';
import { GeneratedShow } from '../../builders/GeneratedShow';
import { StorePinPanel } from './StorePinPanel';

export const StoreShow = (props: Partial<ShowProps>) => (
  <GeneratedShow
    aside={<StorePinPanel />}
    sx={{
      '& .RaShow-main': {
        flexDirection: { xs: 'column', md: 'row' },
        alignItems: { xs: 'stretch', md: 'flex-start' },
        gap: 2,
      },
    }}
    {...props}
    resource="store"
  />
);
