#!/usr/bin/env bash
# Every test: Swift (XCTest + Swift Testing), the renderer under ThreadSanitizer, the C core under
# ASan/UBSan, a bounded fuzz run with a replay of the committed corpus, and the Python binding.
# Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

step() { printf '\n==> %s\n' "$*"; }

step "Swift: format lint (swift format lint --strict with .swift-format; './scripts/format.sh' fixes)"
swift format lint --strict --parallel --recursive Sources Tests Package.swift Benchmarks

step "C core: tests under AddressSanitizer + UndefinedBehaviorSanitizer"
make -C CDiffCore test

step "C core: fuzz corpus replay and a bounded fuzz run (${FUZZ_SECONDS:-30} s)"
make -C CDiffCore fuzz FUZZ_SECONDS="${FUZZ_SECONDS:-30}"

step "C core: shared library for the Python binding"
make -C CDiffCore

# TrapMessageReleaseTests builds Tests/RowDiffTrapProbe with `swift build -c release` into
# .build-trap-probe (a scratch directory of its own) and reads what its traps print: a few minutes
# the first time on 2 cores, seconds once built (the sanitizer runs below find it built).
step "Swift: swift test"
swift test

# The identity matrix (identities of every layout through every public path) again in a release
# build: an out-of-bounds read a debug assertion would catch, or a fast path only -O takes, shows
# in one of the two. Its own build directory keeps the debug build; about 6 minutes the first
# time on 2 cores, then incremental.
step "Swift: the identity matrix in a release build (swift test -c release --filter IdentityMatrix)"
swift test -c release --scratch-path .build-release --filter IdentityMatrix

step "Docs and API: every public symbol documented, DocC catalogs built with warnings as errors, public API equal to api/"
./scripts/docs.sh

# The renderer diffs off the main thread and hands results back, and large typed diffs use two
# threads (GCD and the kept-awake helper thread): those tests (and the data-source tests) run again under ThreadSanitizer, in their own
# build directory so the main build is kept.
# About 2 minutes here on 2 cores, plus about 3 for the first (clean) sanitized build.
step "Swift: swift test under AddressSanitizer (leaks included; Tests/Sanitizers/lsan.supp names the runtime's own), C also under UBSan"
# lld: gold warns about every ASan runtime symbol it cannot export.
LSAN_OPTIONS="suppressions=$PWD/Tests/Sanitizers/lsan.supp ${LSAN_OPTIONS:-}" UBSAN_OPTIONS="halt_on_error=1 ${UBSAN_OPTIONS:-}" \
    swift test --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=all -Xswiftc -use-ld=lld \
    --scratch-path .build-asan

step "Swift: renderer, data-source and two-thread diff tests (helper thread, side job) under ThreadSanitizer"
TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" \
    swift test --sanitize=thread --scratch-path .build-tsan --filter 'RowDiffDataSourcesTests|ParallelPathTests|HelperThreadTests|AlignedFingerprintsTests'

step "Python binding: pytest"
python3 -m pytest -q Bindings/python/tests

step "All tests passed"
