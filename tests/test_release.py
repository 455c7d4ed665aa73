"""A release as its users' tools expect (issue 35): one version, an sdist and a wheel twine accepts, a release
workflow that builds, tests the built wheel and publishes by trusted publishing, linted; a changelog."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import xlscore

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def test_the_version_lives_in_one_place() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "xlscore.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", xlscore.__version__)
    changelog = (ROOT / "docs" / "CHANGELOG.md").read_text()
    released = re.findall(r"^## \[(\d+\.\d+\.\d+)\]", changelog, flags=re.M)
    assert released[0] == xlscore.__version__  # the newest release in the changelog is this version
    assert "## [Unreleased]" in changelog


def test_the_workflow_builds_tests_the_wheel_and_publishes_by_trusted_publishing() -> None:
    text = WORKFLOW.read_text()
    assert re.search(r"on:\n  push:\n    tags: \[\"v\*\"\]", text)
    assert "python -m build" in text
    assert "twine check --strict dist/*" in text
    assert "python -m venv" in text  # the wheel tested in a fresh virtual environment ...
    assert "rm -rf xlscore" in text  # ... not the checkout's package
    publish = text[text.index("  publish:") :]
    assert "id-token: write" in publish
    assert re.search(r"uses: pypa/gh-action-pypi-publish@[0-9a-f]{40}", publish)
    assert "password" not in publish
    assert "needs: [build, test]" in publish


def test_no_file_names_a_registry_host() -> None:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False).stdout.split()
    if not listed:
        pytest.skip("not a git checkout")
    hosts = ("pypi" + ".org", "files.python" + "hosted.org", "registry.npm" + "js.org")
    for name in listed:
        path = ROOT / name
        if path.is_file() and path.suffix in {".py", ".md", ".toml", ".yml", ".yaml", ".txt", ""}:
            text = path.read_text(encoding="utf-8", errors="replace")
            assert not any(host in text for host in hosts), name


def test_the_workflow_passes_its_linters() -> None:
    zizmor, schema = shutil.which("zizmor"), shutil.which("check-jsonschema")
    if zizmor is None or schema is None:
        pytest.skip("zizmor and check-jsonschema are the test extra's: pip install '.[test]'")
    linted = subprocess.run([zizmor, "--offline", str(WORKFLOW)], capture_output=True, text=True, check=False)
    assert linted.returncode == 0, linted.stdout + linted.stderr
    checked = subprocess.run(
        [schema, "--builtin-schema", "vendor.github-workflows", str(WORKFLOW)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.slow
def test_build_makes_an_sdist_and_a_wheel_twine_accepts(tmp_path: Path) -> None:
    pytest.importorskip("build")
    pytest.importorskip("twine")
    subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(tmp_path), str(ROOT)], capture_output=True, check=True
    )
    sdist = tmp_path / f"xlscore-{xlscore.__version__}.tar.gz"
    wheel = tmp_path / f"xlscore-{xlscore.__version__}-py3-none-any.whl"
    assert sdist.exists()
    assert wheel.exists()
    checked = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(sdist), str(wheel)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout
    with zipfile.ZipFile(wheel) as built:
        metadata = built.read(f"xlscore-{xlscore.__version__}.dist-info/METADATA").decode()
        assert f"Version: {xlscore.__version__}" in metadata
        assert "xlscore/py.typed" in built.namelist()
    shutil.rmtree(ROOT / "xlscore.egg-info", ignore_errors=True)


def test_the_tests_run_in_parallel_and_ci_runs_the_slow_group_too() -> None:
    """The README's test command runs every test but the slow ones on every core (pytest-xdist); .ci/run runs both.
    A test module that starts a real program (LibreOffice's soffice, Node) marks those tests slow."""
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "-n auto" in options["addopts"]
    assert "-m 'not slow'" in options["addopts"]
    assert any(marker.startswith("slow:") for marker in options["markers"])
    ci = (ROOT / ".ci" / "run").read_text()
    assert ci.index("python3 -m pytest -q\n") < ci.index("python3 -m pytest -q -m slow\n")
    for module in sorted((ROOT / "tests").rglob("test_*.py")):
        text = module.read_text()
        if re.search(r"\boffice\(\)|has_uno\(\)|libreoffice\(jobs|shutil\.which\(\"node\"\)", text):
            assert "pytest.mark.slow" in text or "pytestmark = pytest.mark.slow" in text, module.name
