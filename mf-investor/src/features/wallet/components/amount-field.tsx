import type { ReactNode } from 'react';
import { InputAdornment, TextField } from 'shared-ui/mui-inputs';

export interface AmountFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error: string | null;
  hint: ReactNode;
  disabled?: boolean;
}

/** A dollar amount typed as text, so the page's own rules (and messages) apply. */
export function AmountField({ id, label, value, onChange, onBlur, error, hint, disabled }: AmountFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={error !== null}
      helperText={error ?? hint}
      disabled={disabled}
      required
      fullWidth
      autoComplete="off"
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { inputMode: 'decimal', maxLength: 20, 'aria-invalid': error !== null },
      }}
    />
  );
}
