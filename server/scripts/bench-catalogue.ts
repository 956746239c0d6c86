// `npm run bench:catalogue`: the public reads at two catalogue sizes on PostgreSQL. For each
// size, in a schema of its own in DATABASE_URL's database (dropped afterwards unless --keep):
// migrations, one verified owner, N listings seeded by SQL (catalogue-fixtures.ts), ANALYZE;
// then, through the app in process (app.inject, the page cache off so every request reads
// the database), the p50 latency and API CPU per request of: the first page, a random
// search, a deep page number (page 500, or the last page when there are fewer), a deep
// cursor (the middle of the catalogue), /sitemap.xml (first build per catalogue version,
// then cached), and a server-rendered /properties view from the page cache beside the JSON
// list it shows. Prints the p50 ratio largest ÷ smallest size for each read (goal ≤ 3×),
// the cached view's CPU ÷ the JSON list's (goal ≤ 3×), and each catalogue query's plan
// nodes on the listings; exits 1 on a sequential scan of the listings. Writes the
// "catalogue" section of docs/performance.md (--no-docs: not).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:catalogue -- --sizes=1000,100000 --requests=200
//
// The server-rendered view uses a stand-in renderer (like test/ssr.test.ts's): a cached view
// does not run the renderer at all, so its cost is the cache's, whatever the real build costs.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SEED_LISTINGS_SQL } from './catalogue-fixtures';

process.env.CATALOGUE_CACHE_MS = '0';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const SIZES = String(args.sizes ?? '1000,100000')
  .split(',')
  .map(Number);
const REQUESTS = Number(args.requests ?? 200);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SEARCHES = [
  'maple lofts',
  'lake dr',
  'summit court 12',
  'oak',
  'granite towers 2',
  'phoenix',
  'riverside gardens 4',
  'elm ave, austin',
];

const INDEX =
  '<!doctype html><html><head><meta name="description" content="plain" /><title>Tessera</title><script defer src="/shell/1.0.0/main.js"></script></head><body><div id="root"></div></body></html>';
const PAGES = `
exports.match = (url) => {
  const u = new URL(url, 'http://x');
  if (u.pathname === '/properties') return { module: 'Properties', firstScreen: ['v1/properties?page=1&pageSize=12'] };
  if (u.pathname === '/') return { module: 'Landing', firstScreen: [] };
  return null;
};
exports.render = (url, data) => {
  const page = data['v1/properties?page=1&pageSize=12'];
  const items = page ? page.items : [];
  return {
    html: '<h1>Properties</h1>' + items.map((i) => '<article><h2>' + i.name + '</h2><p>' + i.address + '</p></article>').join(''),
    styles: { a: '.css-a{color:red}' },
    module: 'Properties',
    meta: { title: 'Properties', description: 'Live listings', type: 'website' },
  };
};`;
const CHROME = `exports.renderChrome = () => ({ html: '<header>Tessera</header><main>@@SLOT@@</main>', styles: {}, slot: '@@SLOT@@' });`;

function webRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-catalogue-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('index.html', INDEX);
  write(
    'remotes.json',
    JSON.stringify({ mf_public: { stable: { version: '1.0.0', entry: '/remotes/mf_public/1.0.0/mf-manifest.json' } } }),
  );
  write('shell/1.0.0/ssr/render.js', CHROME);
  write('remotes/mf_public/1.0.0/ssr/render.js', PAGES);
  return root;
}

interface Measure {
  p50: number;
  p90: number;
  cpu: number;
  status: number;
}
const median = (xs: number[], q = 0.5) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

type Inject = (url: string) => Promise<{ statusCode: number; body: string }>;
async function measure(inject: Inject, urls: () => string, n = REQUESTS): Promise<Measure> {
  for (let i = 0; i < Math.min(20, n); i++) await inject(urls());
  const times: number[] = [];
  let status = 200;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    const res = await inject(urls());
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (res.statusCode !== 200) status = res.statusCode;
  }
  const cpu = process.cpuUsage(cpu0);
  return { p50: median(times), p90: median(times, 0.9), cpu: (cpu.user + cpu.system) / 1000 / n, status };
}

async function main() {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/config');
  const { catalogueQueries, encodeCursor } = await import('../src/modules/properties/catalogue');
  const { PgDialect } = await import('drizzle-orm/pg-core');
  const dialect = new PgDialect();
  const results: Record<number, Record<string, Measure>> = {};
  const plans: Record<string, string> = {};
  const sitemapFacts: Record<number, string> = {};
  const deepPages: Record<number, number> = {};
  let seqScan = false;

  for (const size of SIZES) {
    const schema = `bench_catalogue_${randomBytes(4).toString('hex')}`;
    const root = webRoot();
    const config = loadConfig({
      ...process.env,
      DATABASE_URL,
      DATABASE_SCHEMA: schema,
      WEB_ROOT: root,
      LOG_LEVEL: 'silent',
      RATE_LIMIT: 'false',
      HOUSEKEEPING: 'false',
      SEED: 'false',
      PGLITE_DIR: path.join(root, 'pglite'),
      DATA_DIR: path.join(root, 'data'),
      UPLOAD_DIR: path.join(root, 'uploads'),
    });
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    const app = await buildApp(config, { logger: false });
    try {
      const exec = async (text: string, params?: unknown[]) => {
        let rows: Record<string, unknown>[] = [];
        await app.database.runInTransaction(async (run) => {
          rows = await run(text, params);
        });
        return rows;
      };
      const owner = (
        await exec(
          `INSERT INTO users (email, password_hash, first_name, last_name, role, status) VALUES ($1, 'x', 'Bench', 'Owner', 'PROPERTY_OWNER', 'VERIFIED') RETURNING id`,
          [`bench-owner-${schema}@tessera.test`],
        )
      )[0].id as string;
      const t0 = Date.now();
      await exec(SEED_LISTINGS_SQL, [owner, size, 'bench']);
      await admin.query(`VACUUM ANALYZE ${schema}.properties`);
      await admin.query(`ANALYZE ${schema}.catalogue_counts`);
      console.log(`${size} listings seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s (schema ${schema})`);

      const inject: Inject = (url) => app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      const live = Number(
        (await exec(`SELECT count(*)::int AS n FROM properties WHERE status IN ('ACTIVE','FUNDED') AND suspended_at IS NULL`))[0].n,
      );
      const deepPage = Math.min(500, Math.max(1, Math.ceil(live / 12)));
      const middle = (
        await exec(
          `SELECT (extract(epoch FROM created_at) * 1000000)::bigint::text AS k, id FROM properties
            WHERE status IN ('ACTIVE','FUNDED') AND suspended_at IS NULL ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
          [Math.floor(live / 2)],
        )
      )[0];
      const cursor = encodeCursor({ sort: 'newest', key: String(middle.k), id: String(middle.id) });
      let i = 0;
      const r: Record<string, Measure> = {};
      r['list, first page'] = await measure(inject, () => '/v1/properties');
      r['list, state + type, by return'] = await measure(inject, () => '/v1/properties?state=CA&type=RENTAL_READY&sort=roi_desc');
      r['search (8 terms in turn)'] = await measure(
        inject,
        () => `/v1/properties?searchName=${encodeURIComponent(SEARCHES[i++ % SEARCHES.length])}`,
      );
      deepPages[size] = deepPage;
      r['deep page number (500, or the last)'] = await measure(inject, () => `/v1/properties?page=${deepPage}`);
      r['deep cursor (middle)'] = await measure(inject, () => `/v1/properties?after=${cursor}&page=2`);
      // The sitemap: the first request builds it (one index walk), the rest are served from memory.
      const s0 = process.hrtime.bigint();
      const sitemap = await inject('/sitemap.xml');
      const firstMs = Number(process.hrtime.bigint() - s0) / 1e6;
      const urls = (sitemap.body.match(/<loc>/g) ?? []).length;
      sitemapFacts[size] =
        `first build ${firstMs.toFixed(0)} ms, ${sitemap.body.includes('<sitemapindex') ? `an index of ${urls} files` : `one file of ${urls} URLs`}`;
      r['sitemap.xml (cached per catalogue version)'] = await measure(inject, () => '/sitemap.xml', 50);
      // The JSON list the page shows, read from the database, beside the cached server-rendered view.
      r['JSON list (page 1 of 12)'] = await measure(inject, () => '/v1/properties?page=1&pageSize=12');
      const html: Inject = (url) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: 'tesseraCohort=bench' } });
      r['server-rendered /properties, cached'] = await measure(html, () => '/properties');
      r['server-rendered /, cached (static)'] = await measure(html, () => '/');
      results[size] = r;

      if (size === Math.max(...SIZES)) {
        const cases: [string, Parameters<typeof catalogueQueries>[1]][] = [
          ['list', {}],
          ['state + type, by return', { state: 'CA', type: 'RENTAL_READY', sort: 'roi_desc' }],
          ...SEARCHES.map((s): [string, Parameters<typeof catalogueQueries>[1]] => [`search "${s}"`, { searchName: s }]),
          [`page ${deepPage}`, { page: deepPage }],
          ['deep cursor', { after: cursor }],
        ];
        for (const [label, q] of cases) {
          const built = catalogueQueries(app, q);
          const rows = built.rows.toSQL();
          const total = dialect.sqlToQuery(built.total);
          const nodes: string[] = [];
          for (const { sql, params } of [rows, total]) {
            const plan = (await exec(`EXPLAIN (FORMAT JSON) ${sql}`, params))[0]['QUERY PLAN'] as unknown;
            type N = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: N[] };
            const walk = (n: N): N[] => [n, ...(n.Plans ?? []).flatMap(walk)];
            const top = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: N }[];
            for (const n of walk(top[0].Plan))
              if (n['Relation Name'] === 'properties' || n['Index Name']?.startsWith('properties_')) {
                nodes.push(`${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`);
                if (n['Node Type'] === 'Seq Scan') seqScan = true;
              }
          }
          plans[label] = nodes.join(', ');
        }
      }
    } finally {
      await app.close();
      if (!args.keep) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
      rmSync(root, { recursive: true, force: true });
    }
  }

  const small = Math.min(...SIZES);
  const big = Math.max(...SIZES);
  const fmt = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
  const lines = [
    `| read | p50 at ${small.toLocaleString('en-US')} (ms) | p50 at ${big.toLocaleString('en-US')} (ms) | ratio | API CPU / request at ${big.toLocaleString('en-US')} (ms) |`,
    '|---|---:|---:|---:|---:|',
  ];
  for (const name of Object.keys(results[big])) {
    const a = results[small][name];
    const b = results[big][name];
    lines.push(`| ${name} | ${fmt(a.p50)} | ${fmt(b.p50)} | ${(b.p50 / a.p50).toFixed(2)}× | ${fmt(b.cpu)} |`);
  }
  const json = results[big]['JSON list (page 1 of 12)'];
  const view = results[big]['server-rendered /properties, cached'];
  const summary = [
    lines.join('\n'),
    '',
    `Cached server-rendered /properties ÷ the JSON list it shows, API CPU per request at ${big.toLocaleString('en-US')}: ${(view.cpu / json.cpu).toFixed(2)}× (goal ≤ 3×).`,
    '',
    `Deep page numbers: ${SIZES.map((s) => `page ${deepPages[s]} at ${s.toLocaleString('en-US')}`).join(', ')}.`,
    '',
    `sitemap.xml: ${SIZES.map((s) => `at ${s.toLocaleString('en-US')}: ${sitemapFacts[s]}`).join('; ')}.`,
    '',
    `Plans at ${big.toLocaleString('en-US')} (nodes on the listings, rows then total):`,
    '',
    ...Object.entries(plans).map(([k, v]) => `- ${k}: ${v}`),
  ].join('\n');
  const cpus = os.cpus();
  const header = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} × ${cpus[0]?.model?.trim() ?? 'CPU'}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${REQUESTS} requests per read, one at a time, in process (app.inject), page cache off.`;
  console.log(`\n${header}\n\n${summary}\n`);
  for (const s of SIZES)
    for (const [name, m] of Object.entries(results[s])) if (m.status !== 200) console.log(`! ${name} at ${s}: HTTP ${m.status}`);
  if (!args['no-docs'] && !process.argv.includes('--no-docs')) {
    // scripts/perf/docs.mjs: the shared writer of docs/performance.md's sections (untyped JavaScript).
    const docs = '../../scripts/perf/docs.mjs';
    const { updateSection } = (await import(docs)) as { updateSection: (n: string, md: string) => void };
    updateSection('catalogue', `${header}\n\n${summary}`);
  }
  if (seqScan) {
    console.error('A catalogue query scans the listings table: see the plans above.');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
