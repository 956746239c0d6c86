// Reads GET /v1/telemetry/remote-load/summary with a release token (or an admin's JWT)
// and turns it into per-version counts.
import { ReleaseError } from './errors';
import type { Health, Rollout } from './rollout';
import type { Counts } from './stats';

export interface SummaryItem {
  remote: string;
  version: string;
  loads?: number;
  failures?: number;
  errors?: number;
  /** Views left while it was loading (neither good nor bad). */
  abandoned?: number;
  /** Views whose report never came before they expired (not a success). */
  unknown?: number;
  [k: string]: unknown;
}
export interface Summary {
  since: string;
  until: string;
  items: SummaryItem[];
}

export interface ApiOptions {
  api: string;
  token?: string;
}

/** --token, else TESSERA_RELEASE_TOKEN (a long-lived release token), else TESSERA_TOKEN (an admin's JWT). */
export function tokenFrom(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return flag || env.TESSERA_RELEASE_TOKEN || env.TESSERA_TOKEN || undefined;
}

export async function fetchSummary({ api, token }: ApiOptions, hours: number): Promise<Summary> {
  const base = api.replace(/\/+$/, '');
  if (!token)
    throw new ReleaseError(
      'reading telemetry needs a release token: set TESSERA_RELEASE_TOKEN (an admin creates one: npm run release -- token create <name> --api <url>), or pass --token',
    );
  const h = Math.min(720, Math.max(1, Math.ceil(hours)));
  let res: Response;
  try {
    res = await fetch(`${base}/v1/telemetry/remote-load/summary?hours=${h}`, { headers: { authorization: `Bearer ${token}` } });
  } catch (err) {
    throw new ReleaseError(`cannot reach ${base}: ${(err as Error).message}`);
  }
  if (!res.ok)
    throw new ReleaseError(`${base}/v1/telemetry/remote-load/summary answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as Summary;
}

export function countsOf(summary: Summary, remote: string, version: string): Counts {
  const items = summary.items.filter((i) => i.remote === remote && i.version === version);
  const sum = (k: 'loads' | 'failures' | 'errors' | 'abandoned' | 'unknown') => items.reduce((s, i) => s + (Number(i[k]) || 0), 0);
  return { loads: sum('loads'), failures: sum('failures'), errors: sum('errors'), abandoned: sum('abandoned'), unknown: sum('unknown') };
}

/** Does this API count loads at all (the summary of issue 17)? Without loads there is no rate. */
export const countsLoads = (summary: Summary) => summary.items.every((i) => typeof i.loads === 'number');

/** Hours of telemetry a rollout needs: since it started, rounded up. */
export const hoursSince = (r: Rollout, now: Date) => Math.ceil((now.getTime() - Date.parse(r.startedAt)) / 3_600_000 + 1e-9);

export function healthFrom(summary: Summary | null, r: Rollout): Health | null {
  if (!summary || !countsLoads(summary)) return null;
  return { canary: countsOf(summary, r.remote, r.version), stable: countsOf(summary, r.remote, r.stable) };
}
