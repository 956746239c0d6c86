// The embedded chain: a mirror of what the ledger settled, never its source of truth
// (docs/chain.md). plugins/chain.ts wires the mirror into the app.
export { CONTRACT_ABIS, IDENTITY_REGISTRY_ABI, MERKLE_ANCHOR_ABI, PLATFORM_TOKEN_ABI, PROPERTY_UNIT_TOKEN_ABI } from './abi';
export { ANVIL_HARDFORK, ANVIL_MNEMONIC, anvilBinary, startAnvil, type AnvilNode, type AnvilOptions } from './anvil';
export { CONTRACT_NAMES, type ContractArtifact, type ContractArtifacts, type ContractName } from './artifacts';
export {
  ANCHOR_KIND,
  createChainClient,
  revertName,
  type AnchorKind,
  type AnchorRef,
  type ChainClient,
  type PlatformContracts,
} from './client';
export {
  buildMerkleTree,
  hashPair,
  holdingLeaf,
  paymentLeaf,
  recordDateKey,
  uuidKey,
  verifyLine,
  verifyMerkleProof,
  type HoldingLeaf,
  type MerkleTree,
  type PaymentLeaf,
} from './merkle';
export { custodialAddress, operatorAccount } from './custody';
export {
  createChainRuntime,
  distributionTrees,
  loadArtifacts,
  type ChainDifference,
  type ChainRuntime,
  type DistributionLine,
  type DistributionTrees,
  type MirrorReport,
} from './mirror';
export { chainRoutes } from './routes';
export { chainReadRoutes } from './reads';
export { sendPendingClaims, tokenClaimState, type ClaimSendReport } from './claims';
export { tokenClaimRoutes } from './claims-routes';
