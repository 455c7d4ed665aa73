"""addin/ holds exactly what `xlscore addin` writes; the Lite main.py brings in every function."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from xlscore import __version__
from xlscore.cli import main
from xlscore.excel.functions.addin import addin_files
from xlscore.excel.functions.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parents[3]


def test_committed_addin_files_are_current() -> None:
    for name, text in addin_files(__version__).items():
        assert (ROOT / "addin" / name).read_text(encoding="utf-8") == text, "run: xlscore addin --write addin"


def test_lite_main_exposes_every_function() -> None:
    namespace: dict[str, object] = {}
    exec(compile(addin_files(__version__)["lite/main.py"], "main.py", "exec"), namespace)
    assert set(CATALOGUE) <= set(namespace)


def test_addin_command_writes_the_files(tmp_path: Path) -> None:
    assert main(["addin", "--write", str(tmp_path)]) == 0
    assert (tmp_path / "classic" / "xlwings.conf").read_text() == '"UDF MODULES","xlscore.excel.functions.udfs"\n'
    assert (tmp_path / "lite" / "requirements.txt").read_text().count(f"xlscore=={__version__}") == 1


def test_lite_requirements_name_the_wheel_the_coordinator_hosts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = "https://example.org/files/xlscore-0.1.0-py3-none-any.whl"
    assert main(["addin", "--lite", str(tmp_path), "--wheel-url", url]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["main.py", "requirements.txt"]
    lines = [line for line in (tmp_path / "requirements.txt").read_text().splitlines() if not line.startswith("#")]
    assert lines == [url]
    capsys.readouterr()
    for bad in ("ftp://example.org/xlscore-0.1.0-py3-none-any.whl", "https://example.org/xlscore.zip", "xlscore"):
        assert main(["addin", "--lite", str(tmp_path), "--wheel-url", bad]) == 2
        assert "Invalid value for '--wheel-url'" in capsys.readouterr().err


def _github_anchors(page: str) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation but - and _ dropped, spaces as -, a
    repeated one with -1, -2 after it."""
    seen: dict[str, int] = {}
    found = set()
    for line in page.splitlines():
        if line.startswith("#"):
            slug = re.sub(r"[^a-z0-9_\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
            found.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
            seen[slug] = seen.get(slug, 0) + 1
    return found


def test_every_lite_function_links_to_its_entry_and_keeps_its_plain_name() -> None:
    from xlscore.excel.functions.udfs import expose

    page = (ROOT / "docs" / "reference" / "functions.md").read_text(encoding="utf-8")
    anchors = _github_anchors(page)
    for name, function in CATALOGUE.items():
        options: dict[str, Any] = {}
        expose(function, func_=_recorder(options), arg_=lambda *a, **k: lambda f: f)
        url, _, anchor = options["help_url"].partition("#")
        assert url == "https://github.com/xlscore/xlscore/blob/main/docs/reference/functions.md"
        assert anchor in anchors, name
        assert anchor.split("-")[0] == name.lower()  # its own heading (RPLOPS: rplops-1, after the category's)
        assert options["namespace"] == ""


def _recorder(options: dict[str, Any]) -> Callable[..., Callable[[Any], Any]]:
    def func(**kwargs: Any) -> Callable[[Any], Any]:
        options.update(kwargs)
        return lambda f: f

    return func
