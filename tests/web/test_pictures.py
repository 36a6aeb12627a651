"""The board's pictures of costs and effects: their words in the reader's language (from the
French catalogue), and each language's pictures kept apart."""

from __future__ import annotations

from django.template import engines
from django.test import SimpleTestCase
from django.utils import translation

from campaigns.templatetags.yu import food_name, item_name, items, role, worker
from engine.yu.content.effects import parse_steps
from engine.yu.content.items import RED, parse_cost


class PicturesTestCase(SimpleTestCase):
    def test_words_in_pictures_are_said_in_the_readers_language(self) -> None:
        effects = parse_steps(["flood 1", "3 clay"])
        english = str(items(effects))
        with translation.override("fr"):
            french = str(items(effects))
            self.assertIn("rien", items(()))
            self.assertIn("épuiser 1 carte de la main", items(parse_cost(["1 exhaust"])))
        self.assertIn("the Flood advances 1", english)
        self.assertIn("l&#x27;Inondation avance de 1", french)
        self.assertNotIn("the Flood", french)

    def test_a_worker_chip_and_its_role_in_french(self) -> None:
        self.assertIn("<title>Red Worker (Fighter)</title>", worker(RED))
        with translation.override("fr"):
            self.assertIn("<title>Ouvrier rouge (Combattant)</title>", worker("red"))
            self.assertEqual(role("red"), "Combattant")
            self.assertEqual(item_name("clay"), "Argile")
            self.assertEqual(food_name("wheat"), "Blé")
            board = engines["jinja2"].from_string("{{ 'clay'|item_name }} {{ 'wheat'|food_name }}")
            region = board.render()
            self.assertEqual(region, "Argile Blé")
        self.assertEqual(role(RED), "Fighter")
