// Webpack plugin for the shell's build: emits requirements.json (tools/release/requirements.ts)
// beside the shell's files, so it is published with the shell and validation can read what
// the live shell needs of the remotes.
const { require: tsxRequire } = require('tsx/cjs/api');

class ShellRequirementsPlugin {
  /** @param {{ version: string }} opts */
  constructor(opts) {
    this.version = opts.version;
  }
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ShellRequirementsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ShellRequirementsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const { requirementsFromSource } = tsxRequire('./requirements.ts', __filename);
          compilation.emitAsset('requirements.json', new RawSource(`${JSON.stringify(requirementsFromSource(this.version), null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { ShellRequirementsPlugin };
