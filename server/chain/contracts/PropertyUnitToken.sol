// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

import {Operated} from "./Operated.sol";
import {IdentityRegistry} from "./IdentityRegistry.sol";

/// One property's units, ERC-20 compatible, in the spirit of ERC-3643 (permissioned token):
/// - only addresses verified in the identity registry may receive units;
/// - only the operator (the platform's settlement) mints, burns and moves units: a holder's
///   own transfer/approve reverts, since every trade settles on the ledger first;
/// - a frozen address (a REJECTED holder) can neither send nor receive, by anyone.
/// Units are whole (decimals 0) and never exceed the property's unit count (cap).
contract PropertyUnitToken is Operated {
    string public name;
    string public symbol;
    uint8 public constant decimals = 0;
    uint256 public totalSupply;
    uint256 public immutable cap;
    /// The ledger's property id (a uuid, right-aligned in 32 bytes).
    bytes32 public immutable propertyId;
    IdentityRegistry public immutable identityRegistry;

    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public isFrozen;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event AddressFrozen(address indexed holder, bool indexed frozen);

    error TransfersRestricted();
    error NotVerified(address holder);
    error Frozen(address holder);
    error InsufficientBalance(address holder, uint256 balance, uint256 needed);
    error CapExceeded(uint256 cap, uint256 supplyAfter);

    constructor(
        address operator_,
        IdentityRegistry registry_,
        bytes32 propertyId_,
        string memory name_,
        string memory symbol_,
        uint256 cap_
    ) Operated(operator_) {
        if (address(registry_) == address(0)) revert ZeroAddress();
        identityRegistry = registry_;
        propertyId = propertyId_;
        name = name_;
        symbol = symbol_;
        cap = cap_;
    }

    /// The operator may move anyone's units; nobody else may move any.
    function allowance(address, address spender) external view returns (uint256) {
        return spender == operator ? type(uint256).max : 0;
    }

    function approve(address, uint256) external pure returns (bool) {
        revert TransfersRestricted();
    }

    function transfer(address, uint256) external pure returns (bool) {
        revert TransfersRestricted();
    }

    /// A settled trade (or a correction) mirrored from the ledger.
    function transferFrom(address from, address to, uint256 amount) external onlyOperator returns (bool) {
        _move(from, to, amount);
        return true;
    }

    function mint(address to, uint256 amount) external onlyOperator {
        _move(address(0), to, amount);
    }

    function burn(address from, uint256 amount) external onlyOperator {
        _move(from, address(0), amount);
    }

    function setAddressFrozen(address holder, bool frozen) external onlyOperator {
        if (isFrozen[holder] == frozen) return;
        isFrozen[holder] = frozen;
        emit AddressFrozen(holder, frozen);
    }

    function _move(address from, address to, uint256 amount) private {
        if (from != address(0)) {
            if (isFrozen[from]) revert Frozen(from);
            uint256 balance = balanceOf[from];
            if (balance < amount) revert InsufficientBalance(from, balance, amount);
            unchecked {
                balanceOf[from] = balance - amount;
            }
        } else {
            uint256 supplyAfter = totalSupply + amount;
            if (supplyAfter > cap) revert CapExceeded(cap, supplyAfter);
            totalSupply = supplyAfter;
        }
        if (to != address(0)) {
            if (isFrozen[to]) revert Frozen(to);
            if (!identityRegistry.isVerified(to)) revert NotVerified(to);
            balanceOf[to] += amount;
        } else {
            totalSupply -= amount;
        }
        emit Transfer(from, to, amount);
    }
}
