// The push form's values (PushForm.tsx): who is writing, the audiences they may use, the form's first
// values (a segment chosen on its page included) and the request bodies of POST /push and PUT /push/{id}.
import { type RaRecord, useGetIdentity, useGetOne } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { PushAudience } from '../../../contract/enums';
import { push } from '../../../resources';
import { useRole } from '../../builders/buttons';
import { type SelectFieldDeclaration, writableFields } from '../../builders/declarations';

export const declared = (name: string) => {
  const field = push.fields.find((f) => f.name === name);
  if (!field) throw new Error(`push declares no field ${name}`);
  return field;
};
export const AUDIENCE_FIELD = declared('audience') as SelectFieldDeclaration;

/** The field each audience names; the others are cleared when the push is saved. */
const TARGET_OF: Readonly<Record<Exclude<PushAudience, 'ALL_MEMBERS'>, string>> = {
  BRAND: 'audienceBrandId',
  STORE: 'audienceStoreId',
  MEMBER: 'audienceMobile',
  SEGMENT: 'segmentId',
};

/** The audience's own target only: a brand picked before switching to STORE does not go out. */
const onlyItsTarget = (data: RaRecord): RaRecord => {
  const out: RaRecord = { ...data };
  for (const [audience, field] of Object.entries(TARGET_OF))
    if (data.audience !== audience) out[field] = null;
  return out;
};

/** POST /push: the writable fields given (no empty targets), plus the company an operator picked. */
export const pushCreateBody = (data: RaRecord): Record<string, unknown> => {
  const body = Object.fromEntries(
    Object.entries(writableFields(push, 'create', onlyItsTarget(data))).filter(([, v]) => v !== null),
  );
  return typeof data.companyId === 'number' ? { ...body, companyId: data.companyId } : body;
};

/** PUT /push/{id}: what the user changed, the other audiences' targets emptied. */
export const pushUpdateBody = (data: RaRecord, previous?: RaRecord): Record<string, unknown> =>
  writableFields(push, 'edit', onlyItsTarget(data), previous);

/** The next quarter hour at least an hour from now: a sensible first time for a new push. */
export const defaultScheduledAt = (now: number = Date.now()): string => {
  const quarter = 15 * 60 * 1000;
  return new Date(Math.ceil((now + 60 * 60 * 1000) / quarter) * quarter).toISOString();
};

/** Who is writing: operators pick the company; a merchant limited to a brand stays inside it. */
export interface Writer {
  isOperator: boolean;
  companyId: number | null;
  /** the brand a merchant is limited to, else null */
  brandId: number | null;
}

export const audiencesFor = (writer: Writer): readonly PushAudience[] =>
  writer.brandId !== null ? ['BRAND', 'STORE'] : ['ALL_MEMBERS', 'BRAND', 'STORE', 'MEMBER', 'SEGMENT'];

export const useWriter = (): { writer: Writer | null } => {
  const role = useRole();
  const { identity, isPending } = useGetIdentity();
  if (isPending || role === undefined || !identity) return { writer: null };
  const isOperator = role === 'operator';
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    writer: {
      isOperator,
      companyId: isOperator ? null : num(identity.companyId),
      brandId: isOperator ? null : num(identity.brandId),
    },
  };
};

/** A segment chosen before the composer opens (a segment's "Send a push to this segment"), with its company. */
export interface ChosenSegment {
  id: number;
  companyId: number | null;
}

/**
 * The form's first values: the audience the writer may use, its brand when limited to one, a time; a
 * segment chosen on its page (`?segmentId=`) as the audience SEGMENT, with its company for an operator.
 */
export const initialValues = (
  writer: Writer,
  segment: ChosenSegment | null = null,
): Record<string, unknown> => {
  if (segment !== null && audiencesFor(writer).includes('SEGMENT'))
    return {
      audience: 'SEGMENT',
      segmentId: segment.id,
      ...(writer.isOperator && segment.companyId !== null ? { companyId: segment.companyId } : {}),
      scheduledAt: defaultScheduledAt(),
    };
  return {
    audience: writer.brandId !== null ? 'BRAND' : AUDIENCE_FIELD.default,
    ...(writer.brandId !== null ? { audienceBrandId: writer.brandId } : {}),
    scheduledAt: defaultScheduledAt(),
  };
};

/** The segment `?segmentId=` names (an operator's form needs its company too: the segment is read). */
export const useChosenSegment = (
  writer: Writer | null,
): { segment: ChosenSegment | null; pending: boolean } => {
  const [params] = useSearchParams();
  const raw = Number(params.get('segmentId'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const needsCompany = id !== null && writer?.isOperator === true;
  const { data, isPending, error } = useGetOne<RaRecord>(
    'segments',
    { id: id ?? 0 },
    { enabled: needsCompany },
  );
  if (id === null) return { segment: null, pending: false };
  if (!needsCompany) return { segment: { id, companyId: null }, pending: false };
  if (error || (!isPending && !data)) return { segment: null, pending: false };
  if (isPending) return { segment: null, pending: true };
  return {
    segment: { id, companyId: typeof data?.companyId === 'number' ? data.companyId : null },
    pending: false,
  };
};
