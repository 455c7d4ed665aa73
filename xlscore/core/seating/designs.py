"""Known designs: seatings in which no two players ever meet twice, built directly when the numbers match.

When ``players = table_size x q`` for a prime power ``q`` at least ``table_size``, the resolvable transversal design
TD(table_size, q) seats every round with no pair meeting twice for ``q`` rounds; when ``q = table_size`` it is the
affine plane of order ``q``, which has one round more (``q + 1`` rounds, every pair meeting exactly once). Examples:
16 players in tables of 4 for 5 rounds (the affine plane of order 4, the resolvable 2-(16,4,1) design), 9 in tables
of 3 for 4 rounds, 25 in tables of 5 for 6, 49 in tables of 7 for 8, 20 in tables of 4 for 5 rounds, 28 for 7.

Kirkman's schoolgirls (15 players in tables of 3 for 7 rounds, every pair meeting exactly once; T. P. Kirkman,
1850) are a table here (:data:`KIRKMAN`), a solution found once by this package's search and checked by the tests,
pair by pair.

The construction: player ``(a, b)``, with ``a`` one of the first ``table_size`` elements of the field GF(q) and ``b``
any element, is player number ``a x q + b``. In round ``r`` (an element of GF(q)), table ``t`` seats the players
``(a, t + r a)`` for every ``a``: two players ``(a, b)`` and ``(a', b')`` with ``a != a'`` share a table only in the
round ``r = (b - b') / (a - a')``, and two with ``a = a'`` never do. The affine plane's extra round seats together
the players with the same ``a``. (R. C. Bose, 1938; any text on resolvable designs or the social golfer problem.)
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["Field", "design", "field"]

Field = tuple[Callable[[int, int], int], Callable[[int, int], int]]
"""A finite field on the numbers 0 to q - 1: its addition and its multiplication."""

# Polynomials irreducible over GF(p) for the prime powers that are not primes, as (p, coefficients of x^0 .. x^(n-1)
# of x^n): x^2 + x + 1 over GF(2), x^3 + x + 1 over GF(2), x^2 + 1 over GF(3).
_EXTENSIONS: dict[int, tuple[int, tuple[int, ...]]] = {4: (2, (1, 1)), 8: (2, (1, 1, 0)), 9: (3, (1, 0))}


KIRKMAN: tuple[tuple[tuple[int, int, int], ...], ...] = (
    ((0, 1, 12), (2, 5, 11), (3, 9, 13), (4, 6, 7), (8, 10, 14)),
    ((0, 3, 5), (1, 2, 4), (6, 8, 13), (7, 11, 14), (9, 10, 12)),
    ((0, 4, 9), (1, 8, 11), (2, 6, 10), (3, 12, 14), (5, 7, 13)),
    ((0, 2, 13), (1, 5, 14), (3, 7, 10), (4, 8, 12), (6, 9, 11)),
    ((0, 7, 8), (1, 10, 13), (2, 9, 14), (3, 4, 11), (5, 6, 12)),
    ((0, 6, 14), (1, 7, 9), (2, 3, 8), (4, 5, 10), (11, 12, 13)),
    ((0, 10, 11), (1, 3, 6), (2, 7, 12), (4, 13, 14), (5, 8, 9)),
)
"""A solution of Kirkman's schoolgirl problem: 7 rounds of 5 tables of 3 over players 0 to 14."""


def _is_prime(q: int) -> bool:
    return q >= 2 and all(q % d for d in range(2, int(q**0.5) + 1))


def field(q: int) -> Field | None:
    """GF(q) for a prime ``q`` or for q = 4, 8, 9; None for any other ``q``."""
    if _is_prime(q):
        return (lambda x, y: (x + y) % q), (lambda x, y: (x * y) % q)
    if q not in _EXTENSIONS:
        return None
    p, reduction = _EXTENSIONS[q]
    degree = len(reduction)

    def digits(x: int) -> list[int]:
        return [(x // p**i) % p for i in range(degree)]

    def number(coefficients: list[int]) -> int:
        return sum(c * p**i for i, c in enumerate(coefficients))

    def add(x: int, y: int) -> int:
        return number([(a + b) % p for a, b in zip(digits(x), digits(y), strict=True)])

    def multiply(x: int, y: int) -> int:
        product = [0] * (2 * degree - 1)
        for i, a in enumerate(digits(x)):
            for j, b in enumerate(digits(y)):
                product[i + j] = (product[i + j] + a * b) % p
        for top in range(len(product) - 1, degree - 1, -1):  # x^degree = -(reduction), from the top down
            c = product[top]
            product[top] = 0
            for i, r in enumerate(reduction):
                product[top - degree + i] = (product[top - degree + i] - c * r) % p
        return number(product[:degree])

    add_table = [[add(x, y) for y in range(q)] for x in range(q)]
    multiply_table = [[multiply(x, y) for y in range(q)] for x in range(q)]
    return (lambda x, y: add_table[x][y]), (lambda x, y: multiply_table[x][y])


def design(players: int, rounds: int, table_size: int) -> tuple[str, list[list[list[int]]]] | None:
    """A seating of ``players`` (numbered from 0) for ``rounds`` rounds in which no pair meets twice, by the
    construction above, with its name; None when the numbers do not match one."""
    if (players, table_size) == (15, 3) and rounds <= len(KIRKMAN):
        return "Kirkman's schoolgirls", [[list(table) for table in tables] for tables in KIRKMAN[:rounds]]
    if players % table_size:
        return None
    q = players // table_size
    gf = field(q)
    if gf is None or q < table_size or rounds > q + (1 if q == table_size else 0):
        return None
    add, multiply = gf
    seating: list[list[list[int]]] = []
    for r in range(min(rounds, q)):
        seating.append([[a * q + add(t, multiply(r, a)) for a in range(table_size)] for t in range(q)])
    if rounds > q:
        seating.append([[a * q + b for b in range(q)] for a in range(table_size)])
    name = (
        f"the affine plane of order {q}"
        if q == table_size
        else f"the resolvable transversal design TD({table_size}, {q})"
    )
    return name, seating
