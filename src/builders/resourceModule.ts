// The portal side of a declaration: react-admin's resource module { list, show, edit, create, icon,
// recordRepresentation }. The four screens are the same components for every table: each reads its
// declaration through the resource context (useDeclaration), so only the record
// representation comes from the declaration here.
import TableChartIcon from '@mui/icons-material/TableChart';
import type { ComponentType } from 'react';
import type { CreateProps, EditProps, ShowProps } from 'react-admin';
import { lazyFrom, moduleLoader } from '../components/lazyModule';
import { afterFiles } from '../preloadFiles';
import type { ResourceDeclaration } from './declarations';
import { GeneratedList, type GeneratedListProps } from './GeneratedList';

/**
 * The generated record screens' chunk (./recordViews.ts), asked once; once loaded they render at once.
 * Its files are asked for two per task first (src/preloadFiles.ts): the idle prefetch asks for it
 * with the hand-written lists (src/layout/prefetchScreens.ts), and Vite's helper linked all their
 * files in one task, while the person may be tapping.
 */
export const recordViewsModule = moduleLoader(
  afterFiles('__loyalty_files_of:src/builders/recordViews.ts__', () => import('./recordViews')),
);
const GeneratedShow = lazyFrom(recordViewsModule, (m) => m.GeneratedShow);
const GeneratedEdit = lazyFrom(recordViewsModule, (m) => m.GeneratedEdit);
const GeneratedCreate = lazyFrom(recordViewsModule, (m) => m.GeneratedCreate);

export interface ResourceModule {
  list: ComponentType<GeneratedListProps>;
  show: ComponentType<Partial<ShowProps>>;
  edit: ComponentType<Partial<EditProps>>;
  create: ComponentType<Partial<CreateProps>>;
  icon: ComponentType;
  recordRepresentation: string;
}

/** The module react-admin's <Resource> takes for one declaration. */
export const resourceModule = (decl: ResourceDeclaration): ResourceModule => ({
  list: GeneratedList,
  show: GeneratedShow,
  edit: GeneratedEdit,
  create: GeneratedCreate,
  // the side menu is the shell's (layout/ShellMenu.tsx, with its groups' icons); react-admin's own
  // menu, the only reader of this icon, is not shown
  icon: TableChartIcon,
  recordRepresentation: decl.recordRepresentation,
});
