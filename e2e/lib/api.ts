// The platform's API as the journeys use it: JSON calls, uploads, the mail outbox,
// new accounts and sandbox payments.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { platform } from './browser';

/** A JSON call to the platform's API; throws `METHOD url: status body` unless it succeeds. */
export async function api<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${platform().baseURL}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A multipart PATCH of `files` under the form field `field`; throws like `api`. */
export async function uploadFiles<T>(
  url: string,
  field: 'file' | 'files',
  files: { name: string; type: string; data: Buffer }[],
  token: string,
): Promise<T> {
  const form = new FormData();
  for (const f of files) form.append(field, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const res = await fetch(`${platform().baseURL}${url}`, { method: 'PATCH', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  if (!res.ok) throw new Error(`PATCH ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The newest verification code mailed to `email` (the server's outbox file), waiting up to 10 s for it. */
export async function verificationCode(email: string): Promise<string> {
  const file = path.join(platform().dataDir, 'outbox.log');
  for (let i = 0; i < 40; i++) {
    if (fs.existsSync(file)) {
      const entries = fs
        .readFileSync(file, 'utf8')
        .split('===== ')
        .filter((e) => e.includes(`To: ${email}\n`));
      const code = entries.at(-1)?.match(/verification code is (\d+)/)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification code for ${email}`);
}

export interface Account {
  id: string;
  email: string;
  password: string;
  name: string;
}
let seq = 0;

/** A new account, signed up and e-mail verified the way a person does it (through the API). */
export async function newAccount(kind: 'investor' | 'property-owner', firstName: string, lastName: string): Promise<Account> {
  const email = `${kind}-${Date.now()}-${++seq}@example.com`;
  const password = 'Journey123!';
  const { user } = await api<{ user: { _id: string } }>('POST', `/v1/auth/signup/${kind}`, { email, password, firstName, lastName });
  await api('POST', '/v1/auth/otp/verify', { email, code: await verificationCode(email), purpose: 'VERIFY_EMAIL' });
  return { id: user._id, email, password, name: `${firstName} ${lastName}` };
}

/** Pays a checkout on the sandbox provider's page and waits to be back on `returnPath`. */
export async function payOnSandbox(page: Page, checkoutUrl: string, returnPath: string): Promise<void> {
  await page.goto(checkoutUrl);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL((u) => u.pathname === returnPath && u.searchParams.has('checkout'));
}
