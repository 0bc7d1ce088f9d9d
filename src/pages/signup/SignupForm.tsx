import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { type KeyboardEvent, type ReactNode, useMemo, useState } from 'react';
import { email, Form, NumberInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { brand, company, store } from '../../../resources';
import { declaredLimits, webAddress } from '../../builders/validators';
import { isApiError } from '../../components/apiError';
import { useHttpClient } from '../../components/HttpClientContext';
import { PhoneNumberInput } from '../../components/PhoneInput';
import { useApiErrorNotify } from '../../components/useApiErrorNotify';
import {
  SIGNUP_PATH,
  type SignupValues,
  type SignupView,
  STEP_FIELDS,
  signupViolations,
  stepOf,
  toSignupBody,
  toSignupValues,
} from './signupApi';

const STEPS = ['company', 'brand', 'store'] as const;
const LAST = STEPS.length - 1;

const K = 'organisation.signup';

// The declarations' limits (resources/tables/company.ts, brand.ts, store.ts) are checked before sending.
const website = webAddress(`${K}.invalid_url`);

const TwoColumns = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
      columnGap: 2,
      '& > .full': { gridColumn: '1 / -1' },
    }}
  >
    {children}
  </Box>
);

const CompanyStep = () => (
  <TwoColumns>
    <TextInput
      className="full"
      source="company.name"
      label={`${K}.fields.company_name`}
      validate={declaredLimits(company, 'name')}
      autoComplete="organization"
      fullWidth
    />
    <TextInput
      source="company.registrationNo"
      label={`${K}.fields.registration_no`}
      helperText={`${K}.fields.registration_no_help`}
      validate={declaredLimits(company, 'registrationNo')}
      fullWidth
    />
    <TextInput
      source="company.contactEmail"
      label={`${K}.fields.contact_email`}
      type="email"
      autoComplete="email"
      validate={[...declaredLimits(company, 'contactEmail'), email('pages.common.invalid_email')]}
      fullWidth
    />
    <TextInput
      className="full"
      source="company.address"
      label={`${K}.fields.company_address`}
      validate={declaredLimits(company, 'address')}
      multiline
      minRows={2}
      fullWidth
    />
    <Box className="full">
      <PhoneNumberInput source="company.phone" label={`${K}.fields.company_phone`} />
    </Box>
  </TwoColumns>
);

const BrandStep = () => (
  <TwoColumns>
    <TextInput
      className="full"
      source="brand.name"
      label={`${K}.fields.brand_name`}
      validate={declaredLimits(brand, 'name')}
      fullWidth
    />
    <TextInput
      className="full"
      source="brand.description"
      label={`${K}.fields.description`}
      validate={declaredLimits(brand, 'description')}
      multiline
      minRows={3}
      fullWidth
    />
    <TextInput
      className="full"
      source="brand.website"
      label={`${K}.fields.website`}
      helperText={`${K}.fields.website_help`}
      type="url"
      validate={[...declaredLimits(brand, 'website'), website]}
      fullWidth
    />
  </TwoColumns>
);

const StoreStep = () => {
  const translate = useTranslate();
  return (
    <TwoColumns>
      <TextInput
        className="full"
        source="store.name"
        label={`${K}.fields.store_name`}
        validate={declaredLimits(store, 'name')}
        fullWidth
      />
      <TextInput
        className="full"
        source="store.address"
        label={`${K}.fields.store_address`}
        validate={declaredLimits(store, 'address')}
        multiline
        minRows={2}
        fullWidth
      />
      <TextInput
        source="store.postalCode"
        label={`${K}.fields.postal_code`}
        validate={declaredLimits(store, 'postalCode')}
        autoComplete="postal-code"
        fullWidth
      />
      <Box />
      <NumberInput
        source="store.latitude"
        label={`${K}.fields.latitude`}
        validate={declaredLimits(store, 'latitude')}
        step="any"
        fullWidth
      />
      <NumberInput
        source="store.longitude"
        label={`${K}.fields.longitude`}
        validate={declaredLimits(store, 'longitude')}
        step="any"
        fullWidth
      />
      <Typography className="full" variant="body2" sx={{ mt: -1, mb: 2 }}>
        <Link href="/help/how-to-get-lat-long" target="_blank" rel="noopener">
          {translate(`${K}.lat_long_help`)}
        </Link>
      </Typography>
      <Box className="full">
        <PhoneNumberInput source="store.phone" label={`${K}.fields.store_phone`} />
      </Box>
      <TextInput
        className="full"
        source="store.openingHours"
        label={`${K}.fields.opening_hours`}
        helperText={`${K}.fields.opening_hours_help`}
        validate={declaredLimits(store, 'openingHours')}
        multiline
        fullWidth
      />
    </TwoColumns>
  );
};

/** The stepper, the three steps (all mounted, so every value and rule stays; one shown) and the buttons. */
const SignupSteps = ({
  step,
  setStep,
  again,
}: {
  step: number;
  setStep: (step: number) => void;
  again: boolean;
}) => {
  const translate = useTranslate();
  const { trigger } = useFormContext();
  const { errors, isSubmitting } = useFormState();
  const hasError = (index: number) =>
    (STEP_FIELDS[index] ?? []).some((path) => {
      const [group, field] = path.split('.') as [string, string];
      const groupErrors = errors[group] as Record<string, unknown> | undefined;
      return groupErrors?.[field] !== undefined;
    });

  const next = async () => {
    if (await trigger([...(STEP_FIELDS[step] ?? [])])) setStep(Math.min(step + 1, LAST));
  };
  // Enter in a one-line field of an earlier step moves on instead of submitting the whole form.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && step < LAST && target.tagName === 'INPUT') {
      event.preventDefault();
      void next();
    }
  };

  return (
    <Box onKeyDown={onKeyDown}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((name, index) => (
          <Step key={name} completed={index < step && !hasError(index)}>
            <StepLabel error={hasError(index)}>{translate(`${K}.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {STEPS.map((name, index) => (
        <Box
          key={name}
          hidden={index !== step}
          role="group"
          aria-label={translate(`${K}.steps.${name}`)}
          data-testid={`signup-step-${name}`}
        >
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {translate(`${K}.steps.${name}`)}
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
            {translate(`${K}.step_intro.${name}`)}
          </Typography>
          {name === 'company' ? <CompanyStep /> : name === 'brand' ? <BrandStep /> : <StoreStep />}
        </Box>
      ))}
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'space-between' }}>
        <Button onClick={() => setStep(Math.max(step - 1, 0))} disabled={step === 0 || isSubmitting}>
          {translate(`${K}.back`)}
        </Button>
        {step < LAST ? (
          <Button variant="contained" onClick={() => void next()}>
            {translate(`${K}.next`)}
          </Button>
        ) : (
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate(isSubmitting ? `${K}.submitting` : again ? `${K}.resubmit` : `${K}.submit`)}
          </Button>
        )}
      </Stack>
    </Box>
  );
};

/**
 * The merchant's signup: company, first brand and first store in three steps, sent as one
 * POST /organization/signup. After a rejection the form starts from the rejected submission and the
 * operator's reason is shown above it. Field problems (code 2, the name duplicates 26423 to 26425)
 * land on their fields, and the stepper goes back to the first step that has one.
 */
export const SignupForm = ({
  view,
  onSubmitted,
  onStale,
}: {
  /** the latest GET /organization/signup: its rows pre-fill the form after a rejection */
  view: SignupView | null;
  onSubmitted: (view: SignupView) => void;
  /** the server says the signup moved on (already pending or approved): load it again */
  onStale: () => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const notifyError = useApiErrorNotify();
  const [step, setStep] = useState(0);
  const rejected = view?.request?.approval === 'REJECT' ? view.request : null;
  // one record per loaded view: a new object on every render would reset what the user typed
  const record = useMemo(() => toSignupValues(rejected ? view : null), [rejected, view]);

  const onSubmit = async (values: Partial<SignupValues>) => {
    const body = toSignupBody(values as SignupValues);
    try {
      const res = await http<SignupView>(SIGNUP_PATH, { method: 'POST', body });
      onSubmitted(res.data);
      return undefined;
    } catch (error) {
      const duplicate = (
        [
          ['COMPANY_NAME_DUPLICATE', 'company.name', `${K}.company_name_taken`],
          ['BRAND_NAME_DUPLICATE', 'brand.name', `${K}.brand_name_taken`],
          ['STORE_NAME_DUPLICATE', 'store.name', `${K}.store_name_taken`],
        ] as const
      ).find(([name]) => isApiError(error, name));
      const fields = duplicate ? { [duplicate[1]]: duplicate[2] } : signupViolations(error);
      if (fields) {
        setStep(Math.min(...Object.keys(fields).map(stepOf)));
        notifyError(error, translate(`${K}.fix_fields`));
        return fields;
      }
      notifyError(error);
      if (isApiError(error, 'USER_ALREADY_HAS_COMPANY') || isApiError(error, 'MERCHANT_ALREADY_SIGNED_UP'))
        onStale();
      return undefined;
    }
  };

  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <StorefrontOutlined color="primary" sx={{ fontSize: 40 }} />
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {translate(rejected ? `${K}.resubmit_title` : `${K}.title`)}
          </Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translate(`${K}.intro`)}
        </Typography>
        {rejected ? (
          <Alert severity="error" variant="outlined" sx={{ mb: 3 }} data-testid="signup-rejected">
            <AlertTitle>{translate(`${K}.rejected_title`)}</AlertTitle>
            <Typography sx={{ fontWeight: 600, whiteSpace: 'pre-wrap' }}>
              {translate(`${K}.rejected_reason`, { reason: rejected.reason ?? '' })}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {translate(`${K}.rejected_hint`)}
            </Typography>
          </Alert>
        ) : null}
        {/* onChange: a field marked by Next is checked again as it is typed, so no stale "Required" stays */}
        <Form record={record} onSubmit={onSubmit} mode="onChange" noValidate disableInvalidFormNotification>
          <SignupSteps step={step} setStep={setStep} again={rejected !== null} />
        </Form>
      </CardContent>
    </Card>
  );
};
