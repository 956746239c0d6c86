import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Paper } from 'shared-ui/mui-surfaces';
import { TextField } from 'shared-ui/mui-inputs';
import { Button, toast } from 'shared-ui/core';
import { readError, updateMe, useSessionStore } from 'shared-api';
import { MESSAGES, type User } from 'shared-api/contract';
import { CountrySelect } from '../../components/country-select';
import { PhoneField } from '../../components/phone-field';
import { findCountry } from '../../lib/countries';
import { useCountryData } from '../../lib/use-country-data';

type Field = 'firstName' | 'lastName' | 'country' | 'phone';
interface Values {
  firstName: string;
  lastName: string;
  /** ISO alpha-2, '' for none. */
  country: string;
  phone: string;
}

const NAME_MAX = 100;
const COUNTRY_REQUIRED = 'Please select your country to check the phone number';
const REQUIRED: Record<'firstName' | 'lastName', string> = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
};

const fromUser = (u: User, countryCode: string): Values => ({
  firstName: u.firstName,
  lastName: u.lastName,
  country: countryCode,
  phone: u.phone ?? '',
});

/** Names, country and phone; the phone is checked against the country. */
export function DetailsForm({ user }: { user: User }) {
  const data = useCountryData();
  const ids = { first: useId(), last: useId(), email: useId(), country: useId(), phone: useId() };
  const refs = {
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    country: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
  };

  const storedCountry = data.countries ? (findCountry(data.countries, user.country)?.iso2 ?? '') : '';
  const [values, setValues] = useState<Values>(() => fromUser(user, ''));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const dirtyRef = useRef(false);

  // Follow the stored user (and the country list's arrival) until the person edits something.
  useEffect(() => {
    if (!dirtyRef.current) setValues(fromUser(user, storedCountry));
  }, [user, storedCountry]);

  const baseline = fromUser(user, storedCountry);
  const dirty = (Object.keys(baseline) as Field[]).some((k) => values[k] !== baseline[k]);
  const country = data.countries?.find((c) => c.iso2 === values.country) ?? null;

  const set = (field: Field, value: string) => {
    dirtyRef.current = true;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, ...(field === 'country' ? { phone: undefined } : {}) }));
  };

  const reset = () => {
    dirtyRef.current = false;
    setValues(baseline);
    setErrors({});
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const next: Partial<Record<Field, string>> = {};
    if (!values.firstName.trim()) next.firstName = REQUIRED.firstName;
    if (!values.lastName.trim()) next.lastName = REQUIRED.lastName;
    let phone: string | null = null;
    if (values.phone.trim()) {
      if (!country) next.country = COUNTRY_REQUIRED;
      else {
        let result;
        try {
          result = (await data.ensurePhoneCheck())(values.phone, country);
        } catch (err) {
          toast.error(await readError(err));
          return;
        }
        if (result.valid) phone = result.international;
        else next.phone = MESSAGES.invalidPhone;
      }
    }
    const order: Field[] = ['firstName', 'lastName', 'country', 'phone'];
    const first = order.find((f) => next[f]);
    if (first) {
      setErrors(next);
      toast.error(next[first] as string);
      refs[first].current?.focus();
      return;
    }
    setSaving(true);
    try {
      const updated = await updateMe({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        country: country?.name ?? null,
        phone,
      });
      useSessionStore.getState().setUser(updated);
      dirtyRef.current = false;
      toast.success('Your profile has been updated');
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper component="form" noValidate onSubmit={onSubmit} aria-labelledby="profile-details-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="profile-details-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
        Personal details
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <TextField
          id={ids.first}
          inputRef={refs.firstName}
          label="First name"
          value={values.firstName}
          onChange={(e) => set('firstName', e.target.value)}
          required
          error={!!errors.firstName}
          helperText={errors.firstName}
          slotProps={{ htmlInput: { maxLength: NAME_MAX, autoComplete: 'given-name' } }}
        />
        <TextField
          id={ids.last}
          inputRef={refs.lastName}
          label="Last name"
          value={values.lastName}
          onChange={(e) => set('lastName', e.target.value)}
          required
          error={!!errors.lastName}
          helperText={errors.lastName}
          slotProps={{ htmlInput: { maxLength: NAME_MAX, autoComplete: 'family-name' } }}
        />
        <TextField
          id={ids.email}
          label="Email"
          value={user.email}
          helperText="Your sign-in address; contact support to change it."
          slotProps={{ htmlInput: { readOnly: true } }}
          sx={{ gridColumn: { md: '1 / -1' } }}
        />
        <CountrySelect
          id={ids.country}
          ref={refs.country}
          label="Country"
          value={values.country}
          onChange={(iso2) => set('country', iso2)}
          countries={data.countries}
          loading={data.loading}
          loadError={data.error}
          onRetry={data.reload}
          error={errors.country}
          helperText={!data.countries && user.country ? `Currently ${user.country}` : undefined}
        />
        <PhoneField
          id={ids.phone}
          ref={refs.phone}
          value={values.phone}
          onChange={(v) => set('phone', v)}
          country={country}
          error={errors.phone}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, mt: 3, flexWrap: 'wrap' }}>
        <Button type="submit" variant="filled-blue" size="MD" loading={saving} disabled={!dirty}>
          Save changes
        </Button>
        {dirty && (
          <Button variant="outline-blue" size="MD" onClick={reset} disabled={saving}>
            Discard changes
          </Button>
        )}
      </Box>
    </Paper>
  );
}
