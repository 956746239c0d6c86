// The e-mails Tessera sends, all on the branded layout (layout.ts): HTML and plain text.
import { BRAND, paths, type OtpPurpose } from 'shared-api/contract';
import { brandedMail } from './layout';
import type { MailMessage } from './mailer';

export function otpMail(
  to: string,
  firstName: string,
  purpose: OtpPurpose,
  code: string,
  minutes: number,
  publicUrl: string,
): Promise<MailMessage> {
  if (purpose === 'VERIFY_EMAIL') {
    return brandedMail({
      to,
      subject: `Your ${BRAND} verification code: ${code}`,
      title: `Your verification code: ${code}`,
      body: `Hello ${firstName},\n\nYour ${BRAND} verification code is ${code}. It expires in ${minutes} minutes.\nEnter it on ${publicUrl}/verify to confirm your e-mail address.\n\nIf you did not sign up, ignore this message.`,
      action: { label: 'Confirm my e-mail address', url: `${publicUrl}${paths.verify}` },
      preferencesUrl: null,
    });
  }
  return brandedMail({
    to,
    subject: `Your ${BRAND} password reset code: ${code}`,
    title: `Your password reset code: ${code}`,
    body: `Hello ${firstName},\n\nUse the code ${code} to choose a new ${BRAND} password. It expires in ${minutes} minutes.\n\nIf you did not ask for this, ignore this message: your password stays as it is.`,
    preferencesUrl: null,
  });
}

/** A notice's e-mail: its title as subject and heading, its body, a button to where it is about. */
export function noticeMail(
  to: string,
  firstName: string,
  n: { id: string; title: string; body: string; link: string | null },
  publicUrl: string,
): Promise<MailMessage> {
  return brandedMail({
    to,
    subject: n.title,
    title: n.title,
    body: `Hello ${firstName},\n\n${n.body}`,
    action: { label: n.link ? 'Open in Tessera' : 'Open your dashboard', url: `${publicUrl}${n.link ?? paths.dashboard}` },
    preferencesUrl: `${publicUrl}${paths.profile}`,
  }).then((m) => ({ ...m, messageId: `<notice-${n.id}@tessera>` }));
}
