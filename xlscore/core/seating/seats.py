"""Which seat at the table: each table's players put in seat order so that nobody takes the same seat twice where
that can be avoided, and each player's seats are spread as evenly as the rounds allow.

A player's seat counts ``c`` (how often they sat in seat 1, 2, ...) cost ``SEAT_REPEAT`` for every seat taken more
than once plus the sum of ``c^2``, which is least when the counts are even. Seats are independent of who sits at
which table, so this follows the table search and never costs a repeated pair.

1. **Colouring**: the tables and the players form a bipartite graph, and a seat is a colour of its edges. With
   every table full, Koenig's edge-colouring theorem says the edges can be coloured with as many colours as a table
   has seats so that no table and no player has a colour twice: nobody takes a seat twice when there are no more
   rounds than seats, and with more rounds (each player split into one vertex per ``seats`` rounds) every seat is
   taken ``rounds / seats`` times, rounded up or down. It is built an edge at a time, swapping the two colours along
   an alternating path when needed (the textbook proof). A table one player short gets a stand-in for its empty
   seat; a player the colouring puts in that seat takes the stand-in's instead.
2. **Polishing**: each table is then one assignment problem (players to seats, at most 7 x 7), solved exactly by the
   Hungarian method with every other table's seats as they stand; passes over all tables repeat until no table
   improves.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["assign", "seat_order"]

SEAT_REPEAT = 1000
"""What taking a seat again costs, against 2c + 1 for the spread: repeats first, then evenness."""

PASSES = 30


def assign(cost: Sequence[Sequence[int]]) -> list[int]:
    """The minimum-cost assignment of a square cost matrix: ``result[i]`` is the column given to row ``i``
    (the Hungarian method with potentials, O(n^3))."""
    n = len(cost)
    inf = float("inf")
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    match = [0] * (n + 1)  # column -> row, from 1; 0 is free
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        match[0] = i
        j0 = 0
        low = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = match[j0], inf, 0
            for j in range(1, n + 1):
                if not used[j]:
                    current = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if current < low[j]:
                        low[j], way[j] = current, j0
                    if low[j] < delta:
                        delta, j1 = low[j], j
            for j in range(n + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    low[j] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
    result = [0] * n
    for j in range(1, n + 1):
        result[match[j] - 1] = j - 1
    return result


def _marginal(count: int) -> int:
    return (SEAT_REPEAT if count else 0) + 2 * count + 1


def colouring(seating: list[list[list[int]]], players: int, seats: int) -> list[list[list[int]]]:
    """Every table of ``seating`` in seat order by a proper edge colouring (step 1 of the module docstring)."""
    tables = [(r, t) for r, round_tables in enumerate(seating) for t in range(len(round_tables))]
    # Vertices: each table; each player's j-th group of ``seats`` rounds; each empty seat's stand-in.
    at_table: list[dict[int, tuple[int, int]]] = [{} for _ in tables]  # colour -> vertex
    at_vertex: dict[tuple[int, int], dict[int, int]] = {}  # vertex -> colour -> table
    played = [0] * players
    edges: list[tuple[int, tuple[int, int]]] = []
    for g, (r, t) in enumerate(tables):
        table = seating[r][t]
        for p in table:
            edges.append((g, (p, played[p] // seats)))
            played[p] += 1
        edges.extend((g, (-1 - g, k)) for k in range(seats - len(table)))
    for g, vertex in edges:
        free_at = at_vertex.setdefault(vertex, {})
        alpha = next(c for c in range(seats) if c not in free_at)
        beta = next(c for c in range(seats) if c not in at_table[g])
        if alpha in at_table[g]:
            # Swap alpha and beta along the path from g that starts with alpha: alpha is then free at g. The path
            # cannot reach ``vertex``, which lacks alpha (the textbook argument), and g lacks beta, so it ends.
            path: list[tuple[int, tuple[int, int], int]] = []
            node: int | tuple[int, int] = g
            colour = alpha
            while True:
                if isinstance(node, int):
                    if colour not in at_table[node]:
                        break
                    path.append((node, at_table[node][colour], colour))
                    node = at_table[node][colour]
                else:
                    if colour not in at_vertex[node]:
                        break
                    path.append((at_vertex[node][colour], node, colour))
                    node = at_vertex[node][colour]
                colour = beta if colour == alpha else alpha
            for h, v, c in path:
                del at_table[h][c]
                del at_vertex[v][c]
            for h, v, c in path:
                swapped = beta if c == alpha else alpha
                at_table[h][swapped] = v
                at_vertex[v][swapped] = h
        at_table[g][alpha] = vertex
        free_at[alpha] = g
    ordered: list[list[list[int]]] = [[[] for _ in round_tables] for round_tables in seating]
    for g, (r, t) in enumerate(tables):
        size = len(seating[r][t])
        by_colour = {c: v[0] for c, v in at_table[g].items()}
        spare = [c for c in range(size) if by_colour[c] < 0]
        moved = [by_colour[c] for c in range(size, seats) if by_colour[c] >= 0]
        row = [by_colour[c] for c in range(size)]
        for c, p in zip(spare, moved, strict=True):
            row[c] = p
        ordered[r][t] = row
    return ordered


def seat_order(seating: list[list[list[int]]], players: int, seats: int) -> list[list[list[int]]]:
    """Every table of ``seating`` with its players in seat order (seat 1 first)."""
    counts = [[0] * seats for _ in range(players)]
    ordered = colouring(seating, players, seats)
    for tables in ordered:
        for table in tables:
            for s, p in enumerate(table):
                counts[p][s] += 1
    for _ in range(PASSES):
        changed = False
        for tables in ordered:
            for t, table in enumerate(tables):
                for s, p in enumerate(table):
                    counts[p][s] -= 1
                size = len(table)
                before = sum(_marginal(counts[p][s]) for s, p in enumerate(table))
                choice = assign([[_marginal(counts[p][s]) for s in range(size)] for p in table])
                after = sum(_marginal(counts[p][choice[i]]) for i, p in enumerate(table))
                if after < before:
                    reordered = [0] * size
                    for i, p in enumerate(table):
                        reordered[choice[i]] = p
                    tables[t] = table = reordered
                    changed = True
                for s, p in enumerate(table):
                    counts[p][s] += 1
        if not changed:
            break
    return ordered
