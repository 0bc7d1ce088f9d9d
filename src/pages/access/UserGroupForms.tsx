// Hand-written create and edit views of `userGroups` (src/pages/resources/overrides.ts): name,
// description and the permission matrix. POST /user-group {name, description?, type?, companyId?,
// permissions}; PUT /user-group/{id} {name, description, permissions}; DELETE /user-group/{id}
// after 'Confirm to Delete - user group …?'. 26235 lands on the name field.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import {
  AutocompleteInput,
  Create,
  type CreateProps,
  Edit,
  type EditProps,
  Form,
  type RaRecord,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Permission } from '../../../contract/access';
import type { UserType } from '../../../contract/enums';
import { userGroups } from '../../../resources';
import { declaredLimits } from '../../builders/validators';
import { isApiError, violationsByField } from '../../components/apiError';
import { useConfirmAction } from '../../components/ConfirmActionDialog';
import { DialogSubmitButton } from '../../components/DialogSubmitButton';
import { Notice } from '../../components/Notice';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import { type Caller, useCaller } from '../../components/useCaller';
import { PermissionMatrixInput } from './PermissionMatrix';
import { plainPermissions } from './permissions';

const LIST_PATH = '/access/user-group';

interface GroupRecord extends RaRecord {
  id: number;
  name: string;
  description?: string | null;
  type: UserType;
  companyId?: number | null;
  permissions?: Permission[];
}

interface GroupValues {
  name?: string;
  description?: string | null;
  type?: UserType;
  companyId?: number | null;
  permissions?: Permission[];
}

/** PUT /user-group/{id}: exactly name, description and permissions. */
export const groupUpdateBody = (values: GroupValues) => ({
  name: (values.name ?? '').trim(),
  description: values.description ?? '',
  permissions: plainPermissions(values.permissions),
});

/** POST /user-group: operators name the type (and a merchant group's company); merchants do not. */
export const groupCreateBody = (values: GroupValues, caller: Caller): Record<string, unknown> => {
  const body: Record<string, unknown> = { name: (values.name ?? '').trim() };
  if (values.description) body.description = values.description;
  if (caller.isOperator) {
    body.type = values.type ?? 'OPERATOR';
    if (body.type === 'MERCHANT' && typeof values.companyId === 'number') body.companyId = values.companyId;
  }
  body.permissions = plainPermissions(values.permissions);
  return body;
};

const fieldErrors = (error: unknown): Record<string, string> | undefined => {
  if (isApiError(error, 'USER_GROUP_NAME_DUPLICATE')) return { name: 'access.group.duplicate_name' };
  return violationsByField(error);
};

const BackButton = () => {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Button startIcon={<ArrowBackIcon />} onClick={() => redirect(LIST_PATH)}>
      {translate('access.group.back')}
    </Button>
  );
};

const NameAndDescription = () => (
  <Box sx={{ display: 'flex', flexDirection: 'column', maxWidth: 520 }}>
    <TextInput
      source="name"
      label="access.group.name"
      validate={declaredLimits(userGroups, 'name')}
      fullWidth
    />
    <TextInput
      source="description"
      label="access.group.description"
      validate={declaredLimits(userGroups, 'description')}
      multiline
      minRows={2}
      fullWidth
    />
  </Box>
);

const MatrixSection = ({ caller, targetType }: { caller: Caller; targetType: UserType }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('access.group.permissions')}
      </Typography>
      <PermissionMatrixInput caller={caller.subject} targetType={targetType} />
    </Box>
  );
};

// ---- edit -------------------------------------------------------------------------------------------

const EditForm = ({ caller }: { caller: Caller }) => {
  const record = useRecordContext<GroupRecord>();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const notifyError = useApiErrorNotify();
  const redirect = useRedirect();
  const { confirm, confirmDialog } = useConfirmAction();
  if (!record) return null;

  const onSubmit = async (values: GroupValues) => {
    try {
      await dataProvider.update('userGroups', {
        id: record.id,
        data: groupUpdateBody(values),
        previousData: record,
      });
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) return fields;
      notifyError(error, translate('common.notice.error'));
      return undefined;
    }
    notify(<Notice title={translate('common.notice.hint')} lines={[translate('access.group.saved')]} />, {
      type: 'success',
    });
    redirect(LIST_PATH);
    return undefined;
  };

  const onDelete = async () => {
    const outcome = await confirm({
      action: translate('access.group.delete_action'),
      item: translate('access.group.delete_item', { name: record.name }),
      run: () => dataProvider.delete('userGroups', { id: record.id, previousData: record }),
    });
    if (outcome.status === 'success') redirect(LIST_PATH);
  };

  const values: GroupValues = {
    name: record.name,
    description: record.description ?? '',
    permissions: plainPermissions(record.permissions),
  };
  return (
    <Form record={values} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
      <Box sx={{ p: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {translate('access.group.edit_title', { name: record.name })}
        </Typography>
        <NameAndDescription />
        <Typography variant="body2" color="text.secondary">
          {translate('access.group.type')}:{' '}
          {translate(`resources.userGroups.choices.type.${record.type}`, { _: record.type })}
        </Typography>
        <MatrixSection caller={caller} targetType={record.type} />
        <Box sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'center' }}>
          <DialogSubmitButton>{translate('access.group.save')}</DialogSubmitButton>
          <BackButton />
          <Box sx={{ flex: 1 }} />
          <Button color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
            {translate('access.group.delete')}
          </Button>
        </Box>
      </Box>
      {confirmDialog}
    </Form>
  );
};

export const UserGroupEdit = (props: Partial<EditProps>) => {
  const { caller } = useCaller();
  return (
    <Edit resource="userGroups" actions={false} mutationMode="pessimistic" {...props}>
      {caller ? <EditForm caller={caller} /> : <CircularProgress size={24} />}
    </Edit>
  );
};

// ---- create -----------------------------------------------------------------------------------------

const TypeAndCompany = () => {
  const type = useWatch<GroupValues, 'type'>({ name: 'type' });
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', maxWidth: 520 }}>
      <SelectInput
        source="type"
        label="access.group.type"
        choices={[
          { id: 'OPERATOR', name: 'resources.userGroups.choices.type.OPERATOR' },
          { id: 'MERCHANT', name: 'resources.userGroups.choices.type.MERCHANT' },
        ]}
        validate={required()}
        sx={{ minWidth: 180 }}
      />
      {type === 'MERCHANT' ? (
        <ReferenceInput source="companyId" reference="company" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput
            label="access.group.company"
            optionText="name"
            validate={required()}
            sx={{ minWidth: 240, flex: 1 }}
          />
        </ReferenceInput>
      ) : null}
    </Box>
  );
};

const CreateMatrix = ({ caller }: { caller: Caller }) => {
  const type = useWatch<GroupValues, 'type'>({ name: 'type' });
  return <MatrixSection caller={caller} targetType={caller.isOperator ? (type ?? 'OPERATOR') : 'MERCHANT'} />;
};

const CreateForm = ({ caller }: { caller: Caller }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const notifyError = useApiErrorNotify();
  const redirect = useRedirect();

  const onSubmit = async (values: GroupValues) => {
    try {
      await dataProvider.create('userGroups', { data: groupCreateBody(values, caller) });
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) return fields;
      notifyError(error, translate('common.notice.error'));
      return undefined;
    }
    notify(<Notice title={translate('common.notice.hint')} lines={[translate('access.group.created')]} />, {
      type: 'success',
    });
    redirect(LIST_PATH);
    return undefined;
  };

  const initial: GroupValues = {
    name: '',
    description: '',
    permissions: [],
    ...(caller.isOperator ? { type: 'OPERATOR' as const } : {}),
  };
  return (
    <Form record={initial} onSubmit={onSubmit} noValidate disableInvalidFormNotification>
      <Box sx={{ p: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {translate('access.group.create_title')}
        </Typography>
        <NameAndDescription />
        {caller.isOperator ? <TypeAndCompany /> : null}
        <CreateMatrix caller={caller} />
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <DialogSubmitButton>{translate('access.group.save')}</DialogSubmitButton>
          <BackButton />
        </Box>
      </Box>
    </Form>
  );
};

export const UserGroupCreate = (props: Partial<CreateProps>) => {
  const { caller } = useCaller();
  return (
    <Create resource="userGroups" actions={false} {...props}>
      {caller ? <CreateForm caller={caller} /> : <CircularProgress size={24} />}
    </Create>
  );
};
