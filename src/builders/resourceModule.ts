// The portal side of a declaration: react-admin's resource module { list, show, edit, create, icon,
// recordRepresentation }. The four screens are the same components for every table: each reads its
// declaration through the resource context (useDeclaration), so only the record
// representation comes from the declaration here.
import TableChartIcon from '@mui/icons-material/TableChart';
import type { ComponentType } from 'react';
import type { CreateProps, EditProps, ShowProps } from 'react-admin';
import type { ResourceDeclaration } from './declarations';
import { GeneratedCreate } from './GeneratedCreate';
import { GeneratedEdit } from './GeneratedEdit';
import { GeneratedList, type GeneratedListProps } from './GeneratedList';
import { GeneratedShow } from './GeneratedShow';

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
