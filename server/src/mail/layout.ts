// The branded e-mail layout (issue 19): one MJML template, compiled to responsive,
// client-safe HTML once per process (MJML is a maintained e-mail framework; the server
// may not import React, so react-email is out). Each mail then fills the compiled HTML's
// placeholders with escaped text, so no user text is ever parsed as markup and sending
// costs a string replace, not an MJML compile.
import mjml2html from 'mjml';
import { BRAND } from 'shared-api/contract';
import type { MailMessage } from './mailer';

type Slot = 'TITLE' | 'BODY' | 'ACTION' | 'FOOTER';
const slot = (s: Slot) => `%%${s}%%`;

const TEMPLATE = `<mjml>
  <mj-head>
    <mj-title>${slot('TITLE')}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="22px" color="#1f2933" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f6f8">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700" color="#0b3d91">${BRAND}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="8px 0">
      <mj-column>
        <mj-text font-size="18px" font-weight="700">${slot('TITLE')}</mj-text>
        <mj-text>${slot('BODY')}</mj-text>
        <mj-raw>${slot('ACTION')}</mj-raw>
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text font-size="12px" line-height="18px" color="#6b7280">${slot('FOOTER')}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

// A button as MJML renders it (table-based, so every client shows it), built by MJML too.
const BUTTON = `<mjml><mj-body><mj-section><mj-column>
  <mj-button href="%%HREF%%" background-color="#0b3d91" color="#ffffff" font-size="15px" border-radius="6px">%%LABEL%%</mj-button>
</mj-column></mj-section></mj-body></mjml>`;

let compiled: Promise<{ layout: string; button: string }> | null = null;

async function compile(): Promise<{ layout: string; button: string }> {
  const layout = await mjml2html(TEMPLATE, { validationLevel: 'strict' });
  if (layout.errors.length > 0) throw new Error(`mail layout: ${layout.errors.map((e) => e.formattedMessage).join('; ')}`);
  const button = await mjml2html(BUTTON, { validationLevel: 'strict' });
  // Only the button's own table, from the compiled document's body.
  const m = /<table[^>]*role="presentation"[^>]*>\s*<tbody>\s*<tr>\s*<td[^>]*align="center"[^>]*>[\s\S]*?%%LABEL%%[\s\S]*?<\/table>/.exec(
    button.html,
  );
  return { layout: layout.html, button: m ? m[0] : `<p><a href="%%HREF%%">%%LABEL%%</a></p>` };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export interface BrandedMail {
  to: string;
  subject: string;
  /** Heading of the message. */
  title: string;
  /** Plain-text paragraphs (blank lines separate them). */
  body: string;
  action?: { label: string; url: string } | null;
  /** The link to the person's e-mail preferences (notices), or null (codes, which are not optional). */
  preferencesUrl: string | null;
}

/** The HTML and the plain-text parts of one branded mail. */
export async function brandedMail(m: BrandedMail): Promise<MailMessage> {
  compiled ??= compile().catch((err: unknown) => {
    compiled = null;
    throw err;
  });
  const { layout, button } = await compiled;
  const paragraphs = m.body
    .split(/\n{2,}/)
    .map((p) => escapeHtml(p).replace(/\n/g, '<br />'))
    .join('<br /><br />');
  const footerText = m.preferencesUrl
    ? `You receive this e-mail because of your ${BRAND} account.`
    : `You receive this e-mail because it was asked for on ${BRAND}.`;
  const footerHtml = m.preferencesUrl
    ? `${escapeHtml(footerText)} <a href="${escapeHtml(m.preferencesUrl)}" style="color:#6b7280">Choose which notices you receive by e-mail in your Profile</a>.`
    : escapeHtml(footerText);
  const actionHtml = m.action
    ? button.replaceAll('%%HREF%%', escapeHtml(m.action.url)).replaceAll('%%LABEL%%', escapeHtml(m.action.label))
    : '';
  const fill: Record<Slot, string> = { TITLE: escapeHtml(m.title), BODY: paragraphs, ACTION: actionHtml, FOOTER: footerHtml };
  // One pass, so text that happens to contain a placeholder is never filled again.
  const html = layout.replace(/%%(TITLE|BODY|ACTION|FOOTER)%%/g, (_all, s: Slot) => fill[s]);
  const text = [
    m.title,
    '',
    m.body,
    ...(m.action ? ['', `${m.action.label}: ${m.action.url}`] : []),
    '',
    '—',
    m.preferencesUrl ? `${footerText} Choose which notices you receive by e-mail: ${m.preferencesUrl}` : footerText,
  ].join('\n');
  return { to: m.to, subject: m.subject, text, html };
}
