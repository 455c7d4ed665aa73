"""Recalculate a corpus of Excel-saved workbooks with ``xlscore recalc`` and with LibreOffice, against Excel's values.

    python benchmarks/corpus.py assemble                  # once: the files of benchmarks/corpus/manifest.csv
    python benchmarks/bench_corpus.py [--cache /work/corpus] [--report /work/corpus-report.txt]
        [--only TEXT] [--limit N] [--no-libreoffice] [--timeout 120] [--batch 20] [--work DIR]

The corpus (:mod:`corpus`) is 400-odd workbooks that Excel saved with formulas and their cached values, from the
test data of spreadsheet libraries and formula engines. For each one:

* xlscore: ``python -m xlscore recalc FILE -o OUT`` as a child process, measured alone (:mod:`measure`): wall
  seconds and the child's peak memory. A Python traceback in its output is counted (the target is none); a file
  it declines with its one-line message is "refused".
* LibreOffice (``soffice --headless --convert-to xlsx``, with a profile set to recalculate every file on load,
  proved first on a probe with a stale value as bench_recalc.py does): up to ``--batch`` files per soffice start,
  LibreOffice's best form for many files; its seconds are per batch, so only its total is comparable.
* Each formula cell's value as written by each engine is read back (xlscore's own reader, the same for all three)
  and compared with the value Excel saved, as ``xlscore recalc --check`` compares (numbers to 1e-9, relative or
  absolute; text exactly; an error equal to the same error). The cells compared are the formula cells of the
  original and the cells of its array formulas' areas. A file "agrees" when every one of its cells does.
* Formula cells that call RAND, RANDBETWEEN, RANDARRAY, NOW or TODAY, and the formula cells that read them however
  indirectly, are left out of the comparison, for both engines alike: their value changes at every calculation
  (``xlscore.engine.evaluation.volatile``, the rule ``recalc --check`` follows). The report says how many; a file with
  no other formula cell is not counted among the files (it can neither agree nor differ).
* Every xlscore output is loaded whole by openpyxl (``load_workbook``, all cells): one that fails, where openpyxl
  loads the original, is "invalid". With LibreOffice, every output is also loaded by LibreOffice with its default
  profile (which keeps the saved values) and saved again: a cell with a value that comes back without it, or a
  text that comes back changed, is reported (``reload_problem``) unless LibreOffice does the same to the original
  Excel saved (it recomputes pivot tables, data tables and INFO whatever the file holds); array formulas' cells,
  which LibreOffice computes again on load, only need a value.

The report (``--report``) has the totals side by side and the causes of xlscore's disagreements, most frequent
first: the kind (the error xlscore computed where Excel has a value, Excel's error where xlscore has a value, a
different number, text, truth value or blank) and the functions in the formula, with the number of cells and of
files and one example. Results per file go to ``WORK/results.jsonl`` (``--resume`` keeps the files done there).

Exits 1 when an xlscore run ended in a traceback or wrote an output openpyxl could not load.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import shutil
import sys
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import openpyxl
from bench_recalc import check_forced_recalc
from measure import GNU_TIME, run_alone, xlscore_argv

from xlscore.engine import BookError
from xlscore.engine.evaluation.recalc import same_value
from xlscore.engine.evaluation.volatile import drawn_cells
from xlscore.engine.files.book import Book, read_book
from xlscore.engine.rewrite.refs import cell_name
from xlscore.excel.functions.cells import CellError
from xlscore.excel.libreoffice.profile import copy_profile
from xlscore.excel.libreoffice.soffice import find_soffice, run_measured, soffice_env, soffice_version

DEFAULT_CACHE = Path("/work/corpus")
DEFAULT_REPORT = Path("/work/corpus-report.txt")
_REPORTED = re.compile(r"^(?P<sheet>.+)!(?P<cell>[A-Z]{1,3}\d+): (?P<code>#[A-Z0-9/!?]+) ?(?P<reason>.*)$")
_FUNCTION = re.compile(r"(?<![A-Za-z0-9_.])([A-Za-z][A-Za-z0-9_.]*)\(")
_STRING = re.compile(r'"(?:[^"]|"")*"')

Cells = dict[tuple[str, int, int], object]


@dataclass
class FileResult:
    name: str
    formula_cells: int = 0  # cells compared (-1: Excel's values could not be read)
    xlscore_agree: int = 0
    libreoffice_agree: int = -1  # -1: not run
    drawn: int = 0  # formula cells left out: they draw a random number or read the clock (drawn_cells)
    xlscore_status: str = "ok"  # ok, refused, traceback, timeout
    xlscore_message: str = ""
    xlscore_seconds: float = 0.0
    xlscore_peak_mib: float = 0.0
    output_valid: bool = True
    output_problem: str = ""
    libreoffice_status: str = "not run"
    reload_problem: str = ""  # what LibreOffice lost reloading xlscore's output (empty: it loaded it whole)
    differences: list[dict[str, str]] = field(default_factory=list)  # xlscore's, for the causes


def _compared(book: Book) -> tuple[Cells, dict[tuple[str, int, int], str], int]:
    """Excel's saved value of every formula cell and array-formula cell, and each cell's formula; cells whose
    value changes at every calculation (:func:`drawn_cells`) are left out, and counted."""
    saved: Cells = {}
    formulas: dict[tuple[str, int, int], str] = {}
    drawn = drawn_cells(book)
    left_out = 0
    for sheet in book.sheets:
        key = sheet.name.upper()
        for f in sheet.formulas:
            cells = [(f.row, f.col)]
            if f.array is not None:
                a = f.array
                cells = [(r, c) for r in range(a.top, a.bottom + 1) for c in range(a.left, a.right + 1)]
            for r, c in cells:
                if (key, r, c) in drawn:
                    left_out += 1
                    continue
                saved[key, r, c] = sheet.values.get((r, c))
                formulas.setdefault((key, r, c), f.text)
    return saved, formulas, left_out


def _written(path: Path, wanted: Iterable[tuple[str, int, int]]) -> Cells | None:
    try:
        book = read_book(path)
    except BookError:
        return None
    sheets = {s.name.upper(): s.values for s in book.sheets}
    return {k: sheets[k[0]].get((k[1], k[2])) if k[0] in sheets else None for k in wanted}


def _show(value: object) -> str:
    if isinstance(value, CellError):
        return value.code
    if value is None:
        return "blank"
    return repr(value)


def kind_of(saved: object, computed: object) -> str:
    """How a computed value differs from Excel's: the kind of disagreement, for the causes table."""
    if isinstance(computed, CellError) and not isinstance(saved, CellError):
        return f"{computed.code} where Excel has a value"
    if isinstance(saved, CellError) and not isinstance(computed, CellError):
        return f"Excel {saved.code}, xlscore a value"
    if isinstance(saved, CellError):
        return "another error"
    if computed is None or computed == "":
        return "blank where Excel has a value"
    if saved is None or saved == "":
        return "a value where Excel has blank"
    if type(saved) is not type(computed):
        return f"{type(computed).__name__} where Excel has {type(saved).__name__}"
    return f"another {type(saved).__name__}"


def functions_of(formula: str) -> str:
    names = sorted(
        {n.upper().removeprefix("_XLFN.").removeprefix("_XLWS.") for n in _FUNCTION.findall(_STRING.sub('""', formula))}
    )
    return ",".join(names[:4]) + (",..." if len(names) > 4 else "") if names else "(no function)"


def run_xlscore(source: Path, folder: Path, timeout: float, result: FileResult) -> Path | None:
    output = folder / f"{source.stem}.xlsx"
    run = run_alone(xlscore_argv(source, output), timeout=timeout, log=folder / f"{source.stem}.log")
    result.xlscore_seconds, result.xlscore_peak_mib = run.seconds, run.peak_mib
    log = (folder / f"{source.stem}.log").read_text(encoding="utf-8", errors="replace")
    if "Traceback (most recent call last)" in log:
        result.xlscore_status, result.xlscore_message = "traceback", log.strip().splitlines()[-1][:300]
        return None
    if run.timed_out:
        result.xlscore_status, result.xlscore_message = "timeout", f"over {timeout:.0f} s"
        return None
    if not output.exists():
        result.xlscore_status = "refused"
        result.xlscore_message = next((ln for ln in log.splitlines() if ln.startswith("error")), log.strip()[-300:])
        return None
    return output


def _reasons(log: Path) -> dict[tuple[str, str], str]:
    found = {}
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        m = _REPORTED.match(line)
        if m:
            found[m.group("sheet").upper(), m.group("cell")] = f"{m.group('code')} {m.group('reason')}".strip()
    return found


def check_output(path: Path) -> str:
    """Why openpyxl cannot load ``path`` whole; empty when it can."""
    try:
        book = openpyxl.load_workbook(path)
        for sheet in book.worksheets:
            for _row in sheet.iter_rows(values_only=True):
                pass
        book.close()
    except Exception as exc:  # noqa: BLE001 - any failure of openpyxl's is what is measured
        return f"{type(exc).__name__}: {exc}"[:300]
    return ""


def libreoffice_batches(
    soffice: str, profile: Path, sources: list[Path], folder: Path, size: int, timeout: float
) -> tuple[dict[str, Path], float, float]:
    """Every source converted by LibreOffice, ``size`` files per start (a batch that fails is retried file by
    file); the outputs by stem, the total seconds and the largest peak MiB."""
    outputs: dict[str, Path] = {}
    seconds, peak = 0.0, 0.0
    batches = [sources[i : i + size] for i in range(0, len(sources), size)]
    while batches:
        batch = batches.pop(0)
        outdir = folder / f"batch{len(outputs):04d}-{batch[0].stem[:20]}"
        run_profile = copy_profile(profile, outdir / "profile")
        argv = [
            soffice,
            "--headless",
            "--norestore",
            f"-env:UserInstallation={run_profile.resolve().as_uri()}",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(outdir),
            *map(str, batch),
        ]
        run = (
            run_alone(argv, timeout=timeout * len(batch), log=outdir / "soffice.log", env=soffice_env())
            if GNU_TIME
            else run_measured(argv, timeout=timeout * len(batch), log=outdir / "soffice.log", env=soffice_env())
        )
        shutil.rmtree(run_profile, ignore_errors=True)
        seconds += run.seconds
        peak = max(peak, run.peak_mib)
        if not run.ok and len(batch) > 1:
            batches[:0] = [[s] for s in batch if not (outdir / f"{s.stem}.xlsx").exists()]
        for s in batch:
            if (outdir / f"{s.stem}.xlsx").exists():
                outputs[s.stem] = outdir / f"{s.stem}.xlsx"
    return outputs, seconds, peak


def compare(
    result: FileResult,
    saved: Cells,
    formulas: dict[tuple[str, int, int], str],
    written: Cells | None,
    reasons: dict[tuple[str, str], str] | None,
) -> int:
    if written is None:
        return 0
    agree = 0
    for key, value in saved.items():
        computed = written.get(key)
        if same_value(value, computed):
            agree += 1
        elif reasons is not None:
            sheet, row, col = key
            result.differences.append(
                {
                    "cell": f"{sheet}!{cell_name(row, col)}",
                    "formula": formulas.get(key, "")[:200],
                    "saved": _show(value),
                    "computed": _show(computed),
                    "kind": kind_of(value, computed),
                    "functions": functions_of(formulas.get(key, "")),
                    "reason": reasons.get((sheet, cell_name(row, col)), "")[:200],
                }
            )
    return agree


def _reload_losses(before_path: Path, after: Path | None) -> dict[str, str] | str:
    """What LibreOffice lost of ``before_path`` when it loaded it and saved it again as ``after`` (with a profile
    that keeps the saved values): each cell that had a value and came back without it, or a text that came back
    changed, by cell; or one line for the whole file. The cells of array formulas, which LibreOffice computes
    again on load whatever the setting, must only keep a value."""
    if after is None:
        return "LibreOffice wrote nothing"
    try:
        before, reloaded = read_book(before_path), read_book(after)
    except BookError as exc:
        return f"unreadable: {exc}"[:300]
    sheets = {sheet.name.upper(): sheet for sheet in reloaded.sheets}
    losses: dict[str, str] = {}
    for sheet in before.sheets:
        if not sheet.part:
            continue  # a linked workbook's values, or a sheet Excel saved without a part: nothing written
        other = sheets.get(sheet.name.upper())
        if other is None:
            return f"sheet {sheet.name!r} missing"
        arrays = [f.array for f in sheet.formulas if f.array is not None]
        for (row, col), value in sheet.values.items():
            if value in (None, ""):
                continue
            cell = f"{sheet.name}!{cell_name(row, col)}"
            kept = other.values.get((row, col))
            if kept in (None, ""):
                losses[cell] = f"{cell} {_show(value)} lost"
            elif isinstance(value, str) and kept != value and not any(area.contains(row, col) for area in arrays):
                losses[cell] = f"{cell} {_show(value)} became {_show(kept)}"
    return losses


def reload_problem(ours: Path, theirs: Path | None, original: Path, original_reloaded: Path | None) -> str:
    """What LibreOffice loses of xlscore's output ``ours`` (reloaded as ``theirs``) that it does not lose of the
    original workbook Excel saved (reloaded as ``original_reloaded``): xlscore's doing, not LibreOffice's own way
    with a pivot table, a data table or INFO, which it recomputes whatever the file holds."""
    losses, baseline = _reload_losses(ours, theirs), _reload_losses(original, original_reloaded)
    if isinstance(losses, str):
        return "" if isinstance(baseline, str) else losses
    own = {cell: what for cell, what in losses.items() if isinstance(baseline, str) or cell not in baseline}
    if not own:
        return ""
    return f"{len(own)} cells lost or changed; e.g. {next(iter(own.values()))}"[:300]


def pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}%" if d else "n/a"


def report(results: list[FileResult], lo: tuple[float, float] | None, lo_version: str, header: list[str]) -> str:
    # A file with no formula cell left to compare (every one draws a random number or reads the clock) is neither
    # agreeing nor not: it is left out of the files counted, and said so.
    empty = [r for r in results if r.formula_cells == 0 and r.xlscore_status == "ok"]
    counted = [r for r in results if not (r.formula_cells == 0 and r.xlscore_status == "ok")]
    comparable = [r for r in counted if r.formula_cells >= 0]
    cells = sum(r.formula_cells for r in comparable)
    x_cells = sum(r.xlscore_agree for r in comparable)
    x_files = sum(1 for r in comparable if r.xlscore_agree == r.formula_cells and r.xlscore_status == "ok")
    status = collections.Counter(r.xlscore_status for r in results)
    lines = [
        *header,
        "",
        f"files: {len(results)} ({len(results) - len(comparable) - len(empty)} whose saved values xlscore's "
        f"reader could not read); formula cells compared: {cells:,}",
        f"left out, as they draw a random number or read the clock or read such a cell: "
        f"{sum(r.drawn for r in results if r.formula_cells >= 0):,} cells in "
        f"{sum(1 for r in results if r.drawn and r.formula_cells >= 0)} files; "
        f"{len(empty)} files have no other formula cell and are not counted",
        "",
    ]
    lines.append(f"{'':28}{'xlscore':>22}{'LibreOffice ' + lo_version:>30}")
    lo_run = [r for r in comparable if r.libreoffice_agree >= 0]
    l_cells = sum(r.libreoffice_agree for r in lo_run)
    l_files = sum(1 for r in lo_run if r.libreoffice_agree == r.formula_cells)
    lines.append(
        f"{'files agreeing':28}{f'{x_files} ({pct(x_files, len(counted))})':>22}"
        f"{f'{l_files} ({pct(l_files, len(counted))})' if lo else 'not run':>30}"
    )
    lines.append(
        f"{'formula cells agreeing':28}{f'{x_cells:,} ({pct(x_cells, cells)})':>22}"
        f"{f'{l_cells:,} ({pct(l_cells, cells)})' if lo else 'not run':>30}"
    )
    lines.append(f"{'tracebacks':28}{status['traceback']:>22}")
    lines.append(
        f"{'refused / timed out':28}{str(status['refused']) + ' / ' + str(status['timeout']):>22}"
        f"{sum(1 for r in results if r.libreoffice_status == 'no output') if lo else '':>30}"
    )
    x_seconds = sum(r.xlscore_seconds for r in results)
    x_peak = max((r.xlscore_peak_mib for r in results), default=0.0)
    lines.append(f"{'total seconds':28}{x_seconds:>22.1f}{f'{lo[0]:.1f}' if lo else '':>30}")
    lines.append(f"{'largest peak MiB':28}{x_peak:>22.0f}{f'{lo[1]:.0f}' if lo else '':>30}")
    invalid = [r for r in results if not r.output_valid]
    lines.append(f"{'outputs openpyxl rejects':28}{len(invalid):>22}")
    not_whole = [r for r in results if r.reload_problem]
    if lo:
        lines.append(f"{'outputs LibreOffice loses':28}{len(not_whole):>22}")
    both = [r for r in lo_run]
    only_x = sum(1 for r in both if r.xlscore_agree == r.formula_cells and r.libreoffice_agree < r.formula_cells)
    only_l = sum(1 for r in both if r.libreoffice_agree == r.formula_cells and r.xlscore_agree < r.formula_cells)
    if lo:
        lines.append(f"files only xlscore gets whole: {only_x}; only LibreOffice: {only_l}")
    lines += ["", "Causes of xlscore's disagreements, most cells first (kind | functions in the formula):", ""]
    causes: dict[str, list[tuple[str, dict[str, str]]]] = collections.defaultdict(list)
    for r in results:
        for d in r.differences:
            causes[f"{d['kind']} | {d['functions']}"].append((r.name, d))
    for cause, found in sorted(causes.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        files = sorted({name for name, _ in found})
        name, d = found[0]
        lines.append(f"{len(found):6} cells {len(files):4} files  {cause}")
        lines.append(
            f"{'':25}e.g. {name} {d['cell']}: ={d['formula']}  Excel {d['saved']}, xlscore {d['computed']}"
            + (f"  ({d['reason']})" if d["reason"] else "")
        )
    for title, wanted in (("Refused", "refused"), ("Tracebacks", "traceback"), ("Timed out", "timeout")):
        chosen = [r for r in results if r.xlscore_status == wanted]
        if chosen:
            lines += ["", f"{title}:"] + [f"  {r.name}: {r.xlscore_message}" for r in chosen]
    if invalid:
        lines += ["", "Outputs openpyxl rejects:"] + [f"  {r.name}: {r.output_problem}" for r in invalid]
    if not_whole:
        lines += ["", "Outputs LibreOffice does not load whole:"] + [
            f"  {r.name}: {r.reload_problem}" for r in not_whole
        ]
    lines += ["", "Files with disagreements (cells agreeing / compared; LibreOffice's):"]
    for r in sorted(comparable, key=lambda r: r.xlscore_agree - r.formula_cells):
        if r.xlscore_agree < r.formula_cells:
            lines.append(f"  {r.name}: {r.xlscore_agree}/{r.formula_cells}; LibreOffice {r.libreoffice_agree}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--report", type=Path, default=DEFAULT_REPORT)
    parser.add_argument("--work", type=Path, default=Path("/tmp/xlscore-bench-corpus"))
    parser.add_argument("--only", default="", help="only files whose name contains this")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--no-libreoffice", action="store_true")
    parser.add_argument("--resume", action="store_true", help="keep the xlscore results already in WORK")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per file, each engine")
    parser.add_argument("--batch", type=int, default=20, help="files per LibreOffice start")
    args = parser.parse_args(argv)
    sources = sorted(p for p in args.cache.glob("*") if p.suffix.lower() in (".xlsx", ".xlsm") and args.only in p.name)
    if args.limit:
        sources = sources[: args.limit]
    if not sources:
        raise SystemExit(f"no workbooks in {args.cache}: run python benchmarks/corpus.py assemble first")
    work = args.work
    done: dict[str, FileResult] = {}
    results_file = work / "results.jsonl"
    if args.resume and results_file.exists():
        for line in results_file.read_text(encoding="utf-8").splitlines():
            r = FileResult(**json.loads(line))
            done[r.name] = r
    else:
        shutil.rmtree(work, ignore_errors=True)
    (work / "xlscore").mkdir(parents=True, exist_ok=True)
    lo: tuple[float, float] | None = None
    lo_outputs: dict[str, Path] = {}
    lo_version = ""
    soffice = None if args.no_libreoffice else find_soffice()
    if soffice is not None:
        lo_version = soffice_version(soffice).split()[1] if soffice_version(soffice) else ""
        shutil.rmtree(work / "libreoffice", ignore_errors=True)
        profile, _probe = check_forced_recalc(soffice, work / "libreoffice", args.timeout)
        keeping = work / "libreoffice" / "profile-control"  # LibreOffice's default: keeps the saved values
        started = time.perf_counter()
        lo_outputs, lo_seconds, lo_peak = libreoffice_batches(
            soffice, profile, sources, work / "libreoffice" / "out", args.batch, args.timeout
        )
        lo = (lo_seconds, lo_peak)
        print(
            f"LibreOffice: {len(lo_outputs)}/{len(sources)} converted in {time.perf_counter() - started:.0f} s",
            file=sys.stderr,
        )
    results: list[FileResult] = []
    with results_file.open("a", encoding="utf-8") as out:
        for number, source in enumerate(sources, 1):
            result = done.get(source.stem)
            if result is None:
                result = FileResult(source.stem)
                folder = work / "xlscore"
                written_path = run_xlscore(source, folder, args.timeout, result)
                try:
                    saved, formulas, result.drawn = _compared(read_book(source))
                    result.formula_cells = len(saved)
                except BookError:
                    saved, formulas, result.formula_cells = {}, {}, -1
                if written_path is not None:
                    result.output_problem = check_output(written_path)
                    if result.output_problem and check_output(source):
                        result.output_problem = ""  # openpyxl cannot load the original either: not xlscore's doing
                    result.output_valid = not result.output_problem
                    result.xlscore_agree = compare(
                        result, saved, formulas, _written(written_path, saved), _reasons(folder / f"{source.stem}.log")
                    )
                else:
                    result.differences = [
                        {
                            "cell": "",
                            "formula": "",
                            "saved": "",
                            "computed": "",
                            "kind": f"file {result.xlscore_status}",
                            "functions": "",
                            "reason": result.xlscore_message,
                        }
                    ] * max(len(saved), 1)
                out.write(json.dumps(asdict(result)) + "\n")
                out.flush()
            if soffice is not None and result.formula_cells >= 0:
                lo_path = lo_outputs.get(source.stem)
                result.libreoffice_status = "ok" if lo_path else "no output"
                saved, formulas, _ = _compared(read_book(source))
                written = _written(lo_path, saved) if lo_path else None
                result.libreoffice_agree = compare(FileResult(""), saved, formulas, written, None)
            results.append(result)
            print(
                f"[{number}/{len(sources)}] {source.name}: {result.xlscore_status} "
                f"{result.xlscore_agree}/{result.formula_cells}",
                file=sys.stderr,
            )
    if soffice is not None:
        # Every xlscore output loaded by LibreOffice (keeping the saved values) and saved again: nothing lost.
        ours = {r.name: work / "xlscore" / f"{r.name}.xlsx" for r in results if r.xlscore_status == "ok"}
        ours = {name: path for name, path in ours.items() if path.exists()}
        reloaded, _, _ = libreoffice_batches(
            soffice, keeping, list(ours.values()), work / "libreoffice" / "reload", args.batch, args.timeout
        )
        originals = {source.stem: source for source in sources if source.stem in ours}
        reloaded_originals, _, _ = libreoffice_batches(
            soffice,
            keeping,
            list(originals.values()),
            work / "libreoffice" / "reload-originals",
            args.batch,
            args.timeout,
        )
        for r in results:
            if r.name in ours:
                r.reload_problem = reload_problem(
                    ours[r.name], reloaded.get(r.name), originals[r.name], reloaded_originals.get(r.name)
                )
        print(f"LibreOffice reloaded {len(reloaded)}/{len(ours)} xlscore outputs", file=sys.stderr)
    header = [
        f"Corpus benchmark: {len(sources)} Excel-saved workbooks from {args.cache} "
        f"({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})"
    ]
    text = report(results, lo, lo_version, header)
    args.report.write_text(text, encoding="utf-8")
    print(text)
    bad = sum(1 for r in results if r.xlscore_status == "traceback" or not r.output_valid)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
