// Errors the services throw; the errors plugin turns them into { statusCode, error, message }.
import { STATUS_CODES } from 'node:http';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: string | string[],
  ) {
    super(Array.isArray(messages) ? messages.join('; ') : messages);
    this.name = 'HttpError';
  }

  get error(): string {
    return STATUS_CODES[this.statusCode] ?? 'Error';
  }
}

export const badRequest = (m: string | string[]) => new HttpError(400, m);
export const unauthorized = (m = 'Authentication required') => new HttpError(401, m);
export const forbidden = (m = 'You are not allowed to do this') => new HttpError(403, m);
export const notFound = (m = 'Not found') => new HttpError(404, m);
export const gone = (m: string) => new HttpError(410, m);
export const conflict = (m: string | string[]) => new HttpError(409, m);
export const tooLarge = (m: string) => new HttpError(413, m);
