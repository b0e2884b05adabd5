"""Test setup: use the installed rowdiff if there is one, else the source next to this folder.

So `python3 -m pytest Bindings/python/tests` works both from a plain checkout (after
`make -C CDiffCore`) and after `pip install ./Bindings/python`; the header line says which.
"""

import sys
from pathlib import Path

try:
    import rowdiff
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import rowdiff


def pytest_report_header(config):
    try:
        library = rowdiff.library_path()
    except rowdiff.LibraryNotFoundError as error:
        library = f"NOT FOUND ({error})"
    return [f"rowdiff: {Path(rowdiff.__file__).parent}", f"CDiffCore: {library}"]
