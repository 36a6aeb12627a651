"""A Legacy of Yu campaign: its games tied together, its chronicle and its difficulty."""
