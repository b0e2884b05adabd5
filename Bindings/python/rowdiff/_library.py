"""Finding and loading the CDiffCore shared library.

Search order (first usable one wins; "usable" = loads, exports the cdiff_ API, major version 1):

1. ``$ROWDIFF_LIBRARY`` — an explicit path. If it is set but unusable we fail rather than
   silently fall back: whoever set it wants that exact build.
2. The copy bundled inside the installed package (``rowdiff/_lib/``), put there by the build step
   (see ``setup.py``), so ``pip install`` from the repository needs nothing else at run time.
3. The repository checkout's ``CDiffCore/build/`` when running from source (``make -C CDiffCore``).
4. The system: ``ctypes.util.find_library("cdiffcore")``, then ``pkg-config --variable=libdir
   cdiffcore`` (a ``make install`` into a prefix the dynamic loader does not search).

Loading is lazy (first use, not import) so that ``import rowdiff`` always succeeds and the
exception types stay importable; the failure is a ``LibraryNotFoundError`` (an ``ImportError``)
listing every candidate and why it was rejected.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

from . import _cdefs
from .errors import LibraryNotFoundError

ENV_VAR = "ROWDIFF_LIBRARY"

# File names a build of CDiffCore produces, most specific (SONAME) first.
if sys.platform == "darwin":
    _NAMES = ("libcdiffcore.1.dylib", "libcdiffcore.dylib")
elif sys.platform == "win32":
    _NAMES = ("cdiffcore.dll", "libcdiffcore.dll")
else:
    _NAMES = ("libcdiffcore.so.1", "libcdiffcore.so")

_PACKAGE_DIR = Path(__file__).resolve().parent
_lock = threading.Lock()
_loaded: tuple[ctypes.CDLL, str] | None = None


def _try_load(path: str) -> tuple[ctypes.CDLL | None, str]:
    """Load one candidate and check it really is a compatible CDiffCore; (lib, reason)."""
    try:
        lib = ctypes.CDLL(path)
    except OSError as error:
        return None, f"cannot load ({error})"
    try:
        _cdefs.declare(lib)
    except AttributeError as error:
        return None, f"not a CDiffCore library ({error})"
    major = lib.cdiff_version_number() // 10000
    if major != _cdefs.ABI_MAJOR:
        version = lib.cdiff_version_string().decode()
        return None, f"version {version}, this binding needs {_cdefs.ABI_MAJOR}.x"
    return lib, "ok"


def _files_in(directory: Path) -> list[Path]:
    return [directory / name for name in _NAMES if (directory / name).exists()]


def _repo_build_dir() -> Path | None:
    """CDiffCore/build of the checkout this file sits in (Bindings/python/rowdiff/ → repo)."""
    repo = _PACKAGE_DIR.parent.parent.parent
    if (repo / "CDiffCore" / "include" / "CDiffCore.h").is_file():
        return repo / "CDiffCore" / "build"
    return None


def _pkg_config_libdir() -> Path | None:
    if shutil.which("pkg-config") is None:
        return None
    try:
        result = subprocess.run(
            ["pkg-config", "--variable=libdir", "cdiffcore"],
            capture_output=True, text=True, timeout=10, check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    libdir = result.stdout.strip()
    return Path(libdir) if result.returncode == 0 and libdir else None


def _candidates():
    """Yield (description, path-or-None); a None path is a place looked at with nothing there."""
    explicit = os.environ.get(ENV_VAR)
    if explicit:
        yield f"${ENV_VAR}={explicit}", explicit
        return
    bundled = _PACKAGE_DIR / "_lib"
    files = _files_in(bundled)
    if not files:
        yield f"bundled copy in {bundled}", None
    for path in files:
        yield f"bundled copy {path}", str(path)
    build = _repo_build_dir()
    if build is None:
        yield "repository checkout", None
    else:
        files = _files_in(build)
        if not files:
            yield f"repository build {build} (run `make -C {build.parent}`)", None
        for path in files:
            yield f"repository build {path}", str(path)
    found = ctypes.util.find_library("cdiffcore")
    yield "ctypes.util.find_library('cdiffcore')", found
    libdir = _pkg_config_libdir()
    if libdir is None:
        yield "pkg-config cdiffcore", None
    else:
        files = _files_in(libdir)
        if not files:
            yield f"pkg-config libdir {libdir}", None
        for path in files:
            yield f"pkg-config libdir {path}", str(path)


def load() -> ctypes.CDLL:
    """The loaded library (found on first call, then cached). Raises LibraryNotFoundError."""
    global _loaded
    if _loaded is not None:
        return _loaded[0]
    with _lock:
        if _loaded is None:
            tried = []
            for description, path in _candidates():
                if path is None:
                    tried.append((description, "not found"))
                    continue
                lib, reason = _try_load(path)
                if lib is not None:
                    _loaded = (lib, path)
                    break
                tried.append((description, reason))
            else:
                raise LibraryNotFoundError(tried)
    return _loaded[0]


def path() -> str:
    """Where the loaded library came from (loads it if needed)."""
    load()
    assert _loaded is not None
    return _loaded[1]
