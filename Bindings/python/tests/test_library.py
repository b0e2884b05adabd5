"""Finding the library, its version, and one context per thread."""

import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import rowdiff

PACKAGE_PARENT = str(Path(rowdiff.__file__).resolve().parent.parent)


def run_python(code, **env):
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": PACKAGE_PARENT, **env},
        capture_output=True, text=True, timeout=60,
    )


def test_version_matches_the_header_when_in_a_checkout():
    assert re.fullmatch(r"\d+\.\d+\.\d+", rowdiff.version())
    header = Path(__file__).resolve().parents[3] / "CDiffCore" / "include" / "CDiffCore.h"
    if header.is_file():
        text = header.read_text()
        parts = [re.search(rf"#define CDIFF_VERSION_{p} (\d+)", text).group(1) for p in ("MAJOR", "MINOR", "PATCH")]
        assert rowdiff.version() == ".".join(parts)


def test_explicit_library_path_is_used():
    result = run_python("import rowdiff; print(rowdiff.library_path())", ROWDIFF_LIBRARY=rowdiff.library_path())
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == rowdiff.library_path()


def test_bad_explicit_path_fails_with_import_error_naming_it():
    code = (
        "import rowdiff\n"
        "try:\n"
        "    rowdiff.diff([1], [2])\n"
        "except ImportError as error:\n"
        "    print(type(error).__name__); print(error)\n"
    )
    result = run_python(code, ROWDIFF_LIBRARY="/nonexistent/libcdiffcore.so.1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("LibraryNotFoundError")
    assert "/nonexistent/libcdiffcore.so.1" in result.stdout
    assert "ROWDIFF_LIBRARY" in result.stdout


def test_import_succeeds_without_loading_the_library():
    result = run_python("import rowdiff, rowdiff._library as l; print(l._loaded is None)", ROWDIFF_LIBRARY="/nonexistent")
    assert result.stdout.strip() == "True", result.stderr


def test_threads_diff_concurrently_with_their_own_contexts():
    failures = []

    def work(seed):
        try:
            n = 300 + seed
            old = list(range(n))
            new = old[seed:] + old[:seed]
            for _ in range(20):
                d = rowdiff.diff(old, new)
                assert d.apply(old) == new
                assert len(d.moves) == min(seed, n - seed)
        except Exception as error:  # collected: assertion errors in threads are otherwise lost
            failures.append((seed, error))

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(1, 9)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
