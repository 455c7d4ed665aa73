"""The pure scoring core: plain numbers and sequences in, numbers and frozen dataclasses out.

Nothing here imports xlwings or openpyxl, or does I/O. Importing the core (or ``xlscore``) imports neither numpy
nor pandas, and the rules for one game or one event never do. Two imports are made inside functions, on first use:

* numpy, when a Gibbs history is replayed (``gibbs_ratings``, ``gibbs_rp_by_game``: reading the history, the
  replay and its tables), and when :func:`~xlscore.core.events.rows.read_frame_columns` reads a DataFrame (whose pandas
  has loaded numpy already);
* pandas, only to build a DataFrame on request: ``to_frame()`` of a table result
(:class:`~xlscore.core.events.table.Table`,
  ``GibbsRatings``, ``GibbsRpByGame``) and ``GibbsRatings.trajectory_frame``.
  A DataFrame given as input is read through its own methods, without importing pandas.
"""
