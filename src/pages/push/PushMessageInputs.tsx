// The push form's company and message (PushForm.tsx): an operator's company, a template that fills the
// title and body, the title and body with their counters, and the placeholders as chips that insert at
// the cursor.
import { Box, Chip, TextField as MuiTextField, Tooltip, Typography } from '@mui/material';
import { type FocusEvent, type ReactNode, useRef, useState } from 'react';
import {
  AutocompleteInput,
  type RaRecord,
  ReferenceInput,
  TextInput,
  useCanAccess,
  useGetOne,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { PUSH_PLACEHOLDERS } from '../../../contract/push';
import { push } from '../../../resources';
import { fieldLabelKey } from '../../builders/declarations';
import { limitValidators } from '../../builders/validators';
import { type CompanyOption, CompanyPicker, useCompanyField } from '../../components/CompanyPicker';
import { declared } from './formValues';

const K = 'pushPages.form';

type TextField = 'title' | 'body';

export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ width: '100%' }}>
    <Typography variant="overline" color="text.secondary" component="h2" sx={{ display: 'block', mb: 0.5 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

/** The operator's company, held as `companyId`; another company clears what belonged to the one before. */
export const CompanyInput = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const company = useCompanyField({
    isRequired: true,
    onPick: () => {
      for (const f of ['templateId', 'audienceBrandId', 'audienceStoreId', 'segmentId'])
        setValue(f, null, { shouldDirty: true });
    },
  });
  const { companyId } = company;
  // a company set before the form opened (a segment's "Send a push") is shown by its name
  const { data: given } = useGetOne<CompanyOption>(
    'company',
    { id: companyId ?? 0 },
    { enabled: companyId !== undefined && company.picked?.id !== companyId },
  );
  return (
    <CompanyPicker
      {...company.picker}
      value={company.valueNamed(given !== undefined && given.id === companyId ? given.name : '')}
      label={`${translate(fieldLabelKey(push.name, { name: 'companyId' }))} *`}
      helperText={translate(`${K}.company_help`)}
      {...(company.error ? { error: translate('ra.validation.required') } : {})}
      sx={{ width: '100%', mb: 1 }}
    />
  );
};

/** A picker that waits for the operator's company: shown disabled, saying so. */
export const WaitForCompany = ({ label }: { label: string }) => {
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
export const TemplateInput = ({ companyId, operator }: { companyId: number | null; operator: boolean }) => {
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

export const MessageInputs = ({ rules }: { rules: Readonly<Record<string, Validator[]>> }) => {
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
