"""How fast each way of reading a large worksheet's cells is, on the same sheet XML, against xlscore's reader.

    python benchmarks/bench_parsers.py [BOOK.xlsx] [--rows 100000] [--repeat 3]

Without a book, the RPLOPS template is built with its results table N rows long (synthetic results, as
bench_templates.py makes them) and its largest worksheet is read. Each way is timed on the inflated XML (CPU
seconds, the best of ``--repeat``), and says how many cells it found:

* expat (the compiled parser in Python's standard library) with no handlers: the least any parser pays; xlscore runs
  it once over every part as its guard (well formed, no DTD), through defusedxml;
* expat with a Python handler for each element start: a reader that builds its cells from parser events;
* lxml (a compiled libxml2 binding, not a dependency of xlscore) building its tree, then the tree walked for each
  cell's reference, type and value;
* ElementTree building its tree;
* python-calamine (a compiled reader) when installed, values only (it gives no formulas, which a recalculation needs);
* xlscore: ``scan_cells``, the sheet's cells as the recalculation reads them (one C-level pattern over the sheetData
  that tells a value, an inline string and anything else apart, checked against a C-level count of the cells).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from xml.parsers import expat

from xlscore.engine.files.sheetxml import scan_cells

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"


def _expat_bare(xml: bytes) -> int:
    expat.ParserCreate().Parse(xml, True)
    return 0


def _expat_events(xml: bytes) -> int:
    found = 0

    def start(name: str, attributes: dict[str, str]) -> None:
        nonlocal found
        if name == "c":
            found += 1

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    parser.buffer_text = True
    parser.Parse(xml, True)
    return found


def _lxml(xml: bytes) -> int | None:
    try:
        from lxml import etree  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        return None
    root = etree.fromstring(xml, etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True))
    cells = [(c.get("r"), c.get("t"), c.findtext(f"{MAIN}v")) for c in root.iter(f"{MAIN}c")]
    return len(cells)


def _element_tree(xml: bytes) -> int:
    import xml.etree.ElementTree as ET

    return sum(1 for _ in ET.fromstring(xml).iter(f"{MAIN}c"))


def _xlscore(xml: bytes) -> int:
    return len(scan_cells(xml))


def best(read: Callable[[bytes], int | None], xml: bytes, repeat: int) -> tuple[float, int | None]:
    times: list[float] = []
    found: int | None = None
    for _ in range(repeat):
        start = time.process_time()
        found = read(xml)
        times.append(time.process_time() - start)
    return min(times), found


def _calamine(book: Path, repeat: int) -> tuple[float, int] | None:
    try:
        from python_calamine import CalamineWorkbook  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    times, found = [], 0
    for _ in range(repeat):
        start = time.process_time()
        workbook = CalamineWorkbook.from_path(str(book))
        found = max(len(workbook.get_sheet_by_name(name).to_python()) for name in workbook.sheet_names)
        times.append(time.process_time() - start)
    return min(times), found


def _book(rows: int, folder: Path) -> Path:
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_templates import rplops_event_rows

    from xlscore.excel.templates import rplops_event

    event = rplops_event_rows(rows)
    path = folder / f"rplops-{rows}.xlsx"
    rplops_event.build(rows=len(event), results=event).save(path)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("book", nargs="?", type=Path, help="a workbook (default: a built RPLOPS template)")
    parser.add_argument("--rows", type=int, default=100_000, help="result rows of the built template")
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        book = options.book or _book(options.rows, Path(folder))
        with zipfile.ZipFile(book) as zf:
            part = max((i for i in zf.infolist() if i.filename.startswith("xl/worksheets/")), key=lambda i: i.file_size)
            xml = zf.read(part)
        print(f"{book.name}: {part.filename}, {len(xml) / 2**20:.1f} MiB of XML; CPU seconds, best of {options.repeat}")
        ours, cells = best(_xlscore, xml, options.repeat)
        assert cells is not None
        ways: list[tuple[str, float | None, int | None]] = []
        for name, read in (
            ("expat, no handlers (xlscore's guard)", _expat_bare),
            ("expat, a Python handler per element", _expat_events),
            ("lxml tree, walked for each cell", _lxml),
            ("ElementTree tree", _element_tree),
        ):
            taken, found = best(read, xml, options.repeat)
            ways.append((name, None if found is None and read is _lxml else taken, found))
        calamine = _calamine(book, options.repeat)
        ways.append(("python-calamine, values only", None if calamine is None else calamine[0], None))
        ways.append(("xlscore scan_cells", ours, cells))
        for name, seconds, found in ways:
            shown = "not installed" if seconds is None else f"{seconds:6.2f} s  {seconds / ours:5.2f}x xlscore's"
            print(f"  {name:<40}{shown}" + (f"  ({found:,} cells)" if found else ""))


if __name__ == "__main__":
    main()
