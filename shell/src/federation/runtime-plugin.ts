// Federation runtime plugin: a remote that fails to load never breaks the page.
// A failed canary (or preview) is retried from its stable build (./fallback.ts); a failed
// stable build resolves to a module whose component shows the "area unavailable" panel
// (the page's error boundary offers Retry). Every load and failure is recorded against the
// version and channel that really ran (./health.ts). No static react import here (docs/TOOLCHAIN.md).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { chosenRemote } from './registry';
import { failAndFallBack } from './fallback';
import { recordLoad, recordStart } from './health';

export const UNAVAILABLE = Symbol.for('tessera.remoteUnavailable');

function unavailableModule(remote: string) {
  const Fallback = () => {
    const err = new Error(`Remote ${remote} is unavailable`);
    (err as Error & { [UNAVAILABLE]?: boolean })[UNAVAILABLE] = true;
    throw err;
  };
  return { __esModule: true, default: Fallback };
}

type Origin = {
  registerRemotes?: (r: { name: string; entry: string }[], o?: { force?: boolean }) => void;
  loadRemote?: (id: string) => Promise<unknown>;
};

/** The first lines of an error, for the report's detail. */
function describe(lifecycle: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return `failed at ${lifecycle}: ${message}`.slice(0, 300);
}

const plugin: () => ModuleFederationRuntimePlugin = () => ({
  name: 'tessera-remote-fallback',
  beforeRequest(args) {
    // A load starts: if the visitor leaves before it ends, it is abandoned, not failed.
    const c = chosenRemote(String(args.id).split('/')[0]);
    if (c) recordStart(c.name, c.version, c.channel);
    return args;
  },
  onLoad(args) {
    // The exposed module was fetched and evaluated without throwing.
    const remote = String(args.id).split('/')[0];
    const c = chosenRemote(remote);
    if (c) recordLoad(c.name, c.version, c.channel);
  },
  async errorLoadRemote(args) {
    const { id, from, lifecycle, origin, error } = args as typeof args & { origin?: Origin; error?: unknown };
    // Manifest and share failures surface again at onLoad; recover only there.
    if (lifecycle !== 'onLoad') return undefined;
    const remote = String(id).split('/')[0];
    const register = origin?.registerRemotes?.bind(origin) ?? (() => undefined);
    const stable = failAndFallBack(remote, describe(lifecycle, error), register);
    if (stable && origin?.loadRemote) {
      try {
        const mod = await origin.loadRemote(String(id));
        if (mod) return from === 'build' ? () => mod : mod;
      } catch {
        /* the stable build failed too: its own errorLoadRemote recorded it; show the panel */
      }
    }
    const mod = unavailableModule(remote);
    return from === 'build' ? () => mod : mod;
  },
});

export default plugin;
