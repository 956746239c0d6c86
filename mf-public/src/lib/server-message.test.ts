import { ApiError } from 'shared-api';
import { serverMessage, serverMessageOr } from './server-message';

function httpError(status: number, body: unknown): Error {
  const err = new Error('Request failed');
  err.name = 'HTTPError';
  const text = JSON.stringify(body);
  const response = { status, statusText: '', bodyUsed: false, clone: () => response, text: async () => text };
  Object.assign(err, { response });
  return err;
}

test('first entry of a message list, or a single message', async () => {
  expect(await serverMessage(new ApiError(400, { message: ['First', 'Second'] }))).toBe('First');
  expect(await serverMessage(new ApiError(409, { message: 'Taken' }))).toBe('Taken');
  expect(await serverMessage(httpError(400, { statusCode: 400, error: 'Bad Request', message: ['One', 'Two'] }))).toBe('One');
});

test('no server message: the fallback', async () => {
  expect(await serverMessageOr(new TypeError('Failed to fetch'), 'Something went wrong')).toBe('Something went wrong');
  expect(await serverMessageOr(new ApiError(400, undefined), 'Something went wrong')).toBe('Something went wrong');
  expect(await serverMessageOr(new ApiError(500, { message: 'db down' }), 'Something went wrong')).toBe('Something went wrong');
  expect(await serverMessageOr(new ApiError(409, { message: ['Taken'] }), 'Something went wrong')).toBe('Taken');
});
