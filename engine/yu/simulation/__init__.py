"""Many games and campaigns played by a bot and measured, and the tuning of the bot's weights."""
