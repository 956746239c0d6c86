// Statements (registered under /v1): the signed-in investor's or owner's own, and any
// user's for admins. The files are fetched with the bearer token (like the CSV exports),
// never through a shareable link; `Cache-Control: no-store` as every /v1 answer.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AdminPermission, StatementFormat, StatementPeriods } from 'shared-api/contract';
import { statementFileName, taxDocumentFileName } from 'shared-api/contract/dashboard';
import { badRequest, notFound } from '../../lib/http-error';
import { assertSame, errors, Id, StringEnum, type Same } from '../../lib/schema';
import { audit } from '../../lib/audit';
import { actorOf, currentUser } from '../../plugins/auth';
import { statementCsvStream } from './csv';
import { PDF_MAX_LINES } from './pdf';
import { createPdfPool, type PdfPool } from './pdf-pool';
import { statementPeriods, statementPerson, statementRange, streamStatement, userExists, type StatementLine } from './service';
import { collectTaxDocument, streamTaxDocument, taxYearRange } from './tax';
import { taxCsvStream } from './tax-csv';

const tags = ['statements'];
const security = [{ bearerAuth: [] }];

const PeriodSchema = Type.Object({
  period: Type.String({ description: 'YYYY-MM (monthly statement) or YYYY (annual tax summary)' }),
  kind: StringEnum(['MONTH', 'YEAR'] as const),
  label: Type.String(),
  entries: Type.Integer({ minimum: 0 }),
});
const PeriodsSchema = Type.Object({ months: Type.Array(PeriodSchema), years: Type.Array(PeriodSchema) });
assertSame<Same<Static<typeof PeriodsSchema>, StatementPeriods>>();

const FILE_PATTERN = '^\\d{4}(-(0[1-9]|1[0-2]))?\\.(pdf|csv)$';
const FileParams = Type.Object(
  { file: Type.String({ pattern: FILE_PATTERN, maxLength: 12, description: 'YYYY-MM.pdf, YYYY-MM.csv, YYYY.pdf or YYYY.csv' }) },
  { additionalProperties: false },
);
const UserFileParams = Type.Object({ id: Id, file: FileParams.properties.file }, { additionalProperties: false });
const UserParams = Type.Object({ id: Id }, { additionalProperties: false });
const NoQuery = Type.Object({}, { additionalProperties: false });

const TAX_FILE_PATTERN = '^\\d{4}\\.(pdf|csv)$';
const TaxFileParams = Type.Object(
  { file: Type.String({ pattern: TAX_FILE_PATTERN, maxLength: 8, description: 'YYYY.pdf or YYYY.csv' }) },
  { additionalProperties: false },
);
const UserTaxFileParams = Type.Object({ id: Id, file: TaxFileParams.properties.file }, { additionalProperties: false });

const taxDoc = {
  produces: ['application/pdf', 'text/csv'],
  description:
    'The year-end tax document of a UTC calendar year (informational, not a tax form): income by property (like a 1099-DIV), ' +
    'every disposal lot by lot with proceeds, cost basis, fees, gain or loss and holding period (like a 1099-B), and for owners a yearly summary. ' +
    'PDF or CSV by the extension. 404 for a year that has not started.',
};

const fileDoc = {
  produces: ['application/pdf', 'text/csv'],
  description:
    'A monthly statement (YYYY-MM) or annual tax summary (YYYY), periods in UTC: opening and closing balance, totals by category, income by property and every ledger line. ' +
    'PDF or CSV by the extension. 404 for a period that has not started.',
};

/** An AbortSignal that fires when the client goes away before the answer is complete. */
function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

async function sendStatement(
  app: FastifyInstance,
  pdfs: PdfPool,
  reply: FastifyReply,
  userId: string,
  file: string,
  found?: () => Promise<void>,
): Promise<FastifyReply> {
  const db = app.db;
  const dot = file.lastIndexOf('.');
  const period = file.slice(0, dot);
  const format = file.slice(dot + 1) as StatementFormat;
  const range = statementRange(period);
  const person = await statementPerson(db, userId);
  const name = statementFileName(period, format);
  // The figures summed by SQL and checked before the first byte; the lines then read from a
  // cursor a small batch at a time (the event loop is never held for long), which a client
  // that leaves cancels on the server.
  const gone = clientGone(reply);
  const streamed = await streamStatement(app.database, db, person, range, gone);
  reply.header('Content-Disposition', `attachment; filename="${name}"`).header('X-Content-Type-Options', 'nosniff');
  if (format === 'csv') {
    await found?.();
    return reply.type('text/csv; charset=utf-8').send(Readable.from(statementCsvStream(streamed)));
  }
  if (streamed.count > PDF_MAX_LINES) {
    throw badRequest(
      `${streamed.count} entries in this period; a PDF statement holds at most ${PDF_MAX_LINES}. Download the CSV, or a month at a time.`,
    );
  }
  const lines: StatementLine[] = [];
  for await (const batch of streamed.lines) for (const l of batch) lines.push(l);
  // Laid out in a worker thread; a client that leaves stops it (the worker is ended).
  const pdf = await pdfs.render({ ...streamed.statement, lines }, gone);
  await found?.();
  return reply.type('application/pdf').send(pdf);
}

/** `found` runs once the file is made and before its first byte is sent (an admin's read is audited there). */
async function sendTaxDocument(
  app: FastifyInstance,
  pdfs: PdfPool,
  reply: FastifyReply,
  userId: string,
  file: string,
  found?: () => Promise<void>,
): Promise<FastifyReply> {
  const [year, ext] = file.split('.');
  const format = ext as StatementFormat;
  const range = taxYearRange(year);
  if (!range) throw badRequest('A tax year is YYYY');
  if (range.start.getTime() > Date.now()) throw notFound('No tax document yet: that year has not started');
  const person = await statementPerson(app.db, userId);
  // As a statement: the figures summed and reconciled by SQL before the first byte, the
  // disposal lines then from a cursor that a client who leaves cancels on the server.
  const gone = clientGone(reply);
  const streamed = await streamTaxDocument(app.database, app.db, person, range, gone);
  reply
    .header('Content-Disposition', `attachment; filename="${taxDocumentFileName(year, format)}"`)
    .header('X-Content-Type-Options', 'nosniff');
  if (format === 'csv') {
    await found?.();
    return reply.type('text/csv; charset=utf-8').send(Readable.from(taxCsvStream(streamed)));
  }
  if (streamed.count > PDF_MAX_LINES) {
    throw badRequest(`${streamed.count} disposals in this year; a PDF tax document holds at most ${PDF_MAX_LINES}. Download the CSV.`);
  }
  const pdf = await pdfs.renderTax(await collectTaxDocument(streamed), gone);
  await found?.();
  return reply.type('application/pdf').send(pdf);
}

const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const walletHolder = [app.authenticate, app.requireRole('INVESTOR', 'PROPERTY_OWNER')];
  const admin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p)];
  const pdfs = createPdfPool(app.config.pdfWorkers);
  app.addHook('onClose', () => pdfs.close());

  app.get(
    '/statements',
    {
      onRequest: walletHolder,
      schema: {
        tags,
        summary: 'Statement periods of the signed-in investor or owner: months with activity and years (UTC)',
        security,
        response: { 200: PeriodsSchema, ...errors(401, 403) },
      },
    },
    async (request) => statementPeriods(app.db, currentUser(request).id),
  );

  app.get(
    '/statements/tax/:file',
    {
      onRequest: walletHolder,
      schema: {
        tags,
        summary: 'Own year-end tax document as PDF or CSV',
        ...taxDoc,
        security,
        params: TaxFileParams,
        querystring: NoQuery,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => sendTaxDocument(app, pdfs, reply, currentUser(request).id, request.params.file),
  );

  app.get(
    '/statements/:file',
    {
      onRequest: walletHolder,
      schema: {
        tags,
        summary: 'Own statement as PDF or CSV',
        ...fileDoc,
        security,
        params: FileParams,
        querystring: NoQuery,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => sendStatement(app, pdfs, reply, currentUser(request).id, request.params.file),
  );

  app.get(
    '/admin/users/:id/statements',
    {
      onRequest: admin('people.read'),
      schema: {
        tags,
        summary: "A user's statement periods (admins)",
        security,
        params: UserParams,
        response: { 200: PeriodsSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      await userExists(app, request.params.id);
      return statementPeriods(app.db, request.params.id);
    },
  );

  app.get(
    '/admin/users/:id/statements/tax/:file',
    {
      onRequest: admin('people.read'),
      schema: {
        tags,
        summary: "A user's year-end tax document as PDF or CSV (admins)",
        ...taxDoc,
        security,
        params: UserTaxFileParams,
        querystring: NoQuery,
        response: errors(400, 401, 403, 404),
      },
    },
    // A person's money is personal data: an admin's read is recorded once the file is made,
    // before it is sent (after the reply, the row would land after the caller saw the answer).
    async (request, reply) =>
      sendTaxDocument(app, pdfs, reply, request.params.id, request.params.file, () =>
        audit(app.db, actorOf(request), {
          action: 'tax_document.view',
          targetType: 'user',
          targetId: request.params.id,
          detail: { file: request.params.file },
        }),
      ),
  );

  app.get(
    '/admin/users/:id/statements/:file',
    {
      onRequest: admin('people.read'),
      schema: {
        tags,
        summary: "A user's statement as PDF or CSV (admins)",
        ...fileDoc,
        security,
        params: UserFileParams,
        querystring: NoQuery,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      sendStatement(app, pdfs, reply, request.params.id, request.params.file, () =>
        audit(app.db, actorOf(request), {
          action: 'statement.view',
          targetType: 'user',
          targetId: request.params.id,
          detail: { file: request.params.file },
        }),
      ),
  );
};

export default statementRoutes;
