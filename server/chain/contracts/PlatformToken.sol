// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

import {Operated} from "./Operated.sol";

/// The platform token an early-access subscription is claimed as. ERC-20 compatible; the
/// operator mints each subscriber's claim once (repeating the same claim is a no-op, so a
/// retried submission is safe) and holders cannot transfer: there is no market for it yet.
contract PlatformToken is Operated {
    string public name;
    string public symbol;
    uint8 public constant decimals = 0;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    /// What each subscriber claimed (0: not yet).
    mapping(address => uint256) public claimedBy;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Claimed(address indexed subscriber, uint256 amount);

    error TransfersRestricted();
    error ZeroAmount();
    error AlreadyClaimed(address subscriber, uint256 claimed);

    constructor(address operator_, string memory name_, string memory symbol_) Operated(operator_) {
        name = name_;
        symbol = symbol_;
    }

    function allowance(address, address) external pure returns (uint256) {
        return 0;
    }

    function approve(address, uint256) external pure returns (bool) {
        revert TransfersRestricted();
    }

    function transfer(address, uint256) external pure returns (bool) {
        revert TransfersRestricted();
    }

    function transferFrom(address, address, uint256) external pure returns (bool) {
        revert TransfersRestricted();
    }

    /// Returns true when it minted, false when this very claim was already made. A different
    /// amount for a subscriber who already claimed reverts: the ledger and the chain disagree.
    function claim(address subscriber, uint256 amount) external onlyOperator returns (bool) {
        if (subscriber == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        uint256 claimed = claimedBy[subscriber];
        if (claimed == amount) return false;
        if (claimed != 0) revert AlreadyClaimed(subscriber, claimed);
        claimedBy[subscriber] = amount;
        balanceOf[subscriber] += amount;
        totalSupply += amount;
        emit Transfer(address(0), subscriber, amount);
        emit Claimed(subscriber, amount);
        return true;
    }
}
