// The server's own words from a failed call (the first entry of its message list).
import { ApiError, errorStatus, firstBodyMessage, readResponseBody } from 'shared-api';

interface ResponseLike {
  status: number;
  clone?: () => ResponseLike;
  text?: () => Promise<string>;
}

/** The first message of the error body, or undefined when the failure has none (network, 5xx detail hidden). */
export async function serverMessage(err: unknown): Promise<string | undefined> {
  if (err instanceof ApiError) return firstBodyMessage(err.body);
  if (err instanceof Error) {
    const response = (err as { response?: unknown }).response;
    if (response && typeof response === 'object' && typeof (response as ResponseLike).status === 'number') {
      return firstBodyMessage(await readResponseBody(response as ResponseLike));
    }
  }
  if (err && typeof err === 'object' && !(err instanceof Error)) return firstBodyMessage(err);
  return undefined;
}

/** The server's first message for a 4xx answer, else `fallback`. */
export async function serverMessageOr(err: unknown, fallback: string): Promise<string> {
  const status = errorStatus(err);
  if (status !== undefined && status >= 500) return fallback;
  return (await serverMessage(err)) ?? fallback;
}
