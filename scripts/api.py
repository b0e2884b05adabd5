#!/usr/bin/env python3
"""The public API of the package's library modules, read from the compiler's symbol graphs.

  api.py check    GRAPHS   the API equals the committed baseline (api/<Module>.txt); prints the
                           difference and exits 1 otherwise
  api.py update   GRAPHS   writes the baseline from the current code
  api.py coverage GRAPHS   every public symbol declared in Sources/ has a doc comment; lists the
                           ones that do not and exits 1 otherwise

GRAPHS is the folder `swift package dump-symbol-graph --minimum-access-level public` wrote.
A symbol counts when it is public or open, not SPI, and declared in this repository's Sources/
(members the compiler synthesizes or inherits from the standard library are not ours). Each
baseline line is a symbol's kind, its path and its declaration; conformances of our types, and
of other types to our protocols, are listed too. Only what compiles on this platform is seen:
the UIKit and AppKit files of RowDiffUIKit are compiled on Apple platforms only.
"""
import difflib
import json
import os
import sys
from pathlib import Path

MODULES = ["RowDiff", "RowDiffValidation", "RowDiffDataSources", "RowDiffTesting", "RowDiffUIKit", "RowDiffSwiftUI"]
ROOT = Path(__file__).resolve().parent.parent
SOURCES = str(ROOT / "Sources") + "/"


def graph_files(graphs: Path, module: str):
    """The module's own graph and its extension graphs (`Module@Other.symbols.json`)."""
    return sorted(p for p in graphs.glob(f"{module}*.symbols.json")
                  if p.name == f"{module}.symbols.json" or p.name.startswith(f"{module}@"))


def ours(symbol) -> bool:
    if symbol.get("accessLevel") not in ("public", "open") or symbol.get("spi"):
        return False
    uri = symbol.get("location", {}).get("uri", "")
    return uri.startswith("file://") and uri[len("file://"):].startswith(SOURCES)


def declaration(symbol) -> str:
    fragments = symbol.get("declarationFragments") or []
    return " ".join("".join(f["spelling"] for f in fragments).split())


def api_lines(graphs: Path, module: str):
    lines = set()
    for path in graph_files(graphs, module):
        graph = json.loads(path.read_text())
        names = {s["identifier"]["precise"]: ".".join(s["pathComponents"]) for s in graph["symbols"]}
        kept = {s["identifier"]["precise"] for s in graph["symbols"] if ours(s)}
        for symbol in graph["symbols"]:
            if symbol["identifier"]["precise"] in kept:
                lines.add(f'{symbol["kind"]["identifier"]} {".".join(symbol["pathComponents"])} :: {declaration(symbol)}')
        for relation in graph.get("relationships", []):
            if relation["kind"] != "conformsTo":
                continue
            source, target = relation["source"], relation["target"]
            source_name = names.get(source)
            target_name = names.get(target) or relation.get("targetFallback") or target
            if source_name is None:
                continue
            if source in kept or target in kept:
                lines.add(f"conformance {source_name} : {target_name}")
    return sorted(lines)


def undocumented(graphs: Path, module: str):
    found = set()
    for path in graph_files(graphs, module):
        for symbol in json.loads(path.read_text())["symbols"]:
            if ours(symbol) and not symbol.get("docComment"):
                uri = symbol["location"]["uri"][len("file://" + str(ROOT) + "/"):]
                line = symbol["location"]["position"]["line"] + 1
                found.add(f'{uri}:{line}: {".".join(symbol["pathComponents"])} ({symbol["kind"]["identifier"]})')
    return sorted(found)


def main() -> int:
    if len(sys.argv) != 3 or sys.argv[1] not in ("check", "update", "coverage"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command, graphs = sys.argv[1], Path(sys.argv[2])
    if not (graphs / "RowDiff.symbols.json").exists():
        print(f"api.py: no symbol graphs in {graphs}", file=sys.stderr)
        return 2
    failed = False
    for module in MODULES:
        if command == "coverage":
            missing = undocumented(graphs, module)
            for line in missing:
                print(f"undocumented public symbol: {line}")
            failed |= bool(missing)
            continue
        baseline = ROOT / "api" / f"{module}.txt"
        lines = [line + "\n" for line in api_lines(graphs, module)]
        if command == "update":
            baseline.parent.mkdir(exist_ok=True)
            baseline.write_text("".join(lines))
            print(f"api/{module}.txt: {len(lines)} lines")
            continue
        committed = baseline.read_text().splitlines(keepends=True) if baseline.exists() else []
        if committed != lines:
            failed = True
            sys.stdout.writelines(difflib.unified_diff(committed, lines, f"api/{module}.txt (baseline)", f"{module} (now)"))
    if failed and command == "check":
        print("The public API differs from the baseline. If the change is intended, update the baseline with "
              "./scripts/docs.sh --update-api and commit api/ (a removal or a changed declaration is a major version).")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
