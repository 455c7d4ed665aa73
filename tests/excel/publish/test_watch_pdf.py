"""``--watch`` publishes again on each save and stops at Ctrl-C with exit 0; ``--pdf`` prints the page, whose pages
render to pictures (pdftoppm) and hold the standings."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.excel.publish.pages import book_of
from xlscore.excel.publish.pdf import chromium
from xlscore.excel.publish.watch import watch

ROOT = Path(__file__).resolve().parents[3]


def test_watch_publishes_again_after_each_save(tmp_path: Path) -> None:
    book = tmp_path / "event.xlsx"
    shutil.copyfile(book_of("rplops"), book)
    published: list[float] = []

    def save_twice() -> None:
        for _ in range(2):
            time.sleep(0.25)
            os.utime(book, (time.time() + len(published) + 10,) * 2)  # a save: a new modification time

    saver = threading.Thread(target=save_twice)
    saver.start()
    count = watch(book, lambda: published.append(time.time()), lambda _: None, interval=0.05, rounds=40)
    saver.join()
    assert count == len(published) == 3  # once at the start, once after each save


def test_a_failed_publish_waits_for_the_next_save(tmp_path: Path) -> None:
    from xlscore import WorkbookError

    def fail() -> None:
        raise WorkbookError("half written")

    lines: list[str] = []
    assert watch(tmp_path / "missing.xlsx", fail, lines.append, interval=0.01, rounds=3) == 0
    assert lines == ["not published (half written); waiting for the next save"]


def test_ctrl_c_stops_watching_with_exit_0(tmp_path: Path) -> None:
    command = [
        sys.executable,
        "-m",
        "xlscore",
        "publish",
        str(book_of("rplops")),
        "-o",
        str(tmp_path),
        "--watch",
        "--interval",
        "0.2",
        "--polls",
        "600",
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(300):  # bounded: 60 s for the first page
        if (tmp_path / "index.html").exists():
            break
        time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert "stopped watching" in err


@pytest.mark.slow  # a real program (LibreOffice or Chromium): .ci/run runs it with -m slow
@pytest.mark.skipif(chromium() is None or shutil.which("pdftoppm") is None, reason="Chromium or pdftoppm is missing")
@pytest.mark.parametrize(("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_the_pdf_prints_the_standings(paper: str, size: tuple[int, int], tmp_path: Path) -> None:
    from xlscore.cli import main

    pdf = tmp_path / "standings.pdf"
    assert (
        main(["publish", str(book_of("diplomacy")), "-o", str(tmp_path / "site"), "--pdf", str(pdf), "--paper", paper])
        == 0
    )
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    found = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
    assert found is not None
    assert (round(float(found.group(1))), round(float(found.group(2)))) == size  # points: A4 210 x 297 mm
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(pdf), str(tmp_path / "page")], check=True, timeout=60)
    assert sorted(tmp_path.glob("page-*.png"))
    text = subprocess.run(
        ["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Standings" in text
    assert "Dan" in text
    assert "37545" in text
