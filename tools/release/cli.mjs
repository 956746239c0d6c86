#!/usr/bin/env node
// npm run release -- <verb> …   (README: "Releasing a remote")
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const release = require('./release.cjs');
const { ReleaseError } = release;

const USAGE = `Usage: npm run release -- <verb> [arguments] [--root DIR]

  publish <remote|shell|all> [--from DIR]   copy a build into <root>/<remote>/<version>/ (never overwrites);
                                            the first release of a remote becomes its stable version
  canary <remote> <version> <percent>       send <percent>% of cohorts (0-100) to <version>
  promote <remote>                          the canary becomes the stable version
  promote shell <version>                   the shell page (index.html) switches to <version>
  rollback <remote|shell>                   end the canary; without one, back to the previous stable
  status [--api URL] [--hours 24] [--json]  versions, canaries, recent changes and (with --api)
                                            remote-load failures per version
  history [<remote>] [--limit 20]           the change log

Remotes: ${release.REMOTE_NAMES.join(', ')}; and shell.
Options: --root DIR (or RELEASES_DIR; default <repo>/releases), --user NAME (or RELEASE_USER),
         --token JWT (or TESSERA_TOKEN; else TESSERA_ADMIN_EMAIL + TESSERA_ADMIN_PASSWORD sign in) for --api.`;

class UsageError extends Error {}

function parse(argv) {
  const pos = [];
  const opts = {};
  const flags = new Set(['json', 'help']);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h') { opts.help = true; continue; }
    if (!a.startsWith('--')) { pos.push(a); continue; }
    const [k, inline] = a.slice(2).split(/=(.*)/s, 2);
    if (flags.has(k)) { opts[k] = true; continue; }
    const v = inline ?? argv[++i];
    if (v === undefined || (inline === undefined && v.startsWith('--'))) throw new UsageError(`--${k} needs a value`);
    opts[k] = v;
  }
  return { verb: pos[0], args: pos.slice(1), opts };
}

function arity(args, min, max, usage) {
  if (args.length < min || args.length > max) throw new UsageError(`usage: npm run release -- ${usage}`);
}

async function main(argv) {
  const { verb, args, opts } = parse(argv);
  if (!verb || opts.help || verb === 'help') { console.log(USAGE); return 0; }
  const root = path.resolve(opts.root ?? release.defaultRoot());
  const common = { user: opts.user };

  switch (verb) {
    case 'publish': {
      arity(args, 1, 1, 'publish <remote|shell|all> [--from DIR]');
      if (args[0] === 'all') {
        if (opts.from) throw new UsageError('--from names one build: publish <remote> --from DIR');
        // The shell first: the remotes are checked against the live shell's singletons.
        for (const name of ['shell', ...release.REMOTE_NAMES]) {
          try {
            report(release.publish(root, name, common));
          } catch (err) {
            if (err instanceof ReleaseError && /already published/.test(err.message)) console.log(`${name}: ${err.message.split(';')[0].replace(/^refused: /, '')}, skipped`);
            else throw err;
          }
        }
        return 0;
      }
      report(release.publish(root, args[0], { ...common, from: opts.from }));
      return 0;
    }
    case 'canary': {
      arity(args, 3, 3, 'canary <remote> <version> <percent>');
      const r = release.canary(root, args[0], args[1], args[2], common);
      console.log(`${r.remote}: canary ${r.version} at ${r.percent}% (stable ${r.stable}). Watch it: npm run release -- status --api <url>`);
      return 0;
    }
    case 'promote': {
      arity(args, 1, 2, 'promote <remote> | promote shell <version>');
      const r = release.promote(root, args[0], args[1], common);
      console.log(`${r.remote}: ${r.version} is stable${r.from ? ` (was ${r.from}; rollback returns to it)` : ''}`);
      return 0;
    }
    case 'rollback': {
      arity(args, 1, 1, 'rollback <remote|shell>');
      const r = release.rollback(root, args[0], common);
      console.log(r.channel === 'canary'
        ? `${r.remote}: canary ${r.from} ended; everyone gets stable ${r.to} on their next load`
        : `${r.remote}: stable is back to ${r.to} (was ${r.from}); it takes effect on the next load`);
      return 0;
    }
    case 'status': {
      arity(args, 0, 0, 'status [--api URL] [--hours 24] [--json]');
      const s = release.status(root);
      let failures = null;
      let failureError = null;
      if (opts.api) {
        try {
          failures = await fetchFailures(opts.api, opts, Number(opts.hours ?? 24));
        } catch (err) {
          failureError = err.message;
        }
      }
      if (opts.json) console.log(JSON.stringify({ ...s, failures, failureError }, null, 2));
      else printStatus(s, failures, failureError, Number(opts.hours ?? 24));
      return failureError ? 1 : 0;
    }
    case 'history': {
      arity(args, 0, 1, 'history [<remote>] [--limit 20]');
      const limit = Number(opts.limit ?? 20);
      const h = release.readHistory(root).filter((e) => !args[0] || e.remote === args[0]).slice(-limit);
      if (opts.json) console.log(JSON.stringify(h, null, 2));
      else if (!h.length) console.log('no changes recorded');
      else h.forEach((e) => console.log(historyLine(e)));
      return 0;
    }
    default:
      throw new UsageError(`unknown verb "${verb}"\n\n${USAGE}`);
  }
}

function report(r) {
  console.log(`${r.remote}: published ${r.version} → ${path.relative(process.cwd(), r.dir) || r.dir}${r.stable ? ' (first release: now stable)' : ''}`);
}

async function fetchFailures(api, opts, hours) {
  const base = api.replace(/\/+$/, '');
  let token = opts.token ?? process.env.TESSERA_TOKEN;
  if (!token && process.env.TESSERA_ADMIN_EMAIL && process.env.TESSERA_ADMIN_PASSWORD) {
    const res = await fetch(`${base}/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: process.env.TESSERA_ADMIN_EMAIL, password: process.env.TESSERA_ADMIN_PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in as ${process.env.TESSERA_ADMIN_EMAIL} failed: ${res.status} ${await res.text()}`);
    token = (await res.json()).accessToken;
  }
  if (!token) throw new Error('failures need an admin: pass --token (or TESSERA_TOKEN), or set TESSERA_ADMIN_EMAIL and TESSERA_ADMIN_PASSWORD');
  const res = await fetch(`${base}/v1/telemetry/remote-load/summary?hours=${hours}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${base}/v1/telemetry/remote-load/summary answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

function historyLine(e) {
  const what = {
    publish: `published ${e.to}${e.stable ? ' (stable)' : ''}`,
    canary: `canary ${e.to} at ${e.percent}%`,
    promote: `promoted ${e.to} (was ${e.from})`,
    rollback: e.channel === 'canary' ? `ended canary ${e.from} (stable ${e.to})` : `rolled back ${e.from} → ${e.to}`,
  }[e.verb] ?? `${e.verb} ${e.from ?? ''} → ${e.to ?? ''}`;
  return `${e.time}  ${e.remote.padEnd(13)} ${what}  by ${e.user}`;
}

function printStatus(s, failures, failureError, hours) {
  const fail = new Map();
  for (const i of failures?.items ?? []) fail.set(`${i.remote}@${i.version}`, i.failures);
  const failCell = (remote, versions) => {
    if (!failures) return '-';
    const seen = new Set(versions.filter(Boolean));
    for (const i of failures.items) if (i.remote === remote) seen.add(i.version);
    return [...seen].map((v) => `${v}: ${fail.get(`${remote}@${v}`) ?? 0}`).join(', ');
  };
  console.log(`Releases in ${s.root}`);
  const shellLive = s.shell.live && s.shell.live !== s.shell.stable ? ` (index.html loads ${s.shell.live}!)` : '';
  console.log(`shell: stable ${s.shell.stable ?? '-'}${shellLive}; published ${s.shell.published.join(', ') || '-'}\n`);
  const rows = [['REMOTE', 'STABLE', 'CANARY', `FAILURES (${hours} h)`, 'PUBLISHED']];
  for (const r of s.remotes) {
    rows.push([
      r.remote,
      r.stable ?? '-',
      r.canary ? `${r.canary.version} @ ${r.canary.percent}%` : '-',
      failCell(r.remote, [r.stable, r.canary?.version]),
      r.published.join(', ') || '-',
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd());
  if (failureError) console.log(`\nfailures unavailable: ${failureError}`);
  else if (!failures) console.log('\n(failures per version: add --api <url of the site or API>)');
  if (s.history.length) {
    console.log('\nRecent changes:');
    for (const e of s.history) console.log(`  ${historyLine(e)}`);
  }
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => {
    if (err instanceof UsageError) { console.error(err.message); process.exitCode = 2; return; }
    if (err instanceof ReleaseError) { console.error(`release: ${err.message}`); process.exitCode = 1; return; }
    console.error(`release: ${err.stack ?? err}`);
    process.exitCode = 1;
  },
);
