"""`make test` hands tests to pytest-xdist workers one by one (`--dist loadgroup`), and a module
whose tests share one process cluster (tests/security/test_shared_state.py) is a group that
stays on one worker. pytest 9.2 with pytest-xdist 3.8 silently scattered groups (the cluster
then started once per worker): this runs a small grouped suite and checks where it ran."""

import re
import subprocess
import sys

GROUPED = """
import pytest

pytestmark = pytest.mark.xdist_group("together")


@pytest.mark.parametrize("n", range(6))
def test_grouped(n):
    pass
"""
LOOSE = """
import pytest


@pytest.mark.parametrize("n", range(6))
def test_loose(n):
    pass
"""


def test_a_group_runs_on_one_worker(tmp_path):
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    (tmp_path / "test_loose.py").write_text(LOOSE)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-n", "2", "--dist", "loadgroup"]
        + ["-p", "no:django", "-p", "no:cacheprovider", "--rootdir", str(tmp_path), str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    workers = set(re.findall(r"\[(gw\d+)\].*PASSED \S*test_grouped", run.stdout))
    assert len(re.findall(r"PASSED \S*test_grouped", run.stdout)) == 6, run.stdout
    assert len(workers) == 1, run.stdout
