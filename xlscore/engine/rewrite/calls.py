"""xlscore's function calls in a formula's text, read with openpyxl's formula tokenizer.

An xlscore function is found however Excel wrote it in the file: ``RPLOPS(...)``, ``_xldudf_RPLOPS(...)`` (an
Office.js custom function, as xlwings Lite registers it), ``_xll.RPLOPS(...)``, ``[1]!RPLOPS(...)`` or
``'C:\\...\\xlscore.xlam'!RPLOPS(...)`` (a function from an add-in workbook), or
``ORG.XLSCORE.CALC.FUNCTIONS.RPLOPS(...)`` (xlscore's LibreOffice extension, as LibreOffice 7.4 names it in an .xlsx;
LibreOffice 25.2 writes ``RPLOPS``). The tokenizer tells a call from a name, a text or an array, and an argument
left out (``RPLOPS(2,5,,,2)``) from one given.
"""

from __future__ import annotations

import re

from xlscore.engine.functions.registered import REGISTERED, CellFunction
from xlscore.engine.rewrite.tokens import Token, Tokenizer, TokenizerError

__all__ = [
    "BLANK_FUNCTION",
    "LIBREOFFICE_PREFIX",
    "Omitted",
    "bracketed",
    "call_arguments",
    "constant",
    "direct_call",
    "function_names",
    "normalise_formula",
    "plain_calls",
    "render",
    "tokens",
    "with_omitted_marked",
    "xlscore_name",
]

BLANK_FUNCTION = "XLSCORE_BLANK"
"""What an argument left out of an xlscore call becomes: the engine would read it as 0, and xlscore needs to know."""

LIBREOFFICE_PREFIX = "ORG.XLSCORE.CALC.FUNCTIONS."
"""The service name LibreOffice puts before an add-in function's name where it knows no Excel name for it."""

# What may stand before the ! of a function from another workbook: an external link, or an add-in's file name.
_ADDIN = re.compile(r"\[\d+\]|'[^']*\.xla[ms]?'|[^'!]*\.xla[ms]?", re.IGNORECASE)
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_WHOLE = re.compile(r"[+-]?\d+")


def tokens(text: str) -> list[Token]:
    """The formula's tokens (with or without its leading =); ValueError when it cannot be read."""
    try:
        return list(Tokenizer(text if text.startswith("=") else "=" + text).items)
    except (TokenizerError, IndexError) as exc:  # IndexError: a ) with no ( before it
        raise ValueError(str(exc) or f"unbalanced brackets in {text}") from exc


def _opens_call(token: Token) -> bool:
    return bool(token.type == Token.FUNC and token.subtype == Token.OPEN)


def xlscore_name(call: str) -> str | None:
    """The xlscore function a call names (``_xldudf_RPLOPS(`` is ``RPLOPS``), or None for any other function."""
    book, bang, name = call.removesuffix("(").rpartition("!")
    if bang and _ADDIN.fullmatch(book) is None:
        return None
    name = name.upper().removeprefix("_XLL.").removeprefix(LIBREOFFICE_PREFIX)
    if name.startswith("_XLDUDF_"):
        name = name.removeprefix("_XLDUDF_")
        while name not in REGISTERED and "_" in name:  # a namespace before the name: _xldudf_ADDIN_RPLOPS
            name = name.split("_", 1)[1]
    return name if name in REGISTERED else None


def call_arguments(items: list[Token], start: int) -> tuple[list[list[Token]], int] | None:
    """The arguments of the call whose opening token is at ``start`` (each a list of tokens), and the index of
    its closing token; None when the call is not closed. Also the values of brackets that open at ``start``,
    ``(1, 2)`` after a LAMBDA, where the tokenizer writes each top-level comma as the union operator."""
    arguments: list[list[Token]] = [[]]
    depth = 0
    for i in range(start + 1, len(items)):
        token = items[i]
        if token.subtype == Token.OPEN:
            depth += 1
        elif token.subtype == Token.CLOSE:
            if depth == 0:
                return arguments, i
            depth -= 1
        elif token.value == "," and token.type in (Token.SEP, Token.OP_IN) and depth == 0:
            arguments.append([])
            continue
        arguments[-1].append(token)
    return None


def bracketed(tokens: list[Token]) -> list[Token]:
    """``tokens`` in brackets, as a value written into a formula in the place of a name or a call."""
    return [Token("(", Token.PAREN, Token.OPEN), *tokens, Token(")", Token.PAREN, Token.CLOSE)]


def plain_calls(items: list[Token]) -> list[Token]:
    """The tokens with every xlscore call under its plain name (``RPLOPS(``)."""
    out = []
    for token in items:
        name = xlscore_name(token.value) if _opens_call(token) else None
        out.append(token if name is None else Token(f"{name}(", Token.FUNC, Token.OPEN))
    return out


def function_names(items: list[Token]) -> set[str]:
    """Every function the formula calls, as written (an xlscore one as its plain name after :func:`plain_calls`)."""
    return {token.value.removesuffix("(") for token in items if _opens_call(token)}


class Omitted:
    """An argument left out of the formula: what :data:`BLANK_FUNCTION` gives the function called."""


# Excel's functions whose left-out argument means its default, which the engine gave them as 0 (WORKDAY.INTL's
# weekend, Saturday and Sunday; 0 is no weekend code; OFFSET's height, the reference's; DCOUNT's field, every
# record; LINEST's const, TRUE): their left-out arguments
# are marked as xlscore's are.
_DEFAULTED = frozenset(
    {"WORKDAY.INTL", "NETWORKDAYS.INTL", "_XLFN.WORKDAY.INTL", "_XLFN.NETWORKDAYS.INTL", "_XLFN.XLOOKUP", "XLOOKUP"}
    | {"OFFSET", "XLSCORE_OFFSET", "DCOUNT", "DCOUNTA", "LINEST", "LOGEST", "TREND", "GROWTH", "VDB"}
)


def with_omitted_marked(items: list[Token]) -> list[Token]:
    """Each argument left out of an xlscore call (``RPLOPS(2,5,,,2)``), or of one of Excel's functions that give
    it a default (:data:`_DEFAULTED`), as a call of :data:`BLANK_FUNCTION`."""
    out: list[Token] = []
    in_xlscore: list[bool] = []  # for each bracket open here: whether it is an xlscore call
    last: Token | None = None  # the last token that is not white space
    for token in items:
        if token.type == Token.WSPACE:
            out.append(token)
            continue
        after_separator = last is not None and last.type == Token.SEP
        left_out = (token.type == Token.SEP and (after_separator or (last is not None and _opens_call(last)))) or (
            token.subtype == Token.CLOSE and after_separator
        )
        if in_xlscore and in_xlscore[-1] and left_out:
            out += [Token(f"{BLANK_FUNCTION}(", Token.FUNC, Token.OPEN), Token(")", Token.FUNC, Token.CLOSE)]
        if token.subtype == Token.OPEN:
            called = token.value.removesuffix("(")
            in_xlscore.append(_opens_call(token) and (called in REGISTERED or called.upper() in _DEFAULTED))
        elif token.subtype == Token.CLOSE and in_xlscore:
            in_xlscore.pop()
        out.append(token)
        last = token
    return out


def render(items: list[Token]) -> str:
    """The formula the tokens make, with a leading = (a run of spaces as one)."""
    return "=" + "".join(token.value for token in items)


def normalise_formula(text: str) -> str:
    """The formula with every xlscore function under its plain name, omitted arguments marked, and a leading =."""
    return render(with_omitted_marked(plain_calls(tokens(text))))


def direct_call(items: list[Token]) -> tuple[CellFunction, list[str]] | None:
    """The function and the text of each argument when the formula is one xlscore call (after :func:`plain_calls`)
    and nothing else calls or brackets inside it: ``RPLOPS(E2:E999,C2:C999,,2)``; an argument left out is ``""``.
    """
    start, end = 0, len(items)
    while start < end and items[start].type == Token.WSPACE:
        start += 1
    while end > start and items[end - 1].type == Token.WSPACE:
        end -= 1
    if end - start < 2 or not _opens_call(items[start]) or items[end - 1].subtype != Token.CLOSE:
        return None
    function = REGISTERED.get(items[start].value.removesuffix("("))
    if function is None:
        return None
    inside = _blank_passed_on(items[start + 1 : end - 1])
    if inside is None or any(token.subtype in (Token.OPEN, Token.CLOSE) for token in inside):
        return None
    arguments = [""]
    for token in inside:
        if token.type == Token.SEP:
            arguments.append("")
        else:
            arguments[-1] += token.value
    given = any(token.type != Token.WSPACE for token in inside)
    return function, [argument.strip() for argument in arguments] if given else []


def _blank_passed_on(items: list[Token]) -> list[Token] | None:
    """The tokens with each ``IF(X="","",X)`` of one cell X as X alone (None when a bracket is left unclosed).

    The templates pass a setting that way (``setting_argument``), so that LibreOffice hands a blank setting on as the
    empty text rather than 0. For an xlscore argument the two are one: X blank or empty text gives the empty text,
    which the function reads as an argument left out, as it reads X blank; an error in X is that error either way;
    anything else is X. So such a call still takes the direct path.
    """
    out: list[Token] = []
    i = 0
    while i < len(items):
        token = items[i]
        if _opens_call(token) and token.value.upper() == "IF(":
            close = next((j for j in range(i + 1, len(items)) if items[j].subtype == Token.CLOSE), None)
            if close is None:
                return None
            inner = [t for t in items[i + 1 : close] if t.type != Token.WSPACE]
            shape = [(t.type, t.subtype, t.value.upper()) for t in inner]
            if (
                len(inner) == 7
                and shape[0][:2] == (Token.OPERAND, Token.RANGE)
                and ":" not in shape[0][2]  # one cell: a range would give an array of empty texts, not blanks
                and shape[1] == (Token.OP_IN, "", "=")
                and shape[2] == shape[4] == (Token.OPERAND, Token.TEXT, '""')
                and shape[3][0] == shape[5][0] == Token.SEP
                and shape[6] == shape[0]
            ):
                out.append(inner[0])
                i = close + 1
                continue
        out.append(token)
        i += 1
    return out


def constant(text: str) -> tuple[bool, object]:
    """Whether an argument's text is a constant, and its value: blank (left out), TRUE or FALSE, a text, a number."""
    if text == "":
        return True, None
    if text.upper() in ("TRUE", "FALSE"):
        return True, text.upper() == "TRUE"
    if text.startswith('"') and text.endswith('"') and len(text) >= 2:
        return True, text[1:-1].replace('""', '"')
    if _NUMBER.fullmatch(text):
        number = float(text)
        return True, int(number) if _WHOLE.fullmatch(text) else number
    return False, None
