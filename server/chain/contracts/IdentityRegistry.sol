// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

import {Operated} from "./Operated.sol";

/// The addresses of investors the platform has verified (its KYC decides; ERC-3643's identity
/// registry, without on-chain claims). Only the operator registers or removes one. No personal
/// data is stored: an address is either verified or not.
contract IdentityRegistry is Operated {
    mapping(address => bool) public isVerified;

    event IdentityRegistered(address indexed wallet);
    event IdentityRemoved(address indexed wallet);

    constructor(address operator_) Operated(operator_) {}

    /// Idempotent: registering a registered address changes nothing and emits nothing.
    function registerIdentity(address wallet) external onlyOperator {
        if (wallet == address(0)) revert ZeroAddress();
        if (isVerified[wallet]) return;
        isVerified[wallet] = true;
        emit IdentityRegistered(wallet);
    }

    function removeIdentity(address wallet) external onlyOperator {
        if (!isVerified[wallet]) return;
        isVerified[wallet] = false;
        emit IdentityRemoved(wallet);
    }
}
