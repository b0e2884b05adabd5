#!/usr/bin/env bash
# The documentation and the public API, checked from the compiler's symbol graphs:
#   - every public symbol declared in Sources/ has a doc comment (scripts/api.py coverage);
#   - each module's DocC catalog (Sources/<Module>/Documentation.docc) builds with the toolchain's
#     `docc`, warnings (unresolved symbol and article links among them) treated as errors;
#   - the public API equals the committed baseline in api/ (scripts/api.py check).
# `./scripts/docs.sh --update-api` rewrites the baseline after an intended API change (commit api/).
# The archives land in .build/docs/<Module>.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."

log="$(mktemp)"
if ! swift package dump-symbol-graph --minimum-access-level public >"$log" 2>&1; then
    cat "$log"
    exit 1
fi
rm -f "$log"
graphs="$(swift build --show-bin-path)/../symbolgraph"
mkdir -p .build/docs

if [[ "${1:-}" == "--update-api" ]]; then
    python3 scripts/api.py update "$graphs"
    exit 0
fi

python3 scripts/api.py coverage "$graphs"

for module in RowDiff RowDiffValidation RowDiffDataSources RowDiffTesting RowDiffUIKit RowDiffSwiftUI; do
    catalog="Sources/$module/Documentation.docc"
    own="$(mktemp -d)"
    cp "$graphs/$module".symbols.json "$own/" 2>/dev/null || true
    cp "$graphs/$module"@*.symbols.json "$own/" 2>/dev/null || true
    rm -rf ".build/docs/$module.doccarchive"
    docc convert "$catalog" --additional-symbol-graph-dir "$own" --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.rowdiff.$module" --output-path ".build/docs/$module.doccarchive" \
        --warnings-as-errors >/dev/null
    rm -rf "$own"
    echo "docs: $module built without warnings"
done

python3 scripts/api.py check "$graphs"
echo "api: the public API equals the baseline in api/"
