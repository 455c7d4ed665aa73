"""The floor of a recalculation: read a workbook, parse every XML part, write it again, nothing computed.

    python benchmarks/floor.py IN.xlsx OUT.xlsx

Each part is inflated, every ``.xml`` and ``.rels`` part parsed whole by expat (the compiled parser in Python's
standard library, with no handlers: what any reader pays at least), and the parts deflated into a new file as they
were stored. A recalculation that reads and writes the same file cannot be faster than this; bench_templates.py
prints xlscore's time over it.
"""

from __future__ import annotations

import sys
import zipfile
from xml.parsers import expat


def main(source: str, target: str) -> None:
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith((".xml", ".rels")):
                expat.ParserCreate().Parse(data, True)
            zout.writestr(info, data, info.compress_type)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
