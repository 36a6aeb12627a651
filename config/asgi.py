import os

from config.handler import application as handler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

application = handler()
