"""Campaigns and their games will live here; accounts use django.contrib.auth."""
