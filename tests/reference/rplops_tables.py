"""The RPLOPS page's two published tables, typed in as printed (../shared/seeds/000_3384471a66e1fffb.txt).

Keys are (rank, n); values are the printed strings, so the number of decimals printed is kept: a check compares to
half a unit of the last printed digit.
"""

# RPLOPS_0(50), version 1. The page prints 28.58 for rank 5 of 6: the formula gives 28.571..., a slip.
VERSION_1: dict[tuple[int, int], str] = {
    (1, 6): "85.71", (1, 5): "83.33", (1, 4): "80.00", (1, 3): "75.00", (1, 2): "66.67",
    (2, 6): "71.43", (2, 5): "66.67", (2, 4): "60.00", (2, 3): "50.00", (2, 2): "33.33",
    (3, 6): "57.14", (3, 5): "50", (3, 4): "40.00", (3, 3): "25.00",
    (4, 6): "42.86", (4, 5): "33.33", (4, 4): "20.00",
    (5, 6): "28.58", (5, 5): "16.67",
    (6, 6): "14.29",
}  # fmt: skip
VERSION_1_SLIPS: dict[tuple[int, int], str] = {(5, 6): "28.57"}
"""Where the printed figure disagrees with the stated formula: the corrected figure, to the printed precision."""

# RPLOPS2_0(50), version 2.
VERSION_2: dict[tuple[int, int], str] = {
    (1, 6): "100", (1, 5): "100", (1, 4): "100", (1, 3): "100", (1, 2): "100",
    (2, 6): "80", (2, 5): "75", (2, 4): "66.7", (2, 3): "50", (2, 2): "0",
    (3, 6): "60", (3, 5): "50", (3, 4): "33.3", (3, 3): "0",
    (4, 6): "40", (4, 5): "25", (4, 4): "0",
    (5, 6): "20", (5, 5): "0",
    (6, 6): "0",
}  # fmt: skip

# The tie examples: a 5-player game with a tie for 2nd (ranks 1, 2, 2, 4, 5).
TIE_FOR_SECOND_OF_5_V1 = "58.33"
TIE_FOR_SECOND_OF_5_V2 = "62.5"
