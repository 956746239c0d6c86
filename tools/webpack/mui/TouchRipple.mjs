'use client';

// Build-time stand-in for @mui/material/ButtonBase/TouchRipple (tools/webpack/create-config.cjs):
// the press ripple loads with the first press, not with main.js. ButtonBase mounts its
// TouchRipple only when a ripple is first asked for (useLazyRipple) and drives it through
// its ref (start, stop, pulsate); this component takes those calls at once, loads MUI's
// TouchRipple (about 2 KB gzip with its Ripple and keyframes) and replays them in order
// once it has mounted. Same props, same ref API, same DOM once loaded.
import * as React from 'react';
import { jsx as _jsx } from 'react/jsx-runtime';

/** @typedef {Record<string, (...args: unknown[]) => void>} RippleApi */

/** @type {Promise<any> | null} */
let loading = null;
const loadTouchRipple = () =>
  (loading ??= import(/* webpackChunkName: "touch-ripple" */ '../../../node_modules/@mui/material/ButtonBase/TouchRipple.mjs').then(
    (m) => m.default,
  ));

const METHODS = ['start', 'stop', 'pulsate'];

const TouchRipple = React.forwardRef(function TouchRipple(props, ref) {
  const [Real, setReal] = React.useState(/** @type {any} */ (null));
  const real = React.useRef(/** @type {RippleApi | null} */ (null));
  const queue = React.useRef(/** @type {[string, unknown[]][]} */ ([]));
  React.useImperativeHandle(
    ref,
    () =>
      Object.fromEntries(
        METHODS.map((name) => [
          name,
          /** @param {...unknown} args */
          (...args) => {
            if (real.current) real.current[name](...args);
            else queue.current.push([name, args]);
          },
        ]),
      ),
    [],
  );
  React.useEffect(() => {
    let live = true;
    loadTouchRipple().then(
      (/** @type {any} */ C) => live && setReal(() => C),
      () => undefined, // offline: buttons work, without the ripple
    );
    return () => {
      live = false;
    };
  }, []);
  const attach = React.useCallback((/** @type {RippleApi | null} */ instance) => {
    real.current = instance;
    if (!instance) return;
    const pending = queue.current;
    queue.current = [];
    for (const [name, args] of pending) instance[name](...args);
  }, []);
  return Real ? _jsx(Real, { ...props, ref: attach }) : null;
});

export default TouchRipple;
