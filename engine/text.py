"""What a player reads, as message ids and their values: the engine names a text, a front end
says it in the reader's language.

``_("Recruit {name} for {cost} provision", name=Name(card.name), cost=2)`` is a :class:`Msg`.
``_`` and ``ngettext`` are the names the message catalogue's extractor looks for, so every id
written with them reaches the catalogue. A :class:`Name` is a text of a game's content (a
card's name, a Story Book entry), said in French by the content's own French beside it.
``str(msg)`` says a message in English, for the terminal and the logs. In French a name says
how it enters a sentence (:mod:`engine.french`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

from engine.french import Grammar, Word, problems


@dataclass(frozen=True, slots=True)
class Name:
    """A text of a game's content, in English; its French is the content's."""

    text: str


@dataclass(frozen=True, slots=True)
class Msg:
    """A message id with the values it names, and its plural id for a count."""

    id: str
    values: tuple[tuple[str, Value], ...] = ()
    plural: str = ""
    count: int = 0

    def say(self, tongue: Tongue | None = None) -> str:
        """The message in ``tongue`` (English by default)."""
        tongue = tongue or ENGLISH
        text = tongue.ngettext(self.id, self.plural, self.count) if self.plural else tongue.gettext(self.id)
        if not self.values:
            return text
        # Each value a word, for the French to say how it enters the sentence ("{card:le}").
        return text.format_map({key: Word.of(say(value, tongue)) for key, value in self.values})

    def __str__(self) -> str:
        return self.say()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id}
        if self.values:
            data["values"] = {key: _encode(value) for key, value in self.values}
        if self.plural:
            data |= {"plural": self.plural, "count": self.count}
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        values = tuple((str(k), _decode(v)) for k, v in data.get("values", {}).items())
        return cls(str(data["id"]), values, str(data.get("plural", "")), int(data.get("count", 0)))


Value: TypeAlias = "int | str | Name | Msg | tuple[Msg, ...]"
"""What a message names: a number, a word that needs no saying (a key, a die), a content
text, another message, or a list of messages said one after the other with commas."""


class Tongue(Protocol):
    """A language: the catalogue's translations and the content's."""

    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...
    def content(self, text: str) -> str: ...


class English:
    """The language the ids are written in."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def content(self, text: str) -> str:
        return text


ENGLISH = English()


def _(message: str, /, **values: Value) -> Msg:
    """A message, with the values its ``{fields}`` name."""
    return Msg(message, tuple(values.items()))


def ngettext(singular: str, plural: str, count: int, /, **values: Value) -> Msg:
    """A message with a singular and a plural form, chosen by ``count`` (also the value ``n``)."""
    return Msg(singular, (("n", count), *values.items()), plural, count)


def say(value: Value, tongue: Tongue | None = None) -> str:
    """Any value a message names, in ``tongue``."""
    tongue = tongue or ENGLISH
    if isinstance(value, Msg):
        return value.say(tongue)
    if isinstance(value, Name):
        return tongue.content(value.text)
    if isinstance(value, tuple):
        return ", ".join(say(v, tongue) for v in value)
    return str(value)


def _encode(value: Value) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, Name):
        return {"name": value.text}
    if isinstance(value, tuple):
        return [v.to_json() for v in value]
    return value


def _decode(data: Any) -> Value:
    if isinstance(data, dict):
        return Name(str(data["name"])) if "name" in data else Msg.from_json(data)
    if isinstance(data, list):
        return tuple(Msg.from_json(v) for v in data)
    if isinstance(data, int | str):
        return data
    raise ValueError(f"not a message value: {data!r}")


class Refusal(ValueError):
    """A move the rules refuse; ``msg`` says why (``str()`` says it in English). Each game's
    ``IllegalAction`` is one."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(str(msg))
        self.msg = msg


# -- the French beside a content file's English --------------------------------------------------


GRAMMAR = "grammar_fr"
"""The key beside a ``name_fr`` that gives the name's grammar (:class:`engine.french.Grammar`)."""


@dataclass
class French:
    """The French of a game's content texts, gathered from the ``<field>_fr`` keys written
    beside each English ``<field>``, a name's with its grammar (a :class:`engine.french.Word`);
    ``missing`` says where a text or a name's grammar is missing or wrong."""

    fields: frozenset[str]
    texts: dict[str, str]
    missing: list[str]

    @classmethod
    def of(cls, fields: frozenset[str]) -> French:
        return cls(fields, {}, [])

    def take(self, data: Any, where: str) -> Any:
        """``data`` without its French keys, the French kept here."""
        if isinstance(data, list):
            return [self.take(item, f"{where}[{i}]") for i, item in enumerate(data)]
        if not isinstance(data, dict):
            return data
        kept = {k: self.take(v, f"{where}.{k}") for k, v in data.items() if not k.endswith("_fr")}
        for key in self.fields & kept.keys():
            english, french = kept[key], data.get(f"{key}_fr")
            if not isinstance(english, str):
                continue
            if isinstance(french, str) and french.strip():
                self.texts[english] = self._word(french, data, f"{where}.{key}") if key == "name" else french
            else:
                self.missing.append(f"{where}.{key}: {english[:40]!r} has no French ({key}_fr)")
        return kept

    def _word(self, french: str, data: dict[str, Any], where: str) -> str:
        """A name's French with its grammar, or the French alone with what is wrong noted."""
        written = data.get(GRAMMAR)
        if not isinstance(written, str):
            self.missing.append(f"{where}: {french!r} has no grammar ({GRAMMAR})")
            return french
        try:
            grammar = Grammar.parse(written)
        except ValueError as exc:
            self.missing.append(f"{where}: {GRAMMAR}: {exc}")
            return french
        self.missing += [f"{where}: {GRAMMAR}: {problem}" for problem in problems(french, grammar)]
        return Word(french, grammar)
