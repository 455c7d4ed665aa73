"""Decimal rounding as the sources do it by hand: half away from zero, on the number as written.

Python's :func:`round` rounds half to even on the binary float, so ``round(0.3125, 3)`` is ``0.312`` while the
Puffing Billy score sheet wants ``0.313``. Here the float is first read as the shortest decimal that prints as it
(``repr``), which is what a coordinator typed or saw, then rounded half-up with :mod:`decimal`.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Context, Decimal

__all__ = ["as_decimal", "round_half_up"]


def as_decimal(value: float | int | Decimal) -> Decimal:
    """The decimal a coordinator would write for ``value`` (``0.1`` is ``Decimal('0.1')``, not its binary)."""
    if isinstance(value, Decimal):
        return value
    return Decimal(repr(value)) if isinstance(value, float) else Decimal(value)


def round_half_up(value: float | int | Decimal, digits: int) -> float:
    """Round to ``digits`` decimals, a tie (…5) going away from zero."""
    exact = as_decimal(value)
    # Enough digits for any size of number: the default context (28 digits) cannot quantize 1e25 to 0.001.
    context = Context(prec=max(28, exact.adjusted() + digits + 2))
    return float(exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP, context=context))
