// `npm run compile:contracts`: compiles server/chain/contracts/*.sol with the pinned solc-js
// into server/chain/build/contracts-<hash>.json (ABI + creation bytecode per contract). The
// output is not committed: the hash covers the compiler version, the settings and every
// source, so an unchanged tree reuses the file and any edit compiles anew. Tests call
// loadContracts(), which compiles on a cache miss.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { ContractArtifacts, ContractName } from '../src/modules/chain/artifacts';
import { CONTRACT_NAMES } from '../src/modules/chain/artifacts';

const CHAIN_DIR = path.resolve(__dirname, '..', 'chain');
export const CONTRACTS_DIR = path.join(CHAIN_DIR, 'contracts');
export const BUILD_DIR = path.join(CHAIN_DIR, 'build');

// Prague is what anvil 1.7 runs by default; pinned on both sides (anvil.ts passes --hardfork)
// so no opcode of a newer fork appears in the bytecode.
export const EVM_VERSION = 'prague';
const SETTINGS = {
  evmVersion: EVM_VERSION,
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
};

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

function readSources(): Record<string, { content: string }> {
  const files = readdirSync(CONTRACTS_DIR)
    .filter((f) => f.endsWith('.sol'))
    .sort();
  return Object.fromEntries(files.map((f) => [f, { content: readFileSync(path.join(CONTRACTS_DIR, f), 'utf8') }]));
}

function solcVersion(): string {
  const pkg = require.resolve('solc/package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** Where the artifacts of the current sources live (whether or not compiled yet). */
export function artifactsPath(): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ solc: solcVersion(), settings: SETTINGS, sources: readSources() }))
    .digest('hex')
    .slice(0, 16);
  return path.join(BUILD_DIR, `contracts-${hash}.json`);
}

export function compileContracts(): ContractArtifacts {
  const sources = readSources();
  // Loaded only on a cache miss: solc-js is 9 MB of emscripten and takes seconds to start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require('solc') as { compile(input: string): string; version(): string };
  const output = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings: SETTINGS }))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const warnings = (output.errors ?? []).filter((e) => e.severity === 'warning');
  if (warnings.length > 0)
    throw new Error(`solc warnings (the contracts compile clean):\n${warnings.map((e) => e.formattedMessage).join('\n')}`);
  const contracts = {} as ContractArtifacts['contracts'];
  for (const name of CONTRACT_NAMES) {
    const c = output.contracts?.[`${name}.sol`]?.[name];
    if (!c) throw new Error(`solc produced no ${name} (expected in ${name}.sol)`);
    contracts[name as ContractName] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  return { solc: solc.version(), evmVersion: EVM_VERSION, contracts };
}

/** The artifacts of the current sources: from the cache, else compiled and cached. */
export function loadContracts(): ContractArtifacts {
  const file = artifactsPath();
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ContractArtifacts;
  const artifacts = compileContracts();
  mkdirSync(BUILD_DIR, { recursive: true });
  // Atomic: two test workers may compile at once.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(artifacts));
  renameSync(tmp, file);
  return artifacts;
}

if (require.main === module) {
  const started = Date.now();
  const artifacts = loadContracts();
  const sizes = Object.entries(artifacts.contracts).map(([n, c]) => `${n} ${(c.bytecode.length - 2) / 2} B`);
  process.stdout.write(
    `${path.relative(process.cwd(), artifactsPath())} (${artifacts.solc}, ${Date.now() - started} ms)\n${sizes.join('\n')}\n`,
  );
}
