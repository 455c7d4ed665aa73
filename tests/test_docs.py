"""The README's and the docs' examples run as tests, and CI runs the README's own commands."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_examples_in_page_run(page: Path) -> None:
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0
    assert result.attempted > 0 or ">>>" not in page.read_text()


def _readme_commands() -> list[str]:
    blocks = re.findall(r"```\n(python3 [^\n]+)\n```", (ROOT / "README.md").read_text())
    assert len(blocks) == 2, "the README shows exactly two commands: the main job and the tests"
    return blocks


def test_ci_runs_the_readmes_commands() -> None:
    main_job, tests = _readme_commands()
    ci = (ROOT / ".ci" / "run").read_text()
    assert tests.split(" && ")[-1] in ci
    assert main_job.split(" && ")[-1] in ci


def test_main_job_prints_every_templates_standings() -> None:
    main_job = _readme_commands()[0].split(" && ")[-1].split()
    assert main_job[:3] == ["python3", "-m", "xlscore"]
    out = subprocess.run([sys.executable, *main_job[1:]], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    for name in (
        "rplops-event",
        "gibbs-ladder",
        "puffing-billy-event",
        "size-matters-tournament",
        "diplomacy-tournament",
    ):
        assert f"== {name}.xlsx" in out
    # The TGA's Jenny: 3.028 on the mock Empire Builder board, + 0.3 for winning the final.
    assert re.search(r"\bJenny +3\.328\b", out)
    # RPLOPS: Cy's tie for 2nd in the source's 5-player example, (4 + 3) / 2 x 100 / 6, and a 3-player 2-hour win,
    # 3 x 2 x 100 / 4.
    assert f"Cy      2      3      {(7 / 2 * 100 / 6) + (3 * 2 * 100 / 4):.3f}" in out


def test_examples_print_the_published_figures() -> None:
    out = subprocess.run([sys.executable, "-m", "xlscore", "examples"], capture_output=True, text=True, check=True)
    for figure in ("58.33", "62.50", "3.028", "2.492", "1.240", "0.194", "no score", "74.12", "74.03", "45.00"):
        assert figure in out.stdout
