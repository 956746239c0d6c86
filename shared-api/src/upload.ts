// Multipart uploads through XMLHttpRequest: fetch cannot report upload progress.
// Same headers and error semantics as `http` (ApiError, 401 ends the session).
import { apiUrl, authHeaders, handleUnauthorized, refreshIfDue } from './client';
import { ApiError, parseBody } from './errors';

export interface UploadOptions {
  method?: 'PATCH' | 'POST';
  /** Fraction sent, 0–1; called with 1 once the server answered. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function abortError(): Error {
  try {
    return new DOMException('The upload was aborted.', 'AbortError');
  } catch {
    const err = new Error('The upload was aborted.');
    err.name = 'AbortError';
    return err;
  }
}

export function upload<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  // A token past half its life is swapped first, as for every other call.
  const due = refreshIfDue();
  return due ? due.then(() => send<T>(path, form, opts)) : send<T>(path, form, opts);
}

function send<T>(path: string, form: FormData, opts: UploadOptions): Promise<T> {
  const { method = 'PATCH', onProgress, signal } = opts;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    const headers = authHeaders();
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = headers.Authorization ? headers.Authorization.slice('Bearer '.length) : null;

    const onAbort = () => xhr.abort();
    const cleanup = () => signal?.removeEventListener('abort', onAbort);
    signal?.addEventListener('abort', onAbort);

    if (onProgress) {
      xhr.upload.addEventListener('progress', (e: ProgressEvent) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
      });
    }
    xhr.addEventListener('load', () => {
      cleanup();
      const body = parseBody(xhr.responseText ?? '');
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as T);
        return;
      }
      if (xhr.status === 401) handleUnauthorized(token);
      reject(new ApiError(xhr.status, body, undefined, xhr.statusText));
    });
    xhr.addEventListener('error', () => {
      cleanup();
      reject(new TypeError('Network request failed'));
    });
    xhr.addEventListener('abort', () => {
      cleanup();
      reject(abortError());
    });
    xhr.send(form);
  });
}
