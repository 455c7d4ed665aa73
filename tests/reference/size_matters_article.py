"""The Size Matters article's worked figures (../shared/seeds/003_782ad8ccb673dfe3.txt), as printed.

The article rounds the modifier to two decimals before multiplying; the exact figures are the issue's, checked by
hand: 52.5 x 12 / 8.5 = 74.1176..., 5 x 5 / 6.8 = 3.676..., 10 x 10 / 6.8 = 14.705...
"""

DRAW_SCORES = {2: 105, 3: 70, 4: 52.5, 5: 42, 6: 35, 7: 15}
BASE_3_WAY = "11.33"
BASE_5_WAY = 6.8
MODIFIER_5_WAY_12_CENTRES = "1.76"
# 4-way draw, 12 centres: modifier 1.41, 52.5 x 1.41 = 74.03 (article); exact 74.12.
FOUR_WAY_12_ARTICLE, FOUR_WAY_12_EXACT = "74.03", "74.12"
# 4-way draw, 3 centres: modifier 0.35 gives 18.38, below 6/7 of 52.5, so 45 (both ways).
FOUR_WAY_3_UNFLOORED_ARTICLE, FOUR_WAY_3 = "18.38", 45
# Solo, five powers with centres: 5 centres: 0.74 -> 3.7 (article), exact 3.68; 10 centres: 1.47 -> 14.7, exact 14.71.
SOLO_5_ARTICLE, SOLO_5_EXACT = "3.7", "3.68"
SOLO_10_ARTICLE, SOLO_10_EXACT = "14.7", "14.71"
