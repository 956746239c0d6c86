// The contracts' interfaces as the client calls them, typed by viem (abitype). The compiled
// ABIs must contain every item here (server/test/chain-contracts.test.ts checks it), so a
// contract change that breaks the client fails a test, not a settlement.
import { parseAbi } from 'viem';

const OPERATED = [
  'function operator() view returns (address)',
  'function setOperator(address next)',
  'event OperatorChanged(address indexed previous, address indexed next)',
  'error NotOperator(address caller)',
  'error ZeroAddress()',
] as const;

export const IDENTITY_REGISTRY_ABI = parseAbi([
  ...OPERATED,
  'function isVerified(address wallet) view returns (bool)',
  'function registerIdentity(address wallet)',
  'function removeIdentity(address wallet)',
  'event IdentityRegistered(address indexed wallet)',
  'event IdentityRemoved(address indexed wallet)',
]);

const ERC20_READS = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address holder) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'error TransfersRestricted()',
] as const;

export const PROPERTY_UNIT_TOKEN_ABI = parseAbi([
  ...OPERATED,
  ...ERC20_READS,
  'constructor(address operator_, address registry_, bytes32 propertyId_, string name_, string symbol_, uint256 cap_)',
  'function cap() view returns (uint256)',
  'function propertyId() view returns (bytes32)',
  'function identityRegistry() view returns (address)',
  'function isFrozen(address holder) view returns (bool)',
  'function mint(address to, uint256 amount)',
  'function burn(address from, uint256 amount)',
  'function setAddressFrozen(address holder, bool frozen)',
  'event AddressFrozen(address indexed holder, bool indexed frozen)',
  'error NotVerified(address holder)',
  'error Frozen(address holder)',
  'error InsufficientBalance(address holder, uint256 balance, uint256 needed)',
  'error CapExceeded(uint256 cap, uint256 supplyAfter)',
]);

export const PLATFORM_TOKEN_ABI = parseAbi([
  ...OPERATED,
  ...ERC20_READS,
  'constructor(address operator_, string name_, string symbol_)',
  'function claimedBy(address subscriber) view returns (uint256)',
  'function claim(address subscriber, uint256 amount) returns (bool)',
  'event Claimed(address indexed subscriber, uint256 amount)',
  'error ZeroAmount()',
  'error AlreadyClaimed(address subscriber, uint256 claimed)',
]);

export const MERKLE_ANCHOR_ABI = parseAbi([
  ...OPERATED,
  'constructor(address operator_)',
  'function HOLDINGS() view returns (uint8)',
  'function PAYMENTS() view returns (uint8)',
  'function anchor(bytes32 propertyId, uint8 kind, bytes32 key, bytes32 root, uint32 leafCount) returns (bool)',
  'function rootOf(bytes32 propertyId, uint8 kind, bytes32 key) view returns (bytes32 root, uint32 leafCount, uint64 anchoredAt)',
  'function verify(bytes32 propertyId, uint8 kind, bytes32 key, bytes32 leaf, bytes32[] proof) view returns (bool)',
  'event RootAnchored(bytes32 indexed propertyId, uint8 indexed kind, bytes32 indexed key, bytes32 root, uint32 leafCount)',
  'error UnknownKind(uint8 kind)',
  'error EmptyRoot()',
  'error AlreadyAnchored(bytes32 propertyId, uint8 kind, bytes32 key, bytes32 root)',
]);

export const CONTRACT_ABIS = {
  IdentityRegistry: IDENTITY_REGISTRY_ABI,
  PropertyUnitToken: PROPERTY_UNIT_TOKEN_ABI,
  PlatformToken: PLATFORM_TOKEN_ABI,
  MerkleAnchor: MERKLE_ANCHOR_ABI,
} as const;
