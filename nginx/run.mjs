#!/usr/bin/env node
// Renders nginx.conf.template and runs nginx on a loopback port (tests, local use), or
// prints the rendered config for a real host.
//   node nginx/run.mjs --root releases --api http://127.0.0.1:8080 [--port 8081] [--admin-allow 10.0.0.0/8,…]
//   node nginx/run.mjs --render-only --root /srv/tessera/releases --api http://127.0.0.1:8080 \
//        --listen 80 --prefix /var/lib/tessera-nginx [--out /etc/nginx/tessera.conf]
// With --tls-cert and --tls-key (PEM files) it serves HTTPS with HTTP/2 (e.g. --listen 443).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { renderConfig, startNginx } = require('./nginx.cjs');

const USAGE = `Usage: node nginx/run.mjs --root <releases dir> --api http://127.0.0.1:<port>[,http://127.0.0.1:<port2>…] [--port N] [--host 127.0.0.1]
                         [--admin-allow CIDR,…] [--no-brotli] [--tls-cert FILE --tls-key FILE]
       node nginx/run.mjs --render-only --root DIR --api URL [--listen 80] [--prefix DIR] [--out FILE] [--admin-allow …] [--tls-cert FILE --tls-key FILE]`;

/** @param {string[]} argv */
function parse(argv) {
  /** @type {Record<string, any>} flags are true, options their value */
  const o = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--render-only' || a === '--no-brotli' || a === '--help' || a === '-h') {
      o[a.replace(/^-+/, '')] = true;
      continue;
    }
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}\n${USAGE}`);
    const v = argv[++i];
    if (v === undefined) throw new Error(`${a} needs a value`);
    o[a.slice(2)] = v;
  }
  return o;
}

try {
  const o = parse(process.argv.slice(2));
  if (o.help || o.h) {
    console.log(USAGE);
    process.exit(0);
  }
  const root = path.resolve(o.root ?? process.env.RELEASES_DIR ?? 'releases');
  const api = o.api ?? process.env.API_URL;
  const adminAllow = (o['admin-allow'] ?? process.env.ADMIN_ALLOW ?? '')
    .split(',')
    .map((/** @type {string} */ s) => s.trim())
    .filter(Boolean);
  const brotli = o['no-brotli'] ? false : undefined;
  if (!api) throw new Error(`--api is required\n${USAGE}`);
  const cert = o['tls-cert'] ?? process.env.TLS_CERT;
  const key = o['tls-key'] ?? process.env.TLS_KEY;
  if (Boolean(cert) !== Boolean(key)) throw new Error('--tls-cert and --tls-key go together');
  const tls = cert ? { cert: path.resolve(cert), key: path.resolve(key) } : undefined;
  if (o['render-only']) {
    const prefix = path.resolve(o.prefix ?? '/var/lib/tessera-nginx');
    const { conf, proxy, proxyEvents } = renderConfig({
      root,
      api,
      listen: o.listen ?? (tls ? '443' : '80'),
      prefix,
      adminAllow,
      brotli,
      workers: 'auto',
      tls,
    });
    if (o.out) {
      fs.writeFileSync(o.out, conf);
      fs.mkdirSync(path.join(prefix, 'conf'), { recursive: true });
      fs.writeFileSync(path.join(prefix, 'conf/proxy.conf'), proxy);
      fs.writeFileSync(path.join(prefix, 'conf/proxy-events.conf'), proxyEvents);
      console.error(
        `wrote ${o.out}, ${path.join(prefix, 'conf/proxy.conf')} and proxy-events.conf (create ${prefix}/logs and ${prefix}/tmp)`,
      );
    } else {
      process.stdout.write(conf);
    }
  } else {
    if (!fs.existsSync(path.join(root, 'index.html')))
      throw new Error(`${root} has no index.html: publish the shell first (npm run release -- publish all)`);
    const n = await startNginx({
      root,
      api,
      port: o.port ? Number(o.port) : undefined,
      host: o.host,
      adminAllow,
      brotli,
      tls,
      prefix: o.prefix && path.resolve(o.prefix),
    });
    console.log(
      `nginx (pid ${n.pid}) serving ${root} on ${n.url}, API ${api}${n.brotli ? ', brotli on' : ''}\nconfig ${n.confFile}\nCtrl-C to stop`,
    );
    const stop = async () => {
      await n.stop();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
} catch (err) {
  console.error(`nginx/run: ${/** @type {Error} */ (err).message}`);
  process.exit(1);
}
