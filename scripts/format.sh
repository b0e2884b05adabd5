#!/usr/bin/env bash
# Formats every Swift file with the toolchain's `swift format` and the checked-in .swift-format;
# scripts/test.sh fails on anything this would change (`swift format lint --strict`).
set -euo pipefail
cd "$(dirname "$0")/.."
swift format format --in-place --parallel --recursive Sources Tests Package.swift Benchmarks
