// 'shared-api/contract/merkle': the one copy of the anchored trees' leaf encoding and proof check, used
// by the server (which builds the trees: server/src/modules/chain/merkle.ts) and by an
// investor's browser (which checks their line against the anchored root). Pure: only a
// keccak-256 (@noble/hashes, a few kB), no Node API and no viem, so it stays small in a bundle.
//
//   holding leaf = keccak256(keccak256(abi.encode(address holder, uint256 units)))
//   payment leaf = keccak256(keccak256(abi.encode(address holder, uint256 units, uint256 amountCents)))
//
// Hashed twice so a leaf is never 64 bytes that could pass for an inner node. Pairs are hashed
// sorted, keccak256(min ‖ max), so a proof is just the siblings from the leaf up
// (the same check as MerkleAnchor.verify on chain).
import { keccak_256 } from '@noble/hashes/sha3';

export type Hex = `0x${string}`;

export interface HoldingLeaf {
  holder: string;
  units: bigint | number;
}

export interface PaymentLeaf extends HoldingLeaf {
  amountCents: bigint | number;
}

const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const MAX_UINT256 = (1n << 256n) - 1n;

export function isBytes32(h: unknown): h is Hex {
  return typeof h === 'string' && BYTES32.test(h);
}

function hexToBytes(hex: string): Uint8Array {
  const body = hex.slice(2);
  const out = new Uint8Array(body.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(body.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function bytesToHex(bytes: Uint8Array): Hex {
  let s = '0x';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s as Hex;
}

/** One ABI word: an address or a uint256, left-padded to 32 bytes. */
function word(value: string | bigint | number): string {
  if (typeof value === 'string') {
    if (!ADDRESS.test(value)) throw new Error(`Not an address: ${value}`);
    return value.slice(2).toLowerCase().padStart(64, '0');
  }
  const n = BigInt(value);
  if (n < 0n || n > MAX_UINT256) throw new Error(`Not a uint256: ${value}`);
  return n.toString(16).padStart(64, '0');
}

function keccak(hex: string): Hex {
  return bytesToHex(keccak_256(hexToBytes(hex)));
}

function leafOfWords(words: string[]): Hex {
  return keccak(keccak(`0x${words.join('')}`));
}

export function holdingLeaf(h: HoldingLeaf): Hex {
  return leafOfWords([word(h.holder), word(h.units)]);
}

export function paymentLeaf(p: PaymentLeaf): Hex {
  return leafOfWords([word(p.holder), word(p.units), word(p.amountCents)]);
}

function compare(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function hashPair(a: Hex, b: Hex): Hex {
  const [x, y] = compare(a, b) <= 0 ? [a, b] : [b, a];
  return keccak(`0x${x.slice(2)}${y.slice(2)}`);
}

/** The same check as MerkleAnchor.verify, off chain: false for anything malformed. */
export function verifyMerkleProof(root: string, leaf: string, proof: readonly string[]): boolean {
  if (!isBytes32(root) || !isBytes32(leaf) || !Array.isArray(proof) || !proof.every(isBytes32)) return false;
  const node = proof.reduce<Hex>((acc, sibling) => hashPair(acc, sibling), leaf);
  return BigInt(node) === BigInt(root);
}

/**
 * An investor's line checked against an anchored root: the leaf rebuilt from its fields (a
 * holding when amountCents is null, else a payment), then the proof. False when a field was
 * changed, the proof was tampered with, or a field is malformed.
 */
export function verifyLine(line: {
  address: string;
  units: number | bigint;
  amountCents: number | bigint | null;
  proof: readonly string[];
  root: string;
}): boolean {
  let leaf: Hex;
  try {
    leaf =
      line.amountCents === null
        ? holdingLeaf({ holder: line.address, units: line.units })
        : paymentLeaf({ holder: line.address, units: line.units, amountCents: line.amountCents });
  } catch {
    return false;
  }
  return verifyMerkleProof(line.root, leaf, line.proof);
}
