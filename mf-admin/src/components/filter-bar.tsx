import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Paper } from 'shared-ui/mui';
import { MenuItem, TextField } from 'shared-ui/mui-forms';

/** The filters above a table: wrap on small screens, one row on wide ones. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={label}
      sx={{
        p: 2,
        mb: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 190px), 1fr))',
        alignItems: 'start',
      }}
    >
      {children}
    </Paper>
  );
}

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Typing settles for this long before `onChange` (ms). */
  delay?: number;
}

/** A search box that reports what was typed once typing pauses (or on Enter, or on leaving it). */
export function SearchField({ label, value, onChange, placeholder, delay = 300 }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const report = (next: string) => {
    cancel();
    if (next === last.current) return;
    last.current = next;
    changed.current(next);
  };
  // The address changed from outside (Back, a link): show it.
  useEffect(() => {
    if (value !== last.current) {
      cancel();
      last.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => cancel, []);
  return (
    <TextField
      label={label}
      type="search"
      size="small"
      value={text}
      placeholder={placeholder}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        cancel();
        timer.current = setTimeout(() => report(next), delay);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') report(text);
      }}
      // Leaving the box (e.g. to click a row's link) applies what was typed first, so a
      // late timer never rewrites the address after a navigation.
      onBlur={() => report(text)}
      fullWidth
    />
  );
}

export interface SelectFilterProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The "no filter" choice; null when a value is always required. */
  allLabel?: string | null;
}

export function SelectFilter({ label, value, onChange, options, allLabel = 'All' }: SelectFilterProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {allLabel !== null && <MenuItem value="">{allLabel}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Options from a label map. */
export function optionsOf<K extends string>(labels: Record<K, string>): { value: K; label: string }[] {
  return (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
}
