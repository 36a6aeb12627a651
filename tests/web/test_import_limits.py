"""Hostile campaign and table files: each is refused in the import form with the reason, in
the reader's language, and brings nothing back."""

from __future__ import annotations

import json
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaigns import sealed, transfer
from campaigns.models import Campaign, Game, GameAction
from engine.yu import base

from .base import BaseTestCase

CAMPAIGN: dict[str, Any] = {
    "format": transfer.FORMAT,
    "version": transfer.VERSION,
    "game": "yu",
    "content": base().version,
    "name": "Yellow River",
    "level": "standard",
    "seats": ["player"],
    "log": [],
}
CAMPAIGN["sealed"] = transfer.sealed_part(CAMPAIGN, 7)
TABLE: dict[str, Any] = {
    "format": transfer.FORMAT,
    "version": transfer.VERSION,
    "game": "legacy",
    "name": "Numbers",
    "seats": ["player", "greedy"],
    "log": [],
}
TABLE["sealed"] = transfer.sealed_part(TABLE, 7)
OLD_TABLE = {
    "format": transfer.TABLE_FORMAT,
    "version": 2,
    "game": "legacy",
    "name": "Numbers",
    "sealed": sealed.seal({"seed": 7, "current": None}),
    "seats": ["player", "greedy"],
    "games": [[]],
}


class ImportLimitsTests(BaseTestCase):
    def bring_back(self, data: Any, language: str = "en") -> Any:
        raw = data if isinstance(data, bytes) else json.dumps(data).encode()
        self.client.force_login(self.bob)
        upload = SimpleUploadedFile("hostile.json", raw, content_type="application/json")
        return self.client.post(reverse("import"), {"file": upload}, headers={"accept-language": language})

    def assertRefused(self, data: Any, reason: str) -> None:
        """The file is refused in the import form with ``reason``, and nothing is written."""
        r = self.bring_back(data)
        self.assertContains(r, reason, status_code=400)
        self.assertContains(r, "Bring back a campaign or a table from a file", status_code=400)
        self.assertEqual(
            (Campaign.objects.count(), Game.objects.count(), GameAction.objects.count()), (0, 0, 0)
        )

    def test_it_brings_back_the_files_the_hostile_ones_are_made_from(self) -> None:
        for data in (CAMPAIGN, TABLE, OLD_TABLE):
            with self.subTest(data["format"]):
                self.assertEqual(self.bring_back(data).status_code, 302)
        self.assertEqual(Campaign.objects.filter(owner=self.bob).count(), 3)

    def test_it_refuses_json_nested_100_000_deep(self) -> None:
        self.assertRefused(b"[" * 100_000 + b"]" * 100_000, "nested too deeply")

    def test_it_refuses_a_list_nested_deeper_than_a_file_goes(self) -> None:
        deep: list[Any] = []
        for _ in range(64):
            deep = [deep]
        self.assertRefused({**CAMPAIGN, "log": deep}, "nested too deeply")

    def test_it_refuses_a_nul_in_the_name(self) -> None:
        self.assertRefused({**CAMPAIGN, "name": "Yellow\x00River"}, "control character")

    def test_it_refuses_a_control_character_in_any_string(self) -> None:
        for data in (
            {**CAMPAIGN, "exported": "2025\x00"},
            {**CAMPAIGN, "log": ["play:t07\x1b"]},
            {**CAMPAIGN, "\x00": 1},
            {**TABLE, "log": [[0, "opus\x00"]]},
            {**OLD_TABLE, "games": [[[0, "opus\x00"]]]},
        ):
            with self.subTest(str(data)[-30:]):
                self.assertRefused(data, "control character")

    def test_it_refuses_a_lone_surrogate_in_a_string(self) -> None:
        for data in ({**CAMPAIGN, "name": "Yellow\ud800"}, {**TABLE, "name": "Numbers\udfff"}):
            with self.subTest(data["format"]):
                self.assertRefused(json.dumps(data).encode(), "control character")

    def test_it_refuses_an_integer_of_5000_digits(self) -> None:
        raw = json.dumps(CAMPAIGN).replace('"log": []', '"log": [1' + "0" * 4999 + "]").encode()
        self.assertRefused(raw, "number longer than")

    def test_it_refuses_numbers_json_does_not_have(self) -> None:
        for number in ("NaN", "Infinity", "-Infinity"):
            with self.subTest(number):
                raw = json.dumps(CAMPAIGN).replace('"log": []', f'"log": [{number}]').encode()
                self.assertRefused(raw, "it is not JSON text")

    def test_it_refuses_a_level_given_as_a_list(self) -> None:
        self.assertRefused({**CAMPAIGN, "level": ["hard"]}, "difficulty is not one of")

    def test_it_refuses_a_level_given_as_an_object(self) -> None:
        self.assertRefused({**CAMPAIGN, "level": {"hard": 1}}, "difficulty is not one of")

    def test_it_refuses_a_table_whose_game_is_a_list_or_an_object(self) -> None:
        for game in (["legacy"], {"legacy": 1}):
            with self.subTest(game=game):
                self.assertRefused({**TABLE, "game": game}, "is not one this site plays")

    def test_it_refuses_a_table_whose_seats_or_moves_have_the_wrong_types(self) -> None:
        for data, reason in (
            ({**TABLE, "seats": [["player"], "greedy"]}, "seats are not each"),
            ({**TABLE, "seats": {"player": 1}}, "seats are not each"),
            ({**TABLE, "log": [[True, "opus"]]}, "log is not a list of actions"),
            ({**TABLE, "log": [[0.0, "opus"]]}, "log is not a list of actions"),
            ({**TABLE, "log": [{"0": "opus"}]}, "log is not a list of actions"),
            ({**TABLE, "log": [[0, "opus", "garden"]]}, "log is not a list of actions"),
            ({**OLD_TABLE, "games": [[[True, "opus"]]]}, "games are not lists of moves"),
            ({**OLD_TABLE, "games": [[[0.0, "opus"]]]}, "games are not lists of moves"),
            ({**OLD_TABLE, "games": [[{"0": "opus"}]]}, "games are not lists of moves"),
        ):
            with self.subTest(str(data)[-40:]):
                self.assertRefused(data, reason)

    def test_the_reason_is_in_french_for_a_french_reader(self) -> None:
        r = self.bring_back({**CAMPAIGN, "name": "Yellow\x00River"}, language="fr")
        self.assertContains(r, "caractère de contrôle", status_code=400)
        r = self.bring_back(b"[" * 100_000 + b"]" * 100_000, language="fr")
        self.assertContains(r, "imbriqué trop profondément", status_code=400)
        raw = json.dumps(CAMPAIGN).replace('"log": []', '"log": [1' + "0" * 4999 + "]").encode()
        self.assertContains(self.bring_back(raw, language="fr"), "nombre de plus de", status_code=400)
        self.assertFalse(Campaign.objects.exists())
