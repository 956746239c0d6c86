// Lets the minifier drop the parts of React Router the platform never uses (<Form>,
// fetchers, the RSC and framework-mode pieces): React Router's build neither marks its
// top-level `React.forwardRef(…)`, `React.memo(…)`, `React.createContext(…)` calls as
// pure nor guards its `X.displayName = "…"` assignments, and either keeps a component
// alive whether it is used or not. This marks the calls /*#__PURE__*/ (these React APIs
// have no side effects) and drops the top-level displayName assignments (names for
// React DevTools only). docs/frontend.md measures it; applied to react-router's
// production build only.
/** @param {string} source */
module.exports = function pureLoader(source) {
  return source
    .replace(/(^var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/*#__PURE__*/ $2')
    .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
};
