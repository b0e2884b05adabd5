#!/usr/bin/env bash
# The main job on built-in data: installs what is missing, builds `rowdiff` in release mode and
# runs its demo (a live sectioned list changing step by step, with the batches UIKit would get).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release --product rowdiff >&2
exec "$(swift build -c release --show-bin-path)/rowdiff" demo "$@"
