// The push notification's create and edit views (replace the generated ones, src/pages/resources/
// overrides.ts): a template that fills the title and body, the title and body with the placeholders as
// chips that insert at the cursor, the audience with only its own picker (a brand of the caller's
// company, a store of it, optionally narrowed by brand, or one member's mobile), the time, and beside
// it all the live preview (PushPreview). Operators first pick the company. A merchant limited to a
// brand writes only to that brand or to its stores, as the server allows them. A segment (issue 25) is
// one of the company's saved member filters; its reach shows in the preview like any audience's.
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Alert, Box, LinearProgress, Stack } from '@mui/material';
import { useMemo } from 'react';
import {
  Create,
  type CreateProps,
  Edit,
  type EditProps,
  Link,
  type RaRecord,
  required,
  SaveButton,
  SimpleForm,
  Toolbar,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { push } from '../../../resources';
import { DetailActions } from '../../builders/buttons';
import { ruleValidators } from '../../builders/validators';
import { TimeInput } from '../../components/DatePickers';
import { addEnglishMessages } from '../../i18n/lateMessages';
import { pushEn } from '../../i18n/push.en';
import { pushStateOf } from './api';
import {
  initialValues,
  pushCreateBody,
  pushUpdateBody,
  useChosenSegment,
  useWriter,
  type Writer,
} from './formValues';
import { AudienceInputs } from './PushAudienceInputs';
import { CompanyInput, MessageInputs, Section, TemplateInput } from './PushMessageInputs';
import { PushPreview } from './PushPreview';

// this screen's words load with it (src/i18n/lateMessages.ts)
addEnglishMessages(pushEn);

const K = 'pushPages.form';

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
