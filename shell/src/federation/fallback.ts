// Switching a remote from a failed canary (or preview) to its stable build, for the rest of
// the page life. Used by the runtime plugin (a load that failed) and the page's error
// boundary (a first render that threw). No React here (the runtime plugin imports it).
//
// Why the two versions cannot mix afterwards: every build's globals carry its version
// (tools/webpack/create-config.cjs: chunk-loading array `webpackChunkmf_public_1_1_0`,
// container `mf_public_1_1_0`), and re-registering the remote with `force` makes the
// federation runtime drop what it holds of the canary (its module cache entry, manifest
// snapshot, loading promise and container global: runtime-core's removeRemote), so the
// next load fetches the stable manifest and entry, and the stable runtime loads its own
// chunks into its own array.
import { chosenRemote, fallBackToStable, type ChosenRemote } from './registry';
import { recordFailure, recordError } from './health';

type Register = (remotes: { name: string; entry: string }[], options: { force: boolean }) => void;

const fellBack = new Set<string>();

/** Whether this remote already fell back in this page (a second failure is the stable's own). */
export const hasFallenBack = (remote: string) => fellBack.has(remote);

/**
 * Records the failure against the version in use and, when that is a canary or a preview
 * that has not fallen back yet, switches to stable. Returns the stable choice, or null when
 * there is nothing to fall back to (the failure is the stable build's own).
 */
export function failAndFallBack(
  remote: string,
  detail: string,
  register: Register,
  kind: 'failure' | 'error' = 'failure',
): ChosenRemote | null {
  const c = chosenRemote(remote);
  if (!c) return null;
  (kind === 'failure' ? recordFailure : recordError)(c.name, c.version, c.channel, detail);
  if (c.channel === 'stable' || fellBack.has(remote)) return null;
  fellBack.add(remote);
  const stable = fallBackToStable(remote);
  if (!stable) return null;
  register([{ name: remote, entry: stable.stable.entry }], { force: true });
  return stable;
}

/** For tests. */
export function resetFallbacks(): void {
  fellBack.clear();
}
