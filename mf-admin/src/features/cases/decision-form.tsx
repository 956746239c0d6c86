// A case's decision: the reviewer ticks the checklist, chooses approve or reject (a rejection
// needs a reason code; the person reads it in plain words with the note), then confirms.
import { useId, useState, type FormEvent } from 'react';
import { Alert, Box, Typography } from 'shared-ui/mui';
import { Checkbox, FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, TextField } from 'shared-ui/mui-forms';
import { Button, ConfirmDialog } from 'shared-ui';
import type { KycCaseKind, KycChecklist, KycDecision, KycDecisionBody, KycRejectionReason } from 'shared-api/contract';
import {
  KYC_CHECKLIST,
  KYC_CHECKLIST_LABELS,
  KYC_MESSAGES,
  KYC_REJECTION_REASON_LABELS,
  KYC_REJECTION_REASON_TEXT,
  KYC_REJECTION_REASONS,
} from 'shared-api/contract/admin';

export const DECISION_NOTE_MAX = 1000;
export const CHOOSE_DECISION = 'Choose approve or reject';
export const CHECKLIST_INCOMPLETE = 'Tick every check before approving';

export interface DecisionFormProps {
  kind: KycCaseKind;
  personName: string;
  /** Sends the decision; a thrown error's message is shown in the form. */
  onDecide: (body: KycDecisionBody) => Promise<void>;
}

export function DecisionForm({ kind, personName, onDecide }: DecisionFormProps) {
  const items = KYC_CHECKLIST[kind];
  const [checklist, setChecklist] = useState<KycChecklist>({});
  const [decision, setDecision] = useState<KycDecision | ''>('');
  const [reasonCode, setReasonCode] = useState<KycRejectionReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const checklistId = useId();
  const decisionId = useId();

  const allChecked = items.every((i) => checklist[i]);

  const validate = (): string | null => {
    if (!decision) return CHOOSE_DECISION;
    if (decision === 'APPROVE' && !allChecked) return CHECKLIST_INCOMPLETE;
    if (decision === 'REJECT' && !reasonCode) return KYC_MESSAGES.rejectNeedsReason;
    return null;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validate();
    setError(problem);
    if (!problem) setConfirming(true);
  };

  const confirm = async () => {
    if (!decision) return;
    setBusy(true);
    try {
      const trimmed = note.trim();
      await onDecide({
        decision,
        checklist: Object.fromEntries(items.map((i) => [i, checklist[i] === true])),
        ...(decision === 'REJECT' && reasonCode ? { reasonCode } : {}),
        ...(trimmed ? { note: trimmed } : {}),
      });
      setConfirming(false);
    } catch (err) {
      setConfirming(false);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Decision" sx={{ display: 'grid', gap: 2 }}>
      <FormControl component="fieldset" aria-labelledby={checklistId}>
        <FormLabel component="legend" id={checklistId}>
          Checklist
        </FormLabel>
        {items.map((item) => (
          <FormControlLabel
            key={item}
            control={
              <Checkbox checked={checklist[item] === true} onChange={(e) => setChecklist((c) => ({ ...c, [item]: e.target.checked }))} />
            }
            label={KYC_CHECKLIST_LABELS[item]}
          />
        ))}
      </FormControl>

      <FormControl component="fieldset" aria-labelledby={decisionId}>
        <FormLabel component="legend" id={decisionId}>
          Decision
        </FormLabel>
        <RadioGroup row value={decision} onChange={(e) => setDecision(e.target.value as KycDecision)} name="decision">
          <FormControlLabel value="APPROVE" control={<Radio />} label="Approve" />
          <FormControlLabel value="REJECT" control={<Radio />} label="Reject" />
        </RadioGroup>
      </FormControl>

      {decision === 'REJECT' && (
        <TextField
          select
          label="Reason"
          required
          value={reasonCode}
          onChange={(e) => setReasonCode(e.target.value as KycRejectionReason)}
          helperText={reasonCode ? `The person reads: “${KYC_REJECTION_REASON_TEXT[reasonCode]}”` : 'Choose the main reason'}
        >
          {KYC_REJECTION_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {KYC_REJECTION_REASON_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
      )}

      <TextField
        label="Note to the person (optional)"
        multiline
        minRows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        slotProps={{ htmlInput: { maxLength: DECISION_NOTE_MAX } }}
        helperText="Shown to the person with the decision. Keep internal remarks in the notes below."
      />

      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}

      <Box>
        <Button type="submit" variant="filled-blue" size="SM">
          Record decision
        </Button>
      </Box>

      <ConfirmDialog
        open={confirming}
        title={decision === 'APPROVE' ? `Verify ${personName}?` : `Reject ${personName}?`}
        message={
          <Typography component="span">
            {decision === 'APPROVE'
              ? 'Their account becomes verified and they are told.'
              : `Their account is rejected, their sessions end and they are told: “${reasonCode ? KYC_REJECTION_REASON_TEXT[reasonCode] : ''}”. They can submit again.`}
          </Typography>
        }
        confirmLabel={decision === 'APPROVE' ? 'Approve' : 'Reject'}
        destructive={decision === 'REJECT'}
        loading={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
