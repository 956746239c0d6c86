// Opens a PGlite data folder (its server stopped) and runs queries: node pglite-query.cjs <dir>,
// a JSON array of SQL texts on stdin, a JSON array of row lists on stdout.
const { PGlite } = require('@electric-sql/pglite');

(async () => {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  const queries = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const db = await PGlite.create(process.argv[2]);
  const out = [];
  for (const q of queries) out.push((await db.query(q)).rows);
  await db.close();
  process.stdout.write(JSON.stringify(out));
})().catch((err) => {
  process.stderr.write(String(err && err.stack ? err.stack : err));
  process.exit(1);
});
