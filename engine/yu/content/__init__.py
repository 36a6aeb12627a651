"""Legacy of Yu's content: the data files, their loader and check, and the game's items, steps and words."""
