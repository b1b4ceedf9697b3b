// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// A minimal 6-decimal ERC-20 for the chain watcher's tests: mint to anyone, transfer,
/// and batch transfers (several Transfer logs in one transaction).
contract TestToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
    }

    function mint(address to, uint256 value) external {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) public returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }

    function transferMany(address[] calldata to, uint256[] calldata value) external {
        require(to.length == value.length, "lengths");
        for (uint256 i = 0; i < to.length; i++) transfer(to[i], value[i]);
    }
}
