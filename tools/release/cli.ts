// npm run release -- <verb> …   (README: "Releases")
import path from 'node:path';
import { ReleaseError, UsageError } from './errors';
import { DEFAULT_ENV, createEnv, envNameOf, listEnvs, resolveEnv } from './environments';
import { defaultRoot } from './files';
import { parsePercent, parseSteps } from './percent';
import { liveShellVersion, readHistory, readRegistry, readShellState, REMOTE_NAMES, type HistoryEntry } from './registry';
import { decide, DEFAULT_PLAN, type RolloutPlan } from './rollout';
import { readRequirements } from './requirements';
import { declaredActions, smokeActions, smokeTest } from './smoke';
import { runSynthetic, type SyntheticNote } from './synthetic';
import { badOf, compare, pct, wilson } from './stats';
import { fetchSummary, countsOf, countsLoads, healthFrom, hoursSince, tokenFrom, type Summary } from './telemetry';
import { createToken, listTokens, revokeToken } from './tokens';
import * as verbs from './verbs';
import { deliver, webhookFrom, type WebhookConfig } from './webhook';

export const USAGE = `Usage: npm run release -- <verb> [arguments] [options]

  publish <remote|shell|all> [--from DIR] [--skip-smoke]
                                 copy a build into <root>/<remote>/<version>/ (never overwrites) after
                                 a smoke test in Chromium; the first release of a remote is its stable
  canary <remote> <version> <percent> [--skip-smoke] [--from ENV]
                                 send <percent>% of cohorts to <version> (by hand; see rollout)
  rollout <remote> <version> [--steps 1,5,25,50,100] [--min-loads 200] [--min-minutes 10]
          [--alpha 0.05] [--floor 0.5] [--budget 2] [--skip-smoke] [--approve-before-last] [--from ENV]
          [--synthetic N --site URL]
                                 start a progressive rollout that promotes or rolls back itself;
                                 --approve-before-last: the last step waits for \`approve <remote>\`;
                                 --synthetic N: first N Chromium visits through the live site URL
                                 with <version> pinned (?preview=), exercising the remote's pages;
                                 the rollout starts only if every one passes (recorded in history)
  approve <remote>               let a rollout started with --approve-before-last take its last step
  tick --api URL [--webhook URL] advance every running rollout once (cron / systemd timer); each
                                 decision is POSTed, signed, to the webhook (or RELEASE_WEBHOOK_URL;
                                 secret: RELEASE_WEBHOOK_SECRET)
  promote <remote> [<version>]   the canary (or the published <version>) becomes the stable version
  promote <remote|shell> [<version>] --env ENV --from ENV2
                                 <version> (default: ENV2's stable) becomes stable in ENV, if it is
                                 the stable version in ENV2 (the same build: nothing is rebuilt)
  promote shell <version>        the shell page (index.html) switches to <version>
  rollback <remote|shell>        end the canary and its rollout; without one, back to the previous stable
  status [--api URL] [--hours 24] [--json]
                                 versions, canaries, rollouts, recent changes; with --api per version:
                                 loads, failures, errors, error rate with its 95% Wilson interval
  history [<remote>] [--limit 20] [--json]
  prune --keep N [--dry-run]     delete versions neither live, nor in a running rollout, nor among the
                                 last N, nor live within the last 24 hours
  token create <name> | token list | token revoke <id>   --api URL (an admin: TESSERA_ADMIN_EMAIL and
                                 TESSERA_ADMIN_PASSWORD, signs in once) — release tokens for --api
  env create <name> | env list   named environments (staging, production) of the releases root

Remotes: ${REMOTE_NAMES.join(', ')}; and shell. Percentages are whole numbers 0-100 ("5", not "5%", "5.0", "1e1").
Options: --root DIR (or RELEASES_DIR; default <repo>/releases), --user NAME (or RELEASE_USER),
         --token T (or TESSERA_RELEASE_TOKEN) for --api, --env ENV (or RELEASE_ENV) on every verb:
         that environment's registry (<root>/envs/ENV/; without it, the root's own, as always).
Exit codes: 0 done, 1 refused (the message says why; nothing changed), 2 usage error.`;

const FLAGS = new Set(['json', 'help', 'skip-smoke', 'dry-run', 'approve-before-last']);
const TARGETS = ['shell', ...REMOTE_NAMES];

export function parseArgs(argv: string[]) {
  const pos: string[] = [];
  const opts: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h') {
      opts.help = true;
      continue;
    }
    if (!a.startsWith('--')) {
      pos.push(a);
      continue;
    }
    const [k, inline] = a.slice(2).split(/=(.*)/s, 2);
    if (FLAGS.has(k)) {
      opts[k] = true;
      continue;
    }
    const v = inline ?? argv[++i];
    if (v === undefined || (inline === undefined && v.startsWith('--'))) throw new UsageError(`--${k} needs a value`);
    opts[k] = v;
  }
  return { verb: pos[0], args: pos.slice(1), opts };
}

function arity(args: string[], min: number, max: number, usage: string) {
  if (args.length < min || args.length > max) throw new UsageError(`usage: npm run release -- ${usage}`);
}

const str = (v: string | true | undefined) => (typeof v === 'string' ? v : undefined);

/** A non-negative decimal flag ("10", "0.5"); refuses "1e1", "0x0a", "", "-1". */
function decimal(v: string | true | undefined, name: string, fallback: number): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !/^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/.test(v))
    throw new ReleaseError(`--${name} must be a plain non-negative number, not "${String(v)}"`);
  return Number(v);
}

export function planFrom(opts: Record<string, string | true>): RolloutPlan {
  const plan: RolloutPlan = {
    steps: opts.steps !== undefined ? parseSteps(String(opts.steps)) : DEFAULT_PLAN.steps,
    minLoads: decimal(opts['min-loads'], 'min-loads', DEFAULT_PLAN.minLoads),
    minMinutes: decimal(opts['min-minutes'], 'min-minutes', DEFAULT_PLAN.minMinutes),
    alpha: decimal(opts.alpha, 'alpha', DEFAULT_PLAN.alpha),
    floor: decimal(opts.floor, 'floor', DEFAULT_PLAN.floor * 100) / 100,
    budget: decimal(opts.budget, 'budget', DEFAULT_PLAN.budget * 100) / 100,
  };
  if (!Number.isInteger(plan.minLoads)) throw new ReleaseError(`--min-loads must be a whole number, not "${String(opts['min-loads'])}"`);
  if (!(plan.alpha > 0 && plan.alpha < 1)) throw new ReleaseError('--alpha must be between 0 and 1 (like 0.05)');
  if (plan.floor > 1 || plan.budget > 1) throw new ReleaseError('--floor and --budget are percentage points (0-100)');
  return plan;
}

/** --synthetic N --site URL: both or neither; N a whole number 1-100, URL http(s). */
export function syntheticFrom(opts: Record<string, string | true>): { visits: number; site: string } | null {
  const n = opts.synthetic;
  const site = opts.site;
  if (n === undefined && site === undefined) return null;
  if (n === undefined) throw new UsageError('--site is for --synthetic N: rollout <remote> <version> --synthetic N --site URL');
  if (typeof n !== 'string' || !/^[1-9][0-9]*$/.test(n) || Number(n) > 100)
    throw new UsageError(`--synthetic must be a whole number of visits from 1 to 100, not "${String(n)}"`);
  if (typeof site !== 'string') throw new UsageError('--synthetic needs --site URL (the live site the visits go through)');
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    throw new UsageError(`--site must be a URL like https://tessera.example, not "${site}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--site must be an http(s) URL, not "${site}"`);
  return { visits: Number(n), site: url.origin };
}

/** The synthetic canary before a rollout: refuses (and records why) unless every visit passes. */
async function syntheticOrRefuse(
  root: string,
  remote: string,
  version: string,
  syn: { visits: number; site: string },
  common: { user?: string },
): Promise<SyntheticNote> {
  if (remote === 'shell') throw new ReleaseError('the shell has no rollout: promote shell <version>');
  if (!verbs.isPublished(root, remote, version))
    throw new ReleaseError(`--synthetic: ${remote} ${version} is not published; publish it first (the visits pin a published version)`);
  const live = liveShellVersion(root);
  const req = live ? readRequirements(path.join(root, 'shell', live)) : null;
  const email = process.env.RELEASE_SYNTHETIC_EMAIL;
  const password = process.env.RELEASE_SYNTHETIC_PASSWORD;
  console.log(`${remote} ${version}: synthetic canary: ${syn.visits} visits through ${syn.site} with the version pinned…`);
  const r = await runSynthetic({
    site: syn.site,
    remote,
    version,
    visits: syn.visits,
    pages: req?.pages?.[remote] ?? [],
    signedInPages: req?.signedIn?.[remote] ?? [],
    account: email && password ? { email, password } : undefined,
    declared: declaredActions(remote),
  });
  if (r.result === 'failed') {
    verbs.recordSynthetic(root, remote, version, r, common);
    throw new ReleaseError(`refused: ${remote} ${version} fails its synthetic canary (${r.detail}); the rollout did not start`, r.problems);
  }
  console.log(`${remote} ${version}: synthetic canary passed (${r.detail})`);
  return { result: r.result, detail: r.detail };
}

/** Runs the smoke test unless --skip-smoke; refuses a build that fails it. */
async function smokeOrSkip(root: string, remote: string, version: string, dir: string, skip: boolean): Promise<verbs.SmokeNote> {
  if (skip) return { result: 'skipped', detail: '--skip-smoke' };
  // Releases are immutable: a version that passed against the shell that is live now passed
  // (if it was exercised then, when it would be now: a render-only pass is not enough).
  const live = liveShellVersion(root);
  const interactive = smokeActions() > 0;
  const earlier = live
    ? readHistory(root).find(
        (e) =>
          e.remote === remote &&
          e.to === version &&
          e.smoke === 'passed' &&
          e.smokeShell === live &&
          (e.smokeInteractive === true || !interactive),
      )
    : undefined;
  if (earlier) {
    console.log(`${remote} ${version}: smoke test passed against shell ${live} at ${earlier.time} (history); not run again`);
    return {
      result: 'passed',
      detail: `passed against shell ${live} at ${earlier.time}`,
      shell: live!,
      interactive: earlier.smokeInteractive === true,
    };
  }
  const r = await smokeTest({ root, remote, version, dir });
  if (r.result === 'failed')
    throw new ReleaseError(`refused: ${remote} ${version} fails its smoke test in Chromium (${r.detail}); nothing was changed`, r.problems);
  if (r.result !== 'passed') console.log(`${remote} ${version}: smoke test not run: ${r.detail}`);
  else console.log(`${remote} ${version}: smoke test passed (${r.detail})`);
  return { result: r.result, detail: r.detail, shell: r.shell, interactive: r.interactive };
}

export async function main(argv: string[]): Promise<number> {
  const { verb, args, opts } = parseArgs(argv);
  if (!verb || opts.help || verb === 'help') {
    console.log(USAGE);
    return 0;
  }
  const store = path.resolve(str(opts.root) ?? defaultRoot());
  if (verb === 'env') return envVerb(store, args);
  // An environment is a folder of its own under the root: every verb works on it unchanged.
  const env = str(opts.env) ?? (process.env.RELEASE_ENV || undefined);
  const root = resolveEnv(store, env, TARGETS);
  const common = { user: str(opts.user) };
  const skip = opts['skip-smoke'] === true;
  /** --from ENV2 (promote, canary, rollout): `version` must be ENV2's stable; none given: ENV2's stable. */
  const fromEnv = (remote: string, version: string | undefined) => {
    const from = str(opts.from);
    if (from === undefined) return { version, fromEnv: undefined };
    const dir = resolveEnv(store, from, TARGETS);
    if (path.resolve(dir) === path.resolve(root))
      throw new ReleaseError(`--from ${from} is the environment being changed: name another one`);
    const stable = remote === 'shell' ? readShellState(dir)?.stable?.version : readRegistry(dir)[remote]?.stable?.version;
    if (!stable) throw new ReleaseError(`${remote} has no stable version in ${from}: nothing to promote from there`);
    if (version !== undefined && version !== stable)
      throw new ReleaseError(
        `refused: ${remote} ${version} is not the stable version in ${from} (stable there: ${stable}); promote it in ${from} first`,
      );
    return { version: stable, fromEnv: from };
  };

  switch (verb) {
    case 'publish': {
      arity(args, 1, 1, 'publish <remote|shell|all> [--from DIR] [--skip-smoke]');
      const one = async (name: string, from?: string) => {
        const { dir, version } = verbs.checkBuild(root, name, { ...common, from });
        if (verbs.isPublished(root, name, version))
          throw new ReleaseError(
            `refused: ${name} ${version} is already published (${path.join(root, name, version)}); releases are immutable: bump the version and rebuild`,
          );
        const smoke = await smokeOrSkip(root, name, version, dir, skip);
        report(verbs.publish(root, name, { ...common, from, smoke }));
      };
      if (args[0] === 'all') {
        if (opts.from) throw new UsageError('--from names one build: publish <remote> --from DIR');
        // The shell first: the remotes are checked against the live shell's needs.
        for (const name of ['shell', ...REMOTE_NAMES]) {
          try {
            await one(name);
          } catch (err) {
            if (err instanceof ReleaseError && /already published/.test(err.message))
              console.log(`${name}: ${err.message.split(';')[0].replace(/^refused: /, '')}, skipped`);
            else throw err;
          }
        }
        return 0;
      }
      await one(args[0], str(opts.from));
      return 0;
    }
    case 'canary': {
      arity(args, 3, 3, 'canary <remote> <version> <percent> [--skip-smoke]');
      const [remote, , percent] = args;
      parsePercent(percent);
      const { version, fromEnv: fromName } = fromEnv(remote, args[1]);
      const smoke = verbs.isPublished(root, remote, version!)
        ? await smokeOrSkip(root, remote, version!, path.join(root, remote, version!), skip)
        : undefined;
      const r = verbs.canary(root, remote, version!, percent, { ...common, smoke, fromEnv: fromName });
      console.log(
        `${r.remote}: canary ${r.version} at ${r.percent}% (stable ${r.stable}). Watch it: npm run release -- status --api <url>`,
      );
      return 0;
    }
    case 'rollout': {
      arity(
        args,
        2,
        2,
        'rollout <remote> <version> [--steps 1,5,25,50,100] [--min-loads N] [--min-minutes M] [--alpha A] [--floor PP] [--budget PP] [--approve-before-last] [--synthetic N --site URL]',
      );
      const [remote] = args;
      const { version, fromEnv: fromName } = fromEnv(remote, args[1]);
      const plan = planFrom(opts);
      const syn = syntheticFrom(opts);
      const smoke = verbs.isPublished(root, remote, version!)
        ? await smokeOrSkip(root, remote, version!, path.join(root, remote, version!), skip)
        : undefined;
      const synthetic = syn ? await syntheticOrRefuse(root, remote, version!, syn, common) : undefined;
      const approveBeforeLast = opts['approve-before-last'] === true;
      const r = verbs.startRollout(root, remote, version!, plan, { ...common, smoke, synthetic, approveBeforeLast, fromEnv: fromName });
      console.log(
        `${remote}: rollout of ${version} started at ${plan.steps[0]}% (stable ${r.stable}); steps ${plan.steps.join(' → ')} %, each ≥ ${plan.minLoads} loads and ≥ ${plan.minMinutes} min.`,
      );
      if (approveBeforeLast)
        console.log(`Before the last step (${plan.steps.at(-1)}%) it waits for: npm run release -- approve ${remote}${envFlag(root)}`);
      console.log('It advances on each `npm run release -- tick --api <url>` (cron or systemd timer: README "Rollouts").');
      return 0;
    }
    case 'tick': {
      arity(args, 0, 0, 'tick --api URL [--webhook URL]');
      const api = str(opts.api);
      if (!api) throw new UsageError('usage: npm run release -- tick --api URL   (with TESSERA_RELEASE_TOKEN)');
      const webhook = webhookFrom(str(opts.webhook));
      const now = new Date();
      const running = Object.values(verbs.status(root).remotes).flatMap((r) => (r.rollout?.status === 'running' ? [r.rollout] : []));
      if (!running.length) {
        console.log('no rollout running');
        return 0;
      }
      let summary: Summary | null = null;
      let problem: string | null = null;
      try {
        summary = await fetchSummary({ api, token: tokenFrom(str(opts.token)) }, Math.max(...running.map((r) => hoursSince(r, now))));
        if (!countsLoads(summary)) problem = 'the API reports no load counts (an API older than issue 17): rollouts wait';
      } catch (err) {
        problem = (err as Error).message;
      }
      const results = verbs.tick(root, (r) => healthFrom(summary, r), { now });
      for (const r of results) console.log(`${r.remote} ${r.version}: ${r.action} — ${r.reason}`);
      const undelivered = webhook ? await notify(webhook, root, results, now) : 0;
      if (undelivered) console.error(`release: ${undelivered} webhook notification(s) not delivered (the decisions stand)`);
      if (problem) {
        console.error(`release: telemetry unavailable: ${problem}`);
        return 1;
      }
      return undelivered ? 1 : 0;
    }
    case 'approve': {
      arity(args, 1, 1, 'approve <remote>');
      const r = verbs.approve(root, args[0], common);
      console.log(
        `${r.remote}: the last step (${r.plan.steps.at(-1)}%) of ${r.version} is approved; the next tick that finds step ${r.plan.steps[r.step]}% passed takes it`,
      );
      return 0;
    }
    case 'promote': {
      arity(args, 1, 2, 'promote <remote> [<version>] [--env ENV --from ENV2] | promote shell <version>');
      const { version, fromEnv: fromName } = fromEnv(args[0], args[1]);
      const r = verbs.promote(root, args[0], version, { ...common, fromEnv: fromName });
      console.log(
        `${r.remote}: ${r.version} is stable${envFlag(root) ? ` in ${envNameOf(root)}` : ''}${fromName ? ` (from ${fromName})` : ''}${r.from ? ` (was ${r.from}; rollback returns to it)` : ''}`,
      );
      return 0;
    }
    case 'rollback': {
      arity(args, 1, 1, 'rollback <remote|shell>');
      const r = verbs.rollback(root, args[0], common);
      console.log(
        r.channel === 'canary'
          ? `${r.remote}: canary ${r.from} ended; everyone gets stable ${r.to} on their next load`
          : `${r.remote}: stable is back to ${r.to} (was ${r.from}); it takes effect on the next load`,
      );
      return 0;
    }
    case 'status': {
      arity(args, 0, 0, 'status [--api URL] [--hours 24] [--json]');
      const hours = opts.hours === undefined ? 24 : Number(opts.hours);
      if (!Number.isInteger(hours) || hours < 1 || hours > 720) throw new UsageError('--hours must be a whole number from 1 to 720');
      const s = verbs.status(root);
      let summary: Summary | null = null;
      let telemetryError: string | null = null;
      const api = str(opts.api);
      if (api) {
        try {
          summary = await fetchSummary({ api, token: tokenFrom(str(opts.token)) }, hours);
        } catch (err) {
          telemetryError = (err as Error).message;
        }
      }
      // `failures` is the summary under its earlier name (scripts read it).
      if (opts.json)
        console.log(JSON.stringify({ ...s, telemetry: summary, failures: summary, telemetryError, failureError: telemetryError }, null, 2));
      else printStatus(s, summary, telemetryError, hours);
      return telemetryError ? 1 : 0;
    }
    case 'history': {
      arity(args, 0, 1, 'history [<remote>] [--limit 20]');
      const limit = opts.limit === undefined ? 20 : Number(opts.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a whole number of at least 1');
      const h = readHistory(root)
        .filter((e) => !args[0] || e.remote === args[0])
        .slice(-limit);
      if (opts.json) console.log(JSON.stringify(h, null, 2));
      else if (!h.length) console.log('no changes recorded');
      else h.forEach((e) => console.log(historyLine(e)));
      return 0;
    }
    case 'prune': {
      arity(args, 0, 0, 'prune --keep N [--dry-run]');
      const keep = str(opts.keep);
      if (keep === undefined || !/^[1-9][0-9]*$/.test(keep))
        throw new UsageError('usage: npm run release -- prune --keep N [--dry-run]   (N: a whole number, at least 1)');
      const res = verbs.prune(root, Number(keep), { ...common, dryRun: opts['dry-run'] === true });
      for (const r of res) {
        console.log(
          `${r.remote}: ${r.deleted.length ? `${opts['dry-run'] ? 'would delete' : 'deleted'} ${r.deleted.join(', ')}` : 'nothing to delete'}; kept ${r.kept.map((k) => `${k.version} (${k.why})`).join(', ')}`,
        );
      }
      return 0;
    }
    case 'token': {
      const api = str(opts.api);
      const sub = args[0];
      if (!api || !['create', 'list', 'revoke'].includes(sub))
        throw new UsageError('usage: npm run release -- token create <name> | token list | token revoke <id>   --api URL');
      if (sub === 'create') {
        arity(args, 2, 2, 'token create <name> --api URL');
        const t = await createToken(api, args[1]);
        console.log(
          `release token "${t.name}" (${t.id}) created. It is shown this once; keep it as a secret:\n\n  export TESSERA_RELEASE_TOKEN=${t.token}\n\nIt can read remote-load telemetry only. Revoke it: npm run release -- token revoke ${t.id} --api ${api}`,
        );
      } else if (sub === 'list') {
        arity(args, 1, 1, 'token list --api URL');
        for (const t of await listTokens(api))
          console.log(
            `${t.id}  ${t.name.padEnd(24)} created ${t.createdAt} by ${t.createdBy ?? '-'}  last used ${t.lastUsedAt ?? 'never'}${t.revokedAt ? `  REVOKED ${t.revokedAt}` : ''}`,
          );
      } else {
        arity(args, 2, 2, 'token revoke <id> --api URL');
        await revokeToken(api, args[1]);
        console.log(`release token ${args[1]} revoked`);
      }
      return 0;
    }
    default:
      throw new UsageError(`unknown verb "${verb}"\n\n${USAGE}`);
  }
}

/** ` --env NAME` for a named environment's folder (to repeat in hints), '' for the root's own. */
function envFlag(root: string): string {
  const name = envNameOf(root);
  return name === DEFAULT_ENV ? '' : ` --env ${name}`;
}

function envVerb(store: string, args: string[]): number {
  if (args[0] === 'create') {
    arity(args, 2, 2, 'env create <name>');
    const dir = createEnv(store, args[1], TARGETS);
    console.log(
      `environment ${args[1]} created (${dir}): no stable versions yet. Bring published ones over without rebuilding: npm run release -- promote <remote|shell> <version> --env ${args[1]} (or --from <environment> for that one's stable)`,
    );
    return 0;
  }
  if (args[0] === 'list') {
    arity(args, 1, 1, 'env list');
    console.log([`${DEFAULT_ENV} (${store})`, ...listEnvs(store).map((n) => `${n} (${path.join(store, 'envs', n)})`)].join('\n'));
    return 0;
  }
  throw new UsageError('usage: npm run release -- env create <name> | env list');
}

/** The tick's decisions that are notified (advance, promote, rollback, wait-for-approval). */
export const NOTIFIED = new Set(['advance', 'promote', 'rollback', 'wait-for-approval']);

/** POSTs each notified decision to the webhook, all at once, each bounded; returns how many failed. */
export async function notify(webhook: WebhookConfig, root: string, results: verbs.TickResult[], now: Date): Promise<number> {
  const env = envNameOf(root);
  const sent = await Promise.all(
    results
      .filter((r) => NOTIFIED.has(r.action))
      .map(async (r) => {
        const d = await deliver(
          webhook,
          `rollout.${r.action}`,
          {
            env,
            remote: r.remote,
            version: r.version,
            stable: r.rollout?.stable ?? null,
            action: r.action,
            percent: r.percent,
            reason: r.reason,
            step: r.rollout ? { index: r.rollout.step, steps: r.rollout.plan.steps } : null,
          },
          now,
        );
        const what = `webhook ${r.remote} ${r.action}`;
        if (d.ok) console.log(`${what}: delivered (${d.id}, attempt ${d.attempts})`);
        else console.error(`release: ${what}: not delivered after ${d.attempts} attempt(s): ${d.error}`);
        return d.ok;
      }),
  );
  return sent.filter((ok) => !ok).length;
}

function report(r: { remote: string; version: string; dir: string; stable: boolean }) {
  console.log(
    `${r.remote}: published ${r.version} → ${path.relative(process.cwd(), r.dir) || r.dir}${r.stable ? ' (first release: now stable)' : ''}`,
  );
}

export function historyLine(e: HistoryEntry): string {
  const smoke = `${e.smoke ? ` [smoke ${String(e.smoke)}]` : ''}${e.synthetic ? ` [synthetic ${String(e.synthetic)}]` : ''}`;
  const what =
    (
      {
        publish: `published ${e.to}${e.stable ? ' (stable)' : ''}`,
        canary: `canary ${e.to} at ${e.percent}%`,
        rollout: `rollout of ${e.to} started at ${e.percent}%`,
        promote: `promoted ${e.to} (was ${e.from})${e.fromEnv ? ` from ${String(e.fromEnv)}` : ''}`,
        rollback: e.channel === 'canary' ? `ended canary ${e.from} (stable ${e.to})` : `rolled back ${e.from} → ${e.to}`,
        prune: `pruned ${Array.isArray(e.deleted) ? e.deleted.join(', ') : ''}`,
        approve: `approved the last step of ${e.to}`,
        synthetic: `synthetic canary of ${e.to} ${String(e.synthetic)}${e.syntheticDetail ? ` (${String(e.syntheticDetail)})` : ''}`,
      } as Record<string, string>
    )[e.verb] ?? `${e.verb} ${e.from ?? ''} → ${e.to ?? ''}`;
  return `${e.time}  ${e.remote.padEnd(13)} ${what}  by ${e.user}${smoke}${e.reason ? `\n${' '.repeat(26)}why: ${String(e.reason)}` : ''}`;
}

function rateCell(summary: Summary, remote: string, version: string): string {
  const c = countsOf(summary, remote, version);
  if (!countsLoads(summary)) return `${version}: ${c.failures} failures (this API counts no loads)`;
  const { bad, n } = badOf(c);
  const w = wilson(bad, n);
  // Abandoned and unknown views are shown apart: they are not in the rate.
  const apart = `${c.abandoned ? `, ${c.abandoned} abandoned` : ''}${c.unknown ? `, ${c.unknown} unknown` : ''}`;
  return `${version}: ${c.loads} loads, ${c.failures} failures, ${c.errors} errors${apart}, ${n ? `${pct(w.rate, 2)} [${pct(w.low, 2)}–${pct(w.high, 2)}]` : 'no loads'}`;
}

function printStatus(s: ReturnType<typeof verbs.status>, summary: Summary | null, telemetryError: string | null, hours: number) {
  console.log(`Releases in ${s.root}${envFlag(s.root) ? ` (environment ${envNameOf(s.root)})` : ''}`);
  const shellLive = s.shell.live && s.shell.live !== s.shell.stable ? ` (index.html loads ${s.shell.live}!)` : '';
  console.log(`shell: stable ${s.shell.stable ?? '-'}${shellLive}; published ${s.shell.published.join(', ') || '-'}\n`);
  const rows = [['REMOTE', 'STABLE', 'CANARY', 'PUBLISHED']];
  for (const r of s.remotes)
    rows.push([r.remote, r.stable ?? '-', r.canary ? `${r.canary.version} @ ${r.canary.percent}%` : '-', r.published.join(', ') || '-']);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, c) => cell.padEnd(widths[c]))
        .join('  ')
        .trimEnd(),
    );

  if (summary) {
    console.log(
      `\nHealth over the last ${hours} h (page views; error rate = (failures + errors) / (loads + failures), 95% Wilson interval; abandoned and unknown views are not in it):`,
    );
    for (const r of s.remotes) {
      if (!r.stable) continue;
      console.log(`  ${r.remote.padEnd(13)} stable ${rateCell(summary, r.remote, r.stable)}`);
      if (r.canary) console.log(`  ${''.padEnd(13)} canary ${rateCell(summary, r.remote, r.canary.version)}`);
    }
  } else if (telemetryError) {
    console.log(`\ntelemetry unavailable: ${telemetryError}`);
  } else {
    console.log('\n(loads, failures and error rates per version: add --api <url> with TESSERA_RELEASE_TOKEN)');
  }

  const rollouts = s.remotes.flatMap((r) => (r.rollout ? [r.rollout] : []));
  if (rollouts.length) {
    console.log('\nRollouts:');
    const now = new Date();
    for (const r of rollouts) {
      const step = r.plan.steps[r.step];
      console.log(
        `  ${r.remote} ${r.version} (stable ${r.stable}): ${r.status}${r.status === 'running' ? ` at step ${r.step + 1}/${r.plan.steps.length} = ${step}%` : ''}, started ${r.startedAt} by ${r.startedBy}`,
      );
      if (r.status === 'running') {
        const health = summary ? healthFrom(summary, r) : null;
        const d = decide(r, health, now);
        const at = d.nextDecisionAt ?? new Date(Date.parse(r.stepStartedAt) + r.plan.minMinutes * 60_000).toISOString();
        console.log(`    next decision: at the first tick after ${at}${d.loadsNeeded ? ` and ${d.loadsNeeded} more canary loads` : ''}`);
        if (health) {
          const c = compare(health.canary, health.stable);
          console.log(
            `    since the start: canary ${pct(c.canary.rate, 2)} of ${c.canary.n}, stable ${pct(c.stable.rate, 2)} of ${c.stable.n}, Fisher p=${c.pValue.toPrecision(2)}`,
          );
        }
      }
      console.log(`    last decision (${r.last.time}, ${r.last.action}): ${r.last.reason}`);
      if (r.approval)
        console.log(
          `    approval before the last step: ${r.approval.approvedAt ? `given by ${r.approval.approvedBy} at ${r.approval.approvedAt}` : r.approval.waitingSince ? `awaited since ${r.approval.waitingSince} (npm run release -- approve ${r.remote}${envFlag(s.root)})` : 'needed'}`,
        );
    }
  }
  if (s.history.length) {
    console.log('\nRecent changes:');
    for (const e of s.history) console.log(`  ${historyLine(e)}`);
  }
}

/** Runs the CLI and sets the exit code (0 done, 1 refused, 2 usage). */
export function run(argv: string[]): Promise<void> {
  // Piped into `head`: a closed pipe ends the output, not with a stack trace.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    else throw err;
  });
  return main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      if (err instanceof UsageError) {
        console.error(err.message);
        process.exitCode = 2;
        return;
      }
      if (err instanceof ReleaseError) {
        console.error(`release: ${err.message}`);
        process.exitCode = 1;
        return;
      }
      console.error(`release: ${(err as Error).stack ?? String(err)}`);
      process.exitCode = 1;
    },
  );
}

if (require.main === module) void run(process.argv.slice(2));
