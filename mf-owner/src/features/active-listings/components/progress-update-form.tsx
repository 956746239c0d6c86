import { useId, useState } from 'react';
import { Box } from 'shared-ui/mui-core';
import { InputAdornment, TextField } from 'shared-ui/mui-inputs';
import { Button, toast } from 'shared-ui/core';
import { readError, updateOffPlanProgress } from 'shared-api';
import type { ProgressPosted, Property } from 'shared-api/contract';
import { PROGRESS_MESSAGE, PROGRESS_NOTE_MAX, isValidProgress } from '../../../lib/progress';

export interface ProgressUpdateFormProps {
  property: Property;
  onPosted: (p: ProgressPosted) => void;
}

/**
 * Posts a construction update (percent and a note) that investors see on the property page;
 * one lower than the listing's progress waits for the platform's review first.
 */
export function ProgressUpdateForm({ property, onPosted }: ProgressUpdateFormProps) {
  const formId = useId();
  const [percent, setPercent] = useState(String(property.progress ?? 0));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);

  const post = async () => {
    if (!isValidProgress(percent)) {
      setError(PROGRESS_MESSAGE);
      return;
    }
    setError(null);
    setPosting(true);
    try {
      const updated = await updateOffPlanProgress(property._id, { percent: Number(percent.trim()), note: note.trim() || undefined });
      onPosted(updated);
      setNote('');
      if (updated.message) toast.info(updated.message);
      else toast.success('Progress update posted. Investors see it on the property page.');
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setPosting(false);
    }
  };

  return (
    <Box
      component="form"
      aria-label={`Progress update for ${property.name}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void post();
      }}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 1.5, alignItems: 'start' }}
    >
      <TextField
        id={`${formId}-percent`}
        label="Progress"
        value={percent}
        onChange={(e) => setPercent(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? `Now ${property.progress ?? 0}%`}
        disabled={posting}
        size="small"
        slotProps={{ htmlInput: { inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
      />
      <TextField
        id={`${formId}-note`}
        label="Note for investors"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        disabled={posting}
        multiline
        minRows={2}
        size="small"
        helperText="What happened since the last update, e.g. “Roof finished, windows going in.”"
        slotProps={{ htmlInput: { maxLength: PROGRESS_NOTE_MAX } }}
      />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="filled-blue" size="SM" loading={posting}>
          Post update
        </Button>
      </Box>
    </Box>
  );
}
