"""docs/scaling.md's deployment run on one machine (``python -m tools.scaleout``)."""
