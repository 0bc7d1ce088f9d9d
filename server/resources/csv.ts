// The CSV export stream: a header row of field names, then every row of every batch.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ExportPlan } from './export';

// A text cell that a spreadsheet would run as a formula (=, @, +, -, tab, CR first) gets a leading
// apostrophe (OWASP "CSV injection"). Signed numbers and phone numbers such as +65 6123 4567 are
// left alone: they are data, and a spreadsheet reads them as such.
const FORMULA_START = /^[=@\t\r+-]/;
const NUMBER_OR_PHONE = /^[+-]?[\d\s().-]*\d[\d\s().-]*$/;

const neutralise = (text: string): string =>
  FORMULA_START.test(text) && !NUMBER_OR_PHONE.test(text) ? `'${text}` : text;

export const cell = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return neutralise(JSON.stringify(v));
  if (typeof v === 'string') return neutralise(v);
  return String(v);
};

export const csvStream = ({ columns, batches }: ExportPlan): Readable => {
  const rows = Readable.from(
    (async function* () {
      for await (const batch of batches) for (const row of batch) yield columns.map((c) => cell(row[c]));
    })(),
  );
  const out = stringify({ header: true, columns, bom: false });
  rows.on('error', (err) => out.destroy(err));
  return rows.pipe(out);
};

/** `vouchers-2026-11-22.csv` */
export const csvFileName = (resource: string, now = new Date()): string =>
  `${resource}-${now.toISOString().slice(0, 10)}.csv`;
