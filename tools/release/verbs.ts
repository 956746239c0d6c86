// The verbs: publish, canary, promote, rollback, status, prune, and the rollout's start and
// tick. Each change is validated first, made under the lock, written atomically, and
// recorded in history.jsonl; a refusal leaves every live file as it was.
import fs from 'node:fs';
import path from 'node:path';
import { ReleaseError, refuseIfInvalid } from './errors';
import { files, readJson, repoRoot } from './files';
import { withLock, type LockOptions } from './lock';
import { parsePercent } from './percent';
import {
  appendHistory,
  assertName,
  assertVersion,
  commitRegistry,
  entryOf,
  KEEP_PREVIOUS,
  liveShellVersion,
  PACKAGES,
  published,
  readHistory,
  readRegistry,
  readShellState,
  REMOTE_NAMES,
  setShellStable,
  whoAmI,
  type RemoteName,
  type Target,
} from './registry';
import { readRollouts, writeRollout } from './rollouts';
import { afterGate, gate } from './approval';
import { allEnvRoots, envNameOf } from './environments';
import { decide, next, start, type Health, type Rollout, type RolloutPlan } from './rollout';
import { liveRemotesAgainstShell, shellNeeds, validateBuild, type HostShared, type Required } from './validation';

/** What a smoke test found, recorded in history (the CLI runs it before the verb). */
export interface SmokeNote {
  result: 'passed' | 'failed' | 'skipped' | 'unavailable';
  detail?: string;
  /** The live shell it ran against. */ shell?: string;
  /** It exercised the pages' controls (not only rendered them). */
  interactive?: boolean;
}

export interface VerbOptions {
  user?: string;
  /** Tests: what the shell needs, instead of the live shell's requirements.json. */
  required?: Required;
  hostShared?: HostShared;
  smoke?: SmokeNote;
  lock?: LockOptions;
  now?: Date;
  /** The environment a version is promoted from (recorded in history). */
  fromEnv?: string;
  /** What the synthetic canary found before a rollout (recorded in history). */
  synthetic?: { result: 'passed' | 'failed'; detail: string };
}

const timeOf = (opts: VerbOptions) => (opts.now ?? new Date()).toISOString();
const smokeField = (opts: VerbOptions) =>
  opts.smoke
    ? {
        smoke: opts.smoke.result,
        ...(opts.smoke.detail ? { smokeDetail: opts.smoke.detail } : {}),
        ...(opts.smoke.shell ? { smokeShell: opts.smoke.shell } : {}),
        ...(opts.smoke.interactive ? { smokeInteractive: true } : {}),
      }
    : {};

const syntheticField = (opts: VerbOptions) =>
  opts.synthetic ? { synthetic: opts.synthetic.result, syntheticDetail: opts.synthetic.detail } : {};

const fromEnvField = (opts: VerbOptions) => (opts.fromEnv ? { fromEnv: opts.fromEnv } : {});

/** The build to publish: --from, else <pkg>/dist/<package.json version>. */
export function sourceOf(remote: Target, from?: string): string {
  if (from) return path.resolve(from);
  const pkgDir = path.join(repoRoot, PACKAGES[remote]);
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  return path.join(pkgDir, 'dist', version);
}

export function versionOf(dir: string): string {
  const m = readJson<{ metaData?: { buildInfo?: { buildVersion?: string } } }>(path.join(dir, 'mf-manifest.json'), 'mf-manifest.json');
  if (!m) throw new ReleaseError(`no mf-manifest.json in ${dir} (build it first: npm run build -w <package>)`);
  const v = m.metaData?.buildInfo?.buildVersion;
  if (!v) throw new ReleaseError(`${dir}/mf-manifest.json has no metaData.buildInfo.buildVersion`);
  return v;
}

function validatePublished(root: string, remote: Target, version: string, opts: VerbOptions): void {
  const dir = path.join(root, remote, version);
  if (!fs.existsSync(dir)) {
    const have = published(root, remote);
    throw new ReleaseError(
      `${remote} ${version} is not published${have.length ? ` (published: ${have.join(', ')})` : ''}; publish it first: npm run release -- publish ${remote}`,
    );
  }
  const needs = shellNeeds(root, opts);
  refuseIfInvalid(`${remote} ${version}`, validateBuild({ dir, remote, version, required: needs.required, hostShared: needs.hostShared }));
}

/** Checks a build before it is published (also what the CLI smoke-tests). */
export function checkBuild(root: string, remote: string, opts: VerbOptions & { from?: string } = {}): { dir: string; version: string } {
  assertName(remote);
  const from = sourceOf(remote, opts.from);
  if (!fs.existsSync(from))
    throw new ReleaseError(`nothing to publish: ${from} does not exist (build it first: npm run build -w ${PACKAGES[remote]})`);
  const version = versionOf(from);
  assertVersion(version);
  return { dir: from, version };
}

/**
 * Copies a build into <root>/<remote>/<version>/ (refusing an existing version). The first
 * release of a remote (or of the shell) also becomes its stable version.
 */
export function publish(root: string, remote: string, opts: VerbOptions & { from?: string } = {}) {
  const { dir: from, version } = checkBuild(root, remote, opts);
  assertName(remote);
  return withLock(
    root,
    () => {
      const target = path.join(root, remote, version);
      if (fs.existsSync(target)) {
        throw new ReleaseError(
          `refused: ${remote} ${version} is already published (${target}); releases are immutable: bump the version in ${PACKAGES[remote]}/package.json and rebuild`,
        );
      }
      const needs = shellNeeds(root, opts);
      refuseIfInvalid(
        `${remote} ${version} from ${from}`,
        validateBuild({ dir: from, remote, version, required: needs.required, hostShared: needs.hostShared }),
      );
      const first = remote === 'shell' ? !readShellState(root) : !readRegistry(root)[remote];
      if (remote === 'shell' && first) refuseIfInvalid(`shell ${version}`, liveRemotesAgainstShell(root, from, opts));

      // Copy beside the target, then rename: a half-copied release is never visible.
      const partial = path.join(root, remote, `.${version}.partial-${process.pid}`);
      fs.rmSync(partial, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(partial), { recursive: true });
      // mf-stats.json is build metadata (local paths included), not needed at run time.
      fs.cpSync(from, partial, { recursive: true, filter: (src) => !/\/mf-stats\.json$/.test(src) });
      fs.renameSync(partial, target);

      if (remote === 'shell') {
        if (first) setShellStable(root, version, null);
      } else if (first) {
        commitRegistry(root, remote, (rec) => ({ ...rec, stable: { version, entry: entryOf(remote, version) } }));
      } else {
        // The registry's published list grows: the API accepts telemetry of this version now.
        commitRegistry(root, remote, (rec) => rec);
      }
      appendHistory(root, {
        time: timeOf(opts),
        verb: 'publish',
        remote,
        from: null,
        to: version,
        percent: null,
        user: whoAmI(opts.user),
        stable: first,
        ...smokeField(opts),
      });
      return { remote, version, dir: target, stable: first };
    },
    opts.lock,
  );
}

function runningRollout(root: string, remote: string): Rollout | null {
  const r = readRollouts(root)[remote];
  return r && r.status === 'running' ? r : null;
}

/** Ends a running rollout of `remote` (a person took over), under the lock. */
function endRollout(root: string, remote: string, reason: string, opts: VerbOptions): void {
  const r = runningRollout(root, remote);
  if (!r) return;
  const time = timeOf(opts);
  writeRollout(root, { ...r, status: 'ended', endedAt: time, last: { time, action: 'end', reason } });
}

export function canary(
  root: string,
  remote: string,
  version: string,
  percent: unknown,
  opts: VerbOptions & { byRollout?: boolean; reason?: string } = {},
) {
  if (remote === 'shell')
    throw new ReleaseError(
      'the shell has no canary: index.html picks the shell before any script runs; publish it and `promote shell <version>`',
    );
  assertName(remote, { shell: false });
  assertVersion(version);
  const p = parsePercent(percent);
  return withLock(
    root,
    () => {
      const rec = readRegistry(root)[remote as RemoteName];
      if (!rec?.stable) throw new ReleaseError(`${remote} has no stable version yet: publish it first`);
      if (rec.stable.version === version) throw new ReleaseError(`${remote} ${version} is already the stable version`);
      const rolling = runningRollout(root, remote);
      if (rolling && !opts.byRollout) {
        throw new ReleaseError(
          `a rollout of ${remote} ${rolling.version} is running (step ${rolling.plan.steps[rolling.step]}%); it sets the percentage itself. Stop it first: npm run release -- rollback ${remote}`,
        );
      }
      validatePublished(root, remote, version, opts);
      const before = rec.canary ?? null;
      commitRegistry(root, remote as RemoteName, (r) => ({ ...r, canary: { version, entry: entryOf(remote, version), percent: p } }));
      appendHistory(root, {
        time: timeOf(opts),
        verb: 'canary',
        remote,
        from: before ? before.version : rec.stable.version,
        to: version,
        percent: p,
        user: whoAmI(opts.user),
        ...smokeField(opts),
        ...(opts.reason ? { reason: opts.reason } : {}),
        ...fromEnvField(opts),
      });
      return { remote, version, percent: p, stable: rec.stable.version };
    },
    opts.lock,
  );
}

/** The canary (or `version`) becomes stable; the old stable is kept for rollback. */
export function promote(root: string, remote: string, version?: string, opts: VerbOptions & { reason?: string; byRollout?: boolean } = {}) {
  assertName(remote);
  if (version !== undefined) assertVersion(version);
  return withLock(
    root,
    () => {
      const user = whoAmI(opts.user);
      const time = timeOf(opts);
      if (remote === 'shell') {
        if (!version) throw new ReleaseError('say which shell version: promote shell <version>');
        const state = readShellState(root);
        if (state?.stable?.version === version) throw new ReleaseError(`shell ${version} is already the stable version`);
        validatePublished(root, 'shell', version, opts);
        refuseIfInvalid(`shell ${version}`, liveRemotesAgainstShell(root, path.join(root, 'shell', version), opts));
        setShellStable(root, version, state);
        appendHistory(root, {
          time,
          verb: 'promote',
          remote,
          from: state?.stable?.version ?? null,
          to: version,
          percent: null,
          user,
          ...fromEnvField(opts),
        });
        return { remote, version, from: state?.stable?.version ?? null };
      }
      const rec = readRegistry(root)[remote];
      if (!rec?.stable && version) {
        // The first stable version of an environment: a published version promoted into it.
        validatePublished(root, remote, version, opts);
        commitRegistry(root, remote, (r) => ({ ...r, stable: { version, entry: entryOf(remote, version) } }));
        appendHistory(root, { time, verb: 'promote', remote, from: null, to: version, percent: null, user, ...fromEnvField(opts) });
        return { remote, version, from: null };
      }
      if (!rec?.stable) throw new ReleaseError(`${remote} has no stable version yet: publish it first`);
      const target = version ?? rec.canary?.version;
      if (!target)
        throw new ReleaseError(
          `${remote} has no canary to promote (stable is ${rec.stable.version}); start one: npm run release -- canary ${remote} <version> <percent>`,
        );
      if (target === rec.stable.version) throw new ReleaseError(`${remote} ${target} is already the stable version`);
      validatePublished(root, remote, target, opts);
      commitRegistry(root, remote, (r) => ({
        ...r,
        stable: { version: target, entry: entryOf(remote, target) },
        canary: r.canary && r.canary.version !== target ? r.canary : undefined,
        previous: [...(r.previous ?? []), r.stable.version].slice(-KEEP_PREVIOUS),
      }));
      if (!opts.byRollout) endRollout(root, remote, `promoted by hand by ${user}`, opts);
      appendHistory(root, {
        time,
        verb: 'promote',
        remote,
        from: rec.stable.version,
        to: target,
        percent: rec.canary?.version === target ? rec.canary.percent : null,
        user,
        ...(opts.reason ? { reason: opts.reason } : {}),
        ...fromEnvField(opts),
      });
      return { remote, version: target, from: rec.stable.version };
    },
    opts.lock,
  );
}

/** Ends a running canary (and rollout); without one, goes back to the stable version before this one. */
export function rollback(root: string, remote: string, opts: VerbOptions & { reason?: string; byRollout?: boolean } = {}) {
  assertName(remote);
  return withLock(
    root,
    () => {
      const user = whoAmI(opts.user);
      const time = timeOf(opts);
      const reason = opts.reason ? { reason: opts.reason } : {};
      if (remote === 'shell') {
        const state = readShellState(root);
        const prev = state?.previous?.at(-1);
        if (!state || !prev)
          throw new ReleaseError(
            `the shell has no earlier stable version to roll back to${state ? ` (stable is ${state.stable.version})` : ''}`,
          );
        validatePublished(root, 'shell', prev, opts);
        setShellStable(root, prev, state, { rollback: true });
        appendHistory(root, { time, verb: 'rollback', remote, from: state.stable.version, to: prev, percent: null, user, ...reason });
        return { remote, from: state.stable.version, to: prev, channel: 'stable' as const };
      }
      const rec = readRegistry(root)[remote];
      if (!rec?.stable) throw new ReleaseError(`${remote} has no stable version yet: nothing to roll back`);
      if (rec.canary) {
        commitRegistry(root, remote, (r) => ({ ...r, canary: undefined }));
        if (!opts.byRollout) endRollout(root, remote, `rolled back by hand by ${user}`, opts);
        appendHistory(root, {
          time,
          verb: 'rollback',
          remote,
          from: rec.canary.version,
          to: rec.stable.version,
          percent: 0,
          user,
          channel: 'canary',
          ...reason,
        });
        return { remote, from: rec.canary.version, to: rec.stable.version, channel: 'canary' as const };
      }
      const prev = rec.previous?.at(-1);
      if (!prev) throw new ReleaseError(`${remote} has no earlier stable version to roll back to (stable is ${rec.stable.version})`);
      validatePublished(root, remote, prev, opts);
      commitRegistry(root, remote, (r) => ({
        ...r,
        stable: { version: prev, entry: entryOf(remote, prev) },
        previous: r.previous!.slice(0, -1),
      }));
      appendHistory(root, {
        time,
        verb: 'rollback',
        remote,
        from: rec.stable.version,
        to: prev,
        percent: null,
        user,
        channel: 'stable',
        ...reason,
      });
      return { remote, from: rec.stable.version, to: prev, channel: 'stable' as const };
    },
    opts.lock,
  );
}

// ---------------------------------------------------------------------------
// Rollouts

/** Starts a progressive rollout: the canary at the first step, the state in rollouts.json. */
export function startRollout(
  root: string,
  remote: string,
  version: string,
  plan: RolloutPlan,
  opts: VerbOptions & { approveBeforeLast?: boolean } = {},
): Rollout {
  assertName(remote, { shell: false });
  if (remote === 'shell') throw new ReleaseError('the shell has no rollout: promote shell <version>');
  assertVersion(version);
  if (opts.approveBeforeLast && plan.steps.length < 2)
    throw new ReleaseError(`--approve-before-last needs a step before the last one (--steps ${plan.steps.join(',')} has none)`);
  const user = whoAmI(opts.user);
  const now = opts.now ?? new Date();
  return withLock(
    root,
    () => {
      const rec = readRegistry(root)[remote];
      if (!rec?.stable) throw new ReleaseError(`${remote} has no stable version yet: publish it first`);
      if (rec.stable.version === version) throw new ReleaseError(`${remote} ${version} is already the stable version`);
      const rolling = runningRollout(root, remote);
      if (rolling)
        throw new ReleaseError(
          `a rollout of ${remote} ${rolling.version} is already running (step ${rolling.plan.steps[rolling.step]}%); stop it first: npm run release -- rollback ${remote}`,
        );
      validatePublished(root, remote, version, opts);
      const r: Rollout = {
        ...start({ remote, version, stable: rec.stable.version, plan, user, now }),
        ...(opts.approveBeforeLast ? { approval: { beforeLast: true as const } } : {}),
      };
      commitRegistry(root, remote, (x) => ({ ...x, canary: { version, entry: entryOf(remote, version), percent: plan.steps[0] } }));
      writeRollout(root, r);
      appendHistory(root, {
        time: now.toISOString(),
        verb: 'rollout',
        remote,
        from: rec.stable.version,
        to: version,
        percent: plan.steps[0],
        user,
        reason: `rollout started: steps ${plan.steps.join(' → ')} %, each ≥ ${plan.minLoads} loads and ≥ ${plan.minMinutes} min${opts.approveBeforeLast ? '; approval needed before the last step' : ''}`,
        ...smokeField(opts),
        ...syntheticField(opts),
        ...fromEnvField(opts),
      });
      return r;
    },
    opts.lock,
  );
}

/**
 * Records a synthetic canary that refused a rollout (the rollout never started; a passed one
 * is recorded with the rollout it let start).
 */
export function recordSynthetic(
  root: string,
  remote: string,
  version: string,
  note: { result: 'passed' | 'failed'; detail: string; problems?: string[] },
  opts: VerbOptions = {},
): void {
  assertName(remote, { shell: false });
  assertVersion(version);
  const user = whoAmI(opts.user);
  withLock(
    root,
    () =>
      appendHistory(root, {
        time: timeOf(opts),
        verb: 'synthetic',
        remote,
        from: readRegistry(root)[remote]?.stable?.version ?? null,
        to: version,
        percent: null,
        user,
        synthetic: note.result,
        syntheticDetail: note.detail,
        ...(note.problems?.length ? { reason: note.problems[0] } : {}),
      }),
    opts.lock,
  );
}

/** Approves the last step of a running rollout started with --approve-before-last. */
export function approve(root: string, remote: string, opts: VerbOptions = {}): Rollout {
  assertName(remote, { shell: false });
  return withLock(
    root,
    () => {
      const r = runningRollout(root, remote);
      if (!r) throw new ReleaseError(`no rollout of ${remote} is running: nothing to approve`);
      if (!r.approval)
        throw new ReleaseError(`the rollout of ${remote} ${r.version} was started without --approve-before-last: it needs no approval`);
      if (r.approval.approvedAt)
        throw new ReleaseError(
          `the rollout of ${remote} ${r.version} was approved already, by ${r.approval.approvedBy} at ${r.approval.approvedAt}`,
        );
      const user = whoAmI(opts.user);
      const time = timeOf(opts);
      const approved: Rollout = { ...r, approval: { ...r.approval, approvedBy: user, approvedAt: time } };
      writeRollout(root, approved);
      appendHistory(root, {
        time,
        verb: 'approve',
        remote,
        from: r.stable,
        to: r.version,
        percent: r.plan.steps[r.step],
        user,
        reason: `approved the last step (${r.plan.steps.at(-1)}%)`,
      });
      return approved;
    },
    opts.lock,
  );
}

export interface TickResult {
  remote: string;
  version: string;
  /** 'advance', 'promote', 'rollback', 'wait', 'end', 'none', or 'wait-for-approval' (the first tick the approval gate holds). */
  action: string;
  reason: string;
  percent: number;
  /** The rollout as the tick found it (for notifications). */
  rollout?: Rollout;
}

/**
 * One decision per running rollout, from the health the caller fetched for it. Each is
 * decided and carried out under the lock against the registry as it is then; a rollout
 * whose canary was changed by hand is ended, not acted on.
 */
export function tick(root: string, healthOf: (r: Rollout) => Health | null, opts: VerbOptions = {}): TickResult[] {
  const now = opts.now ?? new Date();
  const out: TickResult[] = [];
  for (const r0 of Object.values(readRollouts(root))) {
    if (r0.status !== 'running') continue;
    const health = healthOf(r0);
    out.push(
      withLock(
        root,
        (): TickResult => {
          const r = readRollouts(root)[r0.remote];
          if (!r || r.status !== 'running' || r.startedAt !== r0.startedAt)
            return { remote: r0.remote, version: r0.version, action: 'none', reason: 'changed meanwhile', percent: 0 };
          const rec = readRegistry(root)[r.remote as RemoteName];
          const time = now.toISOString();
          if (!rec?.canary || rec.canary.version !== r.version || rec.stable.version !== r.stable) {
            const reason = `the registry changed by hand (canary ${rec?.canary ? `${rec.canary.version} @ ${rec.canary.percent}%` : 'none'}, stable ${rec?.stable.version ?? '-'}): rollout ended`;
            writeRollout(root, { ...r, status: 'ended', endedAt: time, last: { time, action: 'end', reason } });
            return { remote: r.remote, version: r.version, action: 'end', reason, percent: rec?.canary?.percent ?? 0 };
          }
          // The approval gate may hold an advance to the last step (approval.ts).
          const g = gate(r, decide(r, health, now), now);
          const d = g.decision;
          const base = { ...opts, user: 'rollout', now, byRollout: true, reason: d.reason };
          if (d.action === 'advance') canary(root, r.remote, r.version, d.percent, base);
          else if (d.action === 'promote') promote(root, r.remote, r.version, base);
          else if (d.action === 'rollback') rollback(root, r.remote, base);
          writeRollout(root, next(afterGate(r, g, now), d, health, now));
          return { remote: r.remote, version: r.version, action: g.action, reason: d.reason, percent: d.percent, rollout: r };
        },
        opts.lock,
      ),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------
// Prune

export interface PruneResult {
  remote: string;
  deleted: string[];
  kept: { version: string; why: string }[];
}

/**
 * Deletes published versions that are neither live (stable, canary), nor in a running
 * rollout, nor among the last `keep`, nor live at any time in the last 24 h (an open tab may
 * still ask for their chunks), nor in the rollback list. `dryRun` only says what it would do.
 */
export function prune(root: string, keep: number, opts: VerbOptions & { dryRun?: boolean; tabHours?: number } = {}): PruneResult[] {
  if (!Number.isInteger(keep) || keep < 1) throw new ReleaseError(`--keep must be a whole number of at least 1, not "${keep}"`);
  const now = (opts.now ?? new Date()).getTime();
  const tabMs = (opts.tabHours ?? 24) * 3_600_000;
  return withLock(
    root,
    () => {
      const registry = readRegistry(root);
      const shell = readShellState(root);
      const rollouts = readRollouts(root);
      const history = readHistory(root);
      const out: PruneResult[] = [];
      for (const name of ['shell', ...REMOTE_NAMES] as Target[]) {
        const versions = published(root, name);
        if (!versions.length) continue;
        const why = new Map<string, string>();
        const mark = (v: string | undefined | null, reason: string) => {
          if (v && !why.has(v)) why.set(v, reason);
        };
        if (name === 'shell') {
          mark(shell?.stable.version, 'stable');
          mark(liveShellVersion(root), 'live (index.html)');
        } else {
          const rec = registry[name];
          mark(rec?.stable.version, 'stable');
          mark(rec?.canary?.version, 'canary');
          const ro = rollouts[name];
          if (ro?.status === 'running') {
            mark(ro.version, 'running rollout');
            mark(ro.stable, 'running rollout');
          }
        }
        // Every environment shares the published versions: what another one uses stays.
        for (const [v, reason] of usedByOtherEnvs(root, name, now - tabMs)) mark(v, reason);
        for (const v of versions.slice(-keep)) mark(v, `among the last ${keep}`);
        // Live at some time in the last 24 h: replay the history to know what was live when.
        const live = liveWithin(history, name, now - tabMs);
        for (const v of live) mark(v, 'live within the last 24 h (open tabs)');
        const deleted: string[] = [];
        for (const v of versions) {
          if (why.has(v)) continue;
          deleted.push(v);
        }
        if (!opts.dryRun && deleted.length) {
          for (const v of deleted) {
            // Renamed away first: the version disappears at once, then is removed.
            const gone = path.join(root, name, `.${v}.pruned-${process.pid}`);
            fs.renameSync(path.join(root, name, v), gone);
            fs.rmSync(gone, { recursive: true, force: true });
          }
          if (name === 'shell') {
            const st = readShellState(root);
            if (st?.previous?.some((v) => deleted.includes(v))) {
              const nextState = { ...st, previous: st.previous.filter((v) => !deleted.includes(v)) };
              if (!nextState.previous.length) delete (nextState as { previous?: string[] }).previous;
              fs.writeFileSync(files(root).shell, `${JSON.stringify(nextState, null, 2)}\n`);
            }
          } else {
            commitRegistry(root, name, (rec) => ({ ...rec, previous: rec.previous?.filter((v) => !deleted.includes(v)) }));
          }
          appendHistory(root, {
            time: new Date(now).toISOString(),
            verb: 'prune',
            remote: name,
            from: null,
            to: null,
            percent: null,
            user: whoAmI(opts.user),
            deleted,
          });
        }
        out.push({ remote: name, deleted, kept: versions.filter((v) => why.has(v)).map((v) => ({ version: v, why: why.get(v)! })) });
      }
      return out;
    },
    opts.lock,
  );
}

/**
 * The versions of `name` the other environments of the releases root need (live, in a
 * running rollout, in their rollback lists, live within the tab window), with why.
 */
function usedByOtherEnvs(root: string, name: string, since: number): Map<string, string> {
  const out = new Map<string, string>();
  for (const other of allEnvRoots(root)) {
    if (path.resolve(other) === path.resolve(root)) continue;
    const env = envNameOf(other);
    const mark = (v: string | null | undefined, why: string) => {
      if (v && !out.has(v)) out.set(v, `${why} in environment ${env}`);
    };
    if (name === 'shell') {
      const st = readShellState(other);
      mark(st?.stable.version, 'stable');
      mark(liveShellVersion(other), 'live (index.html)');
      for (const v of st?.previous ?? []) mark(v, 'rollback list');
    } else {
      const rec = readRegistry(other)[name];
      mark(rec?.stable.version, 'stable');
      mark(rec?.canary?.version, 'canary');
      for (const v of rec?.previous ?? []) mark(v, 'rollback list');
      const ro = readRollouts(other)[name];
      if (ro?.status === 'running') mark(ro.version, 'running rollout');
    }
    for (const v of liveWithin(readHistory(other), name, since)) mark(v, 'live within the last 24 h');
  }
  return out;
}

/** Versions of `remote` that were stable or canary at any moment after `since` (ms). */
export function liveWithin(history: ReturnType<typeof readHistory>, remote: string, since: number): Set<string> {
  let stable: string | null = null;
  let canaryV: string | null = null;
  const out = new Set<string>();
  for (const e of history) {
    if (e.remote !== remote) continue;
    const t = Date.parse(e.time);
    // The state just before this change was live until it; count it if that is after `since`.
    if (t >= since) {
      if (stable) out.add(stable);
      if (canaryV) out.add(canaryV);
    }
    switch (e.verb) {
      case 'publish':
        if (e.stable && e.to) stable = e.to;
        break;
      case 'canary':
      case 'rollout':
        canaryV = e.to;
        break;
      case 'promote':
        stable = e.to;
        if (canaryV === e.to) canaryV = null;
        break;
      case 'rollback':
        if (e.channel === 'canary') canaryV = null;
        else stable = e.to;
        break;
      default:
        break;
    }
    if (t >= since) {
      if (stable) out.add(stable);
      if (canaryV) out.add(canaryV);
    }
  }
  if (stable) out.add(stable);
  if (canaryV) out.add(canaryV);
  return out;
}

// ---------------------------------------------------------------------------
// Status

/** Everything `status` prints, as data. */
export function status(root: string) {
  const registry = readRegistry(root);
  const shell = readShellState(root);
  const rollouts = readRollouts(root);
  const rows = REMOTE_NAMES.map((name) => {
    const rec = registry[name];
    return {
      remote: name,
      stable: rec?.stable?.version ?? null,
      canary: rec?.canary ? { version: rec.canary.version, percent: rec.canary.percent } : null,
      previous: rec?.previous ?? [],
      published: published(root, name),
      rollout: rollouts[name] ?? null,
    };
  });
  return {
    root,
    shell: {
      stable: shell?.stable?.version ?? null,
      live: liveShellVersion(root),
      previous: shell?.previous ?? [],
      published: published(root, 'shell'),
    },
    remotes: rows,
    history: readHistory(root).slice(-10),
  };
}

export function isPublished(root: string, remote: string, version: string): boolean {
  return typeof version === 'string' && fs.existsSync(path.join(root, remote, version, 'mf-manifest.json'));
}
