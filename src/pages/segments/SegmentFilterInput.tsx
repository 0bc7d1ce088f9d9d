// A segment's filter editor (SegmentViews.tsx): a row per condition of field / operator / value pickers
// over the members list's filters (filter.ts), levels, brands and stores of the segment's company by name.
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Checkbox,
  FormHelperText,
  IconButton,
  ListItemText,
  MenuItem,
  TextField as MuiTextField,
  Stack,
  Typography,
} from '@mui/material';
import { type RaRecord, useGetIdentity, useGetList, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  type Condition,
  conditionsOf,
  dayToInstant,
  EDITOR_FIELDS,
  fieldOf,
  instantToDay,
  isComplete,
  newCondition,
  opsOf,
  REFERENCES,
  withOp,
} from './filter';

const K = 'segmentPages';

/** The segment's company: an operator's pick (create) or the row's, else the merchant's own. */
export const useCompanyId = (): number | null => {
  const picked: unknown = useWatch({ name: 'companyId' });
  const { identity } = useGetIdentity();
  if (typeof picked === 'number') return picked;
  return typeof identity?.companyId === 'number' ? identity.companyId : null;
};

interface Named extends RaRecord {
  id: number;
  name: string;
}

/** One level, brand or store (eq), or several (in), of the segment's company, by name. */
const ReferenceValue = ({
  condition,
  companyId,
  label,
  onChange,
}: {
  condition: Condition;
  companyId: number | null;
  label: string;
  onChange: (value: unknown) => void;
}) => {
  const translate = useTranslate();
  const ref = REFERENCES[condition.field];
  const { data, isPending } = useGetList<Named>(
    ref?.resource ?? 'brand',
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: ref?.sort ?? 'name', order: 'ASC' },
      filter: companyId !== null ? { companyId } : {},
    },
    { enabled: ref !== undefined },
  );
  const options = data ?? [];
  const multiple = condition.op === 'in';
  const value = multiple
    ? Array.isArray(condition.value)
      ? condition.value
      : []
    : typeof condition.value === 'number'
      ? condition.value
      : '';
  const nameOf = (id: unknown) => options.find((o) => o.id === id)?.name ?? `#${String(id)}`;
  return (
    <MuiTextField
      select
      size="small"
      fullWidth
      label={label}
      value={value}
      disabled={isPending && options.length === 0}
      helperText={!isPending && options.length === 0 ? translate(`${K}.editor.no_options`) : undefined}
      slotProps={{
        select: {
          multiple,
          // the chosen names as plain text: the options' list item text would make the field taller
          renderValue: (v: unknown) => (multiple ? (v as unknown[]).map(nameOf).join(', ') : nameOf(v)),
        },
      }}
      onChange={(e) => {
        const v = e.target.value as unknown;
        onChange(multiple ? (v as unknown[]).map(Number) : v === '' ? null : Number(v));
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {multiple ? (
            <Checkbox size="small" checked={(value as unknown[]).includes(o.id)} sx={{ p: 0, mr: 1 }} />
          ) : null}
          <ListItemText primary={o.name} />
        </MenuItem>
      ))}
    </MuiTextField>
  );
};

/** The value picker of a condition, by its field's type. */
const ValueInput = ({
  condition,
  companyId,
  onChange,
}: {
  condition: Condition;
  companyId: number | null;
  onChange: (value: unknown) => void;
}) => {
  const translate = useTranslate();
  const f = fieldOf(condition.field);
  const label = translate(`${K}.editor.value`);
  if (!f) return <MuiTextField size="small" fullWidth label={label} disabled value="" />;
  switch (f.type) {
    case 'reference':
      return <ReferenceValue condition={condition} companyId={companyId} label={label} onChange={onChange} />;
    case 'boolean':
      return (
        <MuiTextField
          select
          size="small"
          fullWidth
          label={label}
          value={condition.value === false ? 'no' : 'yes'}
          onChange={(e) => onChange(e.target.value === 'yes')}
        >
          <MenuItem value="yes">{translate(`${K}.editor.yes`)}</MenuItem>
          <MenuItem value="no">{translate(`${K}.editor.no`)}</MenuItem>
        </MuiTextField>
      );
    case 'number':
      return (
        <MuiTextField
          size="small"
          fullWidth
          type="number"
          label={label}
          value={typeof condition.value === 'number' ? condition.value : ''}
          slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        />
      );
    case 'datetime':
      return (
        <MuiTextField
          size="small"
          fullWidth
          type="date"
          label={label}
          value={instantToDay(condition.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          onChange={(e) => onChange(dayToInstant(e.target.value, condition.op))}
        />
      );
    case 'text': {
      const list = condition.op === 'in';
      return (
        <MuiTextField
          size="small"
          fullWidth
          label={label}
          value={
            list
              ? Array.isArray(condition.value)
                ? condition.value.join(', ')
                : ''
              : String(condition.value ?? '')
          }
          helperText={translate(`${K}.editor.text_help.${condition.op}`, { _: '' }) || undefined}
          onChange={(e) =>
            onChange(
              list
                ? e.target.value
                    .split(',')
                    .map((s) => s.trim())
                    .filter((s) => s !== '')
                : e.target.value,
            )
          }
        />
      );
    }
    default:
      return null;
  }
};

/** The operator's words: "on or after" for days, "at least" for numbers, "is" and "is one of". */
const opLabel = (translate: (k: string) => string, field: string, op: string) =>
  translate(fieldOf(field)?.type === 'datetime' ? `${K}.ops.day_${op}` : `${K}.ops.${op}`);

const ConditionRow = ({
  index,
  condition,
  companyId,
  onChange,
  onRemove,
}: {
  index: number;
  condition: Condition;
  companyId: number | null;
  onChange: (next: Condition) => void;
  onRemove: () => void;
}) => {
  const translate = useTranslate();
  const ops = opsOf(condition.field);
  const incomplete = !isComplete(condition);
  return (
    <Box
      role="group"
      aria-label={translate(`${K}.editor.condition`, { n: index + 1 })}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', md: '270px 150px minmax(0, 1fr) auto' },
        gap: 1,
        alignItems: 'start',
        p: { xs: 1.5, md: 0 },
        border: { xs: 1, md: 0 },
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Box sx={{ gridColumn: { xs: '1 / 2', md: 'auto' } }}>
        <MuiTextField
          select
          size="small"
          fullWidth
          label={translate(`${K}.editor.field`)}
          value={fieldOf(condition.field) ? condition.field : ''}
          onChange={(e) => onChange(newCondition(e.target.value))}
        >
          {EDITOR_FIELDS.map((name) => (
            <MenuItem key={name} value={name}>
              {translate(`${K}.fields.${name}`)}
            </MenuItem>
          ))}
        </MuiTextField>
      </Box>
      <Box
        sx={{ gridColumn: { xs: '2 / 3', md: 'auto' }, gridRow: { xs: '1', md: 'auto' }, order: { md: 4 } }}
      >
        <IconButton
          aria-label={translate(`${K}.editor.remove`, { n: index + 1 })}
          onClick={onRemove}
          sx={{ mt: 0.25 }}
        >
          <DeleteOutline />
        </IconButton>
      </Box>
      <Box sx={{ gridColumn: { xs: '1 / 3', md: 'auto' } }}>
        <MuiTextField
          select
          size="small"
          fullWidth
          label={translate(`${K}.editor.op`)}
          value={ops.includes(condition.op) ? condition.op : ''}
          onChange={(e) => onChange(withOp(condition, e.target.value))}
        >
          {ops.map((op) => (
            <MenuItem key={op} value={op}>
              {opLabel(translate, condition.field, op)}
            </MenuItem>
          ))}
        </MuiTextField>
      </Box>
      <Box sx={{ gridColumn: { xs: '1 / 3', md: 'auto' }, minWidth: 0 }}>
        <ValueInput
          condition={condition}
          companyId={companyId}
          onChange={(value) => onChange({ ...condition, value })}
        />
        {incomplete ? <FormHelperText error>{translate(`${K}.editor.incomplete_row`)}</FormHelperText> : null}
      </Box>
    </Box>
  );
};

const validateFilter = (value: unknown) =>
  conditionsOf(value).every(isComplete) ? undefined : `${K}.editor.incomplete`;

/** The segment's `filter`: its conditions, all of which a member meets to be in it. */
export const SegmentFilterInput = () => {
  const translate = useTranslate();
  const companyId = useCompanyId();
  const { field, fieldState, formState } = useInput<unknown>({
    source: 'filter',
    defaultValue: [],
    validate: validateFilter,
  });
  const conditions = conditionsOf(field.value);
  const set = (next: Condition[]) => field.onChange(next);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {translate('resources.segments.fields.filter')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate(conditions.length === 0 ? `${K}.editor.none` : `${K}.editor.all_of`)}
      </Typography>
      <Stack spacing={1.5}>
        {conditions.map((c, i) => (
          <ConditionRow
            // conditions have no id of their own; a row is its place in the list
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            index={i}
            condition={c}
            companyId={companyId}
            onChange={(next) => set(conditions.map((x, j) => (j === i ? next : x)))}
            onRemove={() => set(conditions.filter((_, j) => j !== i))}
          />
        ))}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        onClick={() => set([...conditions, newCondition('levelId')])}
        sx={{ mt: 1.5 }}
      >
        {translate(`${K}.editor.add`)}
      </Button>
      {fieldState.invalid && formState.submitCount > 0 ? (
        <FormHelperText error role="alert">
          {translate(`${K}.editor.incomplete`)}
        </FormHelperText>
      ) : null}
    </Box>
  );
};
