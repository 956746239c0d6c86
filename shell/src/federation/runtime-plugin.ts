// Federation runtime plugin: a remote that fails to load never breaks the page.
// A failed canary is retried from its stable build; a failed stable build resolves
// to a module whose component shows the "area unavailable" panel (the page's error
// boundary offers Retry). No static react import here (TOOLCHAIN.md).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { chosenRemote, fallBackToStable } from './registry';

export const UNAVAILABLE = Symbol.for('tessera.remoteUnavailable');

function unavailableModule(remote: string) {
  const Fallback = () => {
    const err = new Error(`Remote ${remote} is unavailable`);
    (err as Error & { [UNAVAILABLE]?: boolean })[UNAVAILABLE] = true;
    throw err;
  };
  return { __esModule: true, default: Fallback };
}

const tried = new Set<string>();

const plugin: () => ModuleFederationRuntimePlugin = () => ({
  name: 'tessera-remote-fallback',
  async errorLoadRemote(args) {
    const { id, from, lifecycle, origin } = args as typeof args & { origin?: { registerRemotes?: (r: unknown[], o?: unknown) => void; loadRemote?: (id: string) => Promise<unknown> } };
    // Manifest and share failures surface again at onLoad; recover only there.
    if (lifecycle !== 'onLoad') return undefined;
    const remote = String(id).split('/')[0];
    const chosen = chosenRemote(remote);
    if (chosen && chosen.channel === 'canary' && !tried.has(remote) && origin?.registerRemotes && origin.loadRemote) {
      tried.add(remote);
      // Reported under the canary's version (before the switch), so `release status` can judge it.
      reportLoadFailure(remote, `canary failed at ${lifecycle}`);
      fallBackToStable(remote);
      try {
        origin.registerRemotes([{ name: remote, entry: chosen.stable.entry }], { force: true });
        const mod = await origin.loadRemote(String(id));
        if (mod) return from === 'build' ? () => mod : mod;
      } catch {
        /* fall through to the unavailable panel */
      }
    }
    reportLoadFailure(remote, `failed at ${lifecycle}`);
    const mod = unavailableModule(remote);
    return from === 'build' ? () => mod : mod;
  },
});

function reportLoadFailure(remote: string, detail: string): void {
  const c = chosenRemote(remote);
  try {
    const body = JSON.stringify({ remote, version: c?.version ?? 'unknown', detail });
    if (navigator.sendBeacon) navigator.sendBeacon('/v1/telemetry/remote-load', new Blob([body], { type: 'application/json' }));
  } catch {
    /* telemetry is best effort */
  }
}

export default plugin;
