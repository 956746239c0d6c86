// A small, deterministic generator of hostile inputs from a route's JSON schemas (the
// TypeBox schemas the routes validate with). Seeded, so a failure reproduces with FUZZ_SEED.

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

/** mulberry32: small, fast, good enough for picking test cases. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Gen {
  /** Real ids to use for uuid fields part of the time, so calls get past "not found". */
  ids: readonly string[] = [];
  constructor(readonly random: () => number) {}
  int(n: number): number {
    return Math.floor(this.random() * n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
  sample<T>(list: readonly T[], n: number): T[] {
    const copy = [...list];
    const out: T[] = [];
    while (copy.length > 0 && out.length < n) out.push(copy.splice(this.int(copy.length), 1)[0]);
    return out;
  }
  uuid(): string {
    const hex = () => this.int(16).toString(16);
    const s = Array.from({ length: 32 }, hex);
    s[12] = '4';
    s[16] = '89ab'[this.int(4)];
    const j = s.join('');
    return `${j.slice(0, 8)}-${j.slice(8, 12)}-${j.slice(12, 16)}-${j.slice(16, 20)}-${j.slice(20)}`;
  }
}

// ---- Hostile values ----

const deepArray = (depth: number): Json => {
  let v: Json = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/** Strings that break parsers, renderers, databases and naive length checks. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  'a'.repeat(10_000),
  'é'.repeat(300_000), // 600 KB of UTF-8 in one field, under the 1 MB body limit
  '\u0000',
  'nul\u0000inside',
  '\ud800', // a lone surrogate
  '\udfff\ud800',
  '\ufeffBOM',
  '\u202eRTL override',
  'Z̷̧̛̪͙a̸͕̓l̵̨͂g̶̣̈́o̵̰͂',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '𝕋𝕖𝕤𝕤𝕖𝕣𝕒',
  'ＡＢＣ１２３',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '\\',
  '%00%ff%',
  '../../../../etc/passwd',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  'null',
  'true',
  '2024-02-30T25:61:61Z',
  'not-an-email@',
  'a@b',
  '00000000-0000-0000-0000-000000000000',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0.5,
  0.001,
  1.005,
  1e-9,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

export const HOSTILE_OTHERS: readonly Json[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 'a', null],
  { a: { b: { c: 1 } } },
  deepArray(2000),
  ['a'.repeat(1000)],
];

export function hostileValue(g: Gen): Json {
  const r = g.random();
  if (r < 0.5) return g.pick(HOSTILE_STRINGS);
  if (r < 0.8) return g.pick(HOSTILE_NUMBERS);
  return g.pick(HOSTILE_OTHERS);
}

/** Query/path text: what a URL can carry. */
export const HOSTILE_URL_TEXT: readonly string[] = [
  '',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'true',
  'null',
  'a'.repeat(300),
  '%00',
  '%',
  '%zz',
  '%c0%af',
  '..%2f..%2fetc%2fpasswd',
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('👩‍👩‍👧'),
  '%ED%A0%80', // an encoded lone surrogate
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
];

/** Date-shaped, but no calendar day PostgreSQL accepts: what a date field (format or YYYY-MM-DD pattern) is fuzzed with. */
export const IMPOSSIBLE_DATES: readonly string[] = ['2024-02-30', '2025-13-01', '0000-01-01', '2025-00-10', '2025-04-31'];

/** Whether a field holds a calendar day (format 'date', or a YYYY-MM-DD pattern), also inside a nullable union. */
export function isDateField(s: JsonSchema | undefined): boolean {
  if (!s) return false;
  if (s.format === 'date' || (typeof s.pattern === 'string' && s.pattern.includes('\\d{4}-'))) return true;
  return (s.anyOf ?? s.oneOf ?? []).some((x) => isDateField(x));
}

// ---- Plausible values (so mutations reach past the first check) ----

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return [s.type];
  if (s.anyOf ?? s.oneOf) return [];
  if (s.properties) return ['object'];
  return [];
}

export function plausible(g: Gen, s: JsonSchema | undefined, depth = 0): Json {
  if (!s) return null;
  if (s.const !== undefined) return s.const as Json;
  if (s.enum) return g.pick(s.enum) as Json;
  const alt = s.anyOf ?? s.oneOf;
  if (alt && alt.length > 0) return plausible(g, g.pick(alt), depth + 1);
  const types = typesOf(s).filter((t) => t !== 'null');
  const type = types[0] ?? 'string';
  switch (type) {
    case 'string': {
      if (s.format === 'uuid') return g.ids.length > 0 && g.random() < 0.6 ? g.pick(g.ids) : g.uuid();
      if (s.format === 'email') return `fuzz${g.int(1e6)}@example.com`;
      if (s.format === 'date-time') return new Date(Date.UTC(2024, g.int(12), 1 + g.int(28))).toISOString();
      if (s.format === 'date' || isDateField(s)) return `2024-0${1 + g.int(9)}-1${g.int(9)}`;
      const min = s.minLength ?? 1;
      const max = Math.min(s.maxLength ?? 24, 24);
      return 'Fuzz value'.padEnd(Math.max(min, 1), 'x').slice(0, Math.max(max, min));
    }
    case 'integer': {
      const lo = s.minimum ?? 1;
      const hi = Math.min(s.maximum ?? lo + 10, lo + 10);
      return lo + g.int(Math.max(1, hi - lo + 1));
    }
    case 'number': {
      const lo = s.minimum ?? 1;
      return lo + g.int(100) + 0.5;
    }
    case 'boolean':
      return g.random() < 0.5;
    case 'array':
      return depth > 3 ? [] : Array.from({ length: s.minItems ?? 1 }, () => plausible(g, s.items, depth + 1));
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if ((s.required ?? []).includes(k) || g.random() < 0.5) out[k] = depth > 3 ? null : plausible(g, v, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

// ---- Bodies ----

export type BodyCase = { label: string; payload: string; contentType: string };

const json = (label: string, value: unknown): BodyCase => ({ label, payload: JSON.stringify(value), contentType: 'application/json' });

/** Raw texts that are not the JSON they claim to be, and wrong content types. */
export const MALFORMED_BODIES: readonly BodyCase[] = [
  { label: 'truncated JSON', payload: '{"a":', contentType: 'application/json' },
  { label: 'unclosed array', payload: '[1,2', contentType: 'application/json' },
  { label: 'single quotes', payload: "{'a':1}", contentType: 'application/json' },
  { label: 'trailing garbage', payload: '{"a":1}garbage', contentType: 'application/json' },
  { label: 'undefined', payload: 'undefined', contentType: 'application/json' },
  { label: 'NaN literal', payload: '{"amount":NaN}', contentType: 'application/json' },
  { label: 'huge number literal', payload: `{"amount":${'9'.repeat(400)}}`, contentType: 'application/json' },
  { label: 'NUL byte', payload: '\u0000', contentType: 'application/json' },
  { label: 'BOM then JSON', payload: '\ufeff{}', contentType: 'application/json' },
  { label: '__proto__ pollution', payload: '{"__proto__":{"role":"ADMIN","isAdmin":true}}', contentType: 'application/json' },
  { label: 'constructor.prototype pollution', payload: '{"constructor":{"prototype":{"role":"ADMIN"}}}', contentType: 'application/json' },
  { label: 'deep nesting', payload: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, contentType: 'application/json' },
  { label: 'duplicate keys', payload: '{"amount":1,"amount":-1}', contentType: 'application/json' },
  { label: 'empty with JSON type', payload: '', contentType: 'application/json' },
  { label: 'utf-16 charset', payload: '{}', contentType: 'application/json; charset=utf-16' },
  { label: 'text/plain', payload: 'hello', contentType: 'text/plain' },
  {
    label: 'xml',
    payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    contentType: 'application/xml',
  },
  { label: 'form-urlencoded', payload: 'a=1&b[c]=2&__proto__[x]=1', contentType: 'application/x-www-form-urlencoded' },
  {
    label: 'multipart to a JSON route',
    payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n',
    contentType: 'multipart/form-data; boundary=b',
  },
  { label: 'over the body limit', payload: JSON.stringify({ a: 'x'.repeat(1024 * 1024 + 10) }), contentType: 'application/json' },
];

/** Bodies generated from a route's body schema: each a plausible body with one thing wrong. */
export function bodyCases(g: Gen, schema: JsonSchema | undefined, n: number): BodyCase[] {
  const cases: BodyCase[] = [];
  const base = plausible(g, schema);
  const isObject = base !== null && typeof base === 'object' && !Array.isArray(base);
  const props = Object.keys(schema?.properties ?? {});
  const required = schema?.required ?? [];
  for (let i = 0; i < n; i++) {
    const kind = g.int(9);
    if (!isObject || props.length === 0 || kind === 0) {
      cases.push(json('whole body hostile', hostileValue(g)));
      continue;
    }
    const body = { ...(base as Record<string, Json>) };
    const field = g.pick(props);
    if (kind === 1 && required.length > 0) {
      const missing = g.pick(required);
      delete body[missing];
      cases.push(json(`missing ${missing}`, body));
    } else if (kind === 2) {
      body[g.pick(['role', 'status', 'isAdmin', 'balance', 'unknownField', '__proto__', 'ownerId', 'userId'])] = hostileValue(g);
      cases.push(json('unknown field', body));
    } else if (kind === 3) {
      const date = isDateField(schema?.properties?.[field]) && g.random() < 0.7;
      body[field] = date ? g.pick(IMPOSSIBLE_DATES) : g.pick(HOSTILE_STRINGS);
      cases.push(json(`${field}: ${date ? 'impossible date' : 'hostile string'}`, body));
    } else if (kind === 4) {
      body[field] = g.pick(HOSTILE_NUMBERS);
      cases.push(json(`${field}: hostile number`, body));
    } else if (kind === 5) {
      body[field] = g.pick(HOSTILE_OTHERS);
      cases.push(json(`${field}: wrong type`, body));
    } else if (kind === 6) {
      // Every field hostile at once.
      for (const p of props) body[p] = hostileValue(g);
      cases.push(json('every field hostile', body));
    } else if (kind === 7) {
      const m = g.pick(MALFORMED_BODIES);
      cases.push(m);
    } else {
      // The plausible body itself: it may pass (and then it may write; that is allowed).
      cases.push(json('plausible', body));
    }
  }
  return cases;
}

// ---- Multipart ----

export interface MultipartCase {
  label: string;
  payload: Buffer;
  contentType: string;
}

const PNG_HEADER = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function multipartOf(boundary: string, parts: { headers: string; body: Buffer | string }[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts)
    chunks.push(
      Buffer.from(`--${boundary}\r\n${p.headers}\r\n\r\n`),
      Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body),
      Buffer.from('\r\n'),
    );
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export function multipartCases(field: string): MultipartCase[] {
  const b = 'fuzzBoundary7MA4YWxk';
  const ct = `multipart/form-data; boundary=${b}`;
  const file = (name: string, type: string, body: Buffer | string, fieldName = field) => ({
    headers: `Content-Disposition: form-data; name="${fieldName}"; filename="${name}"\r\nContent-Type: ${type}`,
    body,
  });
  return [
    { label: 'no parts', payload: Buffer.from(`--${b}--\r\n`), contentType: ct },
    { label: 'no closing boundary', payload: multipartOf(b, [file('a.png', 'image/png', PNG_HEADER)], false), contentType: ct },
    {
      label: 'no boundary in the type',
      payload: multipartOf(b, [file('a.png', 'image/png', PNG_HEADER)]),
      contentType: 'multipart/form-data',
    },
    { label: 'wrong boundary', payload: multipartOf('other', [file('a.png', 'image/png', PNG_HEADER)]), contentType: ct },
    {
      label: 'text field only',
      payload: multipartOf(b, [{ headers: `Content-Disposition: form-data; name="${field}"`, body: 'hello' }]),
      contentType: ct,
    },
    { label: 'wrong field', payload: multipartOf(b, [file('a.png', 'image/png', PNG_HEADER, 'other')]), contentType: ct },
    { label: 'empty file', payload: multipartOf(b, [file('a.png', 'image/png', Buffer.alloc(0))]), contentType: ct },
    { label: 'declared png, is text', payload: multipartOf(b, [file('a.png', 'image/png', 'not an image')]), contentType: ct },
    { label: 'truncated png', payload: multipartOf(b, [file('a.png', 'image/png', PNG_HEADER)]), contentType: ct },
    { label: 'pdf declared as png', payload: multipartOf(b, [file('a.png', 'image/png', '%PDF-1.4\n%%EOF')]), contentType: ct },
    { label: 'svg with script', payload: multipartOf(b, [file('a.svg', 'image/svg+xml', '<svg onload="alert(1)"/>')]), contentType: ct },
    { label: 'html', payload: multipartOf(b, [file('a.html', 'text/html', '<script>alert(1)</script>')]), contentType: ct },
    { label: 'path traversal name', payload: multipartOf(b, [file('../../../etc/passwd', 'image/png', 'x')]), contentType: ct },
    { label: 'huge file name', payload: multipartOf(b, [file(`${'n'.repeat(5000)}.png`, 'image/png', 'x')]), contentType: ct },
    { label: 'unicode file name', payload: multipartOf(b, [file('\u202egnp.exe', 'image/png', 'x')]), contentType: ct },
    {
      label: 'seven files',
      payload: multipartOf(
        b,
        Array.from({ length: 7 }, (_, i) => file(`${i}.png`, 'image/png', 'x')),
      ),
      contentType: ct,
    },
    {
      label: 'many text fields',
      payload: multipartOf(
        b,
        Array.from({ length: 40 }, (_, i) => ({ headers: `Content-Disposition: form-data; name="f${i}"`, body: 'v' })),
      ),
      contentType: ct,
    },
    {
      label: 'over 5 MB',
      payload: multipartOf(b, [file('big.png', 'image/png', Buffer.concat([PNG_HEADER, Buffer.alloc(5 * 1024 * 1024 + 100)]))]),
      contentType: ct,
    },
    { label: 'garbage', payload: Buffer.from('\u0000\u0001garbage--'), contentType: ct },
    { label: 'JSON to a multipart route', payload: Buffer.from('{"files":[]}'), contentType: 'application/json' },
  ];
}

// ---- Stack traces and internals in an answer ----

const LEAKS: readonly [RegExp, string][] = [
  [/\n\s+at\s+\S.*\(?[^)]*:\d+:\d+\)?/, 'stack frame'],
  [/(?:\/[\w.@-]+){2,}\.(?:ts|js|cjs|mjs):\d+/, 'source position'],
  [/(?:^|[\s"'(])\/(?:work|home|root|usr|opt|srv|app|var|tmp)\/[\w.@-]+\/[\w.@/-]+/, 'absolute server path'],
  [/node_modules/, 'node_modules path'],
  [/\b(?:TypeError|ReferenceError|RangeError|AggregateError)\b/, 'JavaScript error name'],
  [/Cannot read propert|is not a function|is not defined|undefined is not/, 'JavaScript error text'],
  [
    /duplicate key value|violates (?:check|foreign key|not-null|unique) constraint|syntax error at or near|invalid input syntax for|relation "[^"]+" does not exist|column "[^"]+" does not exist|SQLSTATE|pg_catalog/i,
    'database error text',
  ],
];

/** A reason when the body looks like internals leaked, else null. */
export function leak(body: string): string | null {
  for (const [re, what] of LEAKS) if (re.test(body)) return what;
  return null;
}
