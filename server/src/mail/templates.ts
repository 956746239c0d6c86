// The e-mails Tessera sends.
import { BRAND, type OtpPurpose } from 'shared-api/contract';
import type { MailMessage } from './mailer';

export function otpMail(to: string, firstName: string, purpose: OtpPurpose, code: string, minutes: number, publicUrl: string): MailMessage {
  if (purpose === 'VERIFY_EMAIL') {
    return {
      to,
      subject: `Your ${BRAND} verification code: ${code}`,
      text: `Hello ${firstName},\n\nYour ${BRAND} verification code is ${code}. It expires in ${minutes} minutes.\nEnter it on ${publicUrl}/verify to confirm your e-mail address.\n\nIf you did not sign up, ignore this message.`,
    };
  }
  return {
    to,
    subject: `Your ${BRAND} password reset code: ${code}`,
    text: `Hello ${firstName},\n\nUse the code ${code} to choose a new ${BRAND} password. It expires in ${minutes} minutes.\n\nIf you did not ask for this, ignore this message: your password stays as it is.`,
  };
}
