// @ts-check
// Development builds only (tools/webpack/create-config.cjs, `webpack serve`): puts a hot
// boundary in front of each exposed page. The shell keeps the component it loaded once; this
// wrapper hands it a stable component that renders the page module's current default
// export, accepts every update below it (webpack HMR), and re-renders when one arrives. The
// page remounts (its own state starts over); the shell, the session and the tab do not
// reload. Plain webpack HMR, no React Fast Refresh: the shell runs React's production
// build, which has no refresh hooks.
/** @this {{ resourcePath: string, getOptions(): { key: string } }} */
module.exports = function hotExposeLoader() {
  const { key } = this.getOptions();
  const page = JSON.stringify(`./${require('node:path').basename(this.resourcePath)}`);
  return `import { createElement, useEffect, useReducer } from 'react';
import Page from ${page};
const slots = (globalThis.__tesseraHotExposes ??= {});
const slot = (slots[${JSON.stringify(key)}] ??= { listeners: new Set() });
slot.Page = Page;
slot.listeners.forEach((update) => update());
slot.Stable ??= function HotExpose(props) {
  const [, update] = useReducer((n) => n + 1, 0);
  useEffect(() => {
    slot.listeners.add(update);
    return () => void slot.listeners.delete(update);
  }, []);
  return createElement(slot.Page, props);
};
export default slot.Stable;
if (import.meta.webpackHot) import.meta.webpackHot.accept();
`;
};
