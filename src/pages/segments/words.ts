// A segment's conditions in plain words for its show page (issue 25): "Level is Gold", "Stamps in the
// window at least 5", "Holds an available voucher", "Last visit on or after 3 Mar 2025". The editor's
// vocabulary (segmentPages.fields / ops, src/i18n/segments.en.ts) with a few shorter subjects;
// levels, brands and stores by name (`nameOf`), days in the viewer's zone (`day`). Pure.

import { addEnglishMessages } from '../../i18n/lateMessages';
import { segmentsEn } from '../../i18n/segments.en';
import { type Condition, fieldOf, REFERENCES } from './filter';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(segmentsEn);

const K = 'segmentPages';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ConditionWordsDeps {
  translate: Translate;
  /** a level's, brand's or store's name by its field and id; null when it is not (or no longer) found */
  nameOf: (field: string, id: number) => string | null;
  /** an instant as its day in the viewer's zone */
  day: (iso: string) => string;
  /** a count as the viewer reads it (1,234) */
  count: (n: number) => string;
}

/** The ids a condition on a level, brand or store names. */
export const referencedIds = (c: Condition): number[] =>
  REFERENCES[c.field] === undefined
    ? []
    : (Array.isArray(c.value) ? c.value : [c.value]).filter((v): v is number => Number.isInteger(v));

/** One condition as a sentence. */
export const conditionWords = (c: Condition, deps: ConditionWordsDeps): string => {
  const { translate, nameOf, day, count } = deps;
  const f = fieldOf(c.field);
  if (!f) return translate(`${K}.show.unknown`);
  if (f.type === 'boolean')
    return translate(`${K}.show.boolean.${c.field}.${c.value === false ? 'no' : 'yes'}`);
  const field = translate(`${K}.show.subject.${c.field}`, { _: translate(`${K}.fields.${c.field}`) });
  const op = translate(f.type === 'datetime' ? `${K}.ops.day_${c.op}` : `${K}.ops.${c.op}`);
  const list = (values: unknown[]) => values.join(translate(`${K}.show.list_separator`));
  let value: string;
  switch (f.type) {
    case 'reference':
      value = list(
        referencedIds(c).map((id) => nameOf(c.field, id) ?? translate(`${K}.show.missing.${c.field}`)),
      );
      break;
    case 'datetime':
      value = typeof c.value === 'string' ? day(c.value) : '—';
      break;
    case 'number':
      value = typeof c.value === 'number' ? count(c.value) : '—';
      break;
    default:
      value = Array.isArray(c.value) ? list(c.value.map(String)) : String(c.value ?? '—');
  }
  return translate(`${K}.show.sentence`, { field, op, value });
};
