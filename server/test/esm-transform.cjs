// Jest transformer for dependencies. Jest's module sandbox cannot load ESM on Node 20:
// ES modules become CommonJS through esbuild, and PGlite's dynamic import() of Node
// built-ins becomes process.getBuiltinModule. CommonJS files pass through unchanged.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { transformSync } = require('esbuild');

const SELF = createHash('sha1').update(readFileSync(__filename)).digest('hex');
const ESM = /^\s*(?:import\s*[\w{*'"]|export\s+(?:\*|\{|default|const|let|var|function|class|async))/m;

module.exports = {
  /**
   * @param {string} src
   * @param {string} filename
   */
  getCacheKey(src, filename) {
    return createHash('sha1').update(SELF).update(filename).update(src).digest('hex');
  },
  /**
   * @param {string} src
   * @param {string} filename
   */
  process(src, filename) {
    if (filename.includes('@electric-sql/pglite')) {
      src = src.replace(/\bimport\("((?:node:)?[a-z/_]+)"\)/g, 'Promise.resolve(process.getBuiltinModule("$1"))');
    }
    if (filename.endsWith('.cjs') || !ESM.test(src)) return { code: src };
    return { code: transformSync(src, { format: 'cjs', loader: 'js', target: 'node20', sourcefile: filename }).code };
  },
};
