// The choices of a select field, as react-admin's inputs and fields take them.
import type { SelectFieldDeclaration } from './declarations';

/** Choices of a select, labelled by i18n key; a numeric select stores the choice's index. */
export const choicesOf = (resource: string, field: SelectFieldDeclaration) =>
  field.choices.map((value, index) => ({
    id: field.numeric ? index : value,
    name: `resources.${resource}.choices.${field.name}.${value}`,
  }));
