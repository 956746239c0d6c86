import { useId, type ReactNode } from 'react';
import { Box, Typography } from 'shared-ui/mui';
import { Button, Modal } from 'shared-ui/core';

export interface ReviewDialogProps {
  open: boolean;
  title: string;
  /** Label and value of each line of the summary, in order. */
  rows: [string, string][];
  /** What happens once confirmed (read out as the dialog's description). */
  next: ReactNode;
  confirmLabel: string;
  placing: boolean;
  onConfirm: () => void;
  onBack: () => void;
}

/**
 * The review step before money moves (a primary order, a market order): a summary as a
 * description list, "What happens next", and Back / confirm. Closing is refused while placing.
 */
export function ReviewDialog({ open, title, rows, next, confirmLabel, placing, onConfirm, onBack }: ReviewDialogProps) {
  const nextId = useId();
  return (
    <Modal
      open={open}
      onClose={onBack}
      title={title}
      maxWidth="xs"
      disableClose={placing}
      describedBy={nextId}
      actions={
        <>
          <Button variant="outline-blue" size="SM" onClick={onBack} disabled={placing}>
            Back
          </Button>
          <Button variant="filled-blue" size="SM" onClick={onConfirm} loading={placing}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Box
        component="dl"
        aria-label="Order summary"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 2,
          rowGap: 1,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, textAlign: 'right', fontWeight: 600 },
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      <Box id={nextId} sx={{ mt: 2 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          What happens next
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {next}
        </Typography>
      </Box>
    </Modal>
  );
}
