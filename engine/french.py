"""What French needs to put a content name in a sentence, and how it sets its punctuation.

A name's grammar is written beside its French in the content, as ``grammar_fr``: its gender
(``m`` or ``f``), its number (``sg`` or ``pl``), ``elides`` when it takes ``l'`` and ``d'``, and
``proper`` when it takes no article (a proper noun, or a title said as it stands). A name that
begins with its own article (``La Porte du Dragon``) takes no other.

A :class:`Word` is a name with its grammar; a message's French says how it enters the sentence
by a format spec on its field: ``{card:le}`` "le Potier", ``{card:de}`` "des Archers des marais",
``{card:à}`` "à l'Éclaireur", ``{card:un}`` "une Passeuse", ``{card:son}`` "son Éclaireur" (a
capital spec, ``{card:Le}``, starts a sentence), and ``{card:a/ont}`` or
``{card:trouvé/trouvée/trouvés/trouvées}`` choose the form that agrees with it (by number; by
gender and number).

English ids have one spec of their own: ``{card:a}`` puts "a" or "an" before a name, by its first
letter ("an Apple Orchard"); a translation says its own article.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

VOWELS = frozenset("aeiouæœàâäéèêëîïôöùûüÿ")
"""The first letters that elide what comes before them (``y`` and ``h`` go either way)."""
ARTICLES = ("le", "de", "à", "un", "son")
"""The specs that put an article (or a possessive) before a name."""
OWN = {"le ": ("le ", "du ", "au "), "la ": ("la ", "de la ", "à la "), "les ": ("les ", "des ", "aux ")}
OWN_ELIDED = ("l'", "de l'", "à l'")
"""What a name's own article becomes after nothing, ``de`` and ``à``."""
NARROW = "\u202f"
"""The narrow no-break space French sets before ``: ; ! ?`` and inside « »."""
_BEFORE = re.compile(r"(?<![\s:;!?«])[ \u00a0\u202f]*([:;!?]+)(?=[\s»)\]<,.]|$)")
_OPENING = re.compile(r"«[ \u00a0\u202f]*")
_CLOSING = re.compile(r"(?<=\S)[ \u00a0\u202f]*»")


@dataclass(frozen=True, slots=True)
class Grammar:
    """How a French name agrees and what it takes before it."""

    gender: Literal["m", "f"]
    plural: bool
    elides: bool
    proper: bool = False
    """Takes no article."""

    @classmethod
    def parse(cls, text: str) -> Grammar:
        """A ``grammar_fr`` value ("f sg elides"); a ``ValueError`` that says what is wrong."""
        words = text.split()
        genders = [w for w in words if w in ("m", "f")]
        numbers = [w for w in words if w in ("sg", "pl")]
        unknown = [w for w in words if w not in ("m", "f", "sg", "pl", "elides", "proper")]
        if unknown or len(genders) != 1 or len(numbers) != 1 or len(set(words)) != len(words):
            raise ValueError(
                f"{text!r} is not a grammar: m or f, sg or pl, then elides and proper where they apply"
            )
        gender: Literal["m", "f"] = "m" if genders[0] == "m" else "f"
        return cls(gender, numbers[0] == "pl", "elides" in words, "proper" in words)

    def __str__(self) -> str:
        flags = ("elides",) * self.elides + ("proper",) * self.proper
        return " ".join((self.gender, "pl" if self.plural else "sg", *flags))

    @classmethod
    def guessed(cls, text: str) -> Grammar:
        """A name's grammar when the content gives none: said as it stands."""
        return cls("m", False, text[:1].lower() in VOWELS, proper=True)


def problems(name: str, grammar: Grammar) -> list[str]:
    """What does not fit between a French name and its grammar."""
    found = []
    article = _own(name)
    first = name[len(article) : len(article) + 1].lower() if article == "l'" else name[:1].lower()
    if first in VOWELS and not grammar.elides:
        found.append(f"{name!r} begins with a vowel: its grammar needs 'elides'")
    elif first not in VOWELS and first not in "hy" and grammar.elides:
        found.append(f"{name!r} begins with a consonant: it does not elide")
    lowered = name.lower()
    if article and not grammar.proper:
        wanted = {"le ": "m sg", "la ": "f sg", "les ": "pl", "l'": "sg"}[article]
        said = str(grammar)
        if not all(w in said.split() for w in wanted.split()):
            found.append(f"{name!r} begins with {article.strip()!r}: its grammar must be {wanted}")
    elif lowered.startswith(("un ", "une ", "des ", "du ", "de ")) and not grammar.proper:
        found.append(f"{name!r} begins with an article: its grammar needs 'proper'")
    return found


def _own(name: str) -> str:
    """The definite article a name begins with ("la ", "l'"), or ""."""
    lowered = name.lower()
    if lowered.startswith("l'"):
        return "l'"
    return next((a for a in OWN if lowered.startswith(a)), "")


class Word(str):
    """A French name with its grammar; ``format(word, spec)`` says it as the spec asks."""

    grammar: Grammar

    def __new__(cls, text: str, grammar: Grammar) -> Word:
        word = super().__new__(cls, text)
        word.grammar = grammar
        return word

    @classmethod
    def of(cls, text: str) -> Word:
        """``text`` as a word: itself when it is one, else with the grammar it is guessed to have."""
        return text if isinstance(text, Word) else cls(text, Grammar.guessed(text))

    def __format__(self, spec: str) -> str:
        return phrase(str(self), self.grammar, spec) if spec else str(self)


def phrase(name: str, grammar: Grammar, spec: str) -> str:
    """``name`` as ``spec`` puts it in a sentence (the specs are the module's)."""
    if "/" in spec:
        forms = spec.split("/")
        if len(forms) == 2 and all(forms):
            return forms[grammar.plural]
        if len(forms) == 4 and all(forms):
            return forms[2 * grammar.plural + (grammar.gender == "f")]
        raise ValueError(f"{spec!r}: give two forms (singular/plural) or four (m./f. sg., m./f. pl.)")
    base = spec.lower()
    if base == "a":
        said = ("an " if name[:1].lower() in "aeiou" else "a ") + name
        return said[:1].upper() + said[1:] if spec == "A" else said
    if base not in ARTICLES:
        raise ValueError(f"{spec!r} is not a way to say a name: a, one of {ARTICLES}, or forms with '/'")
    said = _articled(name, grammar, ARTICLES.index(base))
    return said[:1].upper() + said[1:] if spec[:1].isupper() else said


def _articled(name: str, g: Grammar, asked: int) -> str:
    """``name`` after its article (``asked``: 0 le, 1 de, 2 à, 3 un, 4 son)."""
    if g.proper:
        if asked == 1:
            return f"d'{name}" if g.elides else f"de {name}"
        return f"à {name}" if asked == 2 else name
    own = _own(name)
    if asked == 4:  # the possessive takes the place of a name's own article
        rest = name[len(own) :]
        return ("ses " if g.plural else "sa " if g.gender == "f" and not g.elides else "son ") + rest
    if own:
        asked = asked % 3  # a name with its own article keeps it for "un" too
        return (OWN_ELIDED[asked] if own == "l'" else OWN[own][asked]) + name[len(own) :]
    if asked == 3:
        return ("des " if g.plural else "une " if g.gender == "f" else "un ") + name
    if g.plural:
        return ("les ", "des ", "aux ")[asked] + name
    if g.elides:
        return OWN_ELIDED[asked] + name
    return (OWN["la "] if g.gender == "f" else OWN["le "])[asked] + name


def typeset(text: str) -> str:
    """French text (a word stays one) with a narrow no-break space before ``: ; ! ?`` and inside
    « », wherever it had a space, another kind of space or none (a ``:`` in ``12:30`` or
    ``https://`` stays)."""
    set_ = _CLOSING.sub(NARROW + "»", _OPENING.sub("«" + NARROW, _BEFORE.sub(NARROW + r"\1", text)))
    return Word(set_, text.grammar) if isinstance(text, Word) else set_
