import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Box } from 'shared-ui/mui-core';
import { FormControl, InputAdornment, InputLabel, NativeSelect, OutlinedInput } from 'shared-ui/mui-fields';
import { PROPERTY_TYPE_FILTER_LABELS, PROPERTY_TYPES, US_STATES, type PropertyType } from 'shared-api/contract';
import { Button } from 'shared-ui/core';
import { SearchIcon } from '../search-icon';
import type { UpdateFilters } from '../hooks/use-property-filters';
import { hasFilters, type PropertyFilters } from '../lib/filters';

/** Typing pauses this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 350;

export interface FilterBarProps {
  filters: PropertyFilters;
  onChange: UpdateFilters;
}

/**
 * An outlined TextField with a native select, from MUI's field parts (shared-ui/mui-fields):
 * the same markup TextField renders, without the menu machinery TextField's import of
 * Select brings along (docs/frontend.md).
 */
function NativeSelectField({
  id,
  label,
  name,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <FormControl className="MuiTextField-root" variant="outlined" fullWidth>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        input={<OutlinedInput id={id} label={label} notched fullWidth />}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </NativeSelect>
    </FormControl>
  );
}

/** Spec 2's filter bar: search box, location (the 50 US states) and property type. */
export function FilterBar({ filters, onChange }: FilterBarProps) {
  const [text, setText] = useState(filters.q);
  const base = useId();
  const ids = { q: `${base}q`, state: `${base}state`, type: `${base}type` };

  // The URL changed elsewhere (Clear filters, back button): show it.
  useEffect(() => {
    setText(filters.q);
  }, [filters.q]);

  useEffect(() => {
    if (text.trim() === filters.q.trim()) return;
    const timer = window.setTimeout(() => onChange({ q: text }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, filters.q, onChange]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() !== filters.q.trim()) onChange({ q: text });
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Filter properties"
      onSubmit={onSubmit}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto' },
        alignItems: 'center',
        mb: 3,
      }}
    >
      <FormControl className="MuiTextField-root" variant="outlined" fullWidth sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}>
        <InputLabel htmlFor={ids.q} id={`${ids.q}-label`}>
          Search
        </InputLabel>
        <OutlinedInput
          id={ids.q}
          label="Search"
          type="search"
          name="q"
          placeholder="Search by property name"
          value={text}
          onChange={(e) => setText(e.target.value)}
          fullWidth
          inputProps={{ maxLength: 100, enterKeyHint: 'search' }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          }
        />
      </FormControl>
      <NativeSelectField
        id={ids.state}
        label="Location"
        name="state"
        value={filters.state}
        onChange={(value) => onChange({ state: value })}
      >
        <option value="">All locations</option>
        {US_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </NativeSelectField>
      <NativeSelectField
        id={ids.type}
        label="Property type"
        name="type"
        value={filters.type}
        onChange={(value) => onChange({ type: value as PropertyType | '' })}
      >
        <option value="">All types</option>
        {PROPERTY_TYPES.map((t) => (
          <option key={t} value={t}>
            {PROPERTY_TYPE_FILTER_LABELS[t]}
          </option>
        ))}
      </NativeSelectField>
      <Box sx={{ display: 'flex', justifyContent: { xs: 'flex-start', md: 'flex-end' }, gridColumn: { sm: '1 / -1', md: 'auto' } }}>
        <Button variant="text-blue" size="MD" onClick={() => onChange({ q: '', state: '', type: '' })} disabled={!hasFilters(filters)}>
          Clear filters
        </Button>
      </Box>
    </Box>
  );
}
