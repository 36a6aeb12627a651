"""Legacy of Yu's rules: a game's state, its actions, phases and effects, and what the player may see."""
