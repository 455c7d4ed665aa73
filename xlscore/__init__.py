"""xlscore: tournament scoring for board-game, train-game and Diplomacy events.

Every spreadsheet function is also a Python function of the same name in lower case, with the same arguments in
the same order and the same docstring: ``=RPLOPS(2, 5)`` in a cell is ``xlscore.rplops(2, 5)`` here.
"""

import importlib
from typing import TYPE_CHECKING, Any

from xlscore.core.errors import InputError, TableError, WorkbookError, XlscoreError

if TYPE_CHECKING:
    from xlscore.core.events.places import PlacesByRound, places_by_round
    from xlscore.core.events.rounds import RoundStanding
    from xlscore.core.events.shown import players_shown
    from xlscore.core.events.table import Table
    from xlscore.core.seating import (
        RepeatedPair,
        Seating,
        SeatingMeasure,
        SeatingQuality,
        SeatingRow,
        seating,
        seating_quality,
    )
    from xlscore.core.seating.next_seating import NextSeating, seating_next_round
    from xlscore.core.systems.diplomacy import diplomacy_board, diplomacy_systems
    from xlscore.core.systems.diplomacy.compare import DiplomacyComparison, diplomacy_compare
    from xlscore.core.systems.diplomacy.event import (
        DiplomacyStanding,
        diplomacy_needs,
        diplomacy_points,
        diplomacy_standings,
        diplomacy_standings_by_round,
    )
    from xlscore.core.systems.diplomacy.top_board import TopBoardSeat, diplomacy_top_board
    from xlscore.core.systems.gibbs import (
        GibbsRating,
        GibbsRatings,
        GibbsRpByGame,
        GibbsStep,
        gibbs_game,
        gibbs_ratings,
        gibbs_rp_by_game,
        gibbs_update,
    )
    from xlscore.core.systems.league import (
        LeagueGame,
        LeagueSeat,
        LeagueSize,
        LeagueStanding,
        LifetimeStanding,
        PlayerLeague,
        SeasonWinner,
        league_formation,
        league_game_name,
        league_lifetime,
        league_name,
        league_of,
        league_points,
        league_schedule,
        league_season_games,
        league_season_winners,
        league_sizes,
        league_standings,
    )
    from xlscore.core.systems.league.history import league_lifetime_standings, league_next_season, league_winners
    from xlscore.core.systems.puffing_billy import (
        pb_board,
        pb_bonus,
        pb_final,
        pb_final_bonuses,
        pb_final_ratio,
        pb_finals,
        pb_game_score,
        pb_needs,
        pb_points,
        pb_standings,
        pb_standings_by_round,
        pb_winner_bonus,
    )
    from xlscore.core.systems.puffing_billy_qualifiers import Qualifier, pb_qualifiers
    from xlscore.core.systems.puffing_billy_sheet import pb_score_sheet
    from xlscore.core.systems.rplops import plops, rplops, rplops2, rplops_game
    from xlscore.core.systems.rplops_event import (
        RplopsStanding,
        rplops_needs,
        rplops_points,
        rplops_standings,
        rplops_standings_by_round,
    )
    from xlscore.core.systems.size_matters import (
        size_matters,
        size_matters_board,
        size_matters_needs,
        size_matters_points,
        size_matters_standings,
        size_matters_standings_by_round,
    )
    from xlscore.excel.publish import publish
    from xlscore.excel.templates import FilledTemplate, read_template

# Each system is imported when one of its functions is first used, so that the command line starts in a fraction of
# a second and a script that scores RPLOPS does not load the Gibbs replay or numpy.
_LAZY = {
    "NextSeating": "xlscore.core.seating.next_seating",
    "seating_next_round": "xlscore.core.seating.next_seating",
    "PlacesByRound": "xlscore.core.events.places",
    "places_by_round": "xlscore.core.events.places",
    "diplomacy_board": "xlscore.core.systems.diplomacy",
    "diplomacy_systems": "xlscore.core.systems.diplomacy",
    "DiplomacyComparison": "xlscore.core.systems.diplomacy.compare",
    "diplomacy_compare": "xlscore.core.systems.diplomacy.compare",
    "DiplomacyStanding": "xlscore.core.systems.diplomacy.event",
    "diplomacy_points": "xlscore.core.systems.diplomacy.event",
    "diplomacy_standings": "xlscore.core.systems.diplomacy.event",
    "diplomacy_standings_by_round": "xlscore.core.systems.diplomacy.event",
    "diplomacy_needs": "xlscore.core.systems.diplomacy.event",
    "TopBoardSeat": "xlscore.core.systems.diplomacy.top_board",
    "diplomacy_top_board": "xlscore.core.systems.diplomacy.top_board",
    "GibbsRating": "xlscore.core.systems.gibbs",
    "GibbsRatings": "xlscore.core.systems.gibbs",
    "GibbsRpByGame": "xlscore.core.systems.gibbs",
    "GibbsStep": "xlscore.core.systems.gibbs",
    "gibbs_game": "xlscore.core.systems.gibbs",
    "gibbs_ratings": "xlscore.core.systems.gibbs",
    "gibbs_rp_by_game": "xlscore.core.systems.gibbs",
    "gibbs_update": "xlscore.core.systems.gibbs",
    "LeagueGame": "xlscore.core.systems.league",
    "LeagueSeat": "xlscore.core.systems.league",
    "LeagueSize": "xlscore.core.systems.league",
    "LeagueStanding": "xlscore.core.systems.league",
    "LifetimeStanding": "xlscore.core.systems.league",
    "SeasonWinner": "xlscore.core.systems.league",
    "league_formation": "xlscore.core.systems.league",
    "league_game_name": "xlscore.core.systems.league",
    "league_lifetime": "xlscore.core.systems.league",
    "league_name": "xlscore.core.systems.league",
    "league_of": "xlscore.core.systems.league",
    "PlayerLeague": "xlscore.core.systems.league",
    "league_points": "xlscore.core.systems.league",
    "league_schedule": "xlscore.core.systems.league",
    "league_season_games": "xlscore.core.systems.league",
    "league_season_winners": "xlscore.core.systems.league",
    "league_sizes": "xlscore.core.systems.league",
    "league_standings": "xlscore.core.systems.league",
    "league_lifetime_standings": "xlscore.core.systems.league.history",
    "league_next_season": "xlscore.core.systems.league.history",
    "league_winners": "xlscore.core.systems.league.history",
    "pb_board": "xlscore.core.systems.puffing_billy",
    "pb_bonus": "xlscore.core.systems.puffing_billy",
    "pb_final": "xlscore.core.systems.puffing_billy",
    "pb_final_bonuses": "xlscore.core.systems.puffing_billy",
    "pb_final_ratio": "xlscore.core.systems.puffing_billy",
    "pb_finals": "xlscore.core.systems.puffing_billy",
    "pb_game_score": "xlscore.core.systems.puffing_billy",
    "pb_points": "xlscore.core.systems.puffing_billy",
    "pb_standings": "xlscore.core.systems.puffing_billy",
    "pb_standings_by_round": "xlscore.core.systems.puffing_billy",
    "pb_needs": "xlscore.core.systems.puffing_billy",
    "Qualifier": "xlscore.core.systems.puffing_billy_qualifiers",
    "pb_qualifiers": "xlscore.core.systems.puffing_billy_qualifiers",
    "pb_winner_bonus": "xlscore.core.systems.puffing_billy",
    "pb_score_sheet": "xlscore.core.systems.puffing_billy_sheet",
    "plops": "xlscore.core.systems.rplops",
    "publish": "xlscore.excel.publish",
    "rplops": "xlscore.core.systems.rplops",
    "rplops2": "xlscore.core.systems.rplops",
    "rplops_game": "xlscore.core.systems.rplops",
    "RplopsStanding": "xlscore.core.systems.rplops_event",
    "rplops_points": "xlscore.core.systems.rplops_event",
    "rplops_standings": "xlscore.core.systems.rplops_event",
    "players_shown": "xlscore.core.events.shown",
    "rplops_standings_by_round": "xlscore.core.systems.rplops_event",
    "rplops_needs": "xlscore.core.systems.rplops_event",
    "RoundStanding": "xlscore.core.events.rounds",
    "RepeatedPair": "xlscore.core.seating",
    "Seating": "xlscore.core.seating",
    "SeatingMeasure": "xlscore.core.seating",
    "SeatingQuality": "xlscore.core.seating",
    "SeatingRow": "xlscore.core.seating",
    "seating": "xlscore.core.seating",
    "seating_quality": "xlscore.core.seating",
    "size_matters": "xlscore.core.systems.size_matters",
    "size_matters_board": "xlscore.core.systems.size_matters",
    "size_matters_points": "xlscore.core.systems.size_matters",
    "size_matters_standings": "xlscore.core.systems.size_matters",
    "size_matters_standings_by_round": "xlscore.core.systems.size_matters",
    "size_matters_needs": "xlscore.core.systems.size_matters",
    "Table": "xlscore.core.events.table",
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
    "NextSeating",
    "PlacesByRound",
    "PlayerLeague",
    "Qualifier",
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
    "TopBoardSeat",
    "WorkbookError",
    "XlscoreError",
    "diplomacy_board",
    "diplomacy_compare",
    "diplomacy_needs",
    "diplomacy_points",
    "diplomacy_standings",
    "diplomacy_standings_by_round",
    "diplomacy_systems",
    "diplomacy_top_board",
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
    "league_of",
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
    "pb_needs",
    "pb_points",
    "pb_qualifiers",
    "pb_score_sheet",
    "pb_standings",
    "pb_standings_by_round",
    "pb_winner_bonus",
    "places_by_round",
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
    "seating_next_round",
    "seating_quality",
    "size_matters",
    "size_matters_board",
    "size_matters_needs",
    "size_matters_points",
    "size_matters_standings",
    "size_matters_standings_by_round",
]

__version__ = "0.1.0"
