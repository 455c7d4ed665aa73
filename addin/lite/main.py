"""xlscore in xlwings Lite: paste this file into the Lite editor's main.py.

Functions: GIBBS_GAME, GIBBS_RATINGS, GIBBS_UPDATE, LEAGUE_POINTS, LEAGUE_SCHEDULE,
LEAGUE_STANDINGS, PB_BOARD, PB_BONUS, PB_FINAL, PB_FINAL_RATIO, PB_GAME_SCORE, PB_STANDINGS,
PB_WINNER_BONUS, PLOPS, RPLOPS, RPLOPS2, RPLOPS_GAME, RPLOPS_POINTS, RPLOPS_STANDINGS, SIZE_MATTERS,
SIZE_MATTERS_BOARD, SIZE_MATTERS_STANDINGS.
"""

# The functions are made from xlscore's catalogue when the module is imported.
from xlscore.excel.udfs import *  # noqa: F403
