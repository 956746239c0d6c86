// Client-side error messages (spec 8): the status messages, the ApiError the client
// throws, and the error reader every page uses to turn a failure into one line.
import { MESSAGES } from './contract/messages';

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Shown for a request that gave no answer in time (ky's own message carries the URL). */
export const TIMEOUT_MESSAGE = 'The request timed out, please try again.';
/** Shown when the browser could not reach the server at all. */
export const NETWORK_MESSAGE = 'Could not reach the server, please check your connection and try again.';

const BODY_PREVIEW = 200;

function bodyText(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  let text: string;
  if (typeof body === 'string') text = body;
  else {
    try {
      text = JSON.stringify(body);
    } catch {
      text = String(body);
    }
  }
  text = text.trim();
  return text.length > BODY_PREVIEW ? `${text.slice(0, BODY_PREVIEW)}...` : text;
}

/** Spec 8's client status messages; any other status is a "Generic Error" with status, status text and body. */
export function statusMessage(status: number, statusText?: string, body?: unknown): string {
  const known = STATUS_MESSAGES[status];
  if (known) return known;
  const head = `Generic Error: ${status}${statusText ? ` ${statusText}` : ''}`;
  const text = bodyText(body);
  return text ? `${head} ${text}` : head;
}

/** First message of an error body: `message` as a list (first entry) or a single string. */
export function firstBodyMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const message = (body as { message?: unknown }).message;
  const first = Array.isArray(message) ? message[0] : message;
  return typeof first === 'string' && first.trim() !== '' ? first : undefined;
}

/** Every message of an error body (`message` as a list, or one string); [] when there is none. */
export function bodyMessages(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const message = (body as { message?: unknown }).message;
  const list = Array.isArray(message) ? message : [message];
  return list.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
}

/** A failed HTTP call: status, parsed body (JSON or text) and a readable message. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(status: number, body?: unknown, message?: string, statusText = '') {
    super(message || firstBodyMessage(body) || statusMessage(status, statusText, body));
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

/** Parses a body text: JSON when it is JSON, otherwise the text; undefined when empty. */
export function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

interface ResponseLike {
  status: number;
  statusText?: string;
  bodyUsed?: boolean;
  clone?: () => ResponseLike;
  text?: () => Promise<string>;
}

const bodies = new WeakMap<object, Promise<unknown>>();

/**
 * Reads a response body once (from a clone, so the caller may still read it) and
 * caches the result; a body that was already consumed or cannot be read is undefined.
 */
export function readResponseBody(response: ResponseLike): Promise<unknown> {
  const cached = bodies.get(response);
  if (cached) return cached;
  const promise = (async () => {
    if (response.bodyUsed) return undefined;
    try {
      const source = typeof response.clone === 'function' ? response.clone() : response;
      if (typeof source.text !== 'function') return undefined;
      return parseBody(await source.text());
    } catch {
      return undefined;
    }
  })();
  bodies.set(response, promise);
  return promise;
}

function isResponseLike(value: unknown): value is ResponseLike {
  return !!value && typeof value === 'object' && typeof (value as ResponseLike).status === 'number';
}

/** ky's HTTPError, recognised by shape so that a second copy of ky is handled too. */
function httpErrorResponse(err: unknown): ResponseLike | undefined {
  if (!(err instanceof Error) || err.name !== 'HTTPError') return undefined;
  const response = (err as { response?: unknown }).response;
  return isResponseLike(response) ? response : undefined;
}

export function isAbortError(err: unknown): boolean {
  return !!err && typeof err === 'object' && (err as { name?: unknown }).name === 'AbortError';
}

const NETWORK_FAILURE = /failed to fetch|networkerror|network request failed|load failed|fetch failed/i;

/** The HTTP status of a failure, when it has one. */
export function errorStatus(err: unknown): number | undefined {
  if (err instanceof ApiError) return err.status;
  const response = httpErrorResponse(err);
  if (response) return response.status;
  if (err && typeof err === 'object' && typeof (err as { statusCode?: unknown }).statusCode === 'number') {
    return (err as { statusCode: number }).statusCode;
  }
  return undefined;
}

async function inspect(err: unknown): Promise<{ status?: number; body?: unknown; message?: unknown }> {
  if (err instanceof ApiError) return { status: err.status, body: err.body, message: err.message };
  const response = httpErrorResponse(err);
  if (response) {
    const body = await readResponseBody(response);
    return { status: response.status, body, message: statusMessage(response.status, response.statusText) };
  }
  if (err instanceof Error) {
    if (err.name === 'TimeoutError') return { message: TIMEOUT_MESSAGE };
    if (err.name === 'TypeError' && NETWORK_FAILURE.test(err.message)) return { message: NETWORK_MESSAGE };
    return { message: err.message };
  }
  if (typeof err === 'string') return { message: err };
  if (err && typeof err === 'object') {
    // A plain error body ({ statusCode, error, message }) or an error-like object.
    return { status: errorStatus(err), body: err, message: undefined };
  }
  return {};
}

/** The status of a failure and every message of its body (a 409 may list several reasons). */
export async function readErrorMessages(err: unknown): Promise<{ status?: number; messages: string[] }> {
  const { status, body } = await inspect(err);
  return { status, messages: bodyMessages(body) };
}

/**
 * Spec 8's error reader: the first message of the response body (list or single
 * string), else the error's own message; a 5xx status, or no usable string, gives
 * "An error occured, please try again.".
 */
export async function readError(err: unknown): Promise<string> {
  const { status, body, message } = await inspect(err);
  if (status !== undefined && status >= 500) return MESSAGES.serverError;
  const text = firstBodyMessage(body) ?? message;
  return typeof text === 'string' && text.trim() !== '' ? text : MESSAGES.serverError;
}
