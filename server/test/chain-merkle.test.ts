// The Merkle helper on its own (no chain): every proof of trees of 1 to 9 leaves verifies,
// a changed leaf, sibling or root does not, and the keys have the documented layout.
import { keccak256, toHex, type Hex } from 'viem';
import { buildMerkleTree, hashPair, holdingLeaf, paymentLeaf, recordDateKey, uuidKey, verifyMerkleProof } from '../src/modules/chain';

const leaf = (i: number): Hex => keccak256(toHex(`leaf ${i}`));
const flip = (h: Hex): Hex => `${h.slice(0, -1)}${h.endsWith('0') ? '1' : '0'}` as Hex;

describe('merkle tree', () => {
  it('verifies every proof for 1 to 9 leaves and rejects tampering', () => {
    for (let n = 1; n <= 9; n++) {
      const leaves = Array.from({ length: n }, (_, i) => leaf(i));
      const tree = buildMerkleTree(leaves);
      for (const l of leaves) {
        const proof = tree.proof(l);
        expect(proof.length).toBeLessThanOrEqual(Math.ceil(Math.log2(n)));
        expect(verifyMerkleProof(tree.root, l, proof)).toBe(true);
        expect(verifyMerkleProof(tree.root, flip(l), proof)).toBe(false);
        expect(verifyMerkleProof(flip(tree.root), l, proof)).toBe(false);
        if (proof.length > 0) expect(verifyMerkleProof(tree.root, l, [flip(proof[0]), ...proof.slice(1)])).toBe(false);
      }
    }
  });

  it('has the single leaf as root, ignores input order and hashes pairs sorted', () => {
    expect(buildMerkleTree([leaf(1)]).root).toBe(leaf(1));
    expect(buildMerkleTree([leaf(1)]).proof(leaf(1))).toEqual([]);
    const leaves = [leaf(1), leaf(2), leaf(3), leaf(4), leaf(5)];
    expect(buildMerkleTree([...leaves].reverse()).root).toBe(buildMerkleTree(leaves).root);
    expect(hashPair(leaf(1), leaf(2))).toBe(hashPair(leaf(2), leaf(1)));
  });

  it('refuses an empty tree, a duplicate leaf, a leaf not in it and malformed input', () => {
    expect(() => buildMerkleTree([])).toThrow('at least one leaf');
    expect(() => buildMerkleTree([leaf(1), leaf(1)])).toThrow('Duplicate leaf');
    expect(() => buildMerkleTree(['0x1234'])).toThrow('Not a 32-byte leaf hash');
    expect(() => buildMerkleTree([leaf(1), leaf(2)]).proof(leaf(3))).toThrow('not in the tree');
    expect(verifyMerkleProof(leaf(1), '0x12', [])).toBe(false);
  });

  it('encodes leaves by kind: a holding and a payment of the same holder differ', () => {
    const holder = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const h = holdingLeaf({ holder, units: 10n });
    expect(h).toMatch(/^0x[0-9a-f]{64}$/);
    expect(holdingLeaf({ holder, units: 11n })).not.toBe(h);
    expect(paymentLeaf({ holder, units: 10n, amountCents: 0n })).not.toBe(h);
  });

  it('lays out keys as documented', () => {
    expect(uuidKey('0B5E9C1E-4A7F-4A53-9F1E-5C2D8A3B7E10')).toBe(`0x${'0'.repeat(32)}0b5e9c1e4a7f4a539f1e5c2d8a3b7e10`);
    expect(recordDateKey('2026-06-30')).toBe(`0x${(20260630).toString(16).padStart(64, '0')}`);
    expect(() => uuidKey('42')).toThrow('Not a uuid');
    expect(() => recordDateKey('2026-02-30')).toThrow('Not a date');
    expect(() => recordDateKey('30/06/2026')).toThrow('Not a date');
  });
});
