"""LibreOffice as a second spreadsheet program: it computes xlscore's functions with xlscore's own Python."""
