// Configuration: read from the environment once at start, validated, never keyed on NODE_ENV.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import path from 'node:path';
import { STEP_UP_MINUTES, validateEmail, validatePassword } from 'shared-api/contract';
import { DEFAULT_APPRAISAL_MAX_CHANGE_PCT, DEFAULT_MANAGEMENT_FEE_BPS } from 'shared-api/contract/dashboard';
import type { ApprovalAction } from 'shared-api/contract';
import { APPROVAL_ACTIONS } from 'shared-api/contract/admin';
import { DEFAULT_MARKET_FEE_BPS, DEFAULT_MARKET_PRICE_BAND_PCT } from 'shared-api/contract/market';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; PGlite in process when absent. */
  databaseUrl: string | null;
  /** PostgreSQL schema (search_path) to use; the server's own when null. */
  databaseSchema: string | null;
  dataDir: string;
  /** PGlite data folder, or 'memory://'. */
  pgliteDir: string;
  /**
   * An archive of a PGlite data folder (PGlite's dumpDataDir) that an in-memory database starts
   * from instead of running initdb, which is most of an in-memory start's cost. The tests set
   * it to a template migrated once per change of the migrations; the server never does.
   */
  pgliteTemplate?: string | null;
  uploadDir: string;
  jwtSecret: string;
  /**
   * Keys that seal data at rest (DATA_KEYS: `id:secret,id:secret`, the first seals, all
   * open). Unset: one key named `default`, derived from jwtSecret.
   */
  dataKeys?: { id: string; secret: string }[];
  /**
   * ADMIN_2FA_REQUIRED (default true): an admin without a second factor is refused every
   * admin route until they set one up (the demo seed's printed accounts are exempt).
   */
  adminTwoFactorRequired?: boolean;
  /** Access-token lifetime; the client refreshes a token past half its life. */
  tokenTtlMinutes: number;
  /** How recent an authentication money moves and account changes need (STEP_UP_SECONDS; default the contract's STEP_UP_MINUTES). */
  stepUpSeconds?: number;
  /** A session (a chain of refreshed tokens) ends this long after sign-in, whatever its activity. */
  sessionMaxHours: number;
  /** Lifetime of signed download links for private files. */
  linkTtlMinutes: number;
  /** Redis for state several API instances share (rate limits); in-process when null. */
  redisUrl: string | null;
  /** Prefix of every Redis key (several deployments sharing one Redis). */
  redisPrefix: string;
  adminEmail: string;
  adminPassword: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  /** URLs per sitemap file (the protocol's limit, 50,000, when absent; tests set a small one). */
  sitemapUrlsPerFile?: number;
  /** Origins a payment may return to (the one it was started from); the first is PUBLIC_URL's. */
  publicOrigins: string[];
  /** Passkeys' relying party ID (WEBAUTHN_RP_ID); null: the host the request was made to. */
  webauthnRpId?: string | null;
  /** Origins a passkey may be used from (WEBAUTHN_ORIGINS); null: publicOrigins at the RP ID's host. */
  webauthnOrigins?: string[] | null;
  webRoot: string | null;
  /**
   * The releases root (RELEASES_DIR, as the release tool's): telemetry is accepted only for
   * versions published there (<root>/<remote>/<version>/mf-manifest.json). Unset: the
   * versions in WEB_ROOT/remotes/. Neither: no report is accepted.
   */
  releasesDir?: string | null;
  seed: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  rateLimit: boolean;
  /** Hourly deletion of rows past their retention (plugins/housekeeping.ts). */
  housekeeping: boolean;
  /**
   * Which X-Forwarded-For entries to believe (TRUST_PROXY): false, none (the socket's
   * address); a number, that many proxy hops in front of the API (the client is the entry
   * that many from the right: whatever a client writes further left is ignored); a list,
   * those proxy addresses/CIDRs. `true` is 1 hop (one nginx in front).
   */
  trustProxy: boolean | number | string[];
  corsOrigins: string[];
  /** Payments provider for deposits and the subscription ('sandbox': a test page served by this server). */
  paymentsProvider: PaymentsProviderName;
  /**
   * The platform's own account withdrawals are paid from: the debtor of the payout bank files
   * (PAYOUT_DEBTOR_NAME, _IBAN or _ACCOUNT, _BIC or _ROUTING, _CURRENCY). Unset: a sandbox
   * account, which no bank accepts.
   */
  payoutDebtor?: PayoutDebtor;
  /** An unpaid checkout expires after this long. */
  checkoutTtlMinutes: number;
  /** PostgreSQL pool size (connections per server process). */
  databasePoolSize: number;
  /** Platform management fee on distributions, in basis points of the gross rent collected (800 = 8%). */
  managementFeeBps: number;
  /** An appraisal moving more than this % from the latest one needs an explicit confirmation. */
  appraisalMaxChangePct: number;
  /** The distributions job (plugins/distributions.ts): record and pay what is due, every few minutes. */
  distributionsJob: boolean;
  /** The notices' mail dispatcher (plugins/notifications.ts): e-mails the outbox's PENDING notices. */
  mailDispatcher: boolean;
  /** MAIL_DIGEST (default true): a person's queued market fills go out as one e-mail. */
  mailDigest?: boolean;
  /** Secondary market (issue 20): trading fee charged to the seller, basis points of the trade's value (100 = 1%). */
  marketFeeBps: number;
  /** Secondary market: a limit price more than this % from the reference price is refused. */
  marketPriceBandPct: number;
  /** The market job (plugins/market.ts): expire good-until orders, every minute. */
  marketJob: boolean;
  /** The proposals job (plugins/proposals.ts): open, remind and close the holder votes that are due. */
  proposalsJob: boolean;
  /** How often the proposals job runs, ms (its first run is at most 25 s after the start). */
  proposalsJobEveryMs?: number;
  /** PostgreSQL statement_timeout of the pool's sessions, ms (0: none). */
  databaseStatementTimeoutMs?: number;
  /** Fastify requestTimeout: the whole request must arrive within this, ms (0: none). */
  requestTimeoutMs?: number;
  /** Fastify connectionTimeout: a socket idle this long is closed, ms (0: none). */
  connectionTimeoutMs?: number;
  /** Worker threads laying out statement PDFs. */
  pdfWorkers?: number;
  /** Uploaded files in an S3-compatible bucket instead of UPLOAD_DIR (null: the local folder). */
  s3?: S3Config | null;
  /** Four eyes (modules/approvals): which admin actions wait for a second admin; absent: none. */
  fourEyes?: FourEyesConfig;
  /** The embedded chain (docs/chain.md); null or absent: off. */
  chain?: ChainConfig | null;
}

export interface ChainConfig {
  /** CHAIN_RPC_URL: a node to write to; null: an anvil this server starts on loopback. */
  rpcUrl: string | null;
  /** CHAIN_OPERATOR_KEY (0x + 64 hex); null: anvil's development account 0 (embedded chain only). Never logged. */
  operatorKey: string | null;
  /** CHAIN_CUSTODY_MNEMONIC: the seed investors' addresses are derived from; null: a development seed (embedded chain only). */
  custodyMnemonic: string | null;
  /** The embedded anvil's state folder (DATA_DIR/chain). */
  stateDir: string;
  /** The folder of the compiled contracts (server/chain/build, `npm run compile:contracts`). */
  artifactsDir: string;
  /** CHAIN_MIRROR_SECONDS: how often the mirror job runs (default 10 s); 0: no periodic run (tests run it). */
  mirrorEveryMs: number;
  /**
   * Also run the mirror shortly after holdings or a distribution change (LISTEN chain_mirror);
   * absent: whenever the periodic run is on.
   */
  wakeOnChange?: boolean;
}

export interface FourEyesConfig {
  /** FOUR_EYES_ACTIONS: `all` (default), `none`, or a comma-separated list of APPROVAL_ACTIONS. */
  actions: ApprovalAction[];
  /** FOUR_EYES_PAYOUT_THRESHOLD_CENTS: a withdrawal above this (default $10,000) needs approval to be marked paid. */
  payoutThresholdCents: number;
  /** FOUR_EYES_APPRAISAL_MOVE_PCT: an appraisal moving the value per unit more than this % (default 10) needs approval. */
  appraisalMovePct: number;
  /** FOUR_EYES_ALL_APPRAISALS (default false): every appraisal needs approval, whatever its move. */
  allAppraisals: boolean;
}

export interface PayoutDebtor {
  name: string;
  /** IBAN, or the account number when the account has none. */
  iban: string | null;
  accountNumber: string | null;
  /** The bank: its BIC, or its US routing (ABA) number. */
  bic: string | null;
  routingNumber: string | null;
  currency: string;
}

export const SANDBOX_PAYOUT_DEBTOR: PayoutDebtor = {
  name: 'Tessera (sandbox)',
  iban: null,
  accountNumber: '000000000000',
  bic: null,
  routingNumber: '011000015',
  currency: 'USD',
};

export interface S3Config {
  bucket: string;
  /** Endpoint of a non-AWS service (MinIO, Ceph, R2…); AWS's own when null. */
  endpoint: string | null;
  region: string;
  /** Path-style URLs (http://host/bucket/key), which most non-AWS services need. */
  forcePathStyle: boolean;
  /** Static credentials; the SDK's default chain (environment, profile, instance role) when null. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Private files are sent as short-lived presigned links to the bucket instead of through the API. */
  presignDownloads: boolean;
}

export const PAYMENTS_PROVIDERS = ['sandbox'] as const;
export type PaymentsProviderName = (typeof PAYMENTS_PROVIDERS)[number];

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Reads and checks the environment; throws ConfigError listing every problem. */
/** The configuration, or the problems on stderr and exit 1: how a process started by hand begins. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
    process.exit(1);
  }
}

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const str = (name: string): string | null => {
    const v = env[name]?.trim();
    return v ? v : null;
  };
  const int = (name: string, def: number, min: number, max: number): number => {
    const v = str(name);
    if (v === null) return def;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max}`);
      return def;
    }
    return n;
  };
  const bool = (name: string, def: boolean): boolean => {
    const v = str(name)?.toLowerCase();
    if (v === undefined || v === null) return def;
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    problems.push(`${name} must be true or false`);
    return def;
  };
  const url = (name: string, def: string | null, protocols: string[]): string | null => {
    const v = str(name) ?? def;
    if (v === null) return null;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol)) problems.push(`${name} must use ${protocols.join(' or ')}`);
    } catch {
      problems.push(`${name} must be a URL`);
    }
    return v;
  };

  const dataDir = path.resolve(str('DATA_DIR') ?? path.join(REPO_ROOT, 'data'));
  const databaseUrl = url('DATABASE_URL', null, ['postgres:', 'postgresql:']);
  const databaseSchema = str('DATABASE_SCHEMA');
  if (databaseSchema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    problems.push('DATABASE_SCHEMA must be a lower-case SQL identifier');
  }
  const pgliteDirRaw = str('PGLITE_DIR');
  const pgliteDir = pgliteDirRaw === 'memory://' ? pgliteDirRaw : path.resolve(pgliteDirRaw ?? path.join(dataDir, 'pglite'));

  const jwtSecretRaw = str('JWT_SECRET');
  if (jwtSecretRaw !== null && jwtSecretRaw.length < 32) problems.push('JWT_SECRET must be at least 32 characters');

  const adminEmail = (str('ADMIN_EMAIL') ?? 'admin@tessera.local').toLowerCase();
  const emailProblem = validateEmail(adminEmail);
  if (emailProblem) problems.push(`ADMIN_EMAIL: ${emailProblem}`);
  const adminPassword = str('ADMIN_PASSWORD');
  if (adminPassword !== null) {
    for (const p of validatePassword(adminPassword)) problems.push(`ADMIN_PASSWORD: ${p}`);
  }

  const webRoot = str('WEB_ROOT') ? path.resolve(str('WEB_ROOT') as string) : null;
  if (webRoot !== null && !(existsSync(webRoot) && statSync(webRoot).isDirectory())) {
    problems.push(`WEB_ROOT ${webRoot} is not a folder`);
  }

  const releasesDir = str('RELEASES_DIR') ? path.resolve(str('RELEASES_DIR') as string) : null;
  if (releasesDir !== null && !(existsSync(releasesDir) && statSync(releasesDir).isDirectory())) {
    problems.push(`RELEASES_DIR ${releasesDir} is not a folder`);
  }

  const logLevel = (str('LOG_LEVEL') ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  // Without PUBLIC_URL, links (e-mails, payment returns) point at this server on this machine.
  const port = int('PORT', 8080, 0, 65535);
  const publicUrl = (url('PUBLIC_URL', `http://localhost:${port || 8080}`, ['http:', 'https:']) as string).replace(/\/+$/, '');
  const corsOrigins = (str('CORS_ORIGINS') ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const o of corsOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(o)) problems.push(`CORS_ORIGINS: ${o} is not an origin (scheme://host[:port])`);
  }

  // The origins a person may pay from and come back to (issue 16): PUBLIC_ORIGINS, or the
  // origin of PUBLIC_URL with its loopback twins (localhost, 127.0.0.1, [::1]) on the same port.
  const publicOriginsRaw = (str('PUBLIC_ORIGINS') ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const o of publicOriginsRaw) {
    if (!/^https?:\/\/[^/]+$/.test(o)) problems.push(`PUBLIC_ORIGINS: ${o} is not an origin (scheme://host[:port])`);
  }
  const publicOrigins =
    publicOriginsRaw.length > 0 ? [...new Set([safeOrigin(publicUrl), ...publicOriginsRaw])] : defaultPublicOrigins(publicUrl);

  // Passkeys: browsers refuse an IP address as the relying party's ID.
  const webauthnRpId = str('WEBAUTHN_RP_ID')?.toLowerCase() ?? null;
  if (webauthnRpId !== null && (isIP(webauthnRpId) !== 0 || !/^[a-z0-9.-]+$/.test(webauthnRpId))) {
    problems.push('WEBAUTHN_RP_ID must be a host name (not an IP address), such as example.com');
  }
  const webauthnOriginsRaw = (str('WEBAUTHN_ORIGINS') ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const o of webauthnOriginsRaw) {
    if (!/^https?:\/\/[^/]+$/.test(o)) problems.push(`WEBAUTHN_ORIGINS: ${o} is not an origin (scheme://host[:port])`);
  }

  const paymentsProvider = (str('PAYMENTS_PROVIDER') ?? 'sandbox').toLowerCase() as PaymentsProviderName;
  if (!PAYMENTS_PROVIDERS.includes(paymentsProvider)) problems.push(`PAYMENTS_PROVIDER must be one of ${PAYMENTS_PROVIDERS.join(', ')}`);

  const config: Config = {
    port,
    host: str('HOST') ?? '127.0.0.1',
    databaseUrl,
    databaseSchema,
    dataDir,
    pgliteDir,
    uploadDir: path.resolve(str('UPLOAD_DIR') ?? path.join(dataDir, 'uploads')),
    jwtSecret: jwtSecretRaw ?? '',
    tokenTtlMinutes: int('TOKEN_TTL_MINUTES', 15, 1, 60 * 24 * 30),
    stepUpSeconds: int('STEP_UP_SECONDS', STEP_UP_MINUTES * 60, 5, 3600),
    sessionMaxHours: int('SESSION_MAX_HOURS', 12, 1, 24 * 90),
    linkTtlMinutes: int('LINK_TTL_MINUTES', 60, 1, 60 * 24 * 7),
    redisUrl: url('REDIS_URL', null, ['redis:', 'rediss:']),
    redisPrefix: str('REDIS_PREFIX') ?? 'tessera:',
    adminEmail,
    adminPassword,
    smtpUrl: url('SMTP_URL', null, ['smtp:', 'smtps:']),
    mailFrom: str('MAIL_FROM') ?? 'Tessera <no-reply@tessera.local>',
    publicUrl,
    publicOrigins,
    webauthnRpId,
    webauthnOrigins: webauthnOriginsRaw.length > 0 ? webauthnOriginsRaw : null,
    webRoot,
    releasesDir,
    seed: bool('SEED', true),
    logLevel,
    rateLimit: bool('RATE_LIMIT', true),
    housekeeping: bool('HOUSEKEEPING', true),
    trustProxy: trustProxyOf(str('TRUST_PROXY'), problems),
    corsOrigins,
    paymentsProvider,
    payoutDebtor: payoutDebtorOf(str, problems),
    checkoutTtlMinutes: int('CHECKOUT_TTL_MINUTES', 60, 1, 60 * 24 * 7),
    databasePoolSize: int('DATABASE_POOL_SIZE', 10, 1, 200),
    managementFeeBps: int('MANAGEMENT_FEE_BPS', DEFAULT_MANAGEMENT_FEE_BPS, 0, 10_000),
    appraisalMaxChangePct: int('APPRAISAL_MAX_CHANGE_PCT', DEFAULT_APPRAISAL_MAX_CHANGE_PCT, 1, 10_000),
    distributionsJob: bool('DISTRIBUTIONS_JOB', true),
    mailDispatcher: bool('MAIL_DISPATCHER', true),
    mailDigest: bool('MAIL_DIGEST', true),
    adminTwoFactorRequired: bool('ADMIN_2FA_REQUIRED', true),
    marketFeeBps: int('MARKET_FEE_BPS', DEFAULT_MARKET_FEE_BPS, 0, 10_000),
    marketPriceBandPct: int('MARKET_PRICE_BAND_PCT', DEFAULT_MARKET_PRICE_BAND_PCT, 1, 100),
    marketJob: bool('MARKET_JOB', true),
    proposalsJob: bool('PROPOSALS_JOB', true),
    proposalsJobEveryMs: int('PROPOSALS_JOB_EVERY_SECONDS', 60, 1, 3600) * 1000,
    databaseStatementTimeoutMs: int('DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000),
    requestTimeoutMs: int('REQUEST_TIMEOUT_MS', 60_000, 0, 3_600_000),
    connectionTimeoutMs: int('CONNECTION_TIMEOUT_MS', 0, 0, 3_600_000),
    pdfWorkers: int('PDF_WORKERS', Math.max(1, Math.min(2, availableParallelism() - 1)), 1, 64),
    s3: s3Config(str, bool, url, problems),
    dataKeys: dataKeysOf(str('DATA_KEYS'), problems),
    fourEyes: {
      actions: fourEyesActionsOf(str('FOUR_EYES_ACTIONS'), problems),
      payoutThresholdCents: int('FOUR_EYES_PAYOUT_THRESHOLD_CENTS', 1_000_000, 0, Number.MAX_SAFE_INTEGER),
      appraisalMovePct: int('FOUR_EYES_APPRAISAL_MOVE_PCT', 10, 0, 1000),
      allAppraisals: bool('FOUR_EYES_ALL_APPRAISALS', false),
    },
    chain: chainConfigOf(str, bool, url, int, problems, dataDir),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  if (!config.jwtSecret) config.jwtSecret = persistedSecret(dataDir);
  return config;
}

/**
 * The chain is on with CHAIN_ENABLED=true (npm start sets it) or with a CHAIN_RPC_URL. A real
 * network needs its own operator key and custody seed: the development defaults are public.
 */
function chainConfigOf(
  str: (name: string) => string | null,
  bool: (name: string, def: boolean) => boolean,
  url: (name: string, def: string | null, protocols: string[]) => string | null,
  int: (name: string, def: number, min: number, max: number) => number,
  problems: string[],
  dataDir: string,
): ChainConfig | null {
  const rpcUrl = url('CHAIN_RPC_URL', null, ['http:', 'https:']);
  if (!bool('CHAIN_ENABLED', rpcUrl !== null)) return null;
  const operatorKey = str('CHAIN_OPERATOR_KEY');
  // Not echoed in the message: the value is a secret.
  if (operatorKey !== null && !/^0x[0-9a-fA-F]{64}$/.test(operatorKey)) problems.push('CHAIN_OPERATOR_KEY must be 0x and 64 hex digits');
  const custodyMnemonic = str('CHAIN_CUSTODY_MNEMONIC')?.split(/\s+/).join(' ') ?? null;
  if (custodyMnemonic !== null && ![12, 15, 18, 21, 24].includes(custodyMnemonic.split(' ').length))
    problems.push('CHAIN_CUSTODY_MNEMONIC must be a BIP-39 phrase of 12 to 24 words');
  if (rpcUrl !== null && operatorKey === null) problems.push('CHAIN_RPC_URL needs CHAIN_OPERATOR_KEY (the development key is public)');
  if (rpcUrl !== null && custodyMnemonic === null)
    problems.push('CHAIN_RPC_URL needs CHAIN_CUSTODY_MNEMONIC (the development seed is public)');
  return {
    rpcUrl,
    operatorKey,
    custodyMnemonic,
    stateDir: path.join(dataDir, 'chain'),
    artifactsDir: path.join(REPO_ROOT, 'server', 'chain', 'build'),
    mirrorEveryMs: int('CHAIN_MIRROR_SECONDS', 10, 1, 3600) * 1000,
  };
}

/** S3_BUCKET switches uploads to an S3-compatible bucket; the other S3_* settings refine it. */
function s3Config(
  str: (name: string) => string | null,
  bool: (name: string, def: boolean) => boolean,
  url: (name: string, def: string | null, protocols: string[]) => string | null,
  problems: string[],
): S3Config | null {
  const bucket = str('S3_BUCKET');
  if (bucket === null) return null;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    problems.push('S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)');
  const accessKeyId = str('S3_ACCESS_KEY_ID');
  const secretAccessKey = str('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const endpoint = url('S3_ENDPOINT', null, ['http:', 'https:']);
  return {
    bucket,
    endpoint,
    region: str('S3_REGION') ?? 'us-east-1',
    forcePathStyle: bool('S3_FORCE_PATH_STYLE', endpoint !== null),
    accessKeyId,
    secretAccessKey,
    presignDownloads: bool('S3_PRESIGN_DOWNLOADS', true),
  };
}

/** FOUR_EYES_ACTIONS: `all` (the default: every gated action), `none`, or a list of actions. */
export function fourEyesActionsOf(v: string | null, problems: string[] = []): ApprovalAction[] {
  if (v === null || v.toLowerCase() === 'all') return [...APPROVAL_ACTIONS];
  if (v.toLowerCase() === 'none') return [];
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((a) => !(APPROVAL_ACTIONS as readonly string[]).includes(a));
  if (bad.length) problems.push(`FOUR_EYES_ACTIONS: ${bad.join(', ')} unknown (all, none, or some of ${APPROVAL_ACTIONS.join(', ')})`);
  return list.filter((a): a is ApprovalAction => (APPROVAL_ACTIONS as readonly string[]).includes(a));
}

/** DATA_KEYS: `id:secret` pairs, comma-separated; ids unique, secrets of 32+ characters. */
export function dataKeysOf(v: string | null, problems: string[] = []): { id: string; secret: string }[] | undefined {
  if (!v) return undefined;
  const keys = v.split(',').map((pair) => {
    const at = pair.indexOf(':');
    return { id: pair.slice(0, at).trim(), secret: pair.slice(at + 1).trim() };
  });
  const ids = new Set(keys.map((k) => k.id));
  if (keys.some((k) => !/^[A-Za-z0-9_-]{1,32}$/.test(k.id) || k.secret.length < 32) || ids.size !== keys.length)
    problems.push('DATA_KEYS must be id:secret pairs, comma-separated (ids of letters, digits, _ or -; secrets of 32+ characters)');
  return keys;
}

const PROXY_ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|[0-9a-f:]*:[0-9a-f:.]*(?:\/\d{1,3})?|loopback|linklocal|uniquelocal)$/i;

/**
 * TRUST_PROXY: `false` (default) trusts no X-Forwarded-For; a number of hops (nginx in
 * front: 1); `true`, 1 hop; or a comma-separated list of the proxies' addresses or CIDRs.
 * Never "trust every hop": the leftmost X-Forwarded-For is whatever the client wrote.
 */
export function trustProxyOf(v: string | null, problems: string[] = []): false | number | string[] {
  if (v === null) return false;
  const lower = v.toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return 1;
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n >= 1 && n <= 10) return n;
    problems.push('TRUST_PROXY must be a number of proxy hops from 1 to 10, true (1 hop), false, or a list of proxy addresses');
    return false;
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((a) => !PROXY_ADDRESS.test(a));
  if (bad.length || list.length === 0) {
    problems.push(`TRUST_PROXY: ${bad.join(', ') || v} is not a proxy address or CIDR (or use a number of hops, true or false)`);
    return false;
  }
  return list;
}

/** A JWT secret generated once and kept in the data folder, so tokens survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim();
    if (s.length >= 32) return s;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function safeOrigin(u: string): string {
  try {
    return new URL(u).origin;
  } catch {
    return u;
  }
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** PUBLIC_URL's origin, and when it is a loopback host the other loopback names on the same port. */
export function defaultPublicOrigins(publicUrl: string): string[] {
  const origin = safeOrigin(publicUrl);
  let u: URL;
  try {
    u = new URL(publicUrl);
  } catch {
    return [origin];
  }
  if (!LOOPBACK.includes(u.hostname)) return [origin];
  const port = u.port ? `:${u.port}` : '';
  return [origin, ...LOOPBACK.filter((h) => h !== u.hostname).map((h) => `${u.protocol}//${h}${port}`)];
}

function payoutDebtorOf(str: (name: string) => string | undefined | null, problems: string[]): PayoutDebtor {
  const iban = str('PAYOUT_DEBTOR_IBAN')?.replace(/\s+/g, '').toUpperCase() ?? null;
  const accountNumber = str('PAYOUT_DEBTOR_ACCOUNT') ?? null;
  if (!iban && !accountNumber) return SANDBOX_PAYOUT_DEBTOR;
  const bic = str('PAYOUT_DEBTOR_BIC')?.toUpperCase() ?? null;
  const routingNumber = str('PAYOUT_DEBTOR_ROUTING') ?? null;
  if (!bic && !routingNumber) problems.push('PAYOUT_DEBTOR_BIC or PAYOUT_DEBTOR_ROUTING must name the bank of the payout account');
  const currency = (str('PAYOUT_DEBTOR_CURRENCY') ?? 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) problems.push('PAYOUT_DEBTOR_CURRENCY must be a 3-letter currency code');
  return { name: str('PAYOUT_DEBTOR_NAME') ?? 'Tessera', iban, accountNumber, bic, routingNumber, currency };
}
