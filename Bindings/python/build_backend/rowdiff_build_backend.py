"""PEP 517 backend: setuptools, with a fallback for offline builds without `wheel`.

setuptools before 70.1 needs the separate `wheel` package to build wheels. Under build isolation
pip installs it (see [build-system] requires), and this module is plain setuptools.build_meta.
With `pip install --no-build-isolation` on a machine that has setuptools but not `wheel` (an
offline CI box), setuptools alone cannot produce a wheel; then we run setup.py's build_py and
egg_info (which need no `wheel`) and pack the result into a wheel ourselves. The format is small
and fixed (PEP 427): the files, plus a .dist-info with METADATA, WHEEL and RECORD.
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path

from setuptools import build_meta as _setuptools


def _can_build_wheels() -> bool:
    try:
        import setuptools.command.bdist_wheel  # noqa: F401  (setuptools >= 70.1)
        return True
    except ImportError:
        pass
    try:
        import wheel.bdist_wheel  # noqa: F401
        return True
    except ImportError:
        return False


build_sdist = _setuptools.build_sdist
get_requires_for_build_sdist = _setuptools.get_requires_for_build_sdist

if _can_build_wheels():
    build_wheel = _setuptools.build_wheel
    get_requires_for_build_wheel = _setuptools.get_requires_for_build_wheel
    prepare_metadata_for_build_wheel = _setuptools.prepare_metadata_for_build_wheel
    if hasattr(_setuptools, "build_editable"):
        build_editable = _setuptools.build_editable
        get_requires_for_build_editable = _setuptools.get_requires_for_build_editable
else:

    def get_requires_for_build_wheel(config_settings=None):
        return []  # nothing to install: we need only setuptools, which is importable

    def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
        return _build_wheel_without_wheel_package(Path(wheel_directory))


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def _build_wheel_without_wheel_package(wheel_directory: Path) -> str:
    source = Path.cwd()  # PEP 517: hooks run in the source tree
    with tempfile.TemporaryDirectory(prefix="rowdiff-wheel-") as temp:
        temp = Path(temp)
        lib_dir, info_dir = temp / "lib", temp / "info"
        info_dir.mkdir()
        subprocess.run(
            [sys.executable, "setup.py", "--quiet", "egg_info", "--egg-base", str(info_dir),
             "build_py", "--build-lib", str(lib_dir), "--force"],
            cwd=source, check=True, stdout=sys.stderr,
        )
        egg_info = next(info_dir.glob("*.egg-info"))
        metadata = (egg_info / "PKG-INFO").read_text(encoding="utf-8")
        fields = dict(line.split(": ", 1) for line in metadata.splitlines() if ": " in line and not line.startswith(" "))
        name, version = fields["Name"].replace("-", "_"), fields["Version"]

        # A bundled native library makes the wheel platform-specific (but not Python-specific:
        # the package itself is pure Python over ctypes).
        native = any((lib_dir / "rowdiff" / "_lib").glob("*")) if (lib_dir / "rowdiff" / "_lib").is_dir() else False
        platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
        tag = f"py3-none-{platform}" if native else "py3-none-any"
        dist_info = f"{name}-{version}.dist-info"
        wheel_name = f"{name}-{version}-{tag}.whl"

        files: list[tuple[str, bytes]] = []
        for path in sorted(lib_dir.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                files.append((path.relative_to(lib_dir).as_posix(), path.read_bytes()))
        files.append((f"{dist_info}/METADATA", metadata.encode("utf-8")))
        wheel_text = (
            "Wheel-Version: 1.0\n"
            "Generator: rowdiff_build_backend\n"
            f"Root-Is-Purelib: {'false' if native else 'true'}\n"
            f"Tag: {tag}\n"
        )
        files.append((f"{dist_info}/WHEEL", wheel_text.encode()))
        top_level = egg_info / "top_level.txt"
        if top_level.is_file():
            files.append((f"{dist_info}/top_level.txt", top_level.read_bytes()))
        record = "".join(f"{arc},{_record_hash(data)},{len(data)}\n" for arc, data in files)
        record += f"{dist_info}/RECORD,,\n"

        wheel_directory.mkdir(parents=True, exist_ok=True)
        target = wheel_directory / wheel_name
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for arc, data in files:
                info = zipfile.ZipInfo(arc, date_time=(1980, 1, 1, 0, 0, 0))
                info.external_attr = (0o755 if arc.endswith((".so", ".so.1", ".dylib")) else 0o644) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, data)
            archive.writestr(f"{dist_info}/RECORD", record)
        # egg_info also leaves nothing in the source tree: it wrote to the temp dir.
        shutil.rmtree(source / "build" / "bdist", ignore_errors=True)
    return wheel_name
