// rollouts.json in the releases root: per remote its latest rollout (running or finished),
// written atomically under the release lock, so a closed terminal loses nothing.
import { files, readJson, writeFileAtomic } from './files';
import type { Rollout } from './rollout';

export function readRollouts(root: string): Record<string, Rollout> {
  return readJson<Record<string, Rollout>>(files(root).rollouts, 'rollouts.json') ?? {};
}

/** Call under the lock. */
export function writeRollout(root: string, r: Rollout): void {
  const all = readRollouts(root);
  all[r.remote] = r;
  writeFileAtomic(files(root).rollouts, `${JSON.stringify(all, null, 2)}\n`);
}
