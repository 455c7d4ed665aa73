"""The floor of a recalculation: read a workbook, parse every XML part, write it again, nothing computed.

    python benchmarks/floor.py IN.xlsx OUT.xlsx FAST_ABOVE

Each part is inflated, every ``.xml`` and ``.rels`` part parsed whole by expat (the compiled parser in Python's
standard library, with no handlers: what any reader pays at least), and the parts deflated into a new file as they
were stored, packed as ``xlscore recalc`` packs them so that the floor is like for like: a part over ``FAST_ABOVE``
bytes at zlib level 1, a smaller one at zlib's default (bench_templates.py passes the bound of
:func:`xlscore.engine.evaluation.recalc.packing_level`, and checks that function's rule is this one). Nothing of
xlscore is imported: the floor's own start stays Python's, zipfile's and expat's. A recalculation that reads and
writes the same file cannot be faster than this; bench_templates.py prints xlscore's time over it.
"""

from __future__ import annotations

import sys
import zipfile
from xml.parsers import expat


def packing_level(size: int, fast_above: int) -> int | None:
    """The zlib level of a part of ``size`` bytes: 1 over ``fast_above``, else zlib's default (None)."""
    return 1 if size > fast_above else None


def main(source: str, target: str, fast_above: int) -> None:
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith((".xml", ".rels")):
                expat.ParserCreate().Parse(data, True)
            zout.writestr(info, data, info.compress_type, packing_level(len(data), fast_above))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
