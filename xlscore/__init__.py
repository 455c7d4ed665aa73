"""xlscore: tournament scoring for board-game, train-game and Diplomacy events.

Every spreadsheet function is also a Python function of the same name in lower case, with the same arguments in
the same order and the same docstring: ``=RPLOPS(2, 5)`` in a cell is ``xlscore.rplops(2, 5)`` here.
"""

from xlscore.core.diplomacy import diplomacy_board, diplomacy_systems
from xlscore.core.diplomacy.event import DiplomacyStanding, diplomacy_points, diplomacy_standings
from xlscore.core.errors import InputError, TableError, WorkbookError, XlscoreError
from xlscore.core.gibbs import (
    GibbsRating,
    GibbsRatings,
    GibbsRpByGame,
    GibbsStep,
    gibbs_game,
    gibbs_ratings,
    gibbs_rp_by_game,
    gibbs_update,
)
from xlscore.core.league import (
    LeagueGame,
    LeagueSeat,
    LeagueSize,
    LeagueStanding,
    LifetimeStanding,
    SeasonWinner,
    league_formation,
    league_game_name,
    league_lifetime,
    league_name,
    league_points,
    league_schedule,
    league_season_games,
    league_season_winners,
    league_sizes,
    league_standings,
)
from xlscore.core.league.history import league_lifetime_standings, league_next_season, league_winners
from xlscore.core.puffing_billy import (
    pb_board,
    pb_bonus,
    pb_final,
    pb_final_bonuses,
    pb_final_ratio,
    pb_finals,
    pb_game_score,
    pb_points,
    pb_standings,
    pb_winner_bonus,
)
from xlscore.core.rplops import plops, rplops, rplops2, rplops_game
from xlscore.core.rplops_event import RplopsStanding, rplops_points, rplops_standings
from xlscore.core.seating import (
    RepeatedPair,
    Seating,
    SeatingMeasure,
    SeatingQuality,
    SeatingRow,
    seating,
    seating_quality,
)
from xlscore.core.size_matters import size_matters, size_matters_board, size_matters_points, size_matters_standings
from xlscore.core.table import Table

__all__ = [
    "DiplomacyStanding",
    "GibbsRating",
    "GibbsRatings",
    "GibbsRpByGame",
    "GibbsStep",
    "InputError",
    "LeagueGame",
    "LeagueSeat",
    "LeagueSize",
    "LeagueStanding",
    "LifetimeStanding",
    "RepeatedPair",
    "RplopsStanding",
    "SeasonWinner",
    "Seating",
    "SeatingMeasure",
    "SeatingQuality",
    "SeatingRow",
    "Table",
    "TableError",
    "WorkbookError",
    "XlscoreError",
    "diplomacy_board",
    "diplomacy_points",
    "diplomacy_standings",
    "diplomacy_systems",
    "gibbs_game",
    "gibbs_ratings",
    "gibbs_rp_by_game",
    "gibbs_update",
    "league_formation",
    "league_game_name",
    "league_lifetime",
    "league_lifetime_standings",
    "league_name",
    "league_next_season",
    "league_points",
    "league_schedule",
    "league_season_games",
    "league_season_winners",
    "league_sizes",
    "league_standings",
    "league_winners",
    "pb_board",
    "pb_bonus",
    "pb_final",
    "pb_final_bonuses",
    "pb_final_ratio",
    "pb_finals",
    "pb_game_score",
    "pb_points",
    "pb_standings",
    "pb_winner_bonus",
    "plops",
    "rplops",
    "rplops2",
    "rplops_game",
    "rplops_points",
    "rplops_standings",
    "seating",
    "seating_quality",
    "size_matters",
    "size_matters_board",
    "size_matters_points",
    "size_matters_standings",
]

__version__ = "0.1.0"
