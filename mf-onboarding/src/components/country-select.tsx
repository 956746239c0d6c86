import type { Ref } from 'react';
import { Box, Typography } from 'shared-ui/mui-core';
import { Autocomplete, TextField } from 'shared-ui/mui-forms';
import { Button } from 'shared-ui/core';
import { callingCodeLabel, searchCountries, type Country } from '../lib/countries';

export interface CountrySelectProps {
  ref?: Ref<HTMLInputElement>;
  id: string;
  label: string;
  /** ISO alpha-2 code of the chosen country, or ''. */
  value: string;
  onChange: (iso2: string) => void;
  countries: readonly Country[] | undefined;
  loading?: boolean;
  /** The list could not be downloaded. */
  loadError?: string | null;
  onRetry?: () => void;
  error?: string | null;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
}

/** Searchable country picker: by name, alias, ISO codes or calling code. */
export function CountrySelect({
  ref,
  id,
  label,
  value,
  onChange,
  countries,
  loading,
  loadError,
  onRetry,
  error,
  helperText,
  required,
  disabled,
}: CountrySelectProps) {
  const options = countries ?? [];
  const selected = options.find((c) => c.iso2 === value) ?? null;
  return (
    <Box>
      <Autocomplete
        id={id}
        options={options}
        value={selected}
        onChange={(_e, c) => onChange(c?.iso2 ?? '')}
        getOptionLabel={(c) => c.name}
        isOptionEqualToValue={(a, b) => a.iso2 === b.iso2}
        filterOptions={(opts, state) => searchCountries(opts, state.inputValue)}
        autoHighlight
        loading={loading}
        loadingText="Loading countries..."
        noOptionsText="No country matches"
        disabled={disabled}
        renderOption={(props, c) => {
          const { key, ...rest } = props;
          return (
            <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
              <span>{c.name}</span>
              <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {c.iso3} · {callingCodeLabel(c)}
              </Typography>
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            inputRef={ref}
            label={label}
            required={required}
            error={!!error}
            helperText={error ?? helperText}
            placeholder="Search by name or code"
          />
        )}
      />
      {loadError && (
        <Box role="alert" sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="error">
            The list of countries could not be loaded: {loadError}
          </Typography>
          {onRetry && (
            <Button variant="text-blue" size="XS" onClick={onRetry}>
              Retry
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}
