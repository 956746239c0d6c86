// Pages and failures as the API answers them.
import type { Page } from '../contract';
import { ApiError } from '../errors';

/** The first page of a list holding just `items` unless the test says otherwise. */
export function pageOf<T>(items: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return { items, total: items.length, page: 1, pageSize: 20, ...overrides };
}

/** What the client throws when the server is down. */
export const serverDown = () => new ApiError(503, { statusCode: 503, error: 'Service Unavailable', message: 'Service Unavailable' });
