// One release command at a time per releases root, also when several hosts share the root
// (NFS and the like).
//
// The lock is a file created whole and exclusively: its content (host, pid, time) is
// written to a private temporary file which is then hard-linked to `.release.lock`;
// link(2) fails with EEXIST when the lock exists, like open(O_CREAT|O_EXCL), and a reader
// never sees a half-written lock. A lock is taken over only when it is older than
// `staleMs` AND was taken on this host AND its process is gone. A lock held by another
// host is never taken over: this host cannot tell whether that process still runs, so the
// command waits, then refuses with a message naming the holder.
// Two processes taking over the same stale lock are serialised by a second lock
// (`.release.lock.takeover`) in which the stale lock is read again before it is removed.
import fs from 'node:fs';
import os from 'node:os';
import { ReleaseError } from './errors';
import { files } from './files';

export interface LockHolder {
  host: string;
  pid: number;
  time: string;
  command?: string;
}

export interface LockOptions {
  /** How long to wait for the lock before refusing. */
  timeoutMs?: number;
  /** A lock of a dead process on this host younger than this is left alone. */
  staleMs?: number;
  /** The host name written into the lock (tests pretend to be another host). */
  host?: string;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates `file` holding `content`, or returns false when it exists. */
function createExclusive(file: string, content: string): boolean {
  const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`;
  fs.writeFileSync(tmp, content, { flag: 'wx' });
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** The lock's holder; null when the lock is gone; 'unreadable' for a file that is not ours. */
export function readHolder(file: string): LockHolder | null | 'unreadable' {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const h = JSON.parse(text) as LockHolder;
    if (typeof h.host === 'string' && Number.isInteger(h.pid) && typeof h.time === 'string') return h;
  } catch {
    /* below */
  }
  // A lock of the older tool: just a pid, taken on this host; its age is the file's.
  if (/^\d+$/.test(text.trim())) {
    try {
      return { host: os.hostname(), pid: Number(text.trim()), time: fs.statSync(file).mtime.toISOString() };
    } catch {
      return null;
    }
  }
  return 'unreadable';
}

function describe(h: LockHolder): string {
  return `pid ${h.pid} on ${h.host} since ${h.time}${h.command ? ` (${h.command})` : ''}`;
}

/** Removes the lock if it still is the stale one we judged (under the takeover lock). */
function takeOver(lock: string, stale: LockHolder, me: string): void {
  const guard = `${lock}.takeover`;
  // A takeover guard left by a process killed within these few lines is old after a minute.
  try {
    if (Date.now() - fs.statSync(guard).mtimeMs > 60_000) fs.rmSync(guard, { force: true });
  } catch {
    /* no guard */
  }
  if (!createExclusive(guard, me)) return; // someone else is taking it over: try again
  try {
    const again = readHolder(lock);
    if (again && again !== 'unreadable' && again.host === stale.host && again.pid === stale.pid && again.time === stale.time)
      fs.rmSync(lock, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

/** Locks this process holds (re-entrant: a verb called by another verb, like tick's). */
const held = new Map<string, number>();

/** Runs `fn` holding the releases root's lock. */
export function withLock<T>(root: string, fn: () => T, opts: LockOptions = {}): T {
  const { timeoutMs = 15_000, staleMs = 10_000 } = opts;
  const host = opts.host ?? os.hostname();
  const lock = files(root).lock;
  const depth = held.get(lock) ?? 0;
  if (depth > 0) {
    held.set(lock, depth + 1);
    try {
      return fn();
    } finally {
      held.set(lock, depth);
    }
  }
  fs.mkdirSync(root, { recursive: true });
  const me: LockHolder = {
    host,
    pid: process.pid,
    time: new Date().toISOString(),
    command: process.argv.slice(2, 4).join(' ') || undefined,
  };
  const content = `${JSON.stringify(me)}\n`;
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (createExclusive(lock, content)) break;
    const holder = readHolder(lock);
    if (holder === null) continue; // released between our attempt and the read: try again now
    if (holder !== 'unreadable' && holder.host === host) {
      const age = Date.now() - Date.parse(holder.time);
      if (holder.pid !== process.pid && !pidAlive(holder.pid) && !(age < staleMs)) {
        takeOver(lock, holder, content);
        continue;
      }
    }
    if (Date.now() > end) {
      if (holder === 'unreadable')
        throw new ReleaseError(`${lock} exists but is not a release lock; remove it if no release command is running`);
      if (holder.host !== host) {
        throw new ReleaseError(
          `another host holds the release lock ${lock}: ${describe(holder)}. This host (${host}) cannot tell whether that command still runs, so it never takes the lock over; if it is gone, remove the file by hand`,
        );
      }
      throw new ReleaseError(`another release command (${describe(holder)}) holds ${lock}; try again`);
    }
    sleep(50 + Math.floor(Math.random() * 50));
  }
  held.set(lock, 1);
  try {
    return fn();
  } finally {
    held.delete(lock);
    // Only our own lock: never one taken over from us after a long pause.
    try {
      if (fs.readFileSync(lock, 'utf8') === content) fs.rmSync(lock, { force: true });
    } catch {
      /* already gone */
    }
  }
}
