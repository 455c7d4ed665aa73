"""The extension's type library (``xlscore.rdb``): the UNO interface through which Calc calls xlscore.

A Calc add-in needs its interface declared in a type library, which LibreOffice's SDK compiles from UNO IDL
(``unoidl-write``). The interface here is one of the simplest UNO knows: methods whose parameters are all
``[in] any`` and whose answer is ``sequence<sequence<any>>``. :func:`type_library` writes it directly in
LibreOffice's binary type-library format, as its specification (unoidl/README.md in LibreOffice's sources) lays it
out, so that ``xlscore addin --libreoffice`` needs no SDK on a coordinator's machine. :func:`idl_source` gives the
same interface as IDL; the tests compile that with the SDK's ``unoidl-write`` where it is installed and check that
LibreOffice reads both files as the same interface (``unoidl-read``).
"""

from __future__ import annotations

import re
import struct
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["ANSWER", "ARGUMENT", "BASE", "Method", "idl_source", "type_library"]

ARGUMENT = "any"
ANSWER = "[][]any"
"""Every argument is ``any``; every answer ``sequence<sequence<any>>`` (rows), in the type library's notation."""
BASE = "com.sun.star.uno.XInterface"

_MAGIC = b"UNOIDL\xff\x00"
_MODULE, _INTERFACE = 0, 5
_IN = 0
_IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class Method:
    """A method of the interface: its name and its parameters' names."""

    name: str
    parameters: tuple[str, ...]


def _check(interface: str, methods: Sequence[Method]) -> None:
    names = [*interface.split("."), *(m.name for m in methods), *(p for m in methods for p in m.parameters)]
    bad = [n for n in names if not _IDENTIFIER.match(n)]
    if bad:
        raise ValueError(f"not a UNO identifier: {bad[0]!r}")
    if len({m.name for m in methods}) != len(methods):
        raise ValueError("two methods of the same name")


def idl_source(interface: str, methods: Sequence[Method]) -> str:
    """The interface in UNO IDL."""
    _check(interface, methods)
    *modules, name = interface.split(".")
    body = "".join(
        f"    sequence< sequence< any > > {m.name}({', '.join(f'[in] any {p}' for p in m.parameters)});\n"
        for m in methods
    )
    return (
        "#include <com/sun/star/uno/XInterface.idl>\n"
        + " ".join(f"module {m} {{" for m in modules)
        + f"\ninterface {name} : com::sun::star::uno::XInterface {{\n{body}}};\n"
        + " ".join("};" for _ in modules)
        + "\n"
    )


class _File:
    def __init__(self) -> None:
        self.data = bytearray(_MAGIC + bytes(8))

    def here(self) -> int:
        return len(self.data)

    def uint32(self, value: int) -> None:
        self.data += struct.pack("<I", value)

    def byte(self, value: int) -> None:
        self.data.append(value)

    def string(self, text: str) -> None:
        """A Len-String written in place (an Idx-String without the offset bit)."""
        encoded = text.encode("ascii")
        self.uint32(len(encoded))
        self.data += encoded

    def name(self, text: str) -> int:
        """A NUL-Name; its offset."""
        offset = self.here()
        self.data += text.encode("ascii") + b"\0"
        return offset


def _interface(file: _File, methods: Sequence[Method]) -> int:
    offset = file.here()
    file.byte(_INTERFACE)  # not published, not annotated
    file.uint32(1)  # mandatory bases
    file.string(BASE)
    file.uint32(0)  # optional bases
    file.uint32(0)  # attributes
    file.uint32(len(methods))
    for method in methods:
        file.string(method.name)
        file.string(ANSWER)
        file.uint32(len(method.parameters))
        for parameter in method.parameters:
            file.byte(_IN)
            file.string(parameter)
            file.string(ARGUMENT)
        file.uint32(0)  # exceptions
    return offset


def _map(file: _File, entries: Sequence[tuple[int, int]]) -> None:
    for name, payload in entries:
        file.uint32(name)
        file.uint32(payload)


def type_library(interface: str, methods: Sequence[Method]) -> bytes:
    """The type library declaring ``interface`` (a dotted name, such as ``org.xlscore.calc.XFunctions``)."""
    _check(interface, methods)
    *modules, name = interface.split(".")
    file = _File()
    entry = (file.name(name), _interface(file, methods))
    # Depth first, innermost module first: each module's map holds its one entry.
    for module in reversed(modules):
        payload = file.here()
        file.byte(_MODULE)
        file.uint32(1)
        _map(file, [entry])
        entry = (file.name(module), payload)
    root = file.here()
    _map(file, [entry])
    file.data[8:16] = struct.pack("<II", root, 1)
    return bytes(file.data)
