"""LibreOffice headless as a peer formula engine: the profile, probe and measured-run helpers now live in
:mod:`xlscore.excel.libreoffice`; this module keeps the names the benchmarks import."""

from __future__ import annotations

from xlscore.excel.libreoffice.soffice import (
    INSTALL_COMMAND,
    PROBE_COMPUTED,
    PROBE_STALE,
    RECALC_ALWAYS,
    RECALC_NEVER,
    Run,
    convert_to_xlsx,
    copy_profile,
    find_soffice,
    new_profile,
    read_probe,
    registry_modifications,
    run_measured,
    soffice_version,
    write_probe,
)

__all__ = [
    "INSTALL_COMMAND",
    "PROBE_COMPUTED",
    "PROBE_STALE",
    "RECALC_ALWAYS",
    "RECALC_NEVER",
    "Run",
    "convert_to_xlsx",
    "copy_profile",
    "find_soffice",
    "new_profile",
    "read_probe",
    "registry_modifications",
    "run_measured",
    "soffice_version",
    "write_probe",
]
