// Named environments (staging, production, …) over one releases root. Each has its own live
// state — registry, shell page, rollouts, history — over the same immutable published
// versions, so a version is built and published once and promoted from one environment to
// the next as it is.
//
//   <root>/                      the default environment: today's layout, unchanged
//   <root>/<remote>/<version>/   the published versions (every environment's)
//   <root>/envs/<name>/          a named environment, the same layout as the root:
//     environment.json           its name (and marks the folder as an environment)
//     remotes.json, index.html, shell.json, rollouts.json, history.jsonl
//     <remote> -> ../../<remote> one link per remote and the shell, to the published versions
//
// An environment's folder is a releases root of its own (nginx or the API's RELEASES_DIR
// can serve it as is: the links lead to the builds), so every verb works on it unchanged;
// resolving `--env` to that folder is all an environment takes. Every environment shares
// the root's lock: publish and prune change the versions they all read.
import fs from 'node:fs';
import path from 'node:path';
import { ReleaseError } from './errors';
import { readJson, storeOf, writeFileAtomic } from './files';

export { storeOf };
export const DEFAULT_ENV = 'default';
const NAME = /^[a-z][a-z0-9-]{0,31}$/;
const MARKER = 'environment.json';

export const envsDir = (root: string) => path.join(root, 'envs');

/** The environment a folder is ('default' for a plain releases root). */
export function envNameOf(root: string): string {
  return readJson<{ name?: string }>(path.join(root, MARKER), MARKER)?.name ?? DEFAULT_ENV;
}

/** The named environments of a releases root, sorted. */
export function listEnvs(root: string): string[] {
  const dir = envsDir(storeOf(root));
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => NAME.test(n) && fs.existsSync(path.join(dir, n, MARKER)))
    .sort();
}

/** Every environment's folder, the default first. */
export function allEnvRoots(root: string): string[] {
  const store = storeOf(root);
  return [store, ...listEnvs(store).map((n) => path.join(envsDir(store), n))];
}

function assertEnvName(name: string): void {
  if (!NAME.test(name) || name === DEFAULT_ENV)
    throw new ReleaseError(`"${name}" is not an environment name (lower-case letters, digits and '-', like staging; not "default")`);
}

/** Links each target (the shell, every remote) of an environment to the published versions. */
function linkTargets(store: string, dir: string, targets: readonly string[]): void {
  for (const t of targets) {
    const link = path.join(dir, t);
    if (fs.existsSync(link) || isLink(link)) continue;
    fs.mkdirSync(path.join(store, t), { recursive: true });
    fs.symlinkSync(path.join('..', '..', t), link, 'dir');
  }
}

const isLink = (p: string) => {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
};

/** Creates a named environment (empty: no stable versions until one is promoted into it). */
export function createEnv(root: string, name: string, targets: readonly string[], now = new Date()): string {
  assertEnvName(name);
  const store = storeOf(root);
  const dir = path.join(envsDir(store), name);
  if (fs.existsSync(path.join(dir, MARKER))) throw new ReleaseError(`the environment ${name} exists already (${dir})`);
  fs.mkdirSync(dir, { recursive: true });
  linkTargets(store, dir, targets);
  writeFileAtomic(path.join(dir, MARKER), `${JSON.stringify({ name, createdAt: now.toISOString() }, null, 2)}\n`);
  return dir;
}

/**
 * The folder of environment `name` of the releases root (the root itself for none or
 * 'default'). A name that is not an environment is refused, so a misspelt --env never
 * starts an empty one.
 */
export function resolveEnv(root: string, name: string | undefined, targets: readonly string[]): string {
  if (name === undefined || name === DEFAULT_ENV) return root;
  assertEnvName(name);
  const dir = path.join(envsDir(root), name);
  if (!fs.existsSync(path.join(dir, MARKER))) {
    const have = listEnvs(root);
    throw new ReleaseError(
      `no environment "${name}" in ${root} (${have.length ? `environments: ${have.join(', ')}` : 'none yet'}); create it: npm run release -- env create ${name}`,
    );
  }
  // A remote added to the platform since the environment was created gets its link now.
  linkTargets(root, dir, targets);
  return dir;
}
