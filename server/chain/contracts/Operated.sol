// SPDX-License-Identifier: UNLICENSED
pragma solidity ^0.8.28;

/// One privileged account: the platform's settlement (operator). The ledger decides, this
/// account writes what it decided; nobody else can change state.
abstract contract Operated {
    address public operator;

    event OperatorChanged(address indexed previous, address indexed next);

    error NotOperator(address caller);
    error ZeroAddress();

    constructor(address operator_) {
        if (operator_ == address(0)) revert ZeroAddress();
        operator = operator_;
        emit OperatorChanged(address(0), operator_);
    }

    modifier onlyOperator() {
        if (msg.sender != operator) revert NotOperator(msg.sender);
        _;
    }

    /// Key rotation: the current operator hands over to the next one.
    function setOperator(address next) external onlyOperator {
        if (next == address(0)) revert ZeroAddress();
        emit OperatorChanged(operator, next);
        operator = next;
    }
}
