// Reading an import's file (docs/api.md "Importing a file"): the CSV parsed and its header checked,
// each row with its line, a row's idempotency key, and a mobile of the file read as E.164.
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportKind,
} from '../../../contract/imports';
import { PHONE_PATTERN } from '../../../contract/validation';
import { AppError } from '../../platform/errors';
import { cell } from '../../resources/csv';

export interface FileRow {
  line: number;
  values: Record<string, string>;
}

interface ParsedFile {
  sha: string;
  rows: FileRow[];
}

const bad = (message: string) => new AppError('PARAMETER_VALIDATION_FAILED', [{ field: 'csv', message }]);

/** What a cell of the file reads as in a message: quoted, neutralised as in exports, at most 40 characters. */
export const echo = (text: string): string => {
  const short = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `"${cell(short)}"`;
};

/**
 * The file's rows with their line numbers (the header is line 1; a row with a quoted line break counts
 * from its first line). Headers by name, any case, any order, only the import's own columns and each
 * once; a BOM, quoted fields and CRLF are read.
 */
export const parseImport = (kind: ImportKind, csv: string): ParsedFile => {
  const bytes = Buffer.from(csv, 'utf8');
  if (bytes.length > IMPORT_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', [
      { field: 'csv', message: `the file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it` },
    ]);
  let header: string[] = [];
  let records: { record: Record<string, string>; info: { lines: number }; raw: string }[];
  try {
    records = parse(csv, {
      bom: true,
      columns: (h: string[]) => {
        header = h.map((x) => x.trim().toLowerCase());
        return header;
      },
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
      raw: true,
    });
  } catch (err) {
    const e = err as { lines?: number; message?: string };
    throw bad(`the file is not CSV that can be read (line ${e.lines ?? '?'}): ${cell(e.message ?? '')}`);
  }
  if (header.length === 0) throw bad('the file is empty: it needs a header row');
  const missing = IMPORT_COLUMNS[kind].required.filter((c) => !header.includes(c));
  if (missing.length > 0)
    throw bad(
      `the header row has no ${missing.join(', ')} column (it needs ${IMPORT_COLUMNS[kind].required.join(', ')})`,
    );
  // a file made for another import (a vouchers file checked as members) is refused, not half read
  const known: readonly string[] = [...IMPORT_COLUMNS[kind].required, ...IMPORT_COLUMNS[kind].optional];
  const unknown = header.filter((c) => !known.includes(c));
  if (unknown.length > 0)
    throw bad(
      `the header row has ${unknown.map(echo).join(', ')}, which this import does not take (its columns: ${known.join(', ')}); is it the file of another import?`,
    );
  const twice = header.filter((c, i) => header.indexOf(c) !== i);
  if (twice.length > 0) throw bad(`the header row names ${[...new Set(twice)].map(echo).join(', ')} twice`);
  if (records.length === 0) throw bad('the file has a header but no rows');
  if (records.length > IMPORT_MAX_ROWS)
    throw bad(`the file has ${records.length} rows; at most ${IMPORT_MAX_ROWS} are taken at once`);
  return {
    sha: createHash('sha256').update(bytes).digest('hex'),
    rows: records.map(({ record, info, raw }) => ({
      line: info.lines - (raw.replace(/^[\r\n]+|[\r\n]+$/g, '').match(/\n/g)?.length ?? 0),
      values: record,
    })),
  };
};

/** A row's idempotency key: hash(company, kind, the file's sha256, the line). */
export const rowKey = (companyId: number, kind: ImportKind, sha: string, line: number): string =>
  createHash('sha256').update(`${companyId}:${kind}:${sha}:${line}`).digest('hex');

const E164 = new RegExp(PHONE_PATTERN);

/** A mobile of the file as E.164: international as written, or national in the company's country. */
export const mobileOf = (raw: string, country: string): string | { error: string } => {
  if (raw === '') return { error: 'the mobile is empty' };
  const compact = raw.replace(/[\s().-]/g, '');
  if (E164.test(compact)) return compact;
  const upper = country.toUpperCase();
  if (!compact.startsWith('+') && /^[0-9]+$/.test(compact) && isSupportedCountry(upper)) {
    const parsed = parsePhoneNumberFromString(compact, upper);
    if (parsed?.isValid() && E164.test(parsed.number)) return parsed.number;
  }
  return { error: `${echo(raw)} is not a mobile number (international, or of ${upper})` };
};
