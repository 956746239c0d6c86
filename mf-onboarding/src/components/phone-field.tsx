import { useState, type Ref } from 'react';
import { TextField } from 'shared-ui/mui-inputs';
import { PHONE_ALLOWED } from 'shared-api/contract';
import { callingCodeLabel, type Country } from '../lib/countries';

export interface PhoneFieldProps {
  ref?: Ref<HTMLInputElement>;
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  /** The chosen country, for the hint. */
  country: Country | null;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
}

const MAX_LENGTH = 30;
const CHARACTERS_HINT = 'Only digits, spaces, +, -, ( and ) can be used.';

/** A phone number: only the permitted characters get in. */
export function PhoneField({ ref, id, label = 'Phone number', value, onChange, country, error, required, disabled }: PhoneFieldProps) {
  const [refused, setRefused] = useState(false);
  const hint = country
    ? `As you dial it in ${country.name}, or with ${callingCodeLabel(country)}.`
    : 'Choose the country first; then the number as you dial it there.';
  return (
    <TextField
      id={id}
      inputRef={ref}
      label={label}
      type="tel"
      value={value}
      required={required}
      disabled={disabled}
      fullWidth
      onChange={(e) => {
        const next = e.target.value;
        if (!PHONE_ALLOWED.test(next)) {
          setRefused(true);
          return;
        }
        setRefused(false);
        onChange(next);
      }}
      onBlur={() => setRefused(false)}
      error={!!error}
      helperText={error ?? (refused ? CHARACTERS_HINT : hint)}
      slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel', maxLength: MAX_LENGTH } }}
    />
  );
}
