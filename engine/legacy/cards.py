"""The deck: the numbers 1 to 90 and three journey cards."""

JOURNEY = 0
"""A journey card in the deck; every other card is its number."""
NUMBERS = range(1, 91)
JOURNEYS = 3
"""Journey cards in the deck; the last of them to come up ends the game."""
SEATS = range(1, 9)
"""How many seats a table may have."""
