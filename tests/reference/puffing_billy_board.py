"""The TGA's mock Empire Builder board (../shared/seeds/002_14661db876957472.txt), as printed.

Ben's money is not given on the page; he finished 5th and gets no score whatever it was.
"""

PLAYERS = ("Jenny", "Damien", "Stephen", "Sybil", "Ben")
MONEY = (252_000, 248_000, 121_000, 98_000, 60_000)  # Ben's 60,000 is ours: any amount below Sybil's
BONUSES = {"Damien": 0.492, "Stephen": 0.240, "Sybil": 0.194}
WINNER_BONUS = 0.028
BOARD_SCORES = {"Jenny": 3.028, "Damien": 2.492, "Stephen": 1.240, "Sybil": 0.194}

# Finals: Jenny's board average of the top four is 719,000 / 4 = 179,750; her ratio prints as 1.402,
# Damien's as 38% (1.380).
TOP_FOUR_MEAN = 179_750
JENNY_RATIO = "1.402"
DAMIEN_RATIO = "1.38"
# The three-board example: board A's winner 20.6% above average, board B's 35.8%.
BOARD_A_WINNER_RATIO = 1.206
BOARD_B_WINNER_RATIO = 1.358
# Final bonus examples: Jenny's preliminary 3.028, final 3.01 -> 3.328; had the final been 3.03 -> 3.33.
JENNY_PRELIMINARY = 3.028
JENNY_FINAL_LOW, JENNY_GAME_SCORE_LOW = 3.01, 3.328
JENNY_FINAL_HIGH, JENNY_GAME_SCORE_HIGH = 3.03, 3.33
