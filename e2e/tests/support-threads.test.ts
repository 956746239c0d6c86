// Issue 19's support conversations: a person opens a ticket; an admin replies in the app;
// the person reads the reply and answers; the admin sees the answer and the ticket open
// again. A visitor's contact-form message is answered by e-mail from the inbox, the reply
// kept. Screenshots land in e2e/artifacts/support-*.png.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DEMO, launch, open, platform, screenshot, signInAs } from '../lib/browser';
import { api, newAccount } from '../lib/api';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 360, height: 780 };

test('a ticket is a conversation: reply, answer, open again', async () => {
  const person = await newAccount('investor', 'Tara', 'Thread');
  const subject = `Deposit fee ${Date.now() % 100000}`;

  // The person opens a ticket from their support page.
  const p = await open(browser);
  await signInAs(p, person.email, person.password);
  await p.page.goto('/dashboard/support');
  const form = p.page.getByRole('form', { name: 'Open a ticket' });
  await form.getByRole('textbox', { name: /Subject/ }).fill(subject);
  await form.getByRole('textbox', { name: /Message/ }).fill('Is there a fee on card deposits?');
  await form.getByRole('button', { name: 'Send ticket' }).click();
  const mine = p.page.getByRole('article', { name: subject });
  await mine.waitFor();
  await expect(mine.textContent()).resolves.toContain('Our team is on it');

  // The admin finds it in the inbox, takes it and replies in the app.
  const a = await open(browser);
  await signInAs(a, DEMO.admin.email, DEMO.admin.password);
  await a.page.goto('/dashboard/support');
  await a.page.getByRole('link', { name: `Read: ${subject}` }).click();
  await a.page.getByRole('heading', { level: 1, name: subject }).waitFor();
  const account = a.page.getByRole('region', { name: 'Account' });
  await expect(account.textContent()).resolves.toContain(person.email);
  await a.page.getByRole('button', { name: 'Assign to me' }).click();
  await a.page.getByRole('button', { name: 'Unassign' }).waitFor();
  const reply = a.page.getByRole('form', { name: 'Your reply' });
  await reply.getByRole('textbox', { name: /Your reply/ }).fill('No fee: deposits are free.');
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await a.page.getByRole('article').filter({ hasText: 'No fee: deposits are free.' }).waitFor();
  await a.page.getByText('Waiting for the person').first().waitFor();
  await screenshot(a.page, 'support-admin-thread');

  // The person sees it is their turn, reads the reply and answers.
  await p.page.goto('/dashboard/support');
  const waiting = p.page.getByRole('article', { name: subject });
  await expect(waiting.textContent()).resolves.toContain('Waiting for you');
  await waiting.getByRole('link', { name: `Read the reply and answer: ${subject}` }).click();
  await p.page
    .getByRole('article', { name: /Support team/ })
    .filter({ hasText: 'No fee: deposits are free.' })
    .waitFor();
  const answer = p.page.getByRole('form', { name: 'Your answer' });
  await answer.getByRole('textbox', { name: /Your answer/ }).fill('Thanks! And withdrawals?');
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await p.page.getByRole('article', { name: /You/ }).filter({ hasText: 'Thanks! And withdrawals?' }).waitFor();
  await p.page.getByText('Our team is on it').first().waitFor();
  await screenshot(p.page, 'support-person-thread');

  // The admin sees the answer and the ticket open again; on a phone the account is below.
  await a.page.reload();
  await a.page.getByRole('article').filter({ hasText: 'Thanks! And withdrawals?' }).waitFor();
  await expect(a.page.getByText('Open', { exact: true }).first().isVisible()).resolves.toBe(true);
  await a.page.setViewportSize(PHONE);
  const conversation = await a.page.getByRole('list', { name: 'Conversation' }).boundingBox();
  const panel = await a.page.getByRole('region', { name: 'Account' }).boundingBox();
  expect(panel && conversation && panel.y > conversation.y).toBe(true);
  await screenshot(a.page, 'support-admin-thread-phone');

  expect([...p.errors, ...a.errors]).toEqual([]);
  await p.context.close();
  await a.context.close();
});

test('a visitor’s contact message is answered by e-mail from the inbox, the reply kept', async () => {
  const subject = `Visit ${Date.now() % 100000}`;
  const email = `visitor-${Date.now()}@example.com`;
  await api('POST', '/support', { name: 'Vic Visitor', phoneNumber: '+1 555 0142', email, subject, message: 'Can I visit a property?' });

  const a = await open(browser);
  await signInAs(a, DEMO.admin.email, DEMO.admin.password);
  await a.page.goto('/dashboard/support');
  await a.page.getByRole('link', { name: `Read: ${subject}` }).click();
  await a.page.getByRole('region', { name: 'Visitor (no account)' }).waitFor();
  const form = a.page.getByRole('form', { name: 'Reply by e-mail' });
  await form.getByRole('textbox', { name: /Reply by e-mail/ }).fill('Yes: book a visit with the owner.');
  await form.getByRole('button', { name: 'Reply by e-mail' }).click();
  const kept = a.page.getByRole('article').filter({ hasText: 'Yes: book a visit with the owner.' });
  await kept.getByText(/Sent by e-mail/).waitFor();

  const outbox = fs.readFileSync(path.join(platform().dataDir, 'outbox.log'), 'utf8');
  const mail = outbox.split('=====').find((m) => m.includes(`To: ${email}`));
  expect(mail).toContain(`Subject: Re: ${subject}`);
  expect(mail).toContain('Yes: book a visit with the owner.');

  await a.page.reload();
  await a.page
    .getByRole('article')
    .filter({ hasText: 'Yes: book a visit with the owner.' })
    .getByText(/Sent by e-mail/)
    .waitFor();
  expect(a.errors).toEqual([]);
  await a.context.close();
});
