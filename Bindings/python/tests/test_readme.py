"""The README's 30-second example runs and its commented results are true."""

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
ROOT_README = Path(__file__).resolve().parents[3] / "README.md"


@pytest.mark.skipif(not README.is_file(), reason="README.md not next to the tests")
def test_thirty_second_example():
    block = re.search(r"```python\n(.*?)```", README.read_text(), re.S).group(1)
    namespace: dict = {}
    exec(compile(block, str(README), "exec"), namespace)
    d, s = namespace["d"], namespace["s"]
    assert (d.deletes, d.inserts, d.moves, d.updates) == ((1,), (2,), ((2, 0),), ((0, 1),))
    assert [repr(step) for step in d.patch] == [
        "Step('delete', at=1)",
        "Step('move', from_=1, to=0)",
        "Step('insert', at=2, value={'id': 4, 'title': 'Jam'})",
        "Step('update', at=1, value={'id': 1, 'title': 'Oat milk'})",
    ]
    assert s.rows.moves == (((0, 0), (1, 1)),)


@pytest.mark.skipif(not README.is_file(), reason="README.md not next to the tests")
def test_diff_keys_example():
    block = next(b for b in re.findall(r"```python\n(.*?)```", README.read_text(), re.S) if "diff_keys" in b)
    namespace: dict = {"rowdiff": __import__("rowdiff")}
    exec(compile("\n".join(line[2:] for line in block.splitlines()), str(README), "exec"), namespace)
    k, u = namespace["k"], namespace["u"]
    assert (k.moves, k.deletes, k.inserts) == (((2, 0),), (1,), (2,))
    assert u.moves == ((3, 0), (2, 1), (1, 2))


@pytest.mark.skipif(not ROOT_README.is_file(), reason="not run from a RowDiff checkout")
def test_repository_readme_python_example():
    # The repository README quotes a shorter example; it runs and its asserts hold too.
    text = ROOT_README.read_text()
    block = re.search(r"### Python\n\n```python\n(.*?)```", text, re.S).group(1)
    namespace: dict = {}
    exec(compile(block, str(ROOT_README), "exec"), namespace)
    d = namespace["d"]
    assert (d.deletes, d.inserts, d.moves, d.updates) == ((1,), (2,), ((2, 0),), ((0, 1),))
