"""The shared event-table layer: results tables read, rows grouped into games and rounds, the roster, ranking."""
