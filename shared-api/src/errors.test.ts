/** @jest-environment node */
// Node environment: real fetch Request/Response, which jsdom lacks.
import { HTTPError, TimeoutError, type NormalizedOptions } from 'ky';
import { MESSAGES } from './contract/messages';
import {
  ApiError,
  NETWORK_MESSAGE,
  TIMEOUT_MESSAGE,
  errorStatus,
  firstBodyMessage,
  isAbortError,
  parseBody,
  readError,
  readResponseBody,
  statusMessage,
} from './errors';

const request = () => new Request('http://api.test/v1/things');
const options = {} as NormalizedOptions;
function httpError(status: number, body?: unknown, statusText = '') {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  return new HTTPError(new Response(text, { status, statusText }), request(), options);
}

describe('statusMessage (spec 8)', () => {
  test.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
  ])('%i → %s', (status, text) => {
    expect(statusMessage(status)).toBe(text);
    expect(statusMessage(status, 'Whatever', { message: 'x' })).toBe(text);
  });

  test('any other status is a Generic Error with status, status text and body', () => {
    expect(statusMessage(409, 'Conflict', 'already exists')).toBe('Generic Error: 409 Conflict already exists');
    expect(statusMessage(418, "I'm a teapot", { error: 'tea' })).toBe(`Generic Error: 418 I'm a teapot {"error":"tea"}`);
    expect(statusMessage(504)).toBe('Generic Error: 504');
  });

  test('a long body is cut', () => {
    const msg = statusMessage(422, 'Unprocessable', 'x'.repeat(500));
    expect(msg.endsWith('...')).toBe(true);
    expect(msg.length).toBeLessThan(260);
  });
});

describe('ApiError', () => {
  test('carries status, body and the first body message', () => {
    const err = new ApiError(400, { statusCode: 400, error: 'Bad Request', message: ['first', 'second'] });
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('ApiError');
    expect(err.status).toBe(400);
    expect(err.body).toEqual({ statusCode: 400, error: 'Bad Request', message: ['first', 'second'] });
    expect(err.message).toBe('first');
  });
  test('falls back to the status message', () => {
    expect(new ApiError(404).message).toBe('Not Found');
    expect(new ApiError(409, undefined, undefined, 'Conflict').message).toBe('Generic Error: 409 Conflict');
    expect(new ApiError(400, null, 'explicit').message).toBe('explicit');
  });
});

describe('firstBodyMessage / parseBody', () => {
  test('list, string, empty and missing', () => {
    expect(firstBodyMessage({ message: ['a', 'b'] })).toBe('a');
    expect(firstBodyMessage({ message: 'one' })).toBe('one');
    expect(firstBodyMessage({ message: [] })).toBeUndefined();
    expect(firstBodyMessage({ message: '  ' })).toBeUndefined();
    expect(firstBodyMessage({ message: [42] })).toBeUndefined();
    expect(firstBodyMessage('text body')).toBeUndefined();
    expect(firstBodyMessage(null)).toBeUndefined();
  });
  test('parses JSON, keeps text, empty is undefined', () => {
    expect(parseBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseBody('<html>')).toBe('<html>');
    expect(parseBody('  ')).toBeUndefined();
  });
});

describe('readError (spec 8)', () => {
  test('HTTPError: first entry of a message list', async () => {
    expect(await readError(httpError(400, { statusCode: 400, error: 'Bad Request', message: ['Email taken', 'other'] }))).toBe(
      'Email taken',
    );
  });
  test('HTTPError: a single string message', async () => {
    expect(await readError(httpError(403, { statusCode: 403, error: 'Forbidden', message: 'Not yours' }))).toBe('Not yours');
  });
  test('HTTPError: 500 and above always give the server error message', async () => {
    expect(await readError(httpError(500, { message: 'db exploded' }))).toBe(MESSAGES.serverError);
    expect(await readError(httpError(502, { message: ['x'] }))).toBe(MESSAGES.serverError);
    expect(await readError(httpError(503))).toBe(MESSAGES.serverError);
  });
  test('HTTPError without a body message: the status message', async () => {
    expect(await readError(httpError(404))).toBe('Not Found');
    expect(await readError(httpError(404, '<html>not json</html>'))).toBe('Not Found');
    expect(await readError(httpError(400, { message: [] }))).toBe('Bad Request');
    expect(await readError(httpError(409, { error: 'Conflict' }, 'Conflict'))).toBe('Generic Error: 409 Conflict');
  });
  test('HTTPError: body read once, safely (twice gives the same; a consumed body does not throw)', async () => {
    const err = httpError(400, { message: 'once' });
    expect(await readError(err)).toBe('once');
    expect(await readError(err)).toBe('once');
    // The caller can still read the original body.
    expect(await err.response.json()).toEqual({ message: 'once' });

    const consumed = httpError(400, { message: 'gone' });
    await consumed.response.text();
    expect(await readError(consumed)).toBe('Bad Request');
  });
  test('readResponseBody caches per response', async () => {
    const response = new Response('{"message":"x"}', { status: 400 });
    const a = readResponseBody(response);
    expect(readResponseBody(response)).toBe(a);
    expect(await a).toEqual({ message: 'x' });
  });
  test('ApiError: body message, own message, 5xx', async () => {
    expect(await readError(new ApiError(400, { message: ['From body'] }))).toBe('From body');
    expect(await readError(new ApiError(404))).toBe('Not Found');
    expect(await readError(new ApiError(400, 'plain text', 'Own message'))).toBe('Own message');
    expect(await readError(new ApiError(500, { message: 'secret' }))).toBe(MESSAGES.serverError);
    expect(await readError(new ApiError(400, undefined, ''))).toBe('Bad Request');
  });
  test('TimeoutError: a readable timeout message (no URL)', async () => {
    const err = new TimeoutError(request());
    expect(await readError(err)).toBe(TIMEOUT_MESSAGE);
  });
  test('network TypeError: the connection message', async () => {
    expect(await readError(new TypeError('Failed to fetch'))).toBe(NETWORK_MESSAGE);
    expect(await readError(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(NETWORK_MESSAGE);
    expect(await readError(new TypeError('Load failed'))).toBe(NETWORK_MESSAGE);
  });
  test('other Errors: their own message; an empty one gives the server error', async () => {
    expect(await readError(new Error('Something specific'))).toBe('Something specific');
    expect(await readError(new TypeError('x is not a function'))).toBe('x is not a function');
    expect(await readError(new Error(''))).toBe(MESSAGES.serverError);
  });
  test('non-Error throws', async () => {
    expect(await readError('a string')).toBe('a string');
    expect(await readError('')).toBe(MESSAGES.serverError);
    expect(await readError(undefined)).toBe(MESSAGES.serverError);
    expect(await readError(null)).toBe(MESSAGES.serverError);
    expect(await readError(42)).toBe(MESSAGES.serverError);
    expect(await readError({ statusCode: 400, error: 'Bad Request', message: ['Plain body'] })).toBe('Plain body');
    expect(await readError({ statusCode: 500, message: 'hidden' })).toBe(MESSAGES.serverError);
    expect(await readError({ message: 7 })).toBe(MESSAGES.serverError);
  });
});

describe('errorStatus / isAbortError', () => {
  test('status of each kind', () => {
    expect(errorStatus(new ApiError(418))).toBe(418);
    expect(errorStatus(httpError(404))).toBe(404);
    expect(errorStatus({ statusCode: 400 })).toBe(400);
    expect(errorStatus(new Error('x'))).toBeUndefined();
  });
  test('abort', () => {
    expect(isAbortError(new DOMException('stop', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('x'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});

describe('readErrorMessages', () => {
  test('every message of a 409 body, from an ApiError or a ky HTTPError alike', async () => {
    const { readErrorMessages } = await import('./errors');
    const body = { statusCode: 409, error: 'Conflict', message: ['first reason', 'second reason'] };
    expect(await readErrorMessages(new ApiError(409, body))).toEqual({ status: 409, messages: ['first reason', 'second reason'] });
    const httpError = Object.assign(new Error('Request failed'), {
      name: 'HTTPError',
      response: new Response(JSON.stringify(body), { status: 409, headers: { 'content-type': 'application/json' } }),
    });
    expect(await readErrorMessages(httpError)).toEqual({ status: 409, messages: ['first reason', 'second reason'] });
    expect(await readErrorMessages(new Error('nope'))).toEqual({ status: undefined, messages: [] });
  });
});
