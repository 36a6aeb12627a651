"""A French reader's check: 300 bot actions of a Legacy of Yu campaign and a game of each table game,
played in French, and every log line, prompt and story text they show read as a French reader
would. It fails on "de" or "que" (and the other words that elide) before a vowel or a mute h, on
"de le", "de les", "à le" and "à les", on a singular verb after a plural name, on "1" or "0"
before a plural noun, on an English word of the site's, and on a ":", ";", "!" or "?" without
the narrow no-break space before it.

Legacy of Yu's board is drawn as the player sees it (its regions, from the presenter), its log
from the actions' events; a table game is played through the store, and its table drawn for the
seat to play after each move (the game's board, its prompts and its log: templates/tables/
table.jinja with templates/<game>/*.jinja), beside its view's messages, Machi Koro Legacy's
legacy deck and the hints."""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from campaigns import store
from campaigns.access import OWN, Seat
from campaigns.jinja import render_region
from campaigns.models import Campaign
from campaigns.presenter import present
from campaigns.reader import said
from campaigns.regions import REGIONS
from campaigns.sharing.models import Role
from campaigns.table_drawing import TABLE
from engine.french import Word
from engine.games import GAMES, TABLES, content_french
from engine.session import Hint, Session
from engine.text import Msg, Name
from engine.yu import Event
from engine.yu.campaign.campaign import Campaign as YuCampaign

ACTIONS = 300
SEED = 11
HINTS = 5
"""A table asks for a hint every so many moves (its best bot works it out)."""
ELIDING = r"de|que|le|la|ne|se|je|me|te|ce|jusque|lorsque|puisque"
MUTE_H = r"habitants?|herbes?|heures?|histoires?|hiver|hiverner|hommes?|horizon|horloges?|héritiers?|hôtel"
VOWEL_AFTER = re.compile(rf"\b({ELIDING})\s+([aeiouàâäéèêëîïôöùûüœæ]|(?:{MUTE_H})\b)", re.IGNORECASE)
UNCONTRACTED = re.compile(r"\b(de|à) (le|les)\b", re.IGNORECASE)
ONE_AND_PLURAL = re.compile(r"(?<![\d,])\b[01] (\w+?(?:ants|antes|és|ées|aux|s))\b")
INVARIABLE = frozenset({"Bois", "Villageois", "fois", "pas", "temps", "prix"})
"""Words that end in s in the singular too."""
UNSPACED = re.compile(r"(?<=[^\u202f])[:;!?](?=\s|$)")
ENGLISH = re.compile(
    r"\b(the|and|with|your|you|from|for|this|that|cards?|Round|Harvest|Refresh|Townsfolk|Barbarians?|"
    r"Flood|Workers?|Story|entry|Play|Discard|Tuck|Build|Attack|Bribe|Recruit|Dismiss|Trade|Exhausted|"
    r"Ready|Pile|Supply|Hint|mayors?|landmarks?|establishments?|roll|rolled|dice|town|built|build|"
    r"left|games?|[Ss]eat|sheet|garden|number|placed|won|lost)\b"
)
"""Words the site writes in English that a French text never holds ("coins" is French too: a
rectangle's corners)."""
SINGULAR_VERBS = r"a|est|reste|rejoint|attaque|va|fait|perd|vient|part|sera|était"
SHOWN = ("aria-label", "title", "alt", "placeholder")
APART = re.compile(r"p|li|dt|dd|div|section|header|footer|h\d|button|summary|t[dh]|svg|title|text|br|[uo]l")
"""The elements whose text is read apart from what is around it."""


def plural_names() -> list[str]:
    return sorted(str(w) for w in content_french().values() if isinstance(w, Word) and w.grammar.plural)


NAMES = tuple(str(text) for text in content_french().values() if isinstance(text, Word))
"""The content's French names: "1 Cauris contre matériaux" numbers a name, not a count."""
PLURAL_SUBJECT = re.compile(
    rf"(?:^|[.:;!?]\s+|\bLes\s)({'|'.join(re.escape(n) for n in plural_names())}) ({SINGULAR_VERBS})\b"
)


def stumbles(text: str) -> list[str]:
    """What a French reader stumbles on in ``text``."""
    found = [f"{m.group()!r}: no elision" for m in VOWEL_AFTER.finditer(text)]
    found += [f"{m.group()!r}: not contracted" for m in UNCONTRACTED.finditer(text)]
    found += [f"{m.group()!r}: a singular verb after a plural name" for m in PLURAL_SUBJECT.finditer(text)]
    found += [
        f"{m.group()!r}: a plural after 0 or 1"
        for m in ONE_AND_PLURAL.finditer(text)
        if m.group(1) not in INVARIABLE and not text[m.start(1) :].startswith(NAMES)
    ]
    found += [f"{m.group()!r}: English" for m in ENGLISH.finditer(text)]
    found += [f"{text[max(0, m.start() - 20) : m.end()]!r}: no narrow space" for m in UNSPACED.finditer(text)]
    return found


class Text(HTMLParser):
    """The words of an HTML fragment: its text, and the attributes read to the reader."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts += [f"\n{value}\n" for key, value in attrs if key in SHOWN and value]
        self.parts += ["\n"] * bool(APART.fullmatch(tag))

    def handle_endtag(self, tag: str) -> None:
        self.parts += ["\n"] * bool(APART.fullmatch(tag))

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def words_of(html: str) -> list[str]:
    """The lines of text an HTML fragment shows, each with its spaces made one."""
    parser = Text()
    parser.feed(html)
    parser.close()
    lines = "".join(parser.parts).split("\n")
    return [" ".join(line.split(" ")).strip() for line in lines if line.strip()]


def messages(value: Any, seen: set[int] | None = None) -> Iterator[Msg | Name]:
    """Every message and content text in a view, a dict, a list or a dataclass, however deep."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, str | int | float | bool | type(None)):
        return
    seen.add(id(value))
    if isinstance(value, Msg | Name):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from messages(item, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from messages(item, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            if field.name not in ("content",):
                yield from messages(getattr(value, field.name), seen)


def read(texts: Iterable[str], where: str, stumbled: dict[str, list[str]]) -> int:
    """Read every text, noting what a reader stumbles on; how many there were."""
    count = 0
    for text in texts:
        count += 1
        for problem in stumbles(text):
            stumbled.setdefault(problem, []).append(f"{where}: {text[:160]}")
    return count


def yu_texts() -> Iterator[str]:
    """Legacy of Yu's board in French after each of the bot's actions: its regions and its log."""
    session: Session[YuCampaign, Any, Any] = GAMES["yu"]
    state = session.new(SEED, 1)
    page = Campaign(name="Le fleuve", game="yu")
    drawn = [name for name in REGIONS if name != "log"]
    for _ in range(ACTIONS):
        action = session.bot("heuristic", state, 0)
        events = [Event.from_json(e) for e in session.apply(state, 0, action).events]
        yield from (said(e.msg) for e in events)
        if state.game is None:
            continue
        board = present(state.game, state.options(), state.view(), events, state.risk, events[0].msg)
        context = {"campaign": page, "b": board, "game_row": {"number": state.number}, "oob": ""}
        for name in drawn:
            yield from words_of(render_region(name, context))
        for entry in state.view().journal:
            yield from (said(Name(entry.page.title)), said(Name(entry.page.text)))


def table_texts(game: str) -> Iterator[str]:
    """A table game in French, every seat played by its best bot through the store, from the
    first move to the end: after each move the table as the seat to play next sees it (a watcher
    once the game is over), every seat's view, what the series shows and now and then a hint."""
    rules = TABLES[game]
    seats = [store.OWNER] + [store.OPEN] * rules.seats.start
    table = store.create(User.objects.create_user("alice"), game, "La table", seats, seed=SEED)
    board = store.load(table)
    bot = rules.bots[-1]
    for move in itertools.count():
        if board.state.game.over:
            return
        seat = board.state.game.waiting()[0]
        action = rules.bot(bot, board.state, seat)
        board = store.act(board, seat, action, board.version, f"Joueur {seat + 1}")
        shown = next(iter(board.state.game.waiting()), None)
        role = Role.WATCH if shown is None else OWN if shown == 0 else Role.PLAY
        yield from words_of(TABLE.live(Seat(board.campaign, role, shown))[1])
        for watcher in (seat, None):
            yield from (said(m) for m in messages(rules.view(board.state, watcher)))
        yield from (said(m) for m in messages(rules.campaign(board.state.series.carried)))
        if move % HINTS == 0 and (waiting := board.state.game.waiting()):
            hint = rules.hint(board.state, waiting[0])
            yield from (said(m) for m in messages(hint if isinstance(hint, Hint) else [hint]))


@pytest.mark.parametrize(
    "game", ["yu", *(pytest.param(game, marks=pytest.mark.django_db) for game in ("legacy", "machi"))]
)
def test_a_french_reader_stumbles_on_nothing(game: str) -> None:
    stumbled: dict[str, list[str]] = {}
    with translation.override("fr"):
        texts = yu_texts() if game == "yu" else table_texts(game)
        count = read(texts, game, stumbled)
    assert count > 200
    assert not stumbled, "\n".join(f"{problem}\n    {where[0]}" for problem, where in stumbled.items())


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("Attaque de Archers des marais.", "no elision"),
        ("Il faut que il parte.", "no elision"),
        ("Entrée de Hôtel de ville.", "no elision"),
        ("Le fils de le Potier.", "not contracted"),
        ("Voleurs de chevaux a rejoint la Rangée de Cartes.", "a singular verb after a plural name"),
        ("Villageois 1 restants", "a plural after 0 or 1"),
        ("Play the card", "English"),
        ("Tushan: la parole", "no narrow space"),
        ("Choix : un présent", "no narrow space"),
    ],
)
def test_the_check_finds_what_a_reader_stumbles_on(text: str, problem: str) -> None:
    assert any(found.endswith(problem) for found in stumbles(text)), stumbles(text)


def test_the_check_lets_good_french_pass() -> None:
    good = [
        "Attaque des Archers des marais (Dégâts\u202f: 2).",
        "Les Voleurs de chevaux ont rejoint la Rangée de Cartes.",
        "Villageois 1 restant, 1 Bois, 1 fois",
        "La Hutte du potier, au-dessus de la Hache.",
        "Choix\u202f: l'échange 2 (12:30, https://example.org).",
    ]
    assert [stumbles(text) for text in good] == [[] for _ in good]
