// The compiled contracts as the client takes them; produced by server/scripts/compile-contracts.ts.
import type { Abi, Hex } from 'viem';

export const CONTRACT_NAMES = ['IdentityRegistry', 'PropertyUnitToken', 'PlatformToken', 'MerkleAnchor'] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

export interface ContractArtifact {
  abi: Abi | unknown[];
  bytecode: Hex;
}

export interface ContractArtifacts {
  solc: string;
  evmVersion: string;
  contracts: Record<ContractName, ContractArtifact>;
}
