// The platform's side of the chain: one operator account (the settlement) deploys the
// contracts and writes what the ledger decided. Every write is simulated first, so a revert
// comes back as the contract's named error before any gas is spent, and waits for its receipt.
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type HttpTransport,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { IDENTITY_REGISTRY_ABI, MERKLE_ANCHOR_ABI, PLATFORM_TOKEN_ABI, PROPERTY_UNIT_TOKEN_ABI } from './abi';
import type { ContractArtifacts } from './artifacts';
import { uuidKey } from './merkle';

export const ANCHOR_KIND = { holdings: 1, payments: 2 } as const;
export type AnchorKind = keyof typeof ANCHOR_KIND;

export interface ChainClientOptions {
  rpcUrl: string;
  chainId: number;
  operator: Account;
  /** Receipt polling; anvil mines at once, so short. */
  pollingIntervalMs?: number;
}

export interface PlatformContracts {
  identityRegistry: Address;
  platformToken: Address;
  anchor: Address;
}

/** The contract's custom error name in a failed call (e.g. 'NotVerified'), if it reverted with one. */
export function revertName(err: unknown): string | undefined {
  if (!(err instanceof BaseError)) return undefined;
  const reverted = err.walk((e) => e instanceof ContractFunctionRevertedError);
  return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined;
}

export interface AnchorRef {
  propertyId: string;
  kind: AnchorKind;
  /** recordDateKey(date) for holdings, uuidKey(distributionId) for payments (merkle.ts). */
  key: Hex;
}

export interface ChainClient {
  publicClient: PublicClient<HttpTransport, Chain>;
  walletClient: WalletClient<HttpTransport, Chain, Account>;
  operator: Address;
  /** The platform-wide contracts: identity registry, platform token, Merkle anchor. */
  deployPlatform(artifacts: ContractArtifacts, token?: { name: string; symbol: string }): Promise<PlatformContracts>;
  /** One property's unit token; `cap` is the property's unit count. */
  deployPropertyToken(
    artifacts: ContractArtifacts,
    p: { identityRegistry: Address; propertyId: string; name: string; symbol: string; cap: bigint },
  ): Promise<Address>;
  registerIdentity(registry: Address, wallet: Address): Promise<Hex>;
  removeIdentity(registry: Address, wallet: Address): Promise<Hex>;
  isVerified(registry: Address, wallet: Address): Promise<boolean>;
  mint(token: Address, to: Address, units: bigint): Promise<Hex>;
  burn(token: Address, from: Address, units: bigint): Promise<Hex>;
  /** A settled trade mirrored from the ledger: the operator moves the seller's units. */
  settleTransfer(token: Address, from: Address, to: Address, units: bigint): Promise<Hex>;
  setFrozen(token: Address, holder: Address, frozen: boolean): Promise<Hex>;
  unitBalance(token: Address, holder: Address): Promise<bigint>;
  /** Mints a subscriber's platform tokens once; claimed false when this very claim was already made. */
  claimPlatformTokens(token: Address, subscriber: Address, amount: bigint): Promise<{ claimed: boolean; hash: Hex }>;
  platformBalance(token: Address, holder: Address): Promise<bigint>;
  /** Records a root once; anchored false when this very root was already there. */
  anchorRoot(anchor: Address, a: AnchorRef & { root: Hex; leafCount: number }): Promise<{ anchored: boolean; hash: Hex }>;
  rootOf(anchor: Address, a: AnchorRef): Promise<{ root: Hex; leafCount: number; anchoredAt: bigint }>;
  verifyOnChain(anchor: Address, a: AnchorRef & { leaf: Hex; proof: readonly Hex[] }): Promise<boolean>;
}

export function createChainClient(options: ChainClientOptions): ChainClient {
  const chain = defineChain({
    id: options.chainId,
    name: 'tessera-local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  const pollingInterval = options.pollingIntervalMs ?? 50;
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval });
  const walletClient = createWalletClient({ chain, transport, account: options.operator, pollingInterval });
  const account = options.operator;

  async function confirm(hash: Hex): Promise<Hex> {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval });
    if (receipt.status !== 'success') throw new Error(`Transaction ${hash} reverted`);
    return hash;
  }

  /** Simulate, send, wait; returns the function's result as simulated and the tx hash. */
  async function write(address: Address, abi: Abi, functionName: string, args: readonly unknown[]) {
    const { request, result } = await publicClient.simulateContract({ address, abi, functionName, args, account });
    const hash = await walletClient.writeContract(request);
    await confirm(hash);
    return { hash, result: result as unknown };
  }

  async function deploy(artifacts: ContractArtifacts, name: keyof ContractArtifacts['contracts'], args: readonly unknown[]) {
    const { abi, bytecode } = artifacts.contracts[name];
    const hash = await walletClient.deployContract({ abi: abi as Abi, bytecode, args, account, chain });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval });
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`Deploying ${name} failed (${hash})`);
    return receipt.contractAddress;
  }

  return {
    publicClient,
    walletClient,
    operator: account.address,

    async deployPlatform(artifacts, token = { name: 'Tessera', symbol: 'TSR' }) {
      const identityRegistry = await deploy(artifacts, 'IdentityRegistry', [account.address]);
      const platformToken = await deploy(artifacts, 'PlatformToken', [account.address, token.name, token.symbol]);
      const anchor = await deploy(artifacts, 'MerkleAnchor', [account.address]);
      return { identityRegistry, platformToken, anchor };
    },

    deployPropertyToken(artifacts, p) {
      return deploy(artifacts, 'PropertyUnitToken', [account.address, p.identityRegistry, uuidKey(p.propertyId), p.name, p.symbol, p.cap]);
    },

    async registerIdentity(registry: Address, wallet: Address): Promise<Hex> {
      return (await write(registry, IDENTITY_REGISTRY_ABI, 'registerIdentity', [wallet])).hash;
    },
    async removeIdentity(registry: Address, wallet: Address): Promise<Hex> {
      return (await write(registry, IDENTITY_REGISTRY_ABI, 'removeIdentity', [wallet])).hash;
    },
    isVerified(registry: Address, wallet: Address): Promise<boolean> {
      return publicClient.readContract({ address: registry, abi: IDENTITY_REGISTRY_ABI, functionName: 'isVerified', args: [wallet] });
    },

    async mint(token: Address, to: Address, units: bigint): Promise<Hex> {
      return (await write(token, PROPERTY_UNIT_TOKEN_ABI, 'mint', [to, units])).hash;
    },
    async burn(token: Address, from: Address, units: bigint): Promise<Hex> {
      return (await write(token, PROPERTY_UNIT_TOKEN_ABI, 'burn', [from, units])).hash;
    },
    async settleTransfer(token: Address, from: Address, to: Address, units: bigint): Promise<Hex> {
      return (await write(token, PROPERTY_UNIT_TOKEN_ABI, 'transferFrom', [from, to, units])).hash;
    },
    async setFrozen(token: Address, holder: Address, frozen: boolean): Promise<Hex> {
      return (await write(token, PROPERTY_UNIT_TOKEN_ABI, 'setAddressFrozen', [holder, frozen])).hash;
    },
    unitBalance(token: Address, holder: Address): Promise<bigint> {
      return publicClient.readContract({ address: token, abi: PROPERTY_UNIT_TOKEN_ABI, functionName: 'balanceOf', args: [holder] });
    },

    async claimPlatformTokens(token: Address, subscriber: Address, amount: bigint): Promise<{ claimed: boolean; hash: Hex }> {
      const { hash, result } = await write(token, PLATFORM_TOKEN_ABI, 'claim', [subscriber, amount]);
      return { claimed: result === true, hash };
    },
    platformBalance(token: Address, holder: Address): Promise<bigint> {
      return publicClient.readContract({ address: token, abi: PLATFORM_TOKEN_ABI, functionName: 'balanceOf', args: [holder] });
    },

    async anchorRoot(anchor, a) {
      const args = [uuidKey(a.propertyId), ANCHOR_KIND[a.kind], a.key, a.root, a.leafCount] as const;
      const { hash, result } = await write(anchor, MERKLE_ANCHOR_ABI, 'anchor', args);
      return { anchored: result === true, hash };
    },
    async rootOf(anchor, a) {
      const [root, leafCount, anchoredAt] = await publicClient.readContract({
        address: anchor,
        abi: MERKLE_ANCHOR_ABI,
        functionName: 'rootOf',
        args: [uuidKey(a.propertyId), ANCHOR_KIND[a.kind], a.key],
      });
      return { root, leafCount, anchoredAt };
    },
    verifyOnChain(anchor, a) {
      return publicClient.readContract({
        address: anchor,
        abi: MERKLE_ANCHOR_ABI,
        functionName: 'verify',
        args: [uuidKey(a.propertyId), ANCHOR_KIND[a.kind], a.key, a.leaf, a.proof],
      });
    },
  };
}
