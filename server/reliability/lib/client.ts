// The load generator's HTTP client: keep-alive connections, a timeout, and every failure
// classified the way a real client must treat it.
import http from 'node:http';

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

/** No answer at all: the connection failed or was cut (the outcome is unknown). */
export class NoAnswer extends Error {
  constructor(
    readonly code: string,
    readonly ms: number,
  ) {
    super(`no answer (${code})`);
  }
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 30_000 });

export interface RequestOptions {
  token?: string;
  json?: unknown;
  form?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export function request(base: string, method: string, url: string, o: RequestOptions = {}): Promise<Answer> {
  const u = new URL(base);
  const body = o.json !== undefined ? JSON.stringify(o.json) : o.form;
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.json !== undefined) headers['content-type'] = 'application/json';
  if (o.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: u.hostname, port: u.port, method, path: url, headers, agent, timeout: o.timeoutMs ?? 20_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e: NodeJS.ErrnoException) => reject(new NoAnswer(e.code ?? e.message, performance.now() - t0)));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
            ms: performance.now() - t0,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) => reject(new NoAnswer(e.code ?? e.message, performance.now() - t0)));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Answers a client may retry (the request did not take effect, or it is unknown whether it did). */
export const RETRYABLE_STATUSES = new Set([502, 503, 504]);
