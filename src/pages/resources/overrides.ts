// Hand-written views that replace one generated view of one resource (and nothing else). Add an entry
// as `{ [resourceName]: { list?: Component, show?: …, edit?: …, create?: … } }`; empty today.
import type { ResourceModule } from '../../builders/buildResource';

export type ResourceOverrides = Partial<
  Record<string, Partial<Pick<ResourceModule, 'list' | 'show' | 'edit' | 'create'>>>
>;

export const overrides: ResourceOverrides = {};
