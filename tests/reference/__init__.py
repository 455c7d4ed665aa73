"""Published worked examples and tables, typed in from the sources as printed."""

from decimal import Decimal


def printed(value: float, figure: str) -> bool:
    """True when ``value`` prints as ``figure``: within half a unit of the figure's last printed digit."""
    exponent = Decimal(figure).as_tuple().exponent
    assert isinstance(exponent, int)
    return abs(Decimal(repr(float(value))) - Decimal(figure)) <= Decimal(5).scaleb(exponent - 1)
