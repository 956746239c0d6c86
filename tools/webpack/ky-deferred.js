// The shell's build resolves `ky` to this module (tools/webpack/create-config.cjs):
// shared-api's client is the only code that uses ky, it only calls `ky.create(options)`
// and the instance's request methods, and a first visit to a public page makes no API
// call. So ky (about 5 KB gzip) loads with the first request instead of with main.js.
// Each call returns what ky returns: a promise of the Response with the body shortcuts
// (.json(), .text(), …); a shortcut called in the same turn (as shared-api always does)
// reaches ky before the request goes out, so ky sets the Accept header as usual.
// shell/src/federation/ky-deferred.test.ts pins the contract (shared-api imports only
// ky's default export). docs/frontend.md.
/** @typedef {import('ky').KyInstance} Ky */
/** @typedef {import('ky').ResponsePromise} ResponsePromise */
/** @typedef {(typeof BODIES)[number]} Body */
/** @typedef {{ promise: Promise<unknown>, resolve: (value: unknown) => void, reject: (reason: unknown) => void }} Asked */

/** @type {Promise<Ky> | null} */
let loading = null;
// 'tessera-ky-original' is the real ky (an alias next to the `ky` one in create-config.cjs;
// tools/tsconfig.json maps it the same way).
const loadKy = () => (loading ??= import('tessera-ky-original').then((m) => m.default));

const METHODS = /** @type {const} */ (['get', 'post', 'put', 'patch', 'delete', 'head']);
const BODIES = /** @type {const} */ (['json', 'text', 'formData', 'arrayBuffer', 'blob', 'bytes']);

/**
 * A ky ResponsePromise whose request starts once ky has loaded.
 * @param {(ky: Ky) => ResponsePromise} send
 */
function deferred(send) {
  /** @type {Map<Body, Asked>} */
  const asked = new Map();
  /** @type {ResponsePromise | null} */
  let real = null;
  const response = /** @type {Promise<Response> & Record<Body, () => Promise<unknown>>} */ (
    /** @type {Promise<void>} */ (new Promise((resolve) => queueMicrotask(resolve))).then(loadKy).then(
      (ky) => {
        real = send(ky);
        // Body shortcuts asked for before the request left: ask ky in the same turn.
        for (const [body, d] of asked) real[body]().then(d.resolve, d.reject);
        return real;
      },
      (error) => {
        // ky itself could not be loaded (offline): every shortcut fails with it.
        for (const d of asked.values()) d.reject(error);
        throw error;
      },
    )
  );
  // A caller that only uses .json() never awaits this promise itself: keep a failure here
  // from being reported as unhandled (the shortcut's promise carries it).
  response.catch(() => undefined);
  for (const body of BODIES) {
    response[body] = () => {
      if (real) return real[body]();
      let d = asked.get(body);
      if (!d) {
        d = /** @type {Asked} */ ({});
        d.promise = new Promise((resolve, reject) => Object.assign(/** @type {Asked} */ (d), { resolve, reject }));
        asked.set(body, d);
      }
      return d.promise;
    };
  }
  return response;
}

/** @param {import('ky').Options} options */
function create(options) {
  /** @type {Ky | null} */
  let instance = null;
  /** @param {Ky} ky */
  const real = (ky) => (instance ??= ky.create(options));
  /** @typedef {(input: import('ky').Input, opts?: import('ky').Options) => ReturnType<typeof deferred>} Request */
  /** @type {Request & Partial<Record<(typeof METHODS)[number], Request>> & { create?: () => never, extend?: () => never }} */
  const api = (input, opts) => deferred((ky) => real(ky)(input, opts));
  for (const method of METHODS) api[method] = (input, opts) => deferred((ky) => real(ky)[method](input, opts));
  api.create = api.extend = () => {
    throw new Error('The deferred ky (tools/webpack/ky-deferred.js) supports create() and requests only');
  };
  return api;
}

export default { create };
