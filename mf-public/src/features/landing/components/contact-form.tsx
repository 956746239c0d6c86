import { useState, type FormEvent } from 'react';
import { Box } from 'shared-ui/mui-core';
import { TextField } from 'shared-ui/mui-inputs';
import { readError, sendSupport } from 'shared-api';
import {
  CONTACT_LIMITS,
  CONTACT_SEND_LOADING_MS,
  MESSAGES,
  PHONE_ALLOWED,
  validateContact,
  validateEmail,
  type ContactForm as ContactValues,
} from 'shared-api/contract';
import { Button, toast } from 'shared-ui/core';

const EMPTY: ContactValues = { name: '', phoneNumber: '', email: '', subject: '', message: '' };
export const CONTACT_SENT = 'Thank you, your message has been sent. Our team will reply by e-mail.';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spec 5's contact form; beyond the spec it really sends the message (POST /support). */
export default function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);

  const set = (field: keyof ContactValues) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    if (field === 'phoneNumber' && !PHONE_ALLOWED.test(value)) return;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const empty = (field: keyof ContactValues) => submitted && values[field].trim() === '';
  const emailError = submitted && values.email.trim() !== '' ? validateEmail(values.email) : null;
  const phoneError = submitted && values.phoneNumber.trim() !== '' && !/\d/.test(values.phoneNumber) ? MESSAGES.invalidPhone : null;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    setSubmitted(true);
    const problem = validateContact(values);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (validateEmail(values.email) || !/\d/.test(values.phoneNumber)) return;
    setSending(true);
    const body = {
      name: values.name.trim(),
      phoneNumber: values.phoneNumber.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    };
    // Spec 5: the loading state lasts 3 seconds (and now the message really goes out).
    const [outcome] = await Promise.allSettled([sendSupport(body), wait(CONTACT_SEND_LOADING_MS)]);
    if (outcome.status === 'fulfilled') {
      toast.success(CONTACT_SENT);
      setValues(EMPTY);
      setSubmitted(false);
    } else {
      toast.error(await readError(outcome.reason));
    }
    setSending(false);
  }

  const limited = (max: number) => ({ htmlInput: { maxLength: max } });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Contact us">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.25 }}>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2.25 }}>
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            fullWidth
            value={values.name}
            onChange={set('name')}
            error={empty('name')}
            slotProps={limited(CONTACT_LIMITS.name)}
          />
          <TextField
            label="Phone number"
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            required
            fullWidth
            value={values.phoneNumber}
            onChange={set('phoneNumber')}
            error={empty('phoneNumber') || !!phoneError}
            helperText={phoneError ?? undefined}
            slotProps={limited(CONTACT_LIMITS.phoneNumber)}
          />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2.25 }}>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            fullWidth
            value={values.email}
            onChange={set('email')}
            error={empty('email') || !!emailError}
            helperText={emailError ?? undefined}
            slotProps={limited(CONTACT_LIMITS.email)}
          />
          <TextField
            label="Subject"
            name="subject"
            required
            fullWidth
            value={values.subject}
            onChange={set('subject')}
            error={empty('subject')}
            slotProps={limited(CONTACT_LIMITS.subject)}
          />
        </Box>
        <TextField
          label="Message"
          name="message"
          required
          fullWidth
          multiline
          rows={5}
          value={values.message}
          onChange={set('message')}
          error={empty('message')}
          slotProps={limited(5000)}
        />
        <Box>
          <Button type="submit" variant="filled-blue" size="LG" loading={sending} sx={{ minWidth: 200 }}>
            Send message
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
