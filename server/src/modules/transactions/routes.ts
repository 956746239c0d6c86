import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { errors, IdParams } from '../../lib/schema';
import { actorOf } from '../../plugins/auth';
import {
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
/** Sends an export as a CSV attachment. */
function sendCsv(reply: FastifyReply, file: service.CsvExport): FastifyReply {
  return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${file.filename}"`).send(file.csv);
}

const csv = { produces: ['text/csv'], description: `CSV (RFC 4180, UTF-8), newest first; at most ${service.CSV_MAX_ROWS} entries.` };

const transactionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const signedIn = [app.authenticate];
  const admin = [app.authenticate, app.requireRole('ADMIN')];

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
    async (request, reply) => sendCsv(reply, await service.exportMyTransactions(app, actorOf(request), request.query)),
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
      onRequest: admin,
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
      onRequest: admin,
      schema: {
        tags,
        summary: 'Every ledger entry matching the filters, as CSV (admins)',
        ...csv,
        security,
        querystring: ExportQuerySchema,
        response: errors(400, 401, 403),
      },
    },
    async (request, reply) => sendCsv(reply, await service.exportTransactions(app, request.query)),
  );

  app.get(
    '/:id',
    {
      onRequest: admin,
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
