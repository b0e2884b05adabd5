"""Build step that bundles the CDiffCore shared library into the package.

Metadata lives in pyproject.toml; this file only customizes build_py. When the package is built
from a RowDiff checkout, build_py runs `make -C <repo>/CDiffCore` and copies
CDiffCore/build/libcdiffcore.so.1 into rowdiff/_lib/, so the installed package works without
any library path. Everything here degrades to a warning: a package built without the library
still installs, and finds a system-wide CDiffCore at run time (see rowdiff/_library.py).

Environment:
    ROWDIFF_BUNDLE_LIBRARY=/path/to/libcdiffcore.so.1   bundle this file instead (packagers)
    ROWDIFF_NO_BUNDLE=1                                 bundle nothing (use a system library)
    ROWDIFF_NO_MAKE=1                                   bundle an existing build, never run make
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
CORE = REPO / "CDiffCore"
if sys.platform == "darwin":
    LIB_NAMES = ("libcdiffcore.1.dylib", "libcdiffcore.dylib")
else:
    LIB_NAMES = ("libcdiffcore.so.1", "libcdiffcore.so")


def _warn(message):
    print(f"rowdiff build: warning: {message}", file=sys.stderr)


def _library_to_bundle():
    """The library file to copy into the package, or None (with a warning saying why)."""
    if os.environ.get("ROWDIFF_NO_BUNDLE"):
        return None
    explicit = os.environ.get("ROWDIFF_BUNDLE_LIBRARY")
    if explicit:
        if not Path(explicit).is_file():
            raise SystemExit(f"rowdiff build: ROWDIFF_BUNDLE_LIBRARY={explicit} is not a file")
        return Path(explicit)
    if not (CORE / "Makefile").is_file():
        _warn(f"not building from a RowDiff checkout ({CORE} has no Makefile); no library bundled")
        return None
    if not os.environ.get("ROWDIFF_NO_MAKE"):
        make = shutil.which("make")
        if make is None:
            _warn("`make` not found; bundling an existing CDiffCore build if there is one")
        else:
            # make is incremental: a fresh checkout builds, an up-to-date one is a no-op.
            result = subprocess.run([make, "-C", str(CORE)], check=False)
            if result.returncode != 0:
                _warn(f"`make -C {CORE}` failed (status {result.returncode}); bundling an existing build if any")
    for name in LIB_NAMES:
        candidate = CORE / "build" / name
        if candidate.is_file():
            return candidate
    _warn(f"no library in {CORE / 'build'}; the package will look for a system CDiffCore at run time")
    return None


class build_py_with_library(build_py):
    """build_py, plus rowdiff/_lib/<library> in the build directory."""

    def run(self):
        super().run()
        library = _library_to_bundle()
        if library is None:
            return
        target_dir = Path(self.build_lib) / "rowdiff" / "_lib"
        target_dir.mkdir(parents=True, exist_ok=True)
        # Keep the SONAME as the file name; copy the real file, not a symlink into the checkout.
        name = LIB_NAMES[0] if library.name.startswith("libcdiffcore") else library.name
        shutil.copyfile(library.resolve(), target_dir / name)
        os.chmod(target_dir / name, 0o755)
        print(f"rowdiff build: bundled {library} as {target_dir / name}")


class BinaryDistribution(Distribution):
    """The wheel carries a native library, so it must not be tagged pure-Python (any platform)."""

    def has_ext_modules(self):
        return True


# The package list is here, not in pyproject.toml: [tool.setuptools] is "beta" in setuptools 65.
setup(packages=["rowdiff"], cmdclass={"build_py": build_py_with_library}, distclass=BinaryDistribution)
