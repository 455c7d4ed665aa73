"""Draw the picture of docs/architecture.md from the code: xlscore's layers and which of them imports which.

    python3 docs/pictures/architecture.py            rewrite the picture in docs/architecture.md
    python3 docs/pictures/architecture.py --check    say whether the page's picture is the code's (exit 1 if not)

Reads xlscore's import graph with grimp (installed with import-linter, by the test extra), every import counted,
those made inside a function too; puts each module in its layer (:data:`LAYERS`: the most specific package that
holds it) and writes a Mermaid flowchart, which GitHub draws, between the page's two markers. An arrow A --> B says
that some module of A imports some module of B. The core is one box seen from outside it (what imports one part of
it imports the core), its parts and their arrows drawn inside. tests/test_architecture.py fails when the page's
picture is not the one the code draws, so it cannot go stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "architecture.md"
BEGIN = "<!-- drawn by docs/pictures/architecture.py: begin -->"
END = "<!-- drawn by docs/pictures/architecture.py: end -->"

LAYERS = {
    "xlscore": "xlscore",
    "xlscore.cli": "cli",
    "xlscore.excel": "excel",
    "xlscore.excel.functions": "functions",
    "xlscore.excel.templates": "templates",
    "xlscore.excel.publish": "publish",
    "xlscore.excel.libreoffice": "libreoffice",
    "xlscore.engine": "engine",
    "xlscore.core": "core",
    "xlscore.core.systems": "systems",
    "xlscore.core.events": "events",
    "xlscore.core.seating": "seating",
}
"""Each layer's package and its box's name. A module belongs to the most specific package that holds it."""

GROUPS = {"excel": "xlscore.excel", "core": "xlscore.core"}
"""The layers drawn as a frame around their parts."""


def layer(module: str) -> str:
    """The package of ``module``'s layer: the longest of :data:`LAYERS` that is it or holds it."""
    return max((p for p in LAYERS if module == p or module.startswith(f"{p}.")), key=len)


def layer_imports(graph: grimp.ImportGraph) -> set[tuple[str, str]]:
    """Each pair of layers (importer, imported) such that a module of the first imports one of the second."""
    pairs = set()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            pairs.add((layer(module), layer(imported)))
    return {(a, b) for a, b in pairs if a != b}


def _box(package: str) -> str:
    """The box of a layer: the front door for xlscore itself, the base box of a framed layer's own modules."""
    if package == "xlscore":
        return "front"
    group = next((g for g, p in GROUPS.items() if p == package), None)
    return f"{group}_base" if group is not None else package.removeprefix("xlscore.").replace(".", "_")


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(f"{package}.")


def _arrow(importer: str, imported: str) -> tuple[str, str]:
    """The boxes an arrow joins: seen from outside the core, the core is one box."""
    core = GROUPS["core"]
    if _within(imported, core) and not _within(importer, core):
        return _box(importer), "core"
    return _box(importer), _box(imported)


def _modules_in(graph: grimp.ImportGraph, package: str) -> str:
    """The modules directly in ``package`` (those in none of its layers' packages), by name."""
    names = sorted(m.rsplit(".", 1)[1] for m in graph.modules if m.rsplit(".", 1)[0] == package and m not in LAYERS)
    return ", ".join(names)


def picture(graph: grimp.ImportGraph) -> str:
    """The Mermaid flowchart of xlscore's layers and their imports."""
    lines = ["```mermaid", "flowchart TD"]
    lines.append(f'    front["xlscore<br/>__init__, {_modules_in(graph, "xlscore")}"]')
    lines += [f'    {_box(p)}["{LAYERS[p]}"]' for p in ("xlscore.cli", "xlscore.engine")]
    for group, package in GROUPS.items():
        lines.append(f'    subgraph {group}["{package.replace(".", "/")}"]')
        lines += [f'        {_box(p)}["{LAYERS[p]}"]' for p in LAYERS if p.startswith(f"{package}.")]
        if own := _modules_in(graph, package):
            lines.append(f'        {_box(package)}["{own}"]')
        lines.append("    end")
    arrows = sorted({_arrow(a, b) for a, b in layer_imports(graph)})
    lines += [f"    {start} --> {end}" for start, end in arrows]
    lines.append("```")
    return "\n".join(lines)


def drawn(page: str, graph: grimp.ImportGraph) -> str:
    """``page`` with the picture between its markers drawn anew."""
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{picture(graph)}\n{END}{tail}"


def main(argv: list[str]) -> int:
    graph = grimp.build_graph("xlscore")
    page = PAGE.read_text()
    new = drawn(page, graph)
    if argv[1:] == ["--check"]:
        if new != page:
            print("docs/architecture.md's picture is not the code's: run python3 docs/pictures/architecture.py")
            return 1
        return 0
    PAGE.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
