import { useTranslate } from 'react-admin';
import { fieldLabelKey } from './declarations';

/** A field's label as the form shows it (the server names fields by their declared names). */
export const useFieldLabel = (resource: string) => {
  const translate = useTranslate();
  return (field: string) => translate(fieldLabelKey(resource, { name: field }), { _: field });
};
