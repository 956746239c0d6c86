// A support thread's messages (who, when, what) and the box to add one: the person's
// support page and the admin's inbox show the same conversation.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Paper, Typography } from 'shared-ui/mui';
import { TextField } from 'shared-ui/mui-inputs';
import { Button, brand, formatDate, toast } from 'shared-ui/core';
import { readError } from 'shared-api';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGES } from 'shared-api/contract/basics';
import type { SupportMessage } from 'shared-api/contract';

export interface ConversationProps {
  messages: readonly SupportMessage[];
  /** Whose side the reader is on: their own messages are set to the right. */
  mine: SupportMessage['authorRole'];
  /** Extra lines under a message (an admin's e-mailed reply: whether it went). */
  footer?: (m: SupportMessage) => ReactNode;
  label?: string;
}

export function Conversation({ messages, mine, footer, label = 'Messages' }: ConversationProps) {
  return (
    <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {messages.map((m) => (
        <ConversationMessage key={m._id} message={m} own={m.authorRole === mine} footer={footer?.(m)} />
      ))}
    </Box>
  );
}

function ConversationMessage({ message: m, own, footer }: { message: SupportMessage; own: boolean; footer?: ReactNode }) {
  const id = useId();
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start' }}>
      <Paper
        component="article"
        aria-labelledby={id}
        variant="outlined"
        sx={{
          p: { xs: 1.5, sm: 2 },
          width: { xs: '100%', sm: '85%' },
          bgcolor: own ? brand.blueSoft : 'background.paper',
          borderColor: 'divider',
        }}
      >
        <Typography id={id} component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {m.authorName}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ fontWeight: 400 }}>
            {' · '}
            <time dateTime={m.createdAt}>{formatDate(m.createdAt, 'datetime')}</time>
          </Typography>
        </Typography>
        <Typography variant="body1" sx={{ mt: 0.75, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.body}
        </Typography>
        {footer}
      </Paper>
    </Box>
  );
}

export interface ComposerProps {
  /** The form's name and the field's label, e.g. "Your answer". */
  label: string;
  submitLabel: string;
  /** A line under the heading (e.g. "Answering reopens the ticket."). */
  hint?: ReactNode;
  /** Sends the text; resolves with a success message for the toast, or rejects (the text is kept). */
  onSend: (body: string) => Promise<string>;
  disabled?: boolean;
}

export function Composer({ label, submitLabel, hint, onSend, disabled }: ComposerProps) {
  const ids = { heading: useId(), field: useId(), hint: useId() };
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    if (!text) {
      setProblem(SUPPORT_MESSAGES.emptyMessage);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      toast.success(await onSend(text));
      setBody('');
    } catch (err) {
      const message = await readError(err);
      setProblem(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography id={ids.heading} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby={ids.heading}>
        {hint && (
          <Typography id={ids.hint} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {hint}
          </Typography>
        )}
        {problem && (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {problem}
          </Alert>
        )}
        <TextField
          id={ids.field}
          label={label}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          required
          fullWidth
          multiline
          minRows={4}
          disabled={busy || disabled}
          error={problem !== null}
          helperText={`${body.length.toLocaleString('en-US')}/${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')}`}
          slotProps={{
            htmlInput: { maxLength: SUPPORT_MESSAGE_MAX, 'aria-describedby': hint ? `${ids.hint} ${ids.field}-helper-text` : undefined },
          }}
        />
        <Button type="submit" variant="filled-blue" loading={busy} disabled={disabled} sx={{ mt: 1.5, width: { xs: '100%', sm: 'auto' } }}>
          {submitLabel}
        </Button>
      </form>
    </Paper>
  );
}
