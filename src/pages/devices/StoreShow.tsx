// A store's show view: the generated one (every declared field, Enable / Disable and Edit, exactly as
// src/builders/buildResource.tsx makes it) with the "Stamping PIN" panel as its aside: beside the
// fields on a wide screen, under them on a narrow one.
import type { ShowProps } from 'react-admin';
import { store } from '../../../resources';
import { buildResource } from '../../builders/buildResource';
import { StorePinPanel } from './StorePinPanel';

const GeneratedStoreShow = buildResource(store).show;

export const StoreShow = (props: Partial<ShowProps>) => (
  <GeneratedStoreShow
    aside={<StorePinPanel />}
    sx={{
      '& .RaShow-main': {
        flexDirection: { xs: 'column', md: 'row' },
        alignItems: { xs: 'stretch', md: 'flex-start' },
        gap: 2,
      },
    }}
    {...props}
  />
);
