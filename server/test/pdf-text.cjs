// Reads a PDF on stdin and prints {"text": ..., "pages": n} with pdf-parse (PDF.js). Run as
// its own Node process: PDF.js starts its worker with import(), which jest's CommonJS
// module sandbox does not offer.
const { PDFParse } = require('pdf-parse');

/** @type {Buffer[]} */
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    const r = await parser.getText();
    process.stdout.write(JSON.stringify({ text: r.text, pages: r.total }));
  } catch (/** @type {any} */ err) {
    process.stderr.write(String(err && err.stack ? err.stack : err));
    process.exitCode = 1;
  } finally {
    await parser.destroy();
  }
});
