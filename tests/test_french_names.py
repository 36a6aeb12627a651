"""Every message that takes a content name, said in French with a name of each kind: masculine,
feminine, plural and eliding. The French names the card with the article, the contraction and
the agreement its grammar asks for (:mod:`engine.french`), and a count meets its noun in the
plural form it calls for: the engine's messages (``{card}``) as the reader says them, and the
board templates' (``%(card)s``) as their ``{% blocktranslate %}`` does. The list of these
messages is docs/french.md's."""

from __future__ import annotations

import html
import re
from pathlib import Path

import polib
import pytest
from django.utils import translation

from campaigns.jinja import translated
from campaigns.reader import said
from engine.french import Grammar, phrase, typeset
from engine.text import Msg, Name, Value

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"
DOCS = ROOT / "docs" / "french.md"
FIELD = re.compile(r"\{(\w*)(?::([^{}]*))?\}|%\((\w+)(?::([^()]*))?\)[sd]")
"""A field of a message, ``{card:le}`` (the engine's) or ``%(card:le)s`` (a board template's)."""
NAMED = frozenset({"card", "band", "building", "leader", "rule"})
"""The fields that hold a content name, by the messages' convention (and the trade's ``name``)."""
YU_NAMES = ("Potter", "Ferry Woman", "Marsh Archers", "Scout")
MACHI_NAMES = ("Apple Orchard", "Bakery", "Bathhouse", "Observatory")
"""A masculine, a feminine, a plural and an eliding name of each game: le Potier, la Passeuse,
les Archers des marais, l'Éclaireur; le Verger, la Boulangerie, les Bains publics, l'Observatoire."""
VALUES: dict[str, Value] = {
    "gain": "1 Bois",
    "cost": "2 Provisions",
    "workers": "1 blanc",
    "kind": "Ferme",
    "site": 3,
    "space": 2,
    "covered": "1 Argile",
    "cowrie": "2 Cauris",
    "trade": 4,
    "entry": 12,
    "why": "le récit l'exige",
    "where": "une nouvelle règle",
    "zone": "les cartes Villageois",
    "food": "Poisson",
    "damage": 2,
    "reward": "2 Cauris",
    "have": 1,
    "before": "1,5 pièce",
    "after": "2 pièces",
    "rounds": "6,2 tours de table",
    "against": "contre 7 sans lui",
    "income": "1,5 pièce",
    "section": 3,
    "leader": Name("Khan of the Red Dust"),
    "who": "Alice",
}
"""The other values the messages name (said as they stand); a count is 2."""

YU: dict[str, tuple[str, str, str, str]] = {
    "Play the Fortuity card {card}": (
        "Jouer la carte Fortune Potier",
        "Jouer la carte Fortune Passeuse",
        "Jouer la carte Fortune Archers des marais",
        "Jouer la carte Fortune Éclaireur",
    ),
    "Turned over {card}: read entry {entry}.": (
        "Vous avez retourné le Potier : lisez l'entrée 12.",
        "Vous avez retourné la Passeuse : lisez l'entrée 12.",
        "Vous avez retourné les Archers des marais : lisez l'entrée 12.",
        "Vous avez retourné l'Éclaireur : lisez l'entrée 12.",
    ),
    "Found Story card {card}.": (
        "Carte Récit Potier trouvée.",
        "Carte Récit Passeuse trouvée.",
        "Carte Récit Archers des marais trouvée.",
        "Carte Récit Éclaireur trouvée.",
    ),
    "{card} stays: the game needs it.": (
        "Le Potier reste : la partie en a besoin.",
        "La Passeuse reste : la partie en a besoin.",
        "Les Archers des marais restent : la partie en a besoin.",
        "L'Éclaireur reste : la partie en a besoin.",
    ),
    "{card} went into History: {why}.": (
        "Le Potier est rangé dans les Récits : le récit l'exige.",
        "La Passeuse est rangée dans les Récits : le récit l'exige.",
        "Les Archers des marais sont rangés dans les Récits : le récit l'exige.",
        "L'Éclaireur est rangé dans les Récits : le récit l'exige.",
    ),
    "A new rule is in play: {rule}.": (
        "Une nouvelle règle est en jeu : Potier.",
        "Une nouvelle règle est en jeu : Passeuse.",
        "Une nouvelle règle est en jeu : Archers des marais.",
        "Une nouvelle règle est en jeu : Éclaireur.",
    ),
    "Found {card}: {where}.": (
        "Vous avez trouvé le Potier : une nouvelle règle.",
        "Vous avez trouvé la Passeuse : une nouvelle règle.",
        "Vous avez trouvé les Archers des marais : une nouvelle règle.",
        "Vous avez trouvé l'Éclaireur : une nouvelle règle.",
    ),
    "Found {card}: it joins {zone}.": (
        "Vous avez trouvé le Potier, qui rejoint les cartes Villageois.",
        "Vous avez trouvé la Passeuse, qui rejoint les cartes Villageois.",
        "Vous avez trouvé les Archers des marais, qui rejoignent les cartes Villageois.",
        "Vous avez trouvé l'Éclaireur, qui rejoint les cartes Villageois.",
    ),
    "{card} went into History.": (
        "Le Potier est rangé dans les Récits.",
        "La Passeuse est rangée dans les Récits.",
        "Les Archers des marais sont rangés dans les Récits.",
        "L'Éclaireur est rangé dans les Récits.",
    ),
    "No longer in play: {rule}.": (
        "N'est plus en jeu : Potier.",
        "N'est plus en jeu : Passeuse.",
        "N'est plus en jeu : Archers des marais.",
        "N'est plus en jeu : Éclaireur.",
    ),
    "Play {card} for {gain}": (
        "Jouer le Potier pour 1 Bois",
        "Jouer la Passeuse pour 1 Bois",
        "Jouer les Archers des marais pour 1 Bois",
        "Jouer l'Éclaireur pour 1 Bois",
    ),
    "Discard {card} for {gain}": (
        "Défausser le Potier pour 1 Bois",
        "Défausser la Passeuse pour 1 Bois",
        "Défausser les Archers des marais pour 1 Bois",
        "Défausser l'Éclaireur pour 1 Bois",
    ),
    "Tuck {card} under the board ({gain} every Harvest)": (
        "Glisser le Potier sous le Plateau (1 Bois à chaque Récolte)",
        "Glisser la Passeuse sous le Plateau (1 Bois à chaque Récolte)",
        "Glisser les Archers des marais sous le Plateau (1 Bois à chaque Récolte)",
        "Glisser l'Éclaireur sous le Plateau (1 Bois à chaque Récolte)",
    ),
    "Build {building} ({kind}) on site {site} with {workers}, covering {covered}": (
        "Construire le Potier (Ferme) sur le site 3 avec 1 blanc, en recouvrant 1 Argile",
        "Construire la Passeuse (Ferme) sur le site 3 avec 1 blanc, en recouvrant 1 Argile",
        "Construire les Archers des marais (Ferme) sur le site 3 avec 1 blanc, en recouvrant 1 Argile",
        "Construire l'Éclaireur (Ferme) sur le site 3 avec 1 blanc, en recouvrant 1 Argile",
    ),
    "Build {building} ({kind}) on site {site} with {workers}": (
        "Construire le Potier (Ferme) sur le site 3 avec 1 blanc",
        "Construire la Passeuse (Ferme) sur le site 3 avec 1 blanc",
        "Construire les Archers des marais (Ferme) sur le site 3 avec 1 blanc",
        "Construire l'Éclaireur (Ferme) sur le site 3 avec 1 blanc",
    ),
    "Bribe {band} ({cost}) with {workers}": (
        "Corrompre le Potier (2 Provisions) avec 1 blanc",
        "Corrompre la Passeuse (2 Provisions) avec 1 blanc",
        "Corrompre les Archers des marais (2 Provisions) avec 1 blanc",
        "Corrompre l'Éclaireur (2 Provisions) avec 1 blanc",
    ),
    "Bribe {band} ({cost})": (
        "Corrompre le Potier (2 Provisions)",
        "Corrompre la Passeuse (2 Provisions)",
        "Corrompre les Archers des marais (2 Provisions)",
        "Corrompre l'Éclaireur (2 Provisions)",
    ),
    "Feed the settlement with {card}": (
        "Nourrir la colonie avec le Potier",
        "Nourrir la colonie avec la Passeuse",
        "Nourrir la colonie avec les Archers des marais",
        "Nourrir la colonie avec l'Éclaireur",
    ),
    "Build Canal section {space} ({card}), paying {workers} and {cowrie}": (
        "Construire la section de Canal 2 (Potier) en payant 1 blanc et 2 Cauris",
        "Construire la section de Canal 2 (Passeuse) en payant 1 blanc et 2 Cauris",
        "Construire la section de Canal 2 (Archers des marais) en payant 1 blanc et 2 Cauris",
        "Construire la section de Canal 2 (Éclaireur) en payant 1 blanc et 2 Cauris",
    ),
    "Build Canal section {space} ({card}), paying {workers}": (
        "Construire la section de Canal 2 (Potier) en payant 1 blanc",
        "Construire la section de Canal 2 (Passeuse) en payant 1 blanc",
        "Construire la section de Canal 2 (Archers des marais) en payant 1 blanc",
        "Construire la section de Canal 2 (Éclaireur) en payant 1 blanc",
    ),
    "Recruit {card} from space {space} for {cost}": (
        "Recruter le Potier depuis l'emplacement 2 pour 2 Provisions",
        "Recruter la Passeuse depuis l'emplacement 2 pour 2 Provisions",
        "Recruter les Archers des marais depuis l'emplacement 2 pour 2 Provisions",
        "Recruter l'Éclaireur depuis l'emplacement 2 pour 2 Provisions",
    ),
    "Dismiss {card} from space {space} for {cost}, gaining {gain}": (
        "Rejeter le Potier depuis l'emplacement 2 pour 2 Provisions, en gagnant 1 Bois",
        "Rejeter la Passeuse depuis l'emplacement 2 pour 2 Provisions, en gagnant 1 Bois",
        "Rejeter les Archers des marais depuis l'emplacement 2 pour 2 Provisions, en gagnant 1 Bois",
        "Rejeter l'Éclaireur depuis l'emplacement 2 pour 2 Provisions, en gagnant 1 Bois",
    ),
    "Attack {card} on space {space} with {workers} and {cost}, for {reward}": (
        "Attaquer le Potier sur l'emplacement 2 avec 1 blanc et 2 Provisions, pour 2 Cauris",
        "Attaquer la Passeuse sur l'emplacement 2 avec 1 blanc et 2 Provisions, pour 2 Cauris",
        "Attaquer les Archers des marais sur l'emplacement 2 avec 1 blanc et 2 Provisions, pour 2 Cauris",
        "Attaquer l'Éclaireur sur l'emplacement 2 avec 1 blanc et 2 Provisions, pour 2 Cauris",
    ),
    "Trade {trade}: exhaust {card} from your hand for {gain}": (
        "Échange 4 : épuiser le Potier de votre main pour 1 Bois",
        "Échange 4 : épuiser la Passeuse de votre main pour 1 Bois",
        "Échange 4 : épuiser les Archers des marais de votre main pour 1 Bois",
        "Échange 4 : épuiser l'Éclaireur de votre main pour 1 Bois",
    ),
    "{building} is already built.": (
        "Le Potier est déjà construit.",
        "La Passeuse est déjà construite.",
        "Les Archers des marais sont déjà construits.",
        "L'Éclaireur est déjà construit.",
    ),
    "There is no building called {building}.": (
        "Il n'y a pas de Bâtiment nommé Potier.",
        "Il n'y a pas de Bâtiment nommé Passeuse.",
        "Il n'y a pas de Bâtiment nommé Archers des marais.",
        "Il n'y a pas de Bâtiment nommé Éclaireur.",
    ),
    "Played {card}.": (
        "Vous avez joué le Potier.",
        "Vous avez joué la Passeuse.",
        "Vous avez joué les Archers des marais.",
        "Vous avez joué l'Éclaireur.",
    ),
    "Discarded {card} for all its items.": (
        "Vous avez défaussé le Potier pour tous ses objets.",
        "Vous avez défaussé la Passeuse pour tous ses objets.",
        "Vous avez défaussé les Archers des marais pour tous ses objets.",
        "Vous avez défaussé l'Éclaireur pour tous ses objets.",
    ),
    "Tucked {card} under the board: {gain} every Harvest.": (
        "Vous avez glissé le Potier sous le Plateau : 1 Bois à chaque Récolte.",
        "Vous avez glissé la Passeuse sous le Plateau : 1 Bois à chaque Récolte.",
        "Vous avez glissé les Archers des marais sous le Plateau : 1 Bois à chaque Récolte.",
        "Vous avez glissé l'Éclaireur sous le Plateau : 1 Bois à chaque Récolte.",
    ),
    "Traded {card} away to the Exhausted Pile.": (
        "Vous avez échangé le Potier, qui va dans la pile Villageois Épuisés.",
        "Vous avez échangé la Passeuse, qui va dans la pile Villageois Épuisés.",
        "Vous avez échangé les Archers des marais, qui vont dans la pile Villageois Épuisés.",
        "Vous avez échangé l'Éclaireur, qui va dans la pile Villageois Épuisés.",
    ),
    "Built Canal section {section}: {card}.": (
        "Section de Canal 3 construite : Potier.",
        "Section de Canal 3 construite : Passeuse.",
        "Section de Canal 3 construite : Archers des marais.",
        "Section de Canal 3 construite : Éclaireur.",
    ),
    "Trade {trade} ({name}) is open.": (
        "L'échange 4 (Potier) est disponible.",
        "L'échange 4 (Passeuse) est disponible.",
        "L'échange 4 (Archers des marais) est disponible.",
        "L'échange 4 (Éclaireur) est disponible.",
    ),
    "Recruited {card} to the Exhausted Pile.": (
        "Vous avez recruté le Potier dans la pile Villageois Épuisés.",
        "Vous avez recruté la Passeuse dans la pile Villageois Épuisés.",
        "Vous avez recruté les Archers des marais dans la pile Villageois Épuisés.",
        "Vous avez recruté l'Éclaireur dans la pile Villageois Épuisés.",
    ),
    "Dismissed {card}.": (
        "Vous avez rejeté le Potier.",
        "Vous avez rejeté la Passeuse.",
        "Vous avez rejeté les Archers des marais.",
        "Vous avez rejeté l'Éclaireur.",
    ),
    "Defeated {band}.": (
        "Vous avez vaincu le Potier.",
        "Vous avez vaincu la Passeuse.",
        "Vous avez vaincu les Archers des marais.",
        "Vous avez vaincu l'Éclaireur.",
    ),
    "Built {building} on site {site}.": (
        "Vous avez construit le Potier sur le site 3.",
        "Vous avez construit la Passeuse sur le site 3.",
        "Vous avez construit les Archers des marais sur le site 3.",
        "Vous avez construit l'Éclaireur sur le site 3.",
    ),
    "The Hut card turned over: {card}.": (
        "La carte Hutte retournée : Potier.",
        "La carte Hutte retournée : Passeuse.",
        "La carte Hutte retournée : Archers des marais.",
        "La carte Hutte retournée : Éclaireur.",
    ),
    "{card} fed the settlement with {food}.": (
        "Le Potier a nourri la colonie : Poisson.",
        "La Passeuse a nourri la colonie : Poisson.",
        "Les Archers des marais ont nourri la colonie : Poisson.",
        "L'Éclaireur a nourri la colonie : Poisson.",
    ),
    "Played the Fortuity card {card}; it goes into History.": (
        "Vous avez joué la carte Fortune Potier ; elle est rangée dans les Récits.",
        "Vous avez joué la carte Fortune Passeuse ; elle est rangée dans les Récits.",
        "Vous avez joué la carte Fortune Archers des marais ; elle est rangée dans les Récits.",
        "Vous avez joué la carte Fortune Éclaireur ; elle est rangée dans les Récits.",
    ),
    "Bribed {band}.": (
        "Vous avez corrompu le Potier.",
        "Vous avez corrompu la Passeuse.",
        "Vous avez corrompu les Archers des marais.",
        "Vous avez corrompu l'Éclaireur.",
    ),
    "{band} attack: {damage} damage.": (
        "Attaque du Potier (Dégâts : 2).",
        "Attaque de la Passeuse (Dégâts : 2).",
        "Attaque des Archers des marais (Dégâts : 2).",
        "Attaque de l'Éclaireur (Dégâts : 2).",
    ),
    "{leader} drove {band} on: 1 more damage.": (
        "Le Khan de la Poussière rouge a galvanisé le Potier : 1 Dégât de plus.",
        "Le Khan de la Poussière rouge a galvanisé la Passeuse : 1 Dégât de plus.",
        "Le Khan de la Poussière rouge a galvanisé les Archers des marais : 1 Dégât de plus.",
        "Le Khan de la Poussière rouge a galvanisé l'Éclaireur : 1 Dégât de plus.",
    ),
    "Drew {card} into your hand.": (
        "Vous avez pioché le Potier dans votre main.",
        "Vous avez pioché la Passeuse dans votre main.",
        "Vous avez pioché les Archers des marais dans votre main.",
        "Vous avez pioché l'Éclaireur dans votre main.",
    ),
    "{card} was lost from the Ready Pile.": (
        "La pile Villageois Prêts perd le Potier.",
        "La pile Villageois Prêts perd la Passeuse.",
        "La pile Villageois Prêts perd les Archers des marais.",
        "La pile Villageois Prêts perd l'Éclaireur.",
    ),
    "Drew {card} from the Townsfolk Draw Pile.": (
        "Vous avez pioché le Potier dans la pioche Villageois.",
        "Vous avez pioché la Passeuse dans la pioche Villageois.",
        "Vous avez pioché les Archers des marais dans la pioche Villageois.",
        "Vous avez pioché l'Éclaireur dans la pioche Villageois.",
    ),
    "The Barbarians chased {card} off the Card Row.": (
        "Les Barbares ont chassé le Potier de la Rangée de Cartes.",
        "Les Barbares ont chassé la Passeuse de la Rangée de Cartes.",
        "Les Barbares ont chassé les Archers des marais de la Rangée de Cartes.",
        "Les Barbares ont chassé l'Éclaireur de la Rangée de Cartes.",
    ),
    "{card} joined the Card Row.": (
        "Le Potier a rejoint la Rangée de Cartes.",
        "La Passeuse a rejoint la Rangée de Cartes.",
        "Les Archers des marais ont rejoint la Rangée de Cartes.",
        "L'Éclaireur a rejoint la Rangée de Cartes.",
    ),
    "The Fortress drove off {band}: it went to the Barbarian discards.": (
        "La Forteresse a repoussé le Potier vers la défausse Barbares.",
        "La Forteresse a repoussé la Passeuse vers la défausse Barbares.",
        "La Forteresse a repoussé les Archers des marais vers la défausse Barbares.",
        "La Forteresse a repoussé l'Éclaireur vers la défausse Barbares.",
    ),
    "{band} attack: pay {cost}, or lose {n} Townsfolk.": (
        "Attaque du Potier : payez 2 Provisions, ou perdez 2 Villageois.",
        "Attaque de la Passeuse : payez 2 Provisions, ou perdez 2 Villageois.",
        "Attaque des Archers des marais : payez 2 Provisions, ou perdez 2 Villageois.",
        "Attaque de l'Éclaireur : payez 2 Provisions, ou perdez 2 Villageois.",
    ),
    "{card} on top": (
        "Potier au-dessus",
        "Passeuse au-dessus",
        "Archers des marais au-dessus",
        "Éclaireur au-dessus",
    ),
    "You turned over {card}, a gold card: the last of its deck.": (
        "Vous avez révélé le Potier, une carte dorée : la dernière de son paquet.",
        "Vous avez révélé la Passeuse, une carte dorée : la dernière de son paquet.",
        "Vous avez révélé les Archers des marais, une carte dorée : la dernière de son paquet.",
        "Vous avez révélé l'Éclaireur, une carte dorée : la dernière de son paquet.",
    ),
    "You turned over {card}.": (
        "Vous avez révélé le Potier.",
        "Vous avez révélé la Passeuse.",
        "Vous avez révélé les Archers des marais.",
        "Vous avez révélé l'Éclaireur.",
    ),
}

MACHI: dict[str, tuple[str, str, str, str]] = {
    "Only two dice roll it: you roll one until your {card} is built.": (
        "Seuls deux dés l'activent : vous n'en lancez qu'un tant que votre Verger n'est pas construit.",
        "Seuls deux dés l'activent : vous n'en lancez qu'un tant que votre Boulangerie n'est pas construite.",
        "Seuls deux dés l'activent : vous n'en lancez qu'un tant que vos Bains publics "
        "ne sont pas construits.",
        "Seuls deux dés l'activent : vous n'en lancez qu'un tant que votre Observatoire n'est pas construit.",
    ),
    "You roll one die until your {card} is built.": (
        "Vous lancez un seul dé tant que votre Verger n'est pas construit.",
        "Vous lancez un seul dé tant que votre Boulangerie n'est pas construite.",
        "Vous lancez un seul dé tant que vos Bains publics ne sont pas construits.",
        "Vous lancez un seul dé tant que votre Observatoire n'est pas construit.",
    ),
    "{card} is not a town square card you can choose.": (
        "Le Verger n'est pas une carte Place du village que vous pouvez choisir.",
        "La Boulangerie n'est pas une carte Place du village que vous pouvez choisir.",
        "Les Bains publics ne sont pas une carte Place du village que vous pouvez choisir.",
        "L'Observatoire n'est pas une carte Place du village que vous pouvez choisir.",
    ),
    "You have contributed to the {card} already.": (
        "Vous avez déjà contribué au Verger.",
        "Vous avez déjà contribué à la Boulangerie.",
        "Vous avez déjà contribué aux Bains publics.",
        "Vous avez déjà contribué à l'Observatoire.",
    ),
    "You need {n} coin to contribute to the {card}, and have {have}.": (
        "Il vous faut 2 pièces pour contribuer au Verger, et vous en avez 1.",
        "Il vous faut 2 pièces pour contribuer à la Boulangerie, et vous en avez 1.",
        "Il vous faut 2 pièces pour contribuer aux Bains publics, et vous en avez 1.",
        "Il vous faut 2 pièces pour contribuer à l'Observatoire, et vous en avez 1.",
    ),
    "There is no {card} left to build.": (
        "Il ne reste plus d'établissement Verger à construire.",
        "Il ne reste plus d'établissement Boulangerie à construire.",
        "Il ne reste plus d'établissement Bains publics à construire.",
        "Il ne reste plus d'établissement Observatoire à construire.",
    ),
    "You need {n} coin to build {card:a}, and have {have}.": (
        "Il vous faut 2 pièces pour construire un Verger, et vous en avez 1.",
        "Il vous faut 2 pièces pour construire une Boulangerie, et vous en avez 1.",
        "Il vous faut 2 pièces pour construire des Bains publics, et vous en avez 1.",
        "Il vous faut 2 pièces pour construire un Observatoire, et vous en avez 1.",
    ),
    "You have no {card} to demolish.": (
        "Vous n'avez aucun établissement Verger à démolir.",
        "Vous n'avez aucun établissement Boulangerie à démolir.",
        "Vous n'avez aucun établissement Bains publics à démolir.",
        "Vous n'avez aucun établissement Observatoire à démolir.",
    ),
    "{card} is not one of your landmarks.": (
        "Le Verger ne fait pas partie de vos monuments.",
        "La Boulangerie ne fait pas partie de vos monuments.",
        "Les Bains publics ne font pas partie de vos monuments.",
        "L'Observatoire ne fait pas partie de vos monuments.",
    ),
    "Your {card} is built already.": (
        "Votre Verger est déjà construit.",
        "Votre Boulangerie est déjà construite.",
        "Vos Bains publics sont déjà construits.",
        "Votre Observatoire est déjà construit.",
    ),
    "You need {n} coin to build your {card}, and have {have}.": (
        "Il vous faut 2 pièces pour construire votre Verger, et vous en avez 1.",
        "Il vous faut 2 pièces pour construire votre Boulangerie, et vous en avez 1.",
        "Il vous faut 2 pièces pour construire vos Bains publics, et vous en avez 1.",
        "Il vous faut 2 pièces pour construire votre Observatoire, et vous en avez 1.",
    ),
    (
        "A {card} raises your income from about {before} to {after} a round and leaves about {rounds} "
        "before you can win, {against}."
    ): (
        (
            "Un Verger fait passer votre revenu d'environ 1,5 pièce à 2 pièces par tour de table et vous "
            "laisse environ 6,2 tours de table avant de pouvoir gagner, contre 7 sans lui."
        ),
        (
            "Une Boulangerie fait passer votre revenu d'environ 1,5 pièce à 2 pièces par tour de table et "
            "vous laisse environ 6,2 tours de table avant de pouvoir gagner, contre 7 sans lui."
        ),
        (
            "Des Bains publics font passer votre revenu d'environ 1,5 pièce à 2 pièces par tour de table et"
            " vous laissent environ 6,2 tours de table avant de pouvoir gagner, contre 7 sans lui."
        ),
        (
            "Un Observatoire fait passer votre revenu d'environ 1,5 pièce à 2 pièces par tour de table et "
            "vous laisse environ 6,2 tours de table avant de pouvoir gagner, contre 7 sans lui."
        ),
    ),
    "Building your {card} wins the game now; this move does not.": (
        "Construire votre Verger vous fait gagner la partie tout de suite ; ce coup-ci ne le fait pas.",
        "Construire votre Boulangerie vous fait gagner la partie tout de suite ; ce coup-ci ne le fait pas.",
        "Construire vos Bains publics vous fait gagner la partie tout de suite ; ce coup-ci ne le fait pas.",
        "Construire votre Observatoire vous fait gagner la partie tout de suite ; ce coup-ci ne le fait pas.",
    ),
    "Demolishing your {card} brings back no coin: you would give it up for nothing.": (
        "Démolir votre Verger ne vous rend aucune pièce : vous le perdriez pour rien.",
        "Démolir votre Boulangerie ne vous rend aucune pièce : vous la perdriez pour rien.",
        "Démolir vos Bains publics ne vous rend aucune pièce : vous les perdriez pour rien.",
        "Démolir votre Observatoire ne vous rend aucune pièce : vous le perdriez pour rien.",
    ),
    "Your {card} now leaves about {rounds} before you can win, {against}.": (
        (
            "Construire votre Verger maintenant vous laisse environ 6,2 tours de table avant de pouvoir "
            "gagner, contre 7 sans lui."
        ),
        (
            "Construire votre Boulangerie maintenant vous laisse environ 6,2 tours de table avant de "
            "pouvoir gagner, contre 7 sans lui."
        ),
        (
            "Construire vos Bains publics maintenant vous laisse environ 6,2 tours de table avant de "
            "pouvoir gagner, contre 7 sans lui."
        ),
        (
            "Construire votre Observatoire maintenant vous laisse environ 6,2 tours de table avant de "
            "pouvoir gagner, contre 7 sans lui."
        ),
    ),
    "Contributing to the {card} now leaves about {rounds} before you can win, {against}.": (
        (
            "Contribuer au Verger maintenant vous laisse environ 6,2 tours de table avant de pouvoir "
            "gagner, contre 7 sans lui."
        ),
        (
            "Contribuer à la Boulangerie maintenant vous laisse environ 6,2 tours de table avant de pouvoir"
            " gagner, contre 7 sans lui."
        ),
        (
            "Contribuer aux Bains publics maintenant vous laisse environ 6,2 tours de table avant de "
            "pouvoir gagner, contre 7 sans lui."
        ),
        (
            "Contribuer à l'Observatoire maintenant vous laisse environ 6,2 tours de table avant de pouvoir"
            " gagner, contre 7 sans lui."
        ),
    ),
    "A {card} adds nothing to your income yet, but leaves about {rounds} before you can win, {against}.": (
        (
            "Un Verger n'ajoute encore rien à votre revenu, mais vous laisse environ 6,2 tours de table "
            "avant de pouvoir gagner, contre 7 sans lui."
        ),
        (
            "Une Boulangerie n'ajoute encore rien à votre revenu, mais vous laisse environ 6,2 tours de "
            "table avant de pouvoir gagner, contre 7 sans lui."
        ),
        (
            "Des Bains publics n'ajoutent encore rien à votre revenu, mais vous laissent environ 6,2 tours "
            "de table avant de pouvoir gagner, contre 7 sans lui."
        ),
        (
            "Un Observatoire n'ajoute encore rien à votre revenu, mais vous laisse environ 6,2 tours de "
            "table avant de pouvoir gagner, contre 7 sans lui."
        ),
    ),
    "Contributing to the {card} wins the game now; this move does not.": (
        "Contribuer au Verger vous fait gagner la partie tout de suite ; ce coup-ci ne le fait pas.",
        "Contribuer à la Boulangerie vous fait gagner la partie tout de suite ; ce coup-ci ne le fait pas.",
        "Contribuer aux Bains publics vous fait gagner la partie tout de suite ; ce coup-ci ne le fait pas.",
        "Contribuer à l'Observatoire vous fait gagner la partie tout de suite ; ce coup-ci ne le fait pas.",
    ),
    (
        "Save for your {card}: at about {income} a round you can build it in {n} round, and nothing you can"
        " afford now brings a win closer."
    ): (
        (
            "Économisez pour votre Verger : à environ 1,5 pièce par tour de table, vous pourrez le "
            "construire dans 2 tours de table, et rien de ce que vous pouvez payer maintenant ne rapproche "
            "la victoire."
        ),
        (
            "Économisez pour votre Boulangerie : à environ 1,5 pièce par tour de table, vous pourrez la "
            "construire dans 2 tours de table, et rien de ce que vous pouvez payer maintenant ne rapproche "
            "la victoire."
        ),
        (
            "Économisez pour vos Bains publics : à environ 1,5 pièce par tour de table, vous pourrez les "
            "construire dans 2 tours de table, et rien de ce que vous pouvez payer maintenant ne rapproche "
            "la victoire."
        ),
        (
            "Économisez pour votre Observatoire : à environ 1,5 pièce par tour de table, vous pourrez le "
            "construire dans 2 tours de table, et rien de ce que vous pouvez payer maintenant ne rapproche "
            "la victoire."
        ),
    ),
    (
        "Save for the {card}: at about {income} a round you can contribute in {n} round, and nothing you "
        "can afford now brings a win closer."
    ): (
        (
            "Économisez pour le Verger : à environ 1,5 pièce par tour de table, vous pourrez y contribuer "
            "dans 2 tours de table, et rien de ce que vous pouvez payer maintenant ne rapproche la "
            "victoire."
        ),
        (
            "Économisez pour la Boulangerie : à environ 1,5 pièce par tour de table, vous pourrez y "
            "contribuer dans 2 tours de table, et rien de ce que vous pouvez payer maintenant ne rapproche "
            "la victoire."
        ),
        (
            "Économisez pour les Bains publics : à environ 1,5 pièce par tour de table, vous pourrez y "
            "contribuer dans 2 tours de table, et rien de ce que vous pouvez payer maintenant ne rapproche "
            "la victoire."
        ),
        (
            "Économisez pour l'Observatoire : à environ 1,5 pièce par tour de table, vous pourrez y "
            "contribuer dans 2 tours de table, et rien de ce que vous pouvez payer maintenant ne rapproche "
            "la victoire."
        ),
    ),
    (
        "Demolishing your {card} brings back {n} coin now and leaves about {rounds} before you can win, "
        "{against}."
    ): (
        (
            "Démolir votre Verger vous rend 2 pièces maintenant et vous laisse environ 6,2 tours de table "
            "avant de pouvoir gagner, contre 7 sans lui."
        ),
        (
            "Démolir votre Boulangerie vous rend 2 pièces maintenant et vous laisse environ 6,2 tours de "
            "table avant de pouvoir gagner, contre 7 sans lui."
        ),
        (
            "Démolir vos Bains publics vous rend 2 pièces maintenant et vous laisse environ 6,2 tours de "
            "table avant de pouvoir gagner, contre 7 sans lui."
        ),
        (
            "Démolir votre Observatoire vous rend 2 pièces maintenant et vous laisse environ 6,2 tours de "
            "table avant de pouvoir gagner, contre 7 sans lui."
        ),
    ),
    "Build {card:a}": (
        "Construire un Verger",
        "Construire une Boulangerie",
        "Construire des Bains publics",
        "Construire un Observatoire",
    ),
    "Build your {card}": (
        "Construire votre Verger",
        "Construire votre Boulangerie",
        "Construire vos Bains publics",
        "Construire votre Observatoire",
    ),
    "Demolish your {card}": (
        "Démolir votre Verger",
        "Démolir votre Boulangerie",
        "Démolir vos Bains publics",
        "Démolir votre Observatoire",
    ),
    "Contribute to the {card}": (
        "Contribuer au Verger",
        "Contribuer à la Boulangerie",
        "Contribuer aux Bains publics",
        "Contribuer à l'Observatoire",
    ),
    "{card}": (
        "Verger",
        "Boulangerie",
        "Bains publics",
        "Observatoire",
    ),
}

BOARD: dict[str, tuple[str, str, str, str]] = {
    "<b>%(who)s</b> took %(n)s coin from the bank (%(card)s)": (
        "<b>Alice</b> a pris 2 pièces à la banque (Verger)",
        "<b>Alice</b> a pris 2 pièces à la banque (Boulangerie)",
        "<b>Alice</b> a pris 2 pièces à la banque (Bains publics)",
        "<b>Alice</b> a pris 2 pièces à la banque (Observatoire)",
    ),
    "<b>%(who)s</b> built %(card:a)s": (
        "<b>Alice</b> a construit un Verger",
        "<b>Alice</b> a construit une Boulangerie",
        "<b>Alice</b> a construit des Bains publics",
        "<b>Alice</b> a construit un Observatoire",
    ),
    "<b>%(who)s</b> demolished %(card:a)s for %(n)s coin": (
        "<b>Alice</b> a démoli un Verger pour 2 pièces",
        "<b>Alice</b> a démoli une Boulangerie pour 2 pièces",
        "<b>Alice</b> a démoli des Bains publics pour 2 pièces",
        "<b>Alice</b> a démoli un Observatoire pour 2 pièces",
    ),
    "<b>%(who)s</b> built their %(card)s": (
        "<b>Alice</b> a construit son Verger",
        "<b>Alice</b> a construit sa Boulangerie",
        "<b>Alice</b> a construit ses Bains publics",
        "<b>Alice</b> a construit son Observatoire",
    ),
    "<b>%(who)s</b> contributed to the %(card)s and took %(n)s coin back": (
        "<b>Alice</b> a contribué au Verger et a repris 2 pièces",
        "<b>Alice</b> a contribué à la Boulangerie et a repris 2 pièces",
        "<b>Alice</b> a contribué aux Bains publics et a repris 2 pièces",
        "<b>Alice</b> a contribué à l'Observatoire et a repris 2 pièces",
    ),
    "Now build one thing, contribute to the %(card)s, or end your turn.": (
        "Construisez maintenant une chose, contribuez au Verger, ou terminez votre tour.",
        "Construisez maintenant une chose, contribuez à la Boulangerie, ou terminez votre tour.",
        "Construisez maintenant une chose, contribuez aux Bains publics, ou terminez votre tour.",
        "Construisez maintenant une chose, contribuez à l'Observatoire, ou terminez votre tour.",
    ),
    "Build %(card:a)s": (
        "Construire un Verger",
        "Construire une Boulangerie",
        "Construire des Bains publics",
        "Construire un Observatoire",
    ),
    "Demolish %(card:a)s": (
        "Démolir un Verger",
        "Démolir une Boulangerie",
        "Démolir des Bains publics",
        "Démolir un Observatoire",
    ),
    "Build your %(card)s": (
        "Construire votre Verger",
        "Construire votre Boulangerie",
        "Construire vos Bains publics",
        "Construire votre Observatoire",
    ),
    "on the %(card)s": (
        "sur le Verger",
        "sur la Boulangerie",
        "sur les Bains publics",
        "sur l'Observatoire",
    ),
}
"""Machi Koro Legacy's board templates' messages (templates/machi/*.jinja)."""


@pytest.fixture(scope="module")
def catalogue() -> polib.POFile:
    return polib.pofile(str(CATALOGUE))


def fields(text: str) -> list[tuple[str, str]]:
    """Each field of a message's text, with the spec it is said by ("": none)."""
    return [(engine or board, spec or board_spec) for engine, spec, board, board_spec in FIELD.findall(text)]


def french(entry: polib.POEntry, name: str) -> str:
    """The catalogue entry said in French, its name fields naming ``name``: an engine message as
    the reader says it, a board template's as its ``{% blocktranslate %}`` does (the text read)."""
    values = {
        field: Name(name) if field in NAMED | {"name"} and field != "leader" else VALUES[field]
        for field, _ in fields(entry.msgid)
        if field != "n"
    }
    if "python-format" in entry.flags:
        given = {field: said(value) for field, value in values.items()} | {"n": 2}
        return html.unescape(translated(entry.msgid, given, entry.msgid_plural or None, 2))
    if entry.msgid_plural:
        return said(Msg(entry.msgid, (("n", 2), *values.items()), entry.msgid_plural, 2))
    return said(Msg(entry.msgid, tuple(values.items())))


@pytest.mark.parametrize(
    ("msgid", "names", "expected"),
    [(m, YU_NAMES, said) for m, said in YU.items()]
    + [(m, MACHI_NAMES, said) for m, said in (MACHI | BOARD).items()],
    ids=lambda value: value[:40] if isinstance(value, str) else "",
)
def test_a_message_names_a_card_of_each_kind_in_good_french(
    catalogue: polib.POFile, msgid: str, names: tuple[str, ...], expected: tuple[str, ...]
) -> None:
    entry = catalogue.find(msgid)
    assert entry is not None, f"{msgid!r} is not in the catalogue"
    with translation.override("fr"):
        assert tuple(french(entry, name) for name in names) == tuple(map(typeset, expected))


def test_every_message_that_takes_a_name_is_checked_and_listed(catalogue: polib.POFile) -> None:
    taking = {e.msgid for e in catalogue if NAMED & {field for field, _ in fields(e.msgid)}}
    assert taking - YU.keys() - MACHI.keys() - BOARD.keys() == set()
    docs = DOCS.read_text(encoding="utf-8")
    assert [m for m in (*YU, *MACHI, *BOARD) if f"`{m}`" not in docs] == []


def test_every_way_the_catalogue_says_a_name_is_one_the_grammar_knows(catalogue: polib.POFile) -> None:
    specs = {
        spec
        for entry in catalogue
        for text in (entry.msgstr, *entry.msgstr_plural.values())
        for _, spec in fields(text)
        if spec
    }
    assert specs, "no message says a name by its grammar"
    for spec in specs:
        phrase("Potier", Grammar("m", False, False), spec)  # raises on a spec it does not know
