// Confirms one admin decision (verify, reject, approve, mark paid…). With `reasonLabel`
// it asks for a reason first, and refuses to go on without one.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-forms';
import { Button, Modal, toast } from 'shared-ui';
import { readError } from 'shared-api';

export const REASON_REQUIRED = 'Please give a reason for the rejection';
export const REASON_MAX = 500;

export interface DecisionDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  /** Asks for a reason (required) under this label. */
  reasonLabel?: string;
  /** What a missing reason says (default: REASON_REQUIRED). */
  reasonRequired?: string;
  /** The reason's longest length (default: REASON_MAX). */
  reasonMax?: number;
  /** A one-line field (a reference) instead of a text area. */
  reasonSingleLine?: boolean;
  /** Red confirm button. */
  destructive?: boolean;
  /** Runs the decision; a thrown error is shown and the dialog stays open. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
}

export function DecisionDialog({
  open,
  title,
  description,
  confirmLabel,
  reasonLabel,
  reasonRequired = REASON_REQUIRED,
  reasonMax = REASON_MAX,
  reasonSingleLine = false,
  destructive = false,
  onConfirm,
  onClose,
  children,
}: DecisionDialogProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const descriptionId = useId();

  useEffect(() => {
    if (open) {
      setReason('');
      setProblem(null);
      setFailure(null);
    }
  }, [open]);

  const confirm = async () => {
    const text = reason.trim();
    if (reasonLabel && !text) {
      setProblem(reasonRequired);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(text);
    } catch (err) {
      const message = await readError(err);
      setFailure(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      maxWidth="sm"
      disableClose={busy}
      describedBy={description ? descriptionId : undefined}
      actions={
        <>
          <Button variant="outline-blue" size="SM" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant={destructive ? 'filled-red' : 'filled-blue'} size="SM" onClick={confirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        {description && (
          <Typography id={descriptionId} component="div" color="text.secondary">
            {description}
          </Typography>
        )}
        {children}
        {reasonLabel && (
          <TextField
            label={reasonLabel}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (problem) setProblem(null);
            }}
            required
            multiline={!reasonSingleLine}
            minRows={reasonSingleLine ? undefined : 3}
            error={Boolean(problem)}
            helperText={problem ?? `${reason.length}/${reasonMax} characters`}
            slotProps={{ htmlInput: { maxLength: reasonMax } }}
            autoFocus
            fullWidth
          />
        )}
        {failure && <Alert severity="error">{failure}</Alert>}
      </Box>
    </Modal>
  );
}
