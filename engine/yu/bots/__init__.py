"""The bots that play Legacy of Yu, the strong bot's model, and the careful story chooser."""
