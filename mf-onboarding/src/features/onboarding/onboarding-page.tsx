// /onboarding (spec 2–8): who you are, nationality, phone, documents, consent. The
// spec's rules are checked in its order; the first that fails is shown next to its
// field, as a toast, and gets the focus.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'shared-ui/router';
import { Alert, Box, Link as MuiLink, Paper, Typography } from 'shared-ui/mui';
import { Checkbox, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, TextField } from 'shared-ui/mui-inputs';
import { Button, FilePicker, LoadingState, PageHeader, StatusBadge, toast } from 'shared-ui';
import { useFreshUser } from 'shared-ui/components';
import { readError, useAuthUser } from 'shared-api';
import { MESSAGES, SUBSCRIPTION_FEE_USD, paths, validateOnboarding, type EntityType, type User } from 'shared-api/contract';
import { CountrySelect } from '../../components/country-select';
import { PhoneField } from '../../components/phone-field';
import { findCountry } from '../../lib/countries';
import { useCountryData } from '../../lib/use-country-data';
import { clearDraft, readDraft, writeDraft, type OnboardingDraft } from './onboarding-draft';
import { SubmissionSteps } from './submission-steps';
import { useOnboardingSubmit } from './use-onboarding-submit';

type FieldKey = 'user_type' | 'nationality' | 'phone_number' | 'subscription' | 'business_name' | 'businessFile' | 'idFile';

const FIELD_OF_MESSAGE: Record<string, FieldKey> = {
  [MESSAGES.selectUserType]: 'user_type',
  [MESSAGES.selectNationality]: 'nationality',
  [MESSAGES.invalidPhone]: 'phone_number',
  [MESSAGES.completeSubscription]: 'subscription',
  [MESSAGES.businessName]: 'business_name',
  [MESSAGES.businessDocuments]: 'businessFile',
  [MESSAGES.identityCard]: 'idFile',
};

const USER_TYPES: { value: EntityType; label: string; hint: string }[] = [
  { value: 'INDIVIDUAL', label: 'Individual', hint: 'You invest or list in your own name.' },
  { value: 'BUSINESS_ENTITY', label: 'Business entity', hint: 'You act for a company or another organisation.' },
];

// The picker's visually hidden input is sized 100% of its containing block: keep that block here.
const PICKER_BOX = { position: 'relative' } as const;

export function OnboardingPage() {
  useFreshUser();
  const user = useAuthUser();
  // The shell's guard sends a visitor without a session to /login.
  if (!user) return <LoadingState label="Loading your account..." />;
  return <OnboardingForm key={user._id} user={user} />;
}

function initialDraft(user: User): OnboardingDraft {
  return (
    readDraft(user._id) ?? {
      user_type: user.userType ?? '',
      business_name: user.businessName ?? '',
      nationality: '',
      phone_number: user.phone ?? '',
    }
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'grid', gap: 2.5 }}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function OnboardingForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const ids = {
    userType: useId(),
    nationality: useId(),
    phone: useId(),
    businessName: useId(),
    idError: useId(),
    businessError: useId(),
    consent: useId(),
  };
  const data = useCountryData();
  const [form, setForm] = useState<OnboardingDraft>(() => initialDraft(user));
  const [idFiles, setIdFiles] = useState<File[]>([]);
  const [businessFiles, setBusinessFiles] = useState<File[]>([]);
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<{ field: FieldKey; message: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const { submit, steps, running, progressOf } = useOnboardingSubmit();

  const targets = {
    user_type: useRef<HTMLFieldSetElement>(null),
    nationality: useRef<HTMLInputElement>(null),
    phone_number: useRef<HTMLInputElement>(null),
    subscription: useRef<HTMLDivElement>(null),
    business_name: useRef<HTMLInputElement>(null),
    businessFile: useRef<HTMLDivElement>(null),
    idFile: useRef<HTMLDivElement>(null),
  };

  // A stored country name (a previous submission) becomes the picker's choice once the list is here.
  const countryPrefilled = useRef(form.nationality !== '');
  useEffect(() => {
    if (countryPrefilled.current || !data.countries) return;
    countryPrefilled.current = true;
    const found = findCountry(data.countries, user.country);
    if (found) setForm((f) => (f.nationality ? f : { ...f, nationality: found.iso2 }));
  }, [data.countries, user.country]);

  useEffect(() => writeDraft(user._id, form), [user._id, form]);

  // Focus the field whose rule failed (after it rendered: the subscription notice appears with the error).
  useEffect(() => {
    if (!error) return;
    const el = targets[error.field].current;
    const focusable = el instanceof HTMLInputElement ? el : (el?.querySelector<HTMLInputElement>('input') ?? el);
    focusable?.focus();
    focusable?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the refs are stable
  }, [error]);

  const fieldError = (field: FieldKey) => (error?.field === field ? error.message : null);
  const clearErrorOf = (...fields: FieldKey[]) => setError((e) => (e && fields.includes(e.field) ? null : e));
  const change = (patch: Partial<OnboardingDraft>, ...fields: FieldKey[]) => {
    setForm((f) => ({ ...f, ...patch }));
    clearErrorOf(...fields);
  };

  const country = data.countries?.find((c) => c.iso2 === form.nationality) ?? null;
  const business = form.user_type === 'BUSINESS_ENTITY';
  const busy = running || checking;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!accepted || busy) return;
    let check;
    setChecking(true);
    try {
      check = await data.ensurePhoneCheck();
    } catch (err) {
      toast.error(await readError(err));
      return;
    } finally {
      setChecking(false);
    }
    const message = validateOnboarding(
      { ...form, accept_condition: accepted, idFile: idFiles[0] ?? null, businessFile: businessFiles[0] ?? null },
      { role: user.role, isSubscribed: user.isSubscribed, isValidPhone: (phone) => !!country && check(phone, country).valid },
    );
    if (message) {
      setError({ field: FIELD_OF_MESSAGE[message] ?? 'user_type', message });
      toast.error(message);
      return;
    }
    setError(null);
    const phone = country ? check(form.phone_number, country) : null;
    if (!country || !phone?.valid || !form.user_type) return;
    const result = await submit({
      profile: {
        country: country.name,
        phone: phone.international,
        userType: form.user_type,
        businessName: business ? form.business_name.trim() : null,
      },
      idFile: idFiles[0],
      // The server asks every business entity for a business document before completion.
      businessFile: business ? businessFiles[0] : null,
      complete: user.status === 'VERIFIED' ? {} : { status: 'PENDING' },
    });
    if (!result) return;
    clearDraft(user._id);
    toast.success(MESSAGES.documentSubmitted);
    navigate(result.role === 'INVESTOR' ? paths.questionnaire : paths.dashboard);
  };

  const userTypeError = fieldError('user_type');
  const idError = fieldError('idFile');
  const businessError = fieldError('businessFile');

  return (
    <Box>
      <PageHeader
        title="Complete your onboarding"
        subtitle={
          user.role === 'INVESTOR'
            ? 'Tell us who you are and upload your documents. Our team reviews them before your account is verified for investing.'
            : 'Tell us who you are and upload your documents. Our team reviews them before your account is verified for listing properties.'
        }
      />

      {user.onboardingCompleted && (
        <Alert severity="info" sx={{ mb: 3 }}>
          You have already submitted your documents. Account status: <StatusBadge status={user.status} label={user.status.toLowerCase()} />
          {user.status === 'REJECTED' && user.rejectionReason ? ` Reason: ${user.rejectionReason}.` : ''} You can submit updated details and
          documents below.
        </Alert>
      )}

      <Paper component="form" noValidate onSubmit={onSubmit} aria-label="Onboarding" sx={{ p: { xs: 2, sm: 4 }, display: 'grid', gap: 4 }}>
        <Section title="About you">
          <FormControl component="fieldset" error={!!userTypeError} ref={targets.user_type} disabled={busy}>
            <FormLabel component="legend" id={`${ids.userType}-label`} sx={{ mb: 0.5 }}>
              User type
            </FormLabel>
            <RadioGroup
              name="user_type"
              value={form.user_type}
              onChange={(e) => change({ user_type: e.target.value as EntityType }, 'user_type', 'business_name', 'businessFile')}
              aria-labelledby={`${ids.userType}-label`}
              aria-describedby={userTypeError ? `${ids.userType}-error` : undefined}
              sx={{ flexDirection: { xs: 'column', sm: 'row' }, gap: { sm: 3 } }}
            >
              {USER_TYPES.map((t) => (
                <FormControlLabel key={t.value} value={t.value} control={<Radio />} label={t.label} />
              ))}
            </RadioGroup>
            <FormHelperText id={`${ids.userType}-error`}>
              {userTypeError ?? USER_TYPES.find((t) => t.value === form.user_type)?.hint ?? 'Choose how you will use Tessera.'}
            </FormHelperText>
          </FormControl>

          {business && (
            <TextField
              id={ids.businessName}
              inputRef={targets.business_name}
              label="Business name"
              value={form.business_name}
              onChange={(e) => change({ business_name: e.target.value }, 'business_name')}
              required
              disabled={busy}
              error={!!fieldError('business_name')}
              helperText={fieldError('business_name') ?? 'The registered name of the company or organisation.'}
              slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'organization' } }}
              fullWidth
            />
          )}
        </Section>

        <Section title="Nationality and phone">
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
            <CountrySelect
              id={ids.nationality}
              ref={targets.nationality}
              label="Nationality"
              value={form.nationality}
              onChange={(iso2) => change({ nationality: iso2 }, 'nationality', 'phone_number')}
              countries={data.countries}
              loading={data.loading}
              loadError={data.error}
              onRetry={data.reload}
              error={fieldError('nationality')}
              required
              disabled={busy}
            />
            <PhoneField
              id={ids.phone}
              ref={targets.phone_number}
              value={form.phone_number}
              onChange={(v) => change({ phone_number: v }, 'phone_number')}
              country={country}
              error={fieldError('phone_number')}
              required
              disabled={busy}
            />
          </Box>
          {error?.field === 'subscription' && (
            <Alert
              severity="warning"
              ref={targets.subscription}
              tabIndex={-1}
              action={
                <Button component={Link} to={paths.homeSubscribe} variant="filled-blue" size="SM">
                  Subscribe
                </Button>
              }
              sx={{
                alignItems: 'center',
                flexWrap: { xs: 'wrap', sm: 'nowrap' },
                '& .MuiAlert-action': { pl: { xs: 0, sm: 2 }, ml: { xs: 0, sm: 'auto' } },
              }}
            >
              <Typography sx={{ fontWeight: 600 }}>{MESSAGES.completeSubscription}</Typography>
              <Typography variant="body2">
                Investors join the early-access plan (a one-time ${SUBSCRIPTION_FEE_USD}, claimable as platform tokens) before onboarding.
                Your answers here are kept while you subscribe; choose your documents again when you come back.
              </Typography>
            </Alert>
          )}
        </Section>

        <Section title="Documents">
          <Box
            ref={targets.idFile}
            role="group"
            aria-label="Identity document"
            aria-describedby={idError ? ids.idError : undefined}
            sx={PICKER_BOX}
          >
            <FilePicker
              label="Identity document (passport, national ID card or driving licence)"
              kind="images"
              files={idFiles}
              onChange={(files) => {
                setIdFiles(files);
                clearErrorOf('idFile');
              }}
              onError={(m) => toast.error(m)}
              progress={[progressOf('identity', idFiles[0])]}
              required
              disabled={busy}
              name="id_file"
            />
            {idError && (
              <Typography id={ids.idError} variant="body2" color="error" sx={{ mt: 1 }}>
                {idError}
              </Typography>
            )}
          </Box>
          {business && (
            <Box
              ref={targets.businessFile}
              role="group"
              aria-label="Business documents"
              aria-describedby={businessError ? ids.businessError : undefined}
              sx={PICKER_BOX}
            >
              <FilePicker
                label="Business documents (certificate of incorporation or registration)"
                kind="pdf+images"
                files={businessFiles}
                onChange={(files) => {
                  setBusinessFiles(files);
                  clearErrorOf('businessFile');
                }}
                onError={(m) => toast.error(m)}
                progress={[progressOf('business', businessFiles[0])]}
                required
                disabled={busy}
                name="business_file"
              />
              {businessError && (
                <Typography id={ids.businessError} variant="body2" color="error" sx={{ mt: 1 }}>
                  {businessError}
                </Typography>
              )}
            </Box>
          )}
        </Section>

        <Box sx={{ display: 'grid', gap: 2 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={accepted}
                onChange={(e) => setAccepted(e.target.checked)}
                disabled={busy}
                slotProps={{ input: { 'aria-describedby': ids.consent } }}
              />
            }
            label={
              <span>
                I consent to Tessera processing my personal data and documents to verify my identity, as described in the{' '}
                <MuiLink component={Link} to={paths.privacy} target="_blank" rel="noopener">
                  Privacy Policy
                </MuiLink>
                .
              </span>
            }
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Button
              type="submit"
              variant="filled-blue"
              size="LG"
              disabled={!accepted}
              loading={busy}
              sx={{ minWidth: { xs: '100%', sm: 180 } }}
            >
              Submit
            </Button>
            <Typography id={ids.consent} variant="body2" color="text.secondary">
              {accepted ? 'Your documents are sent securely and reviewed by our team.' : 'Tick the consent box to submit.'}
            </Typography>
          </Box>
          {steps && <SubmissionSteps steps={steps} />}
        </Box>
      </Paper>
    </Box>
  );
}
