"""Published worked examples and tables, typed in from the sources as printed."""

from decimal import Decimal

EXACT = Decimal("1e-9")
"""How close a value must be to a whole figure printed without decimals, unless the figure was rounded."""


def printed(value: float, figure: str, *, rounded: bool = False) -> bool:
    """True when ``value`` prints as ``figure``.

    A figure with decimals ("66.67", "80.00") is matched to within half a unit of its last printed digit. A figure
    without decimals ("100", "50", "0") is taken as exact and matched to within 1e-9: the published tables print a
    figure without decimals only where it is exact (RPLOPS, ../shared/seeds/000_3384471a66e1fffb.txt: 50, 100, 80,
    75, 0), and half a unit would let 99.5 pass for 100. Pass ``rounded=True`` for a whole figure that the source
    rounded, to match it to within half a unit (0.5) as well.
    """
    exponent = Decimal(figure).as_tuple().exponent
    assert isinstance(exponent, int)
    tolerance = EXACT if exponent >= 0 and not rounded else Decimal(5).scaleb(exponent - 1)
    return abs(Decimal(repr(float(value))) - Decimal(figure)) <= tolerance
