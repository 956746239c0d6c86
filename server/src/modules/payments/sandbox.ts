// The default payments provider: a test page served by this server where the tester pays
// or declines, clearly marked "Sandbox — no real money". Plain HTML forms (no scripts: the
// page works under a strict CSP); a signed token in each form, so only someone who opened
// the page can settle the checkout; the answer redirects back to PUBLIC_URL + returnPath.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { BRAND, centsToDollars } from 'shared-api/contract';
import type { Config } from '../../config';
import { forbidden, notFound } from '../../lib/http-error';
import { errors, IdParams } from '../../lib/schema';
import { and, eq, gte, lt } from 'drizzle-orm';
import { checkouts, type CheckoutRow } from '../../db/schema';
import type { PaymentProvider } from './provider';
import { SandboxDecisionSchema } from './schemas';
import { baseUrlOf, findCheckout, returnUrl, settleCheckout } from './service';

export const SANDBOX_LABEL = 'Sandbox — no real money';

export function sandboxToken(secret: string, checkoutId: string): string {
  return createHmac('sha256', secret).update(`sandbox-checkout:${checkoutId}`).digest('base64url');
}

function tokenMatches(secret: string, checkoutId: string, token: string): boolean {
  const want = Buffer.from(sandboxToken(secret, checkoutId));
  const got = Buffer.from(token);
  return got.length === want.length && timingSafeEqual(got, want);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number) =>
  `$${centsToDollars(cents).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const PURPOSE_WORDS = {
  DEPOSIT: `Deposit to your ${BRAND} wallet`,
  SUBSCRIPTION: `${BRAND} early-access subscription (one-time fee)`,
} as const;
const SETTLED_WORDS = {
  PAID: 'This payment has been made.',
  DECLINED: 'This payment was declined.',
  EXPIRED: 'This checkout has expired; start again from the platform.',
} as const;

const STYLE = `
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f4f6fb; color: #1d2433; }
  .banner { background: #ffd43b; color: #3b2f00; text-align: center; padding: 12px; font-weight: 700; letter-spacing: .02em; }
  main { max-width: 440px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 32px; box-shadow: 0 4px 24px rgba(20, 30, 60, .08); }
  h1 { font-size: 1.25rem; margin: 0 0 4px; }
  .muted { color: #5b6479; margin: 0 0 24px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 28px; }
  dt { color: #5b6479; } dd { margin: 0; font-weight: 600; text-align: right; }
  .amount { font-size: 1.5rem; }
  .actions { display: flex; gap: 12px; }
  .actions form { flex: 1; }
  button, .link { display: block; width: 100%; box-sizing: border-box; padding: 12px; border-radius: 8px; font-size: 1rem; font-weight: 600; cursor: pointer; text-align: center; text-decoration: none; }
  .pay { background: #1c64f2; color: #fff; border: 0; }
  .decline { background: #fff; color: #b42318; border: 1px solid #b42318; }
  .link { background: #1c64f2; color: #fff; }
  .note { font-size: .85rem; color: #5b6479; margin-top: 24px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${SANDBOX_LABEL}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note">${SANDBOX_LABEL}</div>
<main>
${body}
</main>
</body>
</html>`;
}

function checkoutPage(config: Config, c: CheckoutRow): string {
  const action = `/v1/payments/sandbox/${c.id}`;
  const token = sandboxToken(config.jwtSecret, c.id);
  const details = `
<dl>
  <dt>For</dt><dd>${escapeHtml(PURPOSE_WORDS[c.purpose])}</dd>
  <dt>Amount</dt><dd class="amount">${money(c.amountCents)}</dd>
  <dt>Reference</dt><dd>${escapeHtml(c.id.slice(0, 8))}</dd>
</dl>`;
  if (c.status !== 'OPEN') {
    return page(
      'Checkout',
      `
<h1>${BRAND} checkout</h1>
<p class="muted">${SETTLED_WORDS[c.status]}</p>
${details}
<a class="link" href="${escapeHtml(returnUrl(config.publicUrl, c))}">Return to ${BRAND}</a>`,
    );
  }
  const form = (decision: 'pay' | 'decline', label: string, cls: string) => `
  <form method="post" action="${action}">
    <input type="hidden" name="decision" value="${decision}">
    <input type="hidden" name="token" value="${token}">
    <button type="submit" class="${cls}">${label}</button>
  </form>`;
  return page(
    'Checkout',
    `
<h1>${BRAND} checkout</h1>
<p class="muted">A test payment page: choose what the payment does. No card is charged.</p>
${details}
<div class="actions">${form('pay', `Pay ${money(c.amountCents)}`, 'pay')}${form('decline', 'Decline', 'decline')}</div>
<p class="note">${SANDBOX_LABEL}. Paying credits the ${BRAND} wallet as a real payment would; declining changes nothing.</p>`,
  );
}

function sendHtml(reply: FastifyReply, config: Config, status: number, html: string, c?: CheckoutRow): FastifyReply {
  // The form posts here ('self'), then the browser is sent back to the checkout's origin.
  const publicOrigin = new URL(c ? baseUrlOf(config.publicUrl, c) : config.publicUrl).origin;
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${publicOrigin}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('X-Frame-Options', 'DENY')
    .send(html);
}

const notFoundPage = () =>
  page('Checkout not found', `<h1>Checkout not found</h1><p class="muted">This checkout does not exist. Start again from ${BRAND}.</p>`);

export function sandboxProvider(config: Config): PaymentProvider {
  const routes: FastifyPluginAsyncTypebox = async (app) => {
    // Plain HTML form posts (this plugin only; the rest of the API stays JSON).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, parseQuery(body as string));
    });

    const tags = ['payments'];
    app.get(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Sandbox checkout page (HTML): pay or decline',
          description: `${SANDBOX_LABEL}. The page a checkout's checkoutUrl opens when PAYMENTS_PROVIDER=sandbox.`,
          params: IdParams,
          produces: ['text/html'],
        },
      },
      async (request, reply) => {
        const c = await findCheckout(app, request.params.id);
        if (!c) return sendHtml(reply, config, 404, notFoundPage());
        return sendHtml(reply, config, 200, checkoutPage(config, c), c);
      },
    );

    app.post(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Sandbox verdict (HTML form post): settles the checkout once, then redirects to PUBLIC_URL + returnPath?checkout=<id>',
          consumes: ['application/x-www-form-urlencoded'],
          params: IdParams,
          body: SandboxDecisionSchema,
          response: errors(400, 403, 404),
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        if (!tokenMatches(config.jwtSecret, id, request.body.token))
          throw forbidden('This payment form is not valid; open the checkout page again');
        const c = await settleCheckout(app, id, request.body.decision === 'pay' ? 'PAID' : 'DECLINED');
        if (!c) throw notFound('Checkout not found');
        return reply.redirect(returnUrl(config.publicUrl, c), 303);
      },
    );
  };

  return {
    name: 'sandbox',
    async createSession(checkout) {
      // The payment page is on the origin the person started from: the whole round trip stays there.
      return { checkoutUrl: `${checkout.origin}/v1/payments/sandbox/${checkout.id}`, providerRef: null };
    },
    // The sandbox's records are its stored checkouts: the PAID ones are what it "settled".
    async settlements(db, from, to) {
      const rows = await db
        .select({
          id: checkouts.id,
          providerRef: checkouts.providerRef,
          amountCents: checkouts.amountCents,
          settledAt: checkouts.settledAt,
        })
        .from(checkouts)
        .where(
          and(eq(checkouts.provider, 'sandbox'), eq(checkouts.status, 'PAID'), gte(checkouts.settledAt, from), lt(checkouts.settledAt, to)),
        );
      return rows.map((r) => ({
        providerRef: r.providerRef ?? r.id,
        checkoutId: r.id,
        amountCents: r.amountCents,
        settledAt: r.settledAt ?? from,
      }));
    },
    routes,
  };
}
