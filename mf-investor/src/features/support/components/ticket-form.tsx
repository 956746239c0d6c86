import { useId, useState, type FormEvent } from 'react';
import { Alert, Paper, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-inputs';
import { Button, toast } from 'shared-ui/core';
import { readError, sendSupport } from 'shared-api';
import { MESSAGES, type SupportTicket } from 'shared-api/contract';

export const SUBJECT_MAX = 120;
export const MESSAGE_MAX = 5000;
export const TICKET_SENT = 'Your ticket was opened. You can follow its status below.';

/** Opens a support ticket ({ subject, message }) as the signed-in user. */
export function TicketForm({ onSent }: { onSent: (ticket: SupportTicket) => void }) {
  const ids = { heading: useId(), subject: useId(), message: useId() };
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const missing = { subject: subject.trim() === '', message: message.trim() === '' };
  const invalid = tried && (missing.subject || missing.message);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (missing.subject || missing.message) {
      toast.error(MESSAGES.contactRequired);
      return;
    }
    setBusy(true);
    try {
      const ticket = await sendSupport({ subject: subject.trim(), message: message.trim() });
      toast.success(TICKET_SENT);
      setSubject('');
      setMessage('');
      setTried(false);
      onSent(ticket);
    } catch (err) {
      toast.error(await readError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={ids.heading} component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        Open a ticket
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Questions about your account, a payment or a property: our team answers every ticket.
      </Typography>
      <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={ids.heading}>
        {invalid && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {MESSAGES.contactRequired}
          </Alert>
        )}
        <TextField
          id={ids.subject}
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          required
          fullWidth
          disabled={busy}
          error={tried && missing.subject}
          helperText={`${subject.length}/${SUBJECT_MAX}`}
          slotProps={{ htmlInput: { maxLength: SUBJECT_MAX } }}
          sx={{ mb: 2 }}
        />
        <TextField
          id={ids.message}
          label="Message"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          required
          fullWidth
          multiline
          minRows={5}
          disabled={busy}
          error={tried && missing.message}
          helperText={`${message.length.toLocaleString('en-US')}/${MESSAGE_MAX.toLocaleString('en-US')}`}
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
        />
        <Button type="submit" variant="filled-blue" loading={busy} sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}>
          Send ticket
        </Button>
      </form>
    </Paper>
  );
}
