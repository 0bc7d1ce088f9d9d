// The push form's audience (PushForm.tsx): the audiences the writer may use, and only the chosen one's
// picker: a brand of the company, a store of it (optionally narrowed by brand), a segment, a mobile.
import { Box, MenuItem, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteInput,
  RadioButtonGroupInput,
  type RaRecord,
  ReferenceInput,
  required,
  useGetList,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { push } from '../../../resources';
import { choicesOf } from '../../builders/choices';
import { fieldLabelKey } from '../../builders/declarations';
import { PhoneNumberInput } from '../../components/PhoneInput';
import { AUDIENCE_FIELD, audiencesFor, type Writer } from './formValues';
import { WaitForCompany } from './PushMessageInputs';

const K = 'pushPages.form';

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

export const AudienceInputs = ({
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
