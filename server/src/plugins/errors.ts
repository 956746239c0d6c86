// One error handler: every failure is { statusCode, error, message }. Validation
// failures list readable strings; 5xx never carry internals (those go to the log).
import { STATUS_CODES } from 'node:http';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from 'shared-api/contract';
import { HttpError } from '../lib/http-error';
import { moneyError } from '../lib/money';
import { pgError } from '../lib/pg-errors';

const CONTEXT_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

function fieldName(instancePath: string, context: string): string {
  if (!instancePath) return CONTEXT_NAMES[context] ?? context;
  return instancePath
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

function join(parent: string, child: string, context: string): string {
  return parent === (CONTEXT_NAMES[context] ?? context) ? child : `${parent}.${child}`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** One Ajv error as a sentence a person can read. */
export function describeValidationError(e: ErrorObject, context: string): string {
  const field = fieldName(e.instancePath, context);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${join(field, String(p.missingProperty), context)} is required`;
    case 'additionalProperties':
      return `${join(field, String(p.additionalProperty), context)} is not allowed`;
    case 'type': {
      const types = String(p.type).split(',');
      return `${field} must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    }
    case 'enum':
      return `${field} must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `${field} must be ${String(p.allowedValue)}`;
    case 'minLength':
      return p.limit === 1 ? `${field} cannot be empty` : `${field} must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `${field} must be at most ${String(p.limit)} characters`;
    case 'minimum':
      return `${field} must be at least ${String(p.limit)}`;
    case 'maximum':
      return `${field} must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `${field} must be greater than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `${field} must be less than ${String(p.limit)}`;
    case 'multipleOf':
      return `${field} must be a multiple of ${String(p.multipleOf)}`;
    case 'format':
      return p.format === 'uuid' ? `${field} must be a valid id` : `${field} must be a valid ${String(p.format)}`;
    case 'pattern':
      return `${field} has an invalid format`;
    case 'minItems':
      return `${field} must have at least ${String(p.limit)} items`;
    case 'maxItems':
      return `${field} must have at most ${String(p.limit)} items`;
    default:
      return `${field} ${e.message ?? 'is invalid'}`;
  }
}

function body(statusCode: number, message: string | string[]) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

// Upload limits hit inside @fastify/multipart get the spec's words.
const MULTIPART_MESSAGES: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, MESSAGES.fileTooLarge(UPLOAD_MAX_MB)],
  FST_FILES_LIMIT: [400, MESSAGES.tooManyFiles(UPLOAD_MAX_FILES)],
  FST_PARTS_LIMIT: [400, 'Too many parts in the upload'],
  FST_FIELDS_LIMIT: [400, 'Too many fields in the upload'],
  FST_PROTO_VIOLATION: [400, 'Invalid upload'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'The upload must be multipart/form-data'],
};

export interface ErrorsOptions {
  /** Gets the first look at an unmatched request (the web app's fallback); true when it answered. */
  notFound?: (request: FastifyRequest, reply: FastifyReply) => boolean;
}

async function errorsPlugin(app: FastifyInstance, opts: ErrorsOptions): Promise<void> {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(body(error.statusCode, error.messages));
    }
    // A refusal raised by a database trigger (SQLSTATE TS + HTTP status, e.g. TS409) from
    // outside the money helpers: the same answer they would give.
    const refusal = moneyError(error);
    if (refusal instanceof HttpError) {
      return reply.status(refusal.statusCode).send(body(refusal.statusCode, refusal.messages));
    }
    // statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS) ended a statement: not the caller's
    // fault, and trying again later (or asking for less) may work.
    if (pgError(error)?.code === '57014') {
      request.log.warn({ err: error }, 'statement cancelled (timeout)');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send(body(503, 'The request took too long and was stopped. Try again, or ask for less.'));
    }
    const fe = error as FastifyError & { validation?: ErrorObject[]; validationContext?: string };
    if (Array.isArray(fe.validation)) {
      const context = fe.validationContext ?? 'body';
      const messages = [
        ...new Set(
          fe.validation.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'if').map((e) => describeValidationError(e, context)),
        ),
      ];
      return reply.status(400).send(body(400, messages.length > 0 ? messages : ['Invalid request']));
    }
    const known = fe.code ? MULTIPART_MESSAGES[fe.code] : undefined;
    if (known) return reply.status(known[0]).send(body(known[0], known[1]));
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(status, fe.message || (STATUS_CODES[status] ?? 'Error')));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body(500, 'Internal Server Error'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (opts.notFound?.(request, reply)) return;
    reply.status(404).send(body(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}

export default fp(errorsPlugin, { name: 'errors' });
