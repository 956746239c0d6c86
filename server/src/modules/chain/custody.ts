// Custodial addresses: each investor's address is derived from one configured seed
// (CHAIN_CUSTODY_MNEMONIC) at an index kept per user (chain_addresses), so no private key is
// stored anywhere. The operator moves every unit, so these keys never need to sign today;
// should a holder take their units out, the key is derived again from the seed.
import { toHex, type Address, type Hex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount, type Account, type HDKey } from 'viem/accounts';
import { ANVIL_MNEMONIC } from './anvil';

/**
 * BIP-44 account 1 of the seed: account 0 of anvil's development mnemonic holds the
 * pre-funded development operator, so with the development seed the two never coincide.
 */
const CUSTODY_ACCOUNT = 1;

// The seed's m/44'/60'/1'/0 node, derived once per seed: the seed itself takes a PBKDF2 of
// 2048 rounds (tens of ms), a child from this node about a millisecond.
const parents = new Map<string, HDKey>();

/** The address at m/44'/60'/1'/0/<index> of the seed (the development seed when null). */
export function custodialAddress(mnemonic: string | null, index: number): Address {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`custody index ${index} out of range`);
  const seed = mnemonic ?? ANVIL_MNEMONIC;
  let parent = parents.get(seed);
  if (!parent) {
    parent = mnemonicToAccount(seed, { path: `m/44'/60'/${CUSTODY_ACCOUNT}'/0` }).getHdKey();
    parents.set(seed, parent);
  }
  const key = parent.deriveChild(index).privateKey;
  if (!key) throw new Error('custody seed derived no private key');
  return privateKeyToAccount(toHex(key)).address;
}

/** The operator's account: the configured key, or anvil's development account 0 (embedded chain only). */
export function operatorAccount(key: string | null): Account {
  return key ? privateKeyToAccount(key as Hex) : mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 });
}
