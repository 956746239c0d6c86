// What a shell build needs of the remotes, written beside its release as requirements.json
// by the shell's webpack build (requirements-plugin.cjs): the exposed modules its route
// table renders, per remote, the public pages (for the smoke test), and its shared
// singletons with their versions and ranges. Validation reads the LIVE shell's file, so a
// remote is checked against the shell users actually run, not against the checkout.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './files';

export interface SharedInfo {
  version?: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}
export interface Requirements {
  shell: string;
  /** remote → exposed modules the route table names (without "./"). */
  modules: Record<string, string[]>;
  /** remote → public pages without parameters: a path that renders each module. */
  pages: Record<string, { module: string; path: string }[]>;
  /** remote → pages behind a sign-in without parameters, with the roles that see each (absent in older shells). */
  signedIn?: Record<string, SignedInPage[]>;
  /** remote → pages with parameters (`/properties/:id`), public or with the roles that see each (absent in older shells). */
  withParams?: Record<string, ParamPage[]>;
  shared: Record<string, SharedInfo>;
}

export interface SignedInPage {
  module: string;
  path: string;
  roles: string[];
}

export interface ParamPage {
  module: string;
  path: string;
  /** Absent: a public page. */
  roles?: string[];
}

interface RouteLike {
  path: string;
  roles?: readonly string[];
  target: unknown;
}

/** Computed from the checkout (the shell's build calls this). */
export function requirementsFromSource(shellVersion: string): Requirements {
  // A TypeScript file: this module runs under tsx (CLI, webpack plugin) or ts-jest (tests).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const table = require(path.join(repoRoot, 'shell/src/routes/route-table.ts')) as {
    requiredModules(): Map<string, Set<string>>;
    routeTable: readonly RouteLike[];
  };
  const modules: Record<string, string[]> = {};
  for (const [remote, mods] of table.requiredModules()) modules[remote] = [...mods].sort();
  const pages: Requirements['pages'] = {};
  for (const r of table.routeTable ?? []) {
    const t = r.target as { remote?: string; module?: string } | undefined;
    if (r.roles || !t?.remote || !t.module || r.path.includes(':') || r.path.includes('*')) continue;
    (pages[t.remote] ??= []).push({ module: t.module, path: r.path });
  }
  // Signed-in pages: the target is one module for every role, or one per role.
  const signedIn: Record<string, SignedInPage[]> = {};
  for (const r of table.routeTable ?? []) {
    if (!r.roles || r.path.includes(':') || r.path.includes('*')) continue;
    const one = r.target as { remote?: string; module?: string };
    const byRole: [string, { remote?: string; module?: string }][] = one.remote
      ? r.roles.map((role) => [role, one])
      : Object.entries(r.target as Record<string, { remote?: string; module?: string }>);
    for (const [role, t] of byRole) {
      if (!t?.remote || !t.module) continue;
      const list = (signedIn[t.remote] ??= []);
      const same = list.find((p) => p.path === r.path && p.module === t.module);
      if (same) same.roles.push(role);
      else list.push({ module: t.module, path: r.path, roles: [role] });
    }
  }
  // Pages with parameters: the smoke test fills them from the throwaway API's data.
  const withParams: Record<string, ParamPage[]> = {};
  for (const r of table.routeTable ?? []) {
    if (!r.path.includes(':') || r.path.includes('*')) continue;
    const one = r.target as { remote?: string; module?: string };
    const targets: [string | undefined, { remote?: string; module?: string }][] = !r.roles
      ? [[undefined, one]]
      : one.remote
        ? r.roles.map((role) => [role, one])
        : Object.entries(r.target as Record<string, { remote?: string; module?: string }>);
    for (const [role, t] of targets) {
      if (!t?.remote || !t.module) continue;
      const list = (withParams[t.remote] ??= []);
      const same = list.find((p) => p.path === r.path && p.module === t.module);
      if (same && role) (same.roles ??= []).push(role);
      else if (!same) list.push({ module: t.module, path: r.path, ...(role ? { roles: [role] } : {}) });
    }
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { sharedConfig } = require(path.join(repoRoot, 'tools/webpack/shared.cjs')) as {
    sharedConfig(): Record<string, { version?: string; requiredVersion?: string; singleton?: boolean }>;
  };
  const installed = (name: string): string | undefined => {
    const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    try {
      return (JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      return undefined;
    }
  };
  const shared: Record<string, SharedInfo> = {};
  for (const [name, c] of Object.entries(sharedConfig())) {
    shared[name] = { version: c.version ?? installed(name), requiredVersion: c.requiredVersion, singleton: Boolean(c.singleton) };
  }
  return { shell: shellVersion, modules, pages, signedIn, withParams, shared };
}

export function readRequirements(shellDir: string): Requirements | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(shellDir, 'requirements.json'), 'utf8')) as Requirements;
  } catch {
    return null;
  }
}
