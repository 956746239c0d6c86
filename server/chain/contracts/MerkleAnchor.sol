// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

import {Operated} from "./Operated.sol";

/// Write-once Merkle roots per property: of the holdings at a distribution's record date
/// (kind 1, key = the date as yyyymmdd) and of a distribution's payments (kind 2, key = the
/// distribution's id). Anyone holding a leaf and its proof can check it against the root
/// here; the tree is built with sorted pairs (server/src/modules/chain/merkle.ts).
contract MerkleAnchor is Operated {
    uint8 public constant HOLDINGS = 1;
    uint8 public constant PAYMENTS = 2;

    struct Anchor {
        bytes32 root;
        uint32 leafCount;
        uint64 anchoredAt;
    }

    mapping(bytes32 propertyId => mapping(uint8 kind => mapping(bytes32 key => Anchor))) private anchors;

    event RootAnchored(bytes32 indexed propertyId, uint8 indexed kind, bytes32 indexed key, bytes32 root, uint32 leafCount);

    error UnknownKind(uint8 kind);
    error EmptyRoot();
    error AlreadyAnchored(bytes32 propertyId, uint8 kind, bytes32 key, bytes32 root);

    constructor(address operator_) Operated(operator_) {}

    /// Returns true when it recorded the root, false when this very root was already there (a
    /// retried submission). Another root for the same key reverts: roots are never rewritten.
    function anchor(bytes32 propertyId, uint8 kind, bytes32 key, bytes32 root, uint32 leafCount)
        external
        onlyOperator
        returns (bool)
    {
        if (kind != HOLDINGS && kind != PAYMENTS) revert UnknownKind(kind);
        if (root == bytes32(0)) revert EmptyRoot();
        Anchor storage a = anchors[propertyId][kind][key];
        if (a.root == root && a.leafCount == leafCount) return false;
        if (a.root != bytes32(0)) revert AlreadyAnchored(propertyId, kind, key, a.root);
        anchors[propertyId][kind][key] = Anchor(root, leafCount, uint64(block.timestamp));
        emit RootAnchored(propertyId, kind, key, root, leafCount);
        return true;
    }

    function rootOf(bytes32 propertyId, uint8 kind, bytes32 key)
        external
        view
        returns (bytes32 root, uint32 leafCount, uint64 anchoredAt)
    {
        Anchor storage a = anchors[propertyId][kind][key];
        return (a.root, a.leafCount, a.anchoredAt);
    }

    /// True when `leaf` with `proof` leads to the anchored root (false when none is anchored).
    function verify(bytes32 propertyId, uint8 kind, bytes32 key, bytes32 leaf, bytes32[] calldata proof)
        external
        view
        returns (bool)
    {
        bytes32 root = anchors[propertyId][kind][key].root;
        if (root == bytes32(0)) return false;
        bytes32 node = leaf;
        for (uint256 i = 0; i < proof.length; i++) {
            bytes32 sibling = proof[i];
            node = node < sibling
                ? keccak256(abi.encodePacked(node, sibling))
                : keccak256(abi.encodePacked(sibling, node));
        }
        return node == root;
    }
}
