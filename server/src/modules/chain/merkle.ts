// Merkle trees of holdings and payments, checkable on chain (MerkleAnchor.verify) and in a
// browser (shared-api/contract/merkle: the encodings and the check, pure, no Node API).
//
// Leaf encoding (the contract never builds leaves, it only checks proofs):
//   holding leaf = keccak256(keccak256(abi.encode(address holder, uint256 units)))
//   payment leaf = keccak256(keccak256(abi.encode(address holder, uint256 units, uint256 amountCents)))
// Hashed twice, so a leaf is never 64 bytes that could pass for an inner node. Tree: the leaf
// hashes sorted ascending (as unsigned 256-bit numbers) and unique; each level pairs
// neighbours as keccak256(min(a, b) ‖ max(a, b)) and an odd last node goes up unchanged. A
// proof is the list of siblings from the leaf up; sorted pairs make positions unnecessary.
// Keys: a ledger uuid is its 16 bytes right-aligned in bytes32; a record date is the number
// yyyymmdd right-aligned in bytes32.
import { hashPair, isBytes32, type Hex } from 'shared-api/contract/merkle';
import { pad } from 'viem';

// The leaf encodings and the proof check are shared with the browser: one copy, in shared-api.
export {
  hashPair,
  holdingLeaf,
  paymentLeaf,
  verifyMerkleProof,
  verifyLine,
  type HoldingLeaf,
  type PaymentLeaf,
} from 'shared-api/contract/merkle';

function compare(a: Hex, b: Hex): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export interface MerkleTree {
  root: Hex;
  leaves: readonly Hex[];
  /** The siblings from `leaf` up to the root; throws when the leaf is not in the tree. */
  proof(leaf: Hex): Hex[];
}

export function buildMerkleTree(leafHashes: readonly Hex[]): MerkleTree {
  if (leafHashes.length === 0) throw new Error('A Merkle tree needs at least one leaf');
  for (const l of leafHashes) if (!isBytes32(l)) throw new Error(`Not a 32-byte leaf hash: ${l}`);
  const sorted = leafHashes.map((l) => l.toLowerCase() as Hex).sort(compare);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i] === sorted[i - 1]) throw new Error(`Duplicate leaf ${sorted[i]}: each holder appears once`);
  const layers: Hex[][] = [sorted];
  while (layers[layers.length - 1].length > 1) {
    const below = layers[layers.length - 1];
    const next: Hex[] = [];
    for (let i = 0; i < below.length; i += 2) next.push(i + 1 < below.length ? hashPair(below[i], below[i + 1]) : below[i]);
    layers.push(next);
  }
  const index = new Map(sorted.map((l, i) => [l, i]));
  return {
    root: layers[layers.length - 1][0],
    leaves: sorted,
    proof(leaf) {
      let i = index.get(leaf.toLowerCase() as Hex);
      if (i === undefined) throw new Error(`Leaf ${leaf} is not in the tree`);
      const proof: Hex[] = [];
      for (const layer of layers.slice(0, -1)) {
        const sibling = i ^ 1;
        if (sibling < layer.length) proof.push(layer[sibling]);
        i >>= 1;
      }
      return proof;
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A ledger id (uuid) as bytes32: its 16 bytes, right-aligned. */
export function uuidKey(uuid: string): Hex {
  if (!UUID.test(uuid)) throw new Error(`Not a uuid: ${uuid}`);
  return pad(`0x${uuid.replace(/-/g, '').toLowerCase()}`, { size: 32 });
}

/** A record date (yyyy-mm-dd) as bytes32: the number yyyymmdd, right-aligned. */
export function recordDateKey(date: string): Hex {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const day = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !day || day.toISOString().slice(0, 10) !== date) throw new Error(`Not a date (yyyy-mm-dd): ${date}`);
  return pad(`0x${Number(`${m[1]}${m[2]}${m[3]}`).toString(16)}`, { size: 32 });
}
