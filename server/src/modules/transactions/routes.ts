import type { AdminPermission } from 'shared-api/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { errors, IdParams } from '../../lib/schema';
import { audit } from '../../lib/audit';
import { actorOf } from '../../plugins/auth';
import { exportFile, exportJob, startLedgerExport } from './export-jobs';
import {
  ExportFileQuerySchema,
  ExportJobSchema,
  ExportQuerySchema,
  LedgerEntrySchema,
  LedgerPageSchema,
  MyExportQuerySchema,
  MyLedgerPageSchema,
  MyTransactionsQuerySchema,
  TransactionsQuerySchema,
} from './schemas';
import * as service from './service';

const tags = ['transactions'];
const security = [{ bearerAuth: [] }];
/** An AbortSignal that fires when the client goes away before the answer is complete. */
function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

/** Sends an export as a CSV attachment, streamed as its rows are read. */
function sendCsv(reply: FastifyReply, file: service.CsvExport): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .send(Readable.from(file.csv));
}

const csv = {
  produces: ['text/csv'],
  description:
    'CSV (RFC 4180, UTF-8), newest first, every matching entry: streamed as it is read (a failure midway ends the download early, without its last line break).',
};

const transactionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const signedIn = [app.authenticate];
  const admin = (p: AdminPermission) => [app.authenticate, app.requireAdmin(p)];

  app.get(
    '/owned',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "The signed-in user's ledger entries, newest first, with the status of the page's order and withdrawal holds",
        security,
        querystring: MyTransactionsQuerySchema,
        response: { 200: MyLedgerPageSchema, ...errors(400, 401) },
      },
    },
    async (request) => service.myTransactions(app, actorOf(request), request.query),
  );

  app.get(
    '/owned/export.csv',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "The signed-in user's ledger entries as CSV",
        ...csv,
        security,
        querystring: MyExportQuerySchema,
        response: errors(400, 401),
      },
    },
    async (request, reply) => sendCsv(reply, service.exportMyTransactions(app, actorOf(request), request.query, clientGone(reply))),
  );

  app.get(
    '/owned/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'One own ledger entry',
        security,
        params: IdParams,
        response: { 200: LedgerEntrySchema, ...errors(401, 404) },
      },
    },
    async (request) => service.myTransaction(app, actorOf(request), request.params.id),
  );

  app.get(
    '/',
    {
      onRequest: admin('transactions.read'),
      schema: {
        tags,
        summary: 'Every ledger entry with filters and totals (admins)',
        security,
        querystring: TransactionsQuerySchema,
        response: { 200: LedgerPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.allTransactions(app, request.query),
  );

  app.get(
    '/export.csv',
    {
      onRequest: admin('transactions.read'),
      schema: {
        tags,
        summary: 'Every ledger entry matching the filters, as CSV (admins)',
        ...csv,
        security,
        querystring: ExportQuerySchema,
        response: errors(400, 401, 403),
      },
    },
    async (request, reply) => {
      // Made first: its filters are checked there, and a refused export is not recorded.
      const file = service.exportTransactions(app, request.query, clientGone(reply));
      // Ledger entries name people and their money: an admin's export is recorded with its filters.
      await audit(app.db, actorOf(request), {
        action: 'transactions.export',
        targetType: 'export',
        targetId: 'transactions.csv',
        detail: { filters: request.query },
      });
      return sendCsv(reply, file);
    },
  );

  app.post(
    '/export-jobs',
    {
      onRequest: admin('transactions.read'),
      schema: {
        tags,
        summary: 'The ledger export of these filters, made in the background; a notice with its download link follows (admins)',
        security,
        body: ExportQuerySchema,
        response: { 202: ExportJobSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const job = await startLedgerExport(app, actorOf(request), request.body);
      await audit(app.db, actorOf(request), {
        action: 'transactions.export',
        targetType: 'export',
        targetId: job._id,
        detail: { filters: request.body },
      });
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/export-jobs/:id',
    {
      onRequest: admin('transactions.read'),
      schema: {
        tags,
        summary: 'An export of mine: its status, and its download link once done (admins)',
        security,
        params: IdParams,
        response: { 200: ExportJobSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => exportJob(app, actorOf(request), request.params.id),
  );

  app.get(
    '/export-jobs/:id/file',
    {
      onRequest: [app.authenticateOptional],
      schema: {
        tags,
        summary: 'The file of a finished export: for its person, or with the signed link of its notice',
        produces: ['text/csv'],
        params: IdParams,
        querystring: ExportFileQuerySchema,
        response: { 200: Type.Unsafe({ type: 'string', format: 'binary' }), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const file = await exportFile(app, request.user?.id ?? null, request.params.id, request.query.exp, request.query.sig);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', `attachment; filename="tessera-transactions-${file.createdAt.slice(0, 10)}.csv"`)
        .send(file.stream);
    },
  );

  app.get(
    '/:id',
    {
      onRequest: admin('transactions.read'),
      schema: {
        tags,
        summary: 'One ledger entry (admins)',
        security,
        params: IdParams,
        response: { 200: LedgerEntrySchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => service.transaction(app, request.params.id),
  );
};

export default transactionRoutes;
