"""French grammar and typography (:mod:`engine.french`): a name takes the article, the contraction
and the agreement its grammar asks for; a grammar that does not fit its name is found; and French
text gets its narrow no-break spaces from one filter, the catalogue's as it compiles and the
content's as the reader says it."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.utils import translation
from django.utils.translation import gettext

from campaigns.reader import content, said
from engine.french import NARROW, Grammar, Word, phrase, problems, typeset
from engine.games import content_french
from engine.text import Msg, Name

CATALOGUE = Path(__file__).resolve().parent.parent / "locale" / "fr" / "LC_MESSAGES" / "django.po"
M, F, PL, ELIDES = (
    Grammar("m", False, False),
    Grammar("f", False, False),
    Grammar("m", True, False),
    Grammar("m", False, True),
)


@pytest.mark.parametrize(
    ("name", "grammar", "said"),
    [
        ("Potier", M, "le Potier | du Potier | au Potier | un Potier | son Potier"),
        ("Passeuse", F, "la Passeuse | de la Passeuse | à la Passeuse | une Passeuse | sa Passeuse"),
        ("Archers", PL, "les Archers | des Archers | aux Archers | des Archers | ses Archers"),
        ("Éclaireur", ELIDES, "l'Éclaireur | de l'Éclaireur | à l'Éclaireur | un Éclaireur | son Éclaireur"),
        (
            "Embouchure",
            Grammar("f", False, True),
            "l'Embouchure | de l'Embouchure | à l'Embouchure | une Embouchure | son Embouchure",
        ),
        ("Hutte", F, "la Hutte | de la Hutte | à la Hutte | une Hutte | sa Hutte"),
        ("Le marais", M, "le marais | du marais | au marais | le marais | son marais"),
        ("La Porte", F, "la Porte | de la Porte | à la Porte | la Porte | sa Porte"),
        (
            "Les pluies",
            Grammar("f", True, False),
            "les pluies | des pluies | aux pluies | les pluies | ses pluies",
        ),
        (
            "L'écaille",
            Grammar("f", False, True),
            "l'écaille | de l'écaille | à l'écaille | l'écaille | son écaille",
        ),
        (
            "Fangfeng",
            Grammar("m", False, False, proper=True),
            "Fangfeng | de Fangfeng | à Fangfeng | Fangfeng | Fangfeng",
        ),
        (
            "Une nuit",
            Grammar("f", False, True, proper=True),
            "Une nuit | d'Une nuit | à Une nuit | Une nuit | Une nuit",
        ),
    ],
)
def test_a_name_takes_the_article_its_grammar_asks_for(name: str, grammar: Grammar, said: str) -> None:
    expected = said.split(" | ")
    assert [phrase(name, grammar, spec) for spec in ("le", "de", "à", "un", "son")] == expected
    capital = [phrase(name, grammar, spec) for spec in ("Le", "De", "À", "Un", "Son")]
    assert capital == [s[0].upper() + s[1:] for s in expected]


def test_a_form_agrees_by_number_or_by_gender_and_number() -> None:
    forms = "trouvé/trouvée/trouvés/trouvées"
    assert [phrase("x", g, forms) for g in (M, F, PL, Grammar("f", True, False))] == [
        "trouvé",
        "trouvée",
        "trouvés",
        "trouvées",
    ]
    assert [phrase("x", g, "a/ont") for g in (M, F, PL)] == ["a", "a", "ont"]


def test_an_english_id_puts_a_or_an_before_a_name() -> None:
    said = [phrase(name, M, spec) for name in ("Apple Orchard", "Wheat Field") for spec in ("a", "A")]
    assert said == ["an Apple Orchard", "An Apple Orchard", "a Wheat Field", "A Wheat Field"]


@pytest.mark.parametrize("spec", ["les", "du", "a/b/c", "x/"])
def test_a_way_to_say_a_name_the_grammar_does_not_know_is_refused(spec: str) -> None:
    with pytest.raises(ValueError, match=r"name|forms"):
        phrase("Potier", M, spec)


def test_a_word_says_itself_by_its_grammar_in_a_message() -> None:
    word = Word("Archers des marais", PL)
    assert f"{word:Le} {word:a/ont} rejoint" == "Les Archers des marais ont rejoint"
    assert f"{word}" == "Archers des marais"
    unknown = Word.of("Inconnu")
    assert (f"{unknown:le}", f"{unknown:de}") == ("Inconnu", "d'Inconnu")
    assert Word.of(word) is word


@pytest.mark.parametrize(
    ("written", "grammar"),
    [
        ("m sg", M),
        ("f sg", F),
        ("m pl", PL),
        ("m sg elides", ELIDES),
        ("f sg elides proper", Grammar("f", False, True, proper=True)),
    ],
)
def test_a_grammar_is_read_as_it_is_written(written: str, grammar: Grammar) -> None:
    assert Grammar.parse(written) == grammar
    assert str(grammar) == written


@pytest.mark.parametrize("written", ["", "m", "sg", "m f sg", "m sg pl", "m sg elided", "m sg sg"])
def test_a_grammar_that_is_not_one_is_refused(written: str) -> None:
    with pytest.raises(ValueError, match="is not a grammar"):
        Grammar.parse(written)


@pytest.mark.parametrize(
    ("name", "written", "problem"),
    [
        ("Éclaireur", "m sg", "begins with a vowel"),
        ("Potier", "m sg elides", "begins with a consonant"),
        ("La Porte du Dragon", "m sg", "must be f sg"),
        ("Les longues pluies", "f sg", "must be pl"),
        ("L'écaille du Serpent", "f sg", "begins with a vowel"),
        ("Une nuit de lanternes", "f sg elides", "needs 'proper'"),
    ],
)
def test_a_grammar_that_does_not_fit_its_name_is_found(name: str, written: str, problem: str) -> None:
    found = problems(name, Grammar.parse(written))
    assert len(found) == 1 and problem in found[0], found


def test_a_grammar_that_fits_is_not_faulted() -> None:
    fitting = [
        ("Hutte du potier", "f sg"),
        ("Hôtel de ville", "m sg elides"),
        ("L'écaille du Serpent", "f sg elides"),
        ("Une nuit de lanternes", "f sg elides proper"),
    ]
    assert [problems(name, Grammar.parse(written)) for name, written in fitting] == [[]] * len(fitting)


@pytest.mark.parametrize(
    ("text", "set_"),
    [
        ("Choix : un présent", "Choix\u202f: un présent"),
        ("Choix\u00a0: un présent", "Choix\u202f: un présent"),
        ("Tushan: la parole", "Tushan\u202f: la parole"),
        ("Vraiment ?! Oui ; non !", "Vraiment\u202f?! Oui\u202f; non\u202f!"),
        ("« Récits »", "«\u202fRécits\u202f»"),
        (" : que faire ?", "\u202f: que faire\u202f?"),
        ("à 12:30, sur https://example.org/?a=1", "à 12:30, sur https://example.org/?a=1"),
    ],
)
def test_french_typography_sets_a_narrow_no_break_space(text: str, set_: str) -> None:
    assert typeset(text) == set_
    assert typeset(set_) == set_


def test_a_word_stays_a_word_when_it_is_set() -> None:
    word = typeset(Word("Archers : des marais", PL))
    assert isinstance(word, Word) and word == f"Archers{NARROW}: des marais" and word.grammar == PL


def test_the_catalogue_leaves_its_typography_to_the_filter() -> None:
    spaced = [
        e.msgid
        for e in polib.pofile(str(CATALOGUE))
        if any(c in t for t in (e.msgstr, *e.msgstr_plural.values()) for c in "\u00a0\u202f")
    ]
    assert spaced == []
    with translation.override("fr"):
        assert gettext("Chose: {option}.") == f"Choix{NARROW}: {{option}}."
    assert gettext("Chose: {option}.") == "Chose: {option}."


def test_the_reader_sets_the_contents_french_and_leaves_english_as_it_is() -> None:
    with translation.override("fr"):
        assert content("Marsh Archers") == "Archers des marais"
        assert said(Msg("Chose: {option}.", (("option", Name("Marsh Archers")),))) == (
            f"Choix{NARROW}: Archers des marais."
        )
        texts = [content(english) for english in content_french()]
    set_ = [t for t in texts if re.search(r"[:;!?](\s|$)", t)]
    assert set_ and not [t for t in set_ if re.search(r"[^\u202f][:;!?](\s|$)", t)]
    assert said(Msg("Chose: {option}.", (("option", Name("Marsh Archers")),))) == "Chose: Marsh Archers."
    assert content("Marsh Archers") == "Marsh Archers"
