"""``python -m xlscore`` runs the command line."""

import sys

from xlscore.cli import main

sys.exit(main())
