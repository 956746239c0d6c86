// The files of a releases root, atomic writes and JSON reads.
import fs from 'node:fs';
import path from 'node:path';
import { ReleaseError } from './errors';

export const repoRoot = path.resolve(__dirname, '../..');

export function defaultRoot(): string {
  return path.resolve(process.env.RELEASES_DIR || path.join(repoRoot, 'releases'));
}

/**
 * The releases root holding the published versions and the lock: for a named environment's
 * folder (environments.ts, marked by its environment.json) the root two levels up.
 */
export function storeOf(root: string): string {
  return fs.existsSync(path.join(root, 'environment.json')) ? path.resolve(root, '..', '..') : root;
}

export function files(root: string) {
  return {
    registry: path.join(root, 'remotes.json'),
    index: path.join(root, 'index.html'),
    shell: path.join(root, 'shell.json'),
    history: path.join(root, 'history.jsonl'),
    rollouts: path.join(root, 'rollouts.json'),
    // One lock for every environment of a root: publish and prune change what they all read.
    lock: path.join(storeOf(root), '.release.lock'),
  };
}

/** Writes `data` to a temporary file beside `file`, flushes it, then renames it over `file`. */
export function writeFileAtomic(file: string, data: string | Buffer): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  const fd = fs.openSync(tmp, 'wx', 0o644);
  try {
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fs.closeSync(fd);
  try {
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  // The rename itself survives a crash once the folder is flushed too.
  try {
    const dfd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(dfd);
    } finally {
      fs.closeSync(dfd);
    }
  } catch {
    /* some filesystems cannot fsync a folder */
  }
}

/** The parsed file, or undefined when it does not exist. */
export function readJson<T = unknown>(file: string, what: string): T | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    throw new ReleaseError(`${what} (${file}) is not valid JSON: ${(err as Error).message}`);
  }
}
