// The real ky, as the shell's build names it next to its deferred stand-in
// (tools/webpack/create-config.cjs, ky-deferred.js): importing it starts loading it.
declare module 'tessera-ky-original' {
  const ky: unknown;
  export default ky;
}
