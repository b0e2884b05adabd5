#!/usr/bin/env bash
# Installs what RowDiff needs on a fresh Debian machine, and nothing that is already there.
# Sourced by demo.sh and test.sh; safe to run any number of times.
set -euo pipefail

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
dpkg -s libxxhash-dev >/dev/null 2>&1 || missing+=(libxxhash-dev)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v gcc >/dev/null 2>&1 || missing+=(gcc)
if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    # Only refresh the package lists when something must be installed.
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    if [ -x /opt/swift/usr/bin/swift ]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    else
        echo "setup: Swift 6 is required (https://www.swift.org/install/linux/)" >&2
        exit 1
    fi
fi

if ! python3 -c 'import pytest' >/dev/null 2>&1; then
    echo "setup: installing pytest" >&2
    python3 -m pip install -q pytest
fi
