"""Diplomacy scoring systems' worked boards, as their sources print them.

Each board lists the seven powers in the standard order (Austria, England, France, Germany, Italy, Russia, Turkey);
a source that lists them in another order is re-ordered here, nothing else is changed. Figures are strings as
printed (tests.reference.printed matches a figure to the decimals it prints).
"""

# World Diplomacy Database, C-Diplo 100 (scoring_class.php?id_scoring=5): two boards, "The sum ... is 100".
CDIPLO_100_BOARD_1 = (4, 0, 9, 7, 7, 3, 4)
CDIPLO_100_SCORES_1 = ("5", "1", "48", "18.5", "18.5", "4", "5")
CDIPLO_100_BOARD_2 = (5, 9, 4, 5, 3, 1, 7)
CDIPLO_100_SCORES_2 = ("9.5", "48", "5", "9.5", "4", "2", "22")
# Diplomaticon, "C-Diplo scoring system" (2022): a lone top on 17 scores 56; two tied on 17 score 44 each.
CDIPLO_100_LONE_TOP_17 = "56"
CDIPLO_100_TWO_WAY_TOP_17 = "44"

# webDiplomacy forum thread 1325258 (Carnage): three boards; "0(1st)" is the first power eliminated.
CARNAGE_SOLO = (0, 3, 6, 4, 0, 18, 3)  # Russia 18
CARNAGE_SOLO_SCORES = ("0", "0", "0", "0", "0", "28034", "0")
CARNAGE_DRAW = (0, 3, 6, 4, 0, 14, 7)  # Austria out first, Italy second
CARNAGE_DRAW_SCORES = ("1000", "3003", "5006", "4004", "2000", "7014", "6007")
CARNAGE_SHARED_TOP = (1, 8, 7, 0, 4, 8, 6)
CARNAGE_SHARED_TOP_SCORES = ("2001", "6508", "5007", "1000", "3004", "6508", "4006")
# World Diplomacy Wiki, Carnage Scoring System: two players tied for 2nd and 3rd receive 5500 each (plus centres).
CARNAGE_TIE_2ND_3RD = "5500"

# Windy City Weasels game #398 (12 February 2020), the first Tribute game: five-way draw in 1905.
TRIBUTE_BOARD = (0, 0, 13, 4, 4, 12, 1)
TRIBUTE_SCORES = ("0.000", "0.000", "54.200", "10.200", "10.200", "18.200", "7.200")

# The Embassy, "Tournament Scoring - Part 4: Supply Centre Scoring" (2020): Sum of Squares.
SOS_BOARD = (0, 12, 0, 0, 5, 9, 8)  # England 12, Italy 5, Russia 9, Turkey 8
SOS_SCORES = ("0", "45.86", "0", "0", "7.96", "25.8", "20.38")

# World Diplomacy Wiki, Bangkok 2020 Scoring System: domination bonus (DB) worked examples, and the solo.
BANGKOK_DB_LONE = ((12, 6, 6, 5, 5, 0, 0), {0: "12"})
BANGKOK_DB_THREE = ((12, 11, 10, 1, 0, 0, 0), {0: "6", 1: "4", 2: "2"})
# The wiki's third example, 12, 12, 11, adds up to 35 centres, more than the board holds (a slip); its shares are the
# same on 11, 11, 10 (two toppers, one power a centre behind), which is the board tested.
BANGKOK_DB_SHARED_AS_PRINTED = (12, 12, 11, 0, 0, 0, 0)
BANGKOK_DB_SHARED = ((11, 11, 10, 0, 0, 0, 0), {0: "4.5", 1: "4.5", 2: "3"})
BANGKOK_SOLO = "41"
BANGKOK_ELIMINATED_1905 = "1.5"  # "players eliminated in 1905 receive 5yrs x 0.3 pts/yrs = 1.5 pts"

# Brandon Fogel, OpenTribute (diplobn.com): once every centre is owned, a lone topper scores 10 x centres, a
# non-topping survivor 34 + 4 x centres - topper's centres, an eliminated power 0; a solo 340.
OPEN_TRIBUTE_SOLO = "340"
