// Every declared resource's react-admin module, built once, with the hand-written overrides applied.
// Never imported by the shell up front: its chunk loads the first time a table's screen renders
// (lazyResources.ts, the table routes, /DataTableEditView).
import { RESOURCES } from '../../../resources';
import type { ResourceDeclaration } from '../../../resources/types';
import { type ResourceModule, resourceModule } from '../../builders/resourceModule';
import { overrides as defaultOverrides, type ResourceOverrides } from './overrides';

export { recordViewsModule } from '../../builders/resourceModule';
export { prefetchListOverrides } from './overrides';

export interface BuiltResource {
  decl: ResourceDeclaration;
  module: ResourceModule;
}

export const buildResources = (
  declarations: readonly ResourceDeclaration[] = RESOURCES,
  overrides: ResourceOverrides = defaultOverrides,
): BuiltResource[] =>
  declarations.map((decl) => ({ decl, module: { ...resourceModule(decl), ...overrides[decl.name] } }));

export const BUILT_RESOURCES: readonly BuiltResource[] = buildResources();

const BY_NAME = new Map(BUILT_RESOURCES.map((r) => [r.decl.name, r]));

export const builtResource = (name: string): BuiltResource | undefined => BY_NAME.get(name);
