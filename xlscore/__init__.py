"""xlscore: tournament scoring for board-game, train-game and Diplomacy events.

Every spreadsheet function is also a Python function of the same name in lower case, with the same arguments in
the same order and the same docstring: ``=RPLOPS(2, 5)`` in a cell is ``xlscore.rplops(2, 5)`` here.
"""

import importlib
from typing import TYPE_CHECKING, Any

from xlscore.core.errors import InputError, TableError, WorkbookError, XlscoreError

if TYPE_CHECKING:
    from xlscore.core.diplomacy import diplomacy_board, diplomacy_systems
    from xlscore.core.diplomacy.compare import DiplomacyComparison, diplomacy_compare
    from xlscore.core.diplomacy.event import (
        DiplomacyStanding,
        diplomacy_points,
        diplomacy_standings,
        diplomacy_standings_by_round,
    )
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
        pb_standings_by_round,
        pb_winner_bonus,
    )
    from xlscore.core.rounds import RoundStanding
    from xlscore.core.rplops import plops, rplops, rplops2, rplops_game
    from xlscore.core.rplops_event import (
        RplopsStanding,
        rplops_needs,
        rplops_points,
        rplops_standings,
        rplops_standings_by_round,
    )
    from xlscore.core.seating import (
        RepeatedPair,
        Seating,
        SeatingMeasure,
        SeatingQuality,
        SeatingRow,
        seating,
        seating_quality,
    )
    from xlscore.core.shown import players_shown
    from xlscore.core.size_matters import (
        size_matters,
        size_matters_board,
        size_matters_points,
        size_matters_standings,
        size_matters_standings_by_round,
    )
    from xlscore.core.table import Table
    from xlscore.excel.publish import publish
    from xlscore.excel.templates import FilledTemplate, read_template

# Each system is imported when one of its functions is first used, so that the command line starts in a fraction of
# a second and a script that scores RPLOPS does not load the Gibbs replay or numpy.
_LAZY = {
    "diplomacy_board": "xlscore.core.diplomacy",
    "diplomacy_systems": "xlscore.core.diplomacy",
    "DiplomacyComparison": "xlscore.core.diplomacy.compare",
    "diplomacy_compare": "xlscore.core.diplomacy.compare",
    "DiplomacyStanding": "xlscore.core.diplomacy.event",
    "diplomacy_points": "xlscore.core.diplomacy.event",
    "diplomacy_standings": "xlscore.core.diplomacy.event",
    "diplomacy_standings_by_round": "xlscore.core.diplomacy.event",
    "GibbsRating": "xlscore.core.gibbs",
    "GibbsRatings": "xlscore.core.gibbs",
    "GibbsRpByGame": "xlscore.core.gibbs",
    "GibbsStep": "xlscore.core.gibbs",
    "gibbs_game": "xlscore.core.gibbs",
    "gibbs_ratings": "xlscore.core.gibbs",
    "gibbs_rp_by_game": "xlscore.core.gibbs",
    "gibbs_update": "xlscore.core.gibbs",
    "LeagueGame": "xlscore.core.league",
    "LeagueSeat": "xlscore.core.league",
    "LeagueSize": "xlscore.core.league",
    "LeagueStanding": "xlscore.core.league",
    "LifetimeStanding": "xlscore.core.league",
    "SeasonWinner": "xlscore.core.league",
    "league_formation": "xlscore.core.league",
    "league_game_name": "xlscore.core.league",
    "league_lifetime": "xlscore.core.league",
    "league_name": "xlscore.core.league",
    "league_points": "xlscore.core.league",
    "league_schedule": "xlscore.core.league",
    "league_season_games": "xlscore.core.league",
    "league_season_winners": "xlscore.core.league",
    "league_sizes": "xlscore.core.league",
    "league_standings": "xlscore.core.league",
    "league_lifetime_standings": "xlscore.core.league.history",
    "league_next_season": "xlscore.core.league.history",
    "league_winners": "xlscore.core.league.history",
    "pb_board": "xlscore.core.puffing_billy",
    "pb_bonus": "xlscore.core.puffing_billy",
    "pb_final": "xlscore.core.puffing_billy",
    "pb_final_bonuses": "xlscore.core.puffing_billy",
    "pb_final_ratio": "xlscore.core.puffing_billy",
    "pb_finals": "xlscore.core.puffing_billy",
    "pb_game_score": "xlscore.core.puffing_billy",
    "pb_points": "xlscore.core.puffing_billy",
    "pb_standings": "xlscore.core.puffing_billy",
    "pb_standings_by_round": "xlscore.core.puffing_billy",
    "pb_winner_bonus": "xlscore.core.puffing_billy",
    "plops": "xlscore.core.rplops",
    "publish": "xlscore.excel.publish",
    "rplops": "xlscore.core.rplops",
    "rplops2": "xlscore.core.rplops",
    "rplops_game": "xlscore.core.rplops",
    "RplopsStanding": "xlscore.core.rplops_event",
    "rplops_points": "xlscore.core.rplops_event",
    "rplops_standings": "xlscore.core.rplops_event",
    "players_shown": "xlscore.core.shown",
    "rplops_standings_by_round": "xlscore.core.rplops_event",
    "rplops_needs": "xlscore.core.rplops_event",
    "RoundStanding": "xlscore.core.rounds",
    "RepeatedPair": "xlscore.core.seating",
    "Seating": "xlscore.core.seating",
    "SeatingMeasure": "xlscore.core.seating",
    "SeatingQuality": "xlscore.core.seating",
    "SeatingRow": "xlscore.core.seating",
    "seating": "xlscore.core.seating",
    "seating_quality": "xlscore.core.seating",
    "size_matters": "xlscore.core.size_matters",
    "size_matters_board": "xlscore.core.size_matters",
    "size_matters_points": "xlscore.core.size_matters",
    "size_matters_standings": "xlscore.core.size_matters",
    "size_matters_standings_by_round": "xlscore.core.size_matters",
    "Table": "xlscore.core.table",
    "FilledTemplate": "xlscore.excel.templates",
    "read_template": "xlscore.excel.templates",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'xlscore' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "DiplomacyComparison",
    "DiplomacyStanding",
    "FilledTemplate",
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
    "RoundStanding",
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
    "diplomacy_compare",
    "diplomacy_points",
    "diplomacy_standings",
    "diplomacy_standings_by_round",
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
    "pb_standings_by_round",
    "pb_winner_bonus",
    "players_shown",
    "plops",
    "publish",
    "read_template",
    "rplops",
    "rplops2",
    "rplops_game",
    "rplops_needs",
    "rplops_points",
    "rplops_standings",
    "rplops_standings_by_round",
    "seating",
    "seating_quality",
    "size_matters",
    "size_matters_board",
    "size_matters_points",
    "size_matters_standings",
    "size_matters_standings_by_round",
]

__version__ = "0.1.0"
