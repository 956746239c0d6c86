import { useState } from 'react';
import { IconButton } from 'shared-ui/mui-icon-button';
import { InputAdornment, TextField, type TextFieldProps } from 'shared-ui/mui-inputs';
import { VisibilityIcon, VisibilityOffIcon } from '../icons';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'variant'> & {
  /** Extra ids describing the input (e.g. the list of failed rules). */
  describedBy?: string;
};

/** A password input with a show/hide toggle. */
export function PasswordField({ describedBy, slotProps, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const htmlInput = (slotProps?.htmlInput ?? {}) as Record<string, unknown>;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        htmlInput: { ...htmlInput, ...(describedBy ? { 'aria-describedby': describedBy } : {}) },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setVisible((v) => !v)}
                edge="end"
                aria-label={visible ? 'Hide password' : 'Show password'}
                aria-pressed={visible}
              >
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
