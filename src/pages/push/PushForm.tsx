// The push notification's create and edit views (replace the generated ones, src/pages/resources/
// overrides.ts): a template that fills the title and body, the title and body with the placeholders as
// chips that insert at the cursor, the audience with only its own picker (a brand of the caller's
// company, a store of it, optionally narrowed by brand, or one member's mobile), the time, and beside
// it all the live preview (PushPreview). Operators first pick the company. A merchant limited to a
// brand writes only to that brand or to its stores, as the server allows them. A segment (issue 25) is
// one of the company's saved member filters; its reach shows in the preview like any audience's.
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  MenuItem,
  TextField as MuiTextField,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { type FocusEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import {
  AutocompleteInput,
  Create,
  type CreateProps,
  Edit,
  type EditProps,
  Link,
  RadioButtonGroupInput,
  type RaRecord,
  ReferenceInput,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useCanAccess,
  useCreatePath,
  useGetIdentity,
  useGetList,
  useGetOne,
  useInput,
  useRecordContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import type { PushAudience } from '../../../contract/enums';
import { PUSH_PLACEHOLDERS } from '../../../contract/push';
import { push } from '../../../resources';
import { DetailActions, useRole } from '../../builders/buttons';
import { choicesOf } from '../../builders/choices';
import { fieldLabelKey, type SelectFieldDeclaration, writableFields } from '../../builders/declarations';
import { limitValidators, ruleValidators } from '../../builders/validators';
import { TimeInput } from '../../components/DatePickers';
import { PhoneNumberInput } from '../../components/PhoneInput';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { pushEn } from '../../i18n/push.en';
import { type CompanyOption, CompanyPicker } from '../organisation/CompanyPicker';
import { pushStateOf } from './api';
import { PushPreview } from './PushPreview';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(pushEn);

const K = 'pushPages.form';

type TextField = 'title' | 'body';

const declared = (name: string) => {
  const field = push.fields.find((f) => f.name === name);
  if (!field) throw new Error(`push declares no field ${name}`);
  return field;
};
const AUDIENCE_FIELD = declared('audience') as SelectFieldDeclaration;

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

const useWriter = (): { writer: Writer | null } => {
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

// ---- the inputs ----------------------------------------------------------------------------------

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ width: '100%' }}>
    <Typography variant="overline" color="text.secondary" component="h2" sx={{ display: 'block', mb: 0.5 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** The operator's company, held as `companyId`; another company clears what belonged to the one before. */
const CompanyInput = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { id, field, fieldState } = useInput<number | null>({
    source: 'companyId',
    defaultValue: null,
    validate: required(),
  });
  const [picked, setPicked] = useState<CompanyOption | null>(null);
  const companyId = typeof field.value === 'number' ? field.value : undefined;
  // a company set before the form opened (a segment's "Send a push") is shown by its name
  const { data: given } = useGetOne<CompanyOption>(
    'company',
    { id: companyId ?? 0 },
    { enabled: companyId !== undefined && picked?.id !== companyId },
  );
  const value: CompanyOption | null =
    companyId === undefined
      ? null
      : picked?.id === companyId
        ? picked
        : { id: companyId, name: given?.id === companyId ? given.name : '' };
  return (
    <CompanyPicker
      id={id}
      value={value}
      onChange={(company) => {
        setPicked(company);
        field.onChange(company ? company.id : null);
        for (const f of ['templateId', 'audienceBrandId', 'audienceStoreId', 'segmentId'])
          setValue(f, null, { shouldDirty: true });
      }}
      onBlur={field.onBlur}
      label={`${translate(fieldLabelKey(push.name, { name: 'companyId' }))} *`}
      helperText={translate(`${K}.company_help`)}
      {...(fieldState.error ? { error: translate('ra.validation.required') } : {})}
      sx={{ width: '100%', mb: 1 }}
    />
  );
};

/** A picker that waits for the operator's company: shown disabled, saying so. */
const WaitForCompany = ({ label }: { label: string }) => {
  const translate = useTranslate();
  return (
    <MuiTextField
      label={label}
      disabled
      fullWidth
      size="small"
      margin="dense"
      helperText={translate('builders.scope.company_first')}
      sx={{ mb: 1 }}
    />
  );
};

/** An ACTIVE template of the company; choosing one fills the title and body (still editable). */
const TemplateInput = ({ companyId, operator }: { companyId: number | null; operator: boolean }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource: 'pushTemplates' });
  const label = translate(fieldLabelKey(push.name, { name: 'templateId' }));
  if (isPending || !canAccess) return null;
  if (operator && companyId === null) return <WaitForCompany label={label} />;
  return (
    <ReferenceInput
      source="templateId"
      reference="pushTemplates"
      filter={{ state: 'ACTIVE', ...(companyId !== null ? { companyId } : {}) }}
      sort={{ field: 'title', order: 'ASC' }}
      perPage={50}
    >
      <AutocompleteInput
        label={label}
        optionText="title"
        helperText={translate(`${K}.template_help`)}
        fullWidth
        onChange={(_value: unknown, record: RaRecord | '') => {
          if (!record) return;
          const options = { shouldDirty: true, shouldTouch: true, shouldValidate: true };
          setValue('title', String(record.title ?? ''), options);
          setValue('body', String(record.body ?? ''), options);
        }}
      />
    </ReferenceInput>
  );
};

type TextElement = HTMLInputElement | HTMLTextAreaElement;

/** Where a placeholder chip inserts: the title or body last focused, at its cursor (else the body's end). */
const useInsertion = () => {
  const { getValues, setValue } = useFormContext();
  const last = useRef<{ field: TextField; element: TextElement } | null>(null);
  const [target, setTarget] = useState<TextField>('body');
  const onFocus = (field: TextField) => (event: FocusEvent<TextElement>) => {
    last.current = { field, element: event.target };
    setTarget(field);
  };
  const insert = (token: string) => {
    const field = last.current?.field ?? 'body';
    const element = last.current?.element.isConnected ? last.current.element : null;
    const current = String(getValues(field) ?? '');
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    const next = `${current.slice(0, start)}${token}${current.slice(end)}`;
    setValue(field, next, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    if (element) {
      const caret = start + token.length;
      // after React has written the new value into the element
      requestAnimationFrame(() => {
        element.focus();
        element.setSelectionRange(caret, caret);
      });
    }
  };
  return { onFocus, insert, target };
};

const PlaceholderChips = ({ target, onInsert }: { target: TextField; onInsert: (token: string) => void }) => {
  const translate = useTranslate();
  const label = translate(fieldLabelKey(push.name, { name: target }));
  return (
    <Box
      role="group"
      aria-label={translate(`${K}.placeholders`)}
      sx={{ mt: -0.5, mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        {translate(`${K}.insert_into`, { field: label })}
      </Typography>
      {PUSH_PLACEHOLDERS.map((name) => (
        <Tooltip key={name} title={translate(`${K}.placeholder.${name}`)}>
          <Chip
            size="small"
            variant="outlined"
            color="primary"
            label={`{${name}}`}
            aria-label={translate(`${K}.insert`, { placeholder: `{${name}}` })}
            // keeps the cursor in the title or body, so the chip inserts where it is
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onInsert(`{${name}}`)}
            sx={{ fontFamily: 'monospace' }}
          />
        </Tooltip>
      ))}
    </Box>
  );
};

const counter = (value: unknown, max: number | undefined) =>
  max === undefined ? undefined : `${typeof value === 'string' ? value.length : 0} / ${max}`;

const maxLengthOf = (name: TextField): number | undefined => {
  const field = declared(name);
  return field.type === 'text' ? field.maxLength : undefined;
};

const MessageInputs = ({ rules }: { rules: Readonly<Record<string, Validator[]>> }) => {
  const { onFocus, insert, target } = useInsertion();
  const title: unknown = useWatch({ name: 'title' });
  const body: unknown = useWatch({ name: 'body' });
  const validate = (name: TextField) => [...limitValidators(declared(name)), ...(rules[name] ?? [])];
  return (
    <>
      <TextInput
        source="title"
        validate={validate('title')}
        onFocus={onFocus('title')}
        helperText={counter(title, maxLengthOf('title'))}
        fullWidth
      />
      <TextInput
        source="body"
        validate={validate('body')}
        onFocus={onFocus('body')}
        helperText={counter(body, maxLengthOf('body'))}
        multiline
        minRows={3}
        fullWidth
      />
      <PlaceholderChips target={target} onInsert={insert} />
    </>
  );
};

interface BrandRow extends RaRecord {
  id: number;
  name: string;
}

/** "All brands" or one: narrows the store list (not saved with the push). */
const BrandNarrowing = ({
  companyId,
  value,
  onChange,
}: {
  companyId: number | null;
  value: number | '';
  onChange: (brandId: number | '') => void;
}) => {
  const translate = useTranslate();
  const { data } = useGetList<BrandRow>('brand', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    filter: companyId !== null ? { companyId } : {},
  });
  return (
    <MuiTextField
      select
      size="small"
      margin="dense"
      label={translate(`${K}.store_brand`)}
      value={value}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      helperText={translate(`${K}.store_brand_help`)}
      sx={{ width: { xs: '100%', sm: 320 }, mt: 0, mb: 1 }}
    >
      <MenuItem value="">{translate(`${K}.all_brands`)}</MenuItem>
      {(data ?? []).map((b) => (
        <MenuItem key={b.id} value={b.id}>
          {b.name}
        </MenuItem>
      ))}
    </MuiTextField>
  );
};

/** The picker of the chosen audience, and nothing for ALL_MEMBERS. */
const AudienceTarget = ({
  writer,
  companyId,
  rules,
}: {
  writer: Writer;
  companyId: number | null;
  rules: Readonly<Record<string, Validator[]>>;
}) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const audience: unknown = useWatch({ name: 'audience' });
  const [narrowBrand, setNarrowBrand] = useState<number | ''>('');
  const label = (name: string) => translate(fieldLabelKey(push.name, { name }));
  const waiting = writer.isOperator && companyId === null;
  const inCompany = companyId !== null ? { companyId } : {};
  switch (audience) {
    case 'BRAND':
      if (waiting) return <WaitForCompany label={label('audienceBrandId')} />;
      return (
        <ReferenceInput
          source="audienceBrandId"
          reference="brand"
          filter={writer.brandId !== null ? { id: writer.brandId } : inCompany}
          sort={{ field: 'name', order: 'ASC' }}
          perPage={100}
        >
          <AutocompleteInput
            label={label('audienceBrandId')}
            optionText="name"
            validate={rules.audienceBrandId ?? []}
            disabled={writer.brandId !== null}
            helperText={translate(writer.brandId !== null ? `${K}.own_brand_help` : `${K}.brand_help`)}
            fullWidth
          />
        </ReferenceInput>
      );
    case 'STORE': {
      if (waiting) return <WaitForCompany label={label('audienceStoreId')} />;
      const brandId = writer.brandId ?? (narrowBrand === '' ? null : narrowBrand);
      return (
        <Box sx={{ width: '100%' }}>
          {writer.brandId === null ? (
            <BrandNarrowing
              companyId={companyId}
              value={narrowBrand}
              onChange={(next) => {
                setNarrowBrand(next);
                setValue('audienceStoreId', null, { shouldDirty: true });
              }}
            />
          ) : null}
          <ReferenceInput
            source="audienceStoreId"
            reference="store"
            filter={{ ...inCompany, ...(brandId !== null ? { brandId } : {}) }}
            sort={{ field: 'name', order: 'ASC' }}
            perPage={100}
          >
            <AutocompleteInput
              label={label('audienceStoreId')}
              optionText="name"
              validate={rules.audienceStoreId ?? []}
              helperText={translate(`${K}.store_help`)}
              fullWidth
            />
          </ReferenceInput>
        </Box>
      );
    }
    case 'SEGMENT':
      if (waiting) return <WaitForCompany label={label('segmentId')} />;
      return (
        <ReferenceInput
          source="segmentId"
          reference="segments"
          filter={inCompany}
          sort={{ field: 'name', order: 'ASC' }}
          perPage={100}
        >
          <AutocompleteInput
            label={label('segmentId')}
            optionText="name"
            validate={rules.segmentId ?? []}
            helperText={translate(`${K}.segment_help`)}
            noOptionsText={translate(`${K}.no_segments`)}
            fullWidth
          />
        </ReferenceInput>
      );
    case 'MEMBER':
      return (
        <PhoneNumberInput
          source="audienceMobile"
          label={label('audienceMobile')}
          validate={rules.audienceMobile ?? []}
        />
      );
    default:
      return null;
  }
};

const AudienceInputs = ({
  writer,
  companyId,
  rules,
}: {
  writer: Writer;
  companyId: number | null;
  rules: Readonly<Record<string, Validator[]>>;
}) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const allowed = audiencesFor(writer);
  const choices = choicesOf(push.name, AUDIENCE_FIELD).filter((c) =>
    (allowed as readonly (string | number)[]).includes(c.id),
  );
  return (
    <>
      <RadioButtonGroupInput
        source="audience"
        choices={choices}
        validate={required()}
        helperText={writer.brandId !== null ? translate(`${K}.brand_limited`) : false}
        onChange={() => {
          // a merchant limited to a brand writes to that brand: it is always the one picked
          if (writer.brandId !== null) setValue('audienceBrandId', writer.brandId);
        }}
        sx={{ '& .MuiFormGroup-root': { columnGap: 1 } }}
      />
      <AudienceTarget writer={writer} companyId={companyId} rules={rules} />
    </>
  );
};

// ---- the form ------------------------------------------------------------------------------------

const FormToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

const PushFormBody = ({ writer }: { writer: Writer }) => {
  const translate = useTranslate();
  const rules = useMemo(() => ruleValidators(push, (key) => translate(key)), [translate]);
  const picked: unknown = useWatch({ name: 'companyId' });
  const record = useRecordContext<RaRecord>();
  const editing = record?.id !== undefined;
  const companyId = writer.isOperator ? (typeof picked === 'number' ? picked : null) : writer.companyId;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' },
        gap: { xs: 2, md: 4 },
        width: '100%',
        alignItems: 'start',
      }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {writer.isOperator && !editing ? (
          <Section title={translate(`${K}.section.company`)}>
            <CompanyInput />
          </Section>
        ) : null}
        <Section title={translate(`${K}.section.message`)}>
          <TemplateInput companyId={companyId} operator={writer.isOperator} />
          <MessageInputs rules={rules} />
        </Section>
        <Section title={translate(`${K}.section.audience`)}>
          <AudienceInputs writer={writer} companyId={companyId} rules={rules} />
        </Section>
        <Section title={translate(`${K}.section.when`)}>
          <TimeInput
            source="scheduledAt"
            validate={required()}
            helperText={translate(`${K}.scheduled_help`)}
          />
        </Section>
      </Stack>
      <Box sx={{ position: { md: 'sticky' }, top: { md: 72 }, minWidth: 0 }}>
        <PushPreview isOperator={writer.isOperator} />
      </Box>
    </Box>
  );
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
const useChosenSegment = (writer: Writer | null): { segment: ChosenSegment | null; pending: boolean } => {
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

/** react-admin's create view of push (registered through src/pages/resources/overrides.ts). */
export const PushCreate = (props: Partial<CreateProps>) => {
  const { writer } = useWriter();
  const { segment, pending } = useChosenSegment(writer);
  const segmentKey = segment ? `${segment.id}:${segment.companyId ?? ''}` : '';
  // the form takes its first values once, when it mounts: wait for the caller (and the chosen segment)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the segment is keyed by its values
  const record = useMemo(
    () => (writer && !pending ? initialValues(writer, segment) : null),
    [writer, pending, segmentKey],
  );
  if (!writer || !record) return <LinearProgress sx={{ mt: 2 }} />;
  return (
    <Create resource={push.name} redirect="show" transform={pushCreateBody} record={record} {...props}>
      <SimpleForm toolbar={<FormToolbar />} sx={{ maxWidth: 'none' }}>
        <PushFormBody writer={writer} />
      </SimpleForm>
    </Create>
  );
};

/** Only a PENDING push is edited: the others say so and link back to the push. */
const EditableOnlyWhilePending = ({ writer }: { writer: Writer }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const record = useRecordContext<RaRecord>();
  if (!record) return null;
  const state = pushStateOf(record.state);
  if (state !== 'PENDING')
    return (
      <Alert severity="info" icon={<InfoOutlined />} sx={{ width: '100%' }}>
        {translate(`${K}.not_pending`, {
          state: translate(`resources.push.choices.state.${state ?? 'PENDING'}`),
        })}{' '}
        <Link to={createPath({ resource: push.name, id: record.id, type: 'show' })}>
          {translate(`${K}.back_to_push`)}
        </Link>
      </Alert>
    );
  return (
    <SimpleForm toolbar={<FormToolbar />} sx={{ maxWidth: 'none' }}>
      <PushFormBody writer={writer} />
    </SimpleForm>
  );
};

/** react-admin's edit view of push (registered through src/pages/resources/overrides.ts). */
export const PushEdit = (props: Partial<EditProps>) => {
  const { writer } = useWriter();
  if (!writer) return <LinearProgress sx={{ mt: 2 }} />;
  return (
    <Edit
      resource={push.name}
      actions={<DetailActions decl={push} view="edit" />}
      mutationMode="pessimistic"
      redirect="show"
      transform={(data: RaRecord, options?: { previousData?: RaRecord }) =>
        pushUpdateBody(data, options?.previousData)
      }
      {...props}
    >
      <EditableOnlyWhilePending writer={writer} />
    </Edit>
  );
};
