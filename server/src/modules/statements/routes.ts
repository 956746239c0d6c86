// Statements (registered under /v1): the signed-in investor's or owner's own, and any
// user's for admins. The files are fetched with the bearer token (like the CSV exports),
// never through a shareable link; `Cache-Control: no-store` as every /v1 answer.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';
import type { StatementFormat, StatementPeriods } from 'shared-api/contract';
import { statementFileName } from 'shared-api/contract/dashboard';
import { badRequest } from '../../lib/http-error';
import { assertSame, errors, Id, StringEnum, type Same } from '../../lib/schema';
import { currentUser } from '../../plugins/auth';
import type { Executor } from '../../db/client';
import { statementCsv } from './csv';
import { PDF_MAX_LINES, statementPdf } from './pdf';
import { buildStatement, statementPeriods, statementPerson, statementRange, userExists } from './service';

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

const fileDoc = {
  produces: ['application/pdf', 'text/csv'],
  description:
    'A monthly statement (YYYY-MM) or annual tax summary (YYYY), periods in UTC: opening and closing balance, totals by category, income by property and every ledger line. ' +
    'PDF or CSV by the extension. 404 for a period that has not started.',
};

async function sendStatement(db: Executor, reply: FastifyReply, userId: string, file: string): Promise<FastifyReply> {
  const dot = file.lastIndexOf('.');
  const period = file.slice(0, dot);
  const format = file.slice(dot + 1) as StatementFormat;
  const range = statementRange(period);
  const person = await statementPerson(db, userId);
  const statement = await buildStatement(db, person, range);
  const name = statementFileName(period, format);
  reply.header('Content-Disposition', `attachment; filename="${name}"`).header('X-Content-Type-Options', 'nosniff');
  if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(statementCsv(statement));
  if (statement.lines.length > PDF_MAX_LINES) {
    throw badRequest(
      `${statement.lines.length} entries in this period; a PDF statement holds at most ${PDF_MAX_LINES}. Download the CSV, or a month at a time.`,
    );
  }
  const pdf = await statementPdf(statement);
  return reply.type('application/pdf').header('Content-Length', String(pdf.length)).send(pdf);
}

const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const walletHolder = [app.authenticate, app.requireRole('INVESTOR', 'PROPERTY_OWNER')];
  const admin = [app.authenticate, app.requireRole('ADMIN')];

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
    async (request, reply) => sendStatement(app.db, reply, currentUser(request).id, request.params.file),
  );

  app.get(
    '/admin/users/:id/statements',
    {
      onRequest: admin,
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
    '/admin/users/:id/statements/:file',
    {
      onRequest: admin,
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
    async (request, reply) => sendStatement(app.db, reply, request.params.id, request.params.file),
  );
};

export default statementRoutes;
