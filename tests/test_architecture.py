"""The house's shape as the import graph shows it (docs/architecture.md): no module of xlscore imports itself back
through others."""

from __future__ import annotations

import pytest

grimp = pytest.importorskip("grimp", reason="grimp comes with import-linter (pip install -e '.[test]')")


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
    # The engine's own circles are its wall's to break (issue 33, engineer "wall"); outside it there are none.
    outside = [c for c in _circles(imports) if not all(m.startswith("xlscore.engine.") for m in c)]
    assert outside == []
