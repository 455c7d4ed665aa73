"""The house's shape as the import graph shows it (docs/architecture.md): no module of xlscore imports itself back
through others."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

grimp = pytest.importorskip("grimp", reason="grimp comes with import-linter (pip install -e '.[test]')")

ROOT = Path(__file__).resolve().parent.parent


def _circles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm): each is a circle."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for imported in sorted(imports[module]):
            if imported not in order:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], order[imported])
        if low[module] == order[module]:
            circle = stack[stack.index(module) :]
            del stack[stack.index(module) :]
            if len(circle) > 1:
                found.append(sorted(circle))

    for module in sorted(imports):
        if module not in order:
            visit(module)
    return found


def test_the_circle_finder_finds_a_circle_and_nothing_else() -> None:
    imports = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _circles(imports) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_xlscore_imports_itself_back() -> None:
    graph = grimp.build_graph("xlscore")
    imports = {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}
    assert "xlscore.engine.evaluation.formulas_adapter" in imports  # the graph holds the engine too
    assert _circles(imports) == []


def _picture_script() -> ModuleType:
    script = ROOT / "docs" / "pictures" / "architecture.py"
    spec = importlib.util.spec_from_file_location("architecture_picture", script)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_architecture_picture_is_the_codes() -> None:
    script = _picture_script()
    page = (ROOT / "docs" / "architecture.md").read_text()
    assert script.drawn(page, grimp.build_graph("xlscore")) == page, "run: python3 docs/pictures/architecture.py"


def test_the_picture_puts_every_module_in_a_layer_and_draws_every_import_between_layers() -> None:
    script = _picture_script()
    graph = grimp.build_graph("xlscore")
    assert script.layer("xlscore.core.systems.diplomacy.carnage") == "xlscore.core.systems"
    assert script.layer("xlscore.core.errors") == "xlscore.core"
    assert script.layer("xlscore.__main__") == "xlscore"
    drawn = script.picture(graph)
    # The template readers import the core's event rows: seen from outside the core, an arrow to the core box.
    assert "    excel_templates --> core\n" in drawn
    assert "    core_systems --> core_events\n" in drawn
    assert ("xlscore.core.events", "xlscore.core.systems") not in script.layer_imports(graph)
    assert "    core_events --> core_systems\n" not in drawn


def test_the_core_is_built_upwards_from_its_shared_modules() -> None:
    """docs/architecture.md: the shared modules (errors, cells, validate, rounding) import none of the core's parts,
    the event-table layer only them, seating those two, and the systems any of the three; nothing imports a system
    but another module of the systems."""
    below = {
        "xlscore.core": set(),
        "xlscore.core.events": {"xlscore.core"},
        "xlscore.core.seating": {"xlscore.core", "xlscore.core.events"},
        "xlscore.core.systems": {"xlscore.core", "xlscore.core.events", "xlscore.core.seating"},
    }
    pairs = _picture_script().layer_imports(grimp.build_graph("xlscore"))
    inside = {(a, b) for a, b in pairs if a in below and b.startswith("xlscore.core")}
    assert inside <= {(a, b) for a, bs in below.items() for b in bs}
    assert ("xlscore.core.systems", "xlscore.core.events") in inside  # the check sees the core's imports at all


def test_every_path_the_architecture_page_names_is_there() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text()
    named = set(re.findall(r"`((?:xlscore|tests|docs)/[\w/.]+?)`", page))
    assert len(named) > 20
    assert sorted(n for n in named if not (ROOT / n).exists()) == []
