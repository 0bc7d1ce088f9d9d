// Small pure helpers over a declaration, shared by the builder, its buttons and the editor page.

import type { FilterOperator } from '../../contract/list-query';
import type { FieldDeclaration, ResourceDeclaration, View } from '../../resources/types';
import { VIEWS } from '../../resources/types';

export type {
  FieldDeclaration,
  MenuGroup,
  ResourceDeclaration,
  SelectFieldDeclaration,
  View,
} from '../../resources/types';
export type FilterOperatorName = FilterOperator;

export const inViews = (field: Pick<FieldDeclaration, 'views'>, view: View): boolean =>
  (field.views ?? VIEWS).includes(view);

export const fieldLabelKey = (resource: string, field: Pick<FieldDeclaration, 'name' | 'label'>): string =>
  field.label ?? `resources.${resource}.fields.${field.name}`;

export const resourceLabelKey = (decl: Pick<ResourceDeclaration, 'name' | 'label'>): string =>
  decl.label ?? `resources.${decl.name}.name`;

/** The fields a user may send in `view`: shown there and not set by the server. */
export const writableFieldNames = (decl: ResourceDeclaration, view: 'edit' | 'create'): string[] =>
  decl.fields.filter((f) => inViews(f, view) && f.readOnly !== true).map((f) => f.name);

/**
 * `data` reduced to the writable fields of `view` (the body of a PUT or POST). Given the record as it
 * was, only the fields the user changed go out: the server leaves absent fields as they are, and a
 * field nobody touched is then never rewritten (nor fails a check it passed when it was stored).
 */
export const writableFields = (
  decl: ResourceDeclaration,
  view: 'edit' | 'create',
  data: Record<string, unknown>,
  previous?: Record<string, unknown>,
): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const name of writableFieldNames(decl, view)) {
    if (!(name in data)) continue;
    if (previous && JSON.stringify(previous[name] ?? null) === JSON.stringify(data[name] ?? null)) continue;
    out[name] = data[name];
  }
  return out;
};
