"""The Meeple League: seasons of leagues of 7 in divisions, with promotion and relegation.

Source: ../shared/seeds/004_b7436f24da9b0589.txt (the Meeple League rules). The narrative, every decision where
the source is silent, and a worked season are in docs/systems/meeple-league.md.

* :mod:`~xlscore.core.systems.league.points`: league points by place and player count (10 / 6 / 3 / 1), ties split;
* :mod:`~xlscore.core.systems.league.standings`: a league's standings with eight tie-breaks and what decided each row;
* :mod:`~xlscore.core.systems.league.formation`: the next season's leagues, the source's steps 1 to 7;
* :mod:`~xlscore.core.systems.league.schedule`: who plays whom in which seat, for leagues of 7 or 8 and games of 3 to 5;
* :mod:`~xlscore.core.systems.league.naming`: league labels (L3-B) and game names (AGR S2 L3-B G12);
* :mod:`~xlscore.core.systems.league.members`: each player's division and league, looked up on the leagues table;
* :mod:`~xlscore.core.systems.league.lifetime`: lifetime standings by division, and the season winners;
* :mod:`~xlscore.core.systems.league.history`: the same from a table of past seasons' standings, and the next season's
  leagues from it.
"""

from xlscore.core.systems.league.formation import LeagueSeat, LeagueSize, league_formation, league_sizes
from xlscore.core.systems.league.history import league_lifetime_standings, league_next_season, league_winners
from xlscore.core.systems.league.lifetime import LifetimeStanding, SeasonWinner, league_lifetime, league_season_winners
from xlscore.core.systems.league.members import PlayerLeague, league_of
from xlscore.core.systems.league.naming import league_game_name, league_letter, league_name, league_number
from xlscore.core.systems.league.points import LEAGUE_CHARTS, league_chart, league_points
from xlscore.core.systems.league.schedule import LeagueGame, league_schedule, league_season_games, schedule_slots
from xlscore.core.systems.league.standings import TIE_BREAKS, TIED, LeagueStanding, league_standings

__all__ = [
    "LEAGUE_CHARTS",
    "TIED",
    "TIE_BREAKS",
    "LeagueGame",
    "LeagueSeat",
    "LeagueSize",
    "LeagueStanding",
    "LifetimeStanding",
    "PlayerLeague",
    "SeasonWinner",
    "league_chart",
    "league_formation",
    "league_game_name",
    "league_letter",
    "league_lifetime",
    "league_lifetime_standings",
    "league_name",
    "league_next_season",
    "league_number",
    "league_of",
    "league_points",
    "league_schedule",
    "league_season_games",
    "league_season_winners",
    "league_sizes",
    "league_standings",
    "league_winners",
    "schedule_slots",
]
