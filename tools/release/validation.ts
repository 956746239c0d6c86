// Is a build a valid release of a remote (or of the shell), against what the live shell
// needs of it (its requirements.json)?
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { readJson } from './files';
import { liveShellVersion, readRegistry, type RemoteName } from './registry';
import { readRequirements, requirementsFromSource, type SharedInfo } from './requirements';

export type HostShared = Record<string, SharedInfo>;
export type Required = Record<string, string[]>;

/** Does `version` satisfy `range`? */
export function satisfies(version: string, range: string | false | undefined): boolean {
  if (!range || range === '*') return true;
  return semver.satisfies(version, range, { includePrerelease: true });
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}
export interface Manifest {
  name?: string;
  metaData?: { buildInfo?: { buildVersion?: string }; remoteEntry?: { name?: string; path?: string }; publicPath?: string };
  exposes?: { name?: string; path?: string; assets?: ManifestAssets }[];
  shared?: { name: string; version: string; requiredVersion?: string; singleton?: boolean; assets?: ManifestAssets }[];
}

/** A build's shared singletons as `{ name: { version, requiredVersion } }`. */
export function sharedOf(manifest: Manifest | undefined): HostShared {
  const out: HostShared = {};
  for (const s of manifest?.shared ?? []) {
    if (s && typeof s.name === 'string')
      out[s.name] = { version: s.version, requiredVersion: s.requiredVersion, singleton: s.singleton !== false };
  }
  return out;
}

export function exposedModules(manifest: Manifest): string[] {
  return (manifest.exposes ?? []).map((e) => String(e.name ?? e.path ?? '').replace(/^\.\//, '')).filter(Boolean);
}

/** What a remote must satisfy: the live shell's requirements.json (else the checkout's). */
export interface ShellNeeds {
  source: string;
  required: Required;
  hostShared: HostShared;
}

export function shellNeeds(root: string, override: { required?: Required; hostShared?: HostShared } = {}): ShellNeeds {
  const live = liveShellVersion(root);
  const shellDir = live ? path.join(root, 'shell', live) : null;
  const file = shellDir ? readRequirements(shellDir) : null;
  if (file) {
    return {
      source: `shell ${live} (live, requirements.json)`,
      required: override.required ?? file.modules,
      hostShared: override.hostShared ?? file.shared,
    };
  }
  // No live shell yet, or one released before shells carried requirements.json.
  const liveManifest = shellDir ? readJson<Manifest>(path.join(shellDir, 'mf-manifest.json'), 'the live shell manifest') : undefined;
  const fromSource = override.required && override.hostShared ? null : requirementsFromSource('checkout');
  return {
    source: live
      ? `shell ${live} (live manifest; route table from the checkout: that shell has no requirements.json)`
      : 'the checkout (no live shell)',
    required: override.required ?? fromSource!.modules,
    hostShared: override.hostShared ?? (liveManifest ? sharedOf(liveManifest) : fromSource!.shared),
  };
}

function manifestAssets(manifest: Manifest): string[] {
  const out = new Set<string>();
  const add = (assets: ManifestAssets | undefined) => {
    for (const kind of ['js', 'css'] as const) {
      for (const when of ['sync', 'async'] as const) for (const f of assets?.[kind]?.[when] ?? []) out.add(f);
    }
  };
  for (const e of manifest.exposes ?? []) add(e.assets);
  for (const s of manifest.shared ?? []) add(s.assets);
  return [...out];
}

export interface ValidateInput {
  /** The build folder (dist/<version> or releases/<remote>/<version>). */
  dir: string;
  /** Federation name, or 'shell'. */
  remote: string;
  /** Expected version (the folder name). */
  version?: string;
  required?: Required;
  hostShared?: HostShared;
}

/** Problems with the build in `dir` as a release of `remote` (empty: fine). */
export function validateBuild({ dir, remote, version, required, hostShared }: ValidateInput): string[] {
  const problems: string[] = [];
  const manifestFile = path.join(dir, 'mf-manifest.json');
  if (!fs.existsSync(dir)) return [`${dir} does not exist`];
  if (!fs.existsSync(manifestFile)) return [`no mf-manifest.json in ${dir}`];
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch (err) {
    return [`mf-manifest.json is not valid JSON: ${(err as Error).message}`];
  }
  if (manifest.name !== remote) problems.push(`mf-manifest.json is for "${manifest.name}", not "${remote}"`);
  const built = manifest.metaData?.buildInfo?.buildVersion;
  if (version && built && built !== version) problems.push(`mf-manifest.json says version ${built}, the release is ${version}`);

  if (remote === 'shell') {
    const index = path.join(dir, 'index.html');
    if (!fs.existsSync(index)) problems.push('no index.html');
    else if (version && !fs.readFileSync(index, 'utf8').includes(`/shell/${version}/main.js`)) {
      problems.push(`index.html does not load /shell/${version}/main.js (the build's publicPath must be /shell/<version>/)`);
    }
    if (!fs.existsSync(path.join(dir, 'main.js'))) problems.push('no main.js');
  } else {
    const entryName = manifest.metaData?.remoteEntry?.name || 'remoteEntry.js';
    if (!fs.existsSync(path.join(dir, manifest.metaData?.remoteEntry?.path || '', entryName))) problems.push(`no ${entryName}`);
    const exposed = new Set(exposedModules(manifest));
    const missing = (required?.[remote] ?? []).filter((m) => !exposed.has(m));
    if (missing.length) problems.push(`does not expose ${missing.map((m) => `./${m}`).join(', ')} (the shell's route table needs them)`);
  }

  const missingFiles = manifestAssets(manifest).filter((f) => !fs.existsSync(path.join(dir, f)));
  if (missingFiles.length)
    problems.push(
      `files the manifest lists are missing: ${missingFiles.slice(0, 5).join(', ')}${missingFiles.length > 5 ? ` (+${missingFiles.length - 5})` : ''}`,
    );

  if (remote !== 'shell' && hostShared) {
    for (const s of manifest.shared ?? []) {
      const host = hostShared[s.name];
      if (!host || s.singleton === false) continue;
      if (host.requiredVersion && !satisfies(s.version, host.requiredVersion)) {
        problems.push(`shares ${s.name}@${s.version}, the shell requires ${host.requiredVersion}`);
      }
      if (s.requiredVersion && host.version && !satisfies(host.version, s.requiredVersion)) {
        problems.push(
          `requires ${s.name} ${s.requiredVersion}, the shell provides ${host.version} (a singleton: the shell's copy is the one used)`,
        );
      }
    }
  }
  return problems;
}

/** Every live remote build (stable and canary) checked against a shell build's needs. */
export function liveRemotesAgainstShell(root: string, shellDir: string, override: { required?: Required } = {}): string[] {
  const file = readRequirements(shellDir);
  const hostShared = file?.shared ?? sharedOf(readJson<Manifest>(path.join(shellDir, 'mf-manifest.json'), 'mf-manifest.json'));
  const required = override.required ?? file?.modules ?? requirementsFromSource('checkout').modules;
  const problems: string[] = [];
  for (const [name, rec] of Object.entries(readRegistry(root)) as [
    RemoteName,
    NonNullable<ReturnType<typeof readRegistry>[RemoteName]>,
  ][]) {
    for (const v of [rec.stable, rec.canary].filter(Boolean)) {
      for (const p of validateBuild({ dir: path.join(root, name, v!.version), remote: name, version: v!.version, required, hostShared }))
        problems.push(`${name} ${v!.version} (live): ${p}`);
    }
  }
  return problems;
}
