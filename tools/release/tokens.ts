// `token create|list|revoke`: an admin manages release tokens through the API
// (/v1/admin/release-tokens). The admin signs in once per command with
// TESSERA_ADMIN_EMAIL and TESSERA_ADMIN_PASSWORD (or gives an access token in TESSERA_TOKEN).
import { ReleaseError } from './errors';

export interface ReleaseToken {
  id: string;
  name: string;
  createdBy: string | null;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

const base = (api: string) => api.replace(/\/+$/, '');

async function adminToken(api: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env.TESSERA_TOKEN) return env.TESSERA_TOKEN;
  const email = env.TESSERA_ADMIN_EMAIL;
  const password = env.TESSERA_ADMIN_PASSWORD;
  if (!email || !password)
    throw new ReleaseError('managing release tokens needs an admin: set TESSERA_ADMIN_EMAIL and TESSERA_ADMIN_PASSWORD (or TESSERA_TOKEN)');
  const res = await call(`${base(api)}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new ReleaseError(`sign-in as ${email} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    throw new ReleaseError(`cannot reach ${url}: ${(err as Error).message}`);
  }
}

async function admin<T>(api: string, method: string, p: string, body?: unknown): Promise<T> {
  const token = await adminToken(api);
  const res = await call(`${base(api)}/v1/admin/release-tokens${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new ReleaseError(`${method} /v1/admin/release-tokens${p} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

export const createToken = (api: string, name: string) => admin<ReleaseToken & { token: string }>(api, 'POST', '', { name });
export const listTokens = async (api: string) => (await admin<{ items: ReleaseToken[] }>(api, 'GET', '')).items;
export const revokeToken = (api: string, id: string) => admin<ReleaseToken>(api, 'DELETE', `/${encodeURIComponent(id)}`);
