"""The chronicles' charts, laid out on the server as SVG: a campaign's
record game by game, and how close the Flood and the Barbarians came in each;
a table's scores game by game.

Each chart is a :class:`Chart` of shapes in a fixed coordinate box that
``campaigns/_chart.svg`` draws; every shape carries its value in words (a
``<title>``) and the page shows the same figures in a table, so that the charts
read without JavaScript and without sight.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.chronicle import Chronicle as SeriesChronicle
from engine.yu.campaign.chronicle import Chronicle, Played
from engine.yu.rules.card_row import SPACES

WIDTH, HEIGHT = 480, 214
LEFT, RIGHT, TOP, BOTTOM = 30, 8, 28, 30
"""The plot's margins inside the box: room for the axes' labels, and above the plot for a
limit's label over the values written on the bars."""
PLOT_WIDTH = WIDTH - LEFT - RIGHT
LIMIT_LABEL = 11
"""Where a limit's label stands, above the plot."""
STUB = 3
"""The height of a bar whose value is 0: it shows on the baseline rather than vanishing."""
TICKS = 5
"""About how many steps a value axis is cut into, at most."""
GAME_LABELS = 15
"""The most game numbers written under a plot; beyond, only every so many."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A shape: a bar (``w`` and ``h``), a dot (``r``) or a label (``text``)."""

    x: float
    y: float
    css: str
    title: str = ""
    w: float = 0
    h: float = 0
    r: float = 0
    text: str = ""

    @property
    def x2(self) -> float:
        """Where a bar or a grid line ends."""
        return round(self.x + self.w, 1)


@dataclass(frozen=True, slots=True)
class Line:
    points: str
    css: str
    title: str


@dataclass(slots=True)
class Chart:
    slug: str
    title: str
    summary: str
    """What the chart shows, for screen readers (``<desc>``)."""
    width: int = WIDTH
    height: int = HEIGHT
    marks: list[Mark] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    grid: list[Mark] = field(default_factory=list)
    """Axis ticks and their labels."""
    legend: tuple[tuple[str, str], ...] = ()
    """(css class, what it stands for) of each colour."""


class _Plot:
    """Maps game numbers and values onto the box."""

    def __init__(self, games: int, top: int) -> None:
        self.games, self.top = max(games, 1), top
        self.step = PLOT_WIDTH / self.games

    def x(self, number: int) -> float:
        """The centre of game ``number``'s column."""
        return round(LEFT + self.step * (number - 0.5), 1)

    def y(self, value: float) -> float:
        return round(HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * value / self.top, 1)

    def axes(self, ticks: range) -> list[Mark]:
        marks = [Mark(LEFT - 6, self.y(v) + 4, "tick", text=str(v)) for v in ticks]
        marks += [Mark(LEFT, self.y(v), "baseline" if v == 0 else "gridline", w=PLOT_WIDTH) for v in ticks]
        return marks + [Mark(self.x(n), HEIGHT - BOTTOM + 16, "game", text=str(n)) for n in self._numbers()]

    def limit(self, value: int, words: str) -> list[Mark]:
        """The dashed line at ``value``, and its label above the plot's right end."""
        return [
            Mark(LEFT, self.y(value), "limit", w=PLOT_WIDTH, title=words),
            Mark(LEFT + PLOT_WIDTH, LIMIT_LABEL, "limit-label", text=words),
        ]

    def _numbers(self) -> range:
        return range(1, self.games + 1)


def record(chronicle: Chronicle) -> Chart:
    """Wins and losses so far after each game: two steps up towards the seventh."""
    games = chronicle.finished
    gold = chronicle.decisive
    plot = _Plot(len(games), gold)
    chart = Chart(
        "record",
        _("Wins and losses"),
        _("After each game, the wins and the losses so far; seven of either end the campaign."),
        grid=plot.axes(range(0, gold + 1)),
        legend=(("won", _("wins")), ("lost", _("losses"))),
    )
    chart.grid += plot.limit(gold, _("Seven ends the campaign"))
    for name, css, count in ((_("Wins"), "won", _wins), (_("Losses"), "lost", _losses)):
        points = [(LEFT, plot.y(0)), *((plot.x(g.number), plot.y(count(g))) for g in games)]
        chart.lines.append(Line(" ".join(f"{x},{y}" for x, y in points), css, name))
    for g in games:
        won = g.won
        chart.marks.append(
            Mark(
                plot.x(g.number),
                plot.y(_wins(g) if won else _losses(g)),
                "won" if won else "lost",
                title=(
                    _("Game {number}: won ({wins} won, {losses} lost)")
                    if won
                    else _("Game {number}: lost ({wins} won, {losses} lost)")
                ).format(number=g.number, wins=g.wins, losses=g.losses),
                r=5,
            )
        )
    return chart


def barbarians(chronicle: Chronicle) -> Chart:
    """The most Barbarians in the Card Row in each game (seven lose it)."""
    games = chronicle.finished
    plot = _Plot(len(games), SPACES)
    chart = Chart(
        "barbarians",
        _("Barbarians at the worst"),
        _("For each game, the most Barbarians the Card Row held at the end of a Round; seven lose the game."),
        grid=plot.axes(range(0, SPACES + 1)),
    )
    chart.grid += plot.limit(SPACES, _("Seven lose the game"))
    for g in games:
        assert g.summary is not None
        most = g.summary.most_barbarians
        said = ngettext("{n} Barbarian", "{n} Barbarians", most).format(n=most)
        chart.marks += _bar(plot, g, most, "danger" if most >= SPACES else "barbarians", said)
    return chart


def flood(chronicle: Chronicle) -> Chart:
    """The fewest Canal sections the Flood had to spare in each game."""
    games = chronicle.finished
    plot = _Plot(len(games), chronicle.sections)
    chart = Chart(
        "flood",
        _("The Flood at its closest"),
        _(
            "For each game, the fewest built Canal sections the Flood still had to cross before "
            "reaching an unbuilt one; at 0 its next move would lose, and a game lost to it shows a cross."
        ),
        grid=plot.axes(range(0, chronicle.sections + 1)),
    )
    for g in games:
        assert g.summary is not None
        spare = g.summary.closest_flood
        if spare < 0:
            broke = _("Game {number}: the Flood broke through").format(number=g.number)
            chart.marks.append(Mark(plot.x(g.number), plot.y(0) - 4, "danger", title=broke, text="✕"))
        else:
            sections = ngettext("{n} section to spare", "{n} sections to spare", spare).format(n=spare)
            chart.marks += _bar(plot, g, spare, "flood", sections)
    return chart


def scores(chronicle: SeriesChronicle, names: Sequence[str]) -> Chart:
    """Each seat's score in each game of a table's series: a line and a dot per game for each seat."""
    games = chronicle.games
    high = max((max(g.scores) for g in games), default=0)
    step = _step(high)
    top = max(step * math.ceil(high / step), step)
    plot = _Plot(len(games), top)
    chart = Chart(
        "scores",
        _("Scores game by game"),
        _("Each seat's score in each game, a line for each seat; the table below holds the same figures."),
        grid=plot.axes(range(0, top + 1, step)),
        legend=tuple((f"seat-{s}", name) for s, name in enumerate(names)),
    )
    every = math.ceil(len(games) / GAME_LABELS)
    chart.grid = [m for m in chart.grid if m.css != "game" or (int(m.text) - 1) % every == 0]
    for s, name in enumerate(names):
        points = [(plot.x(g.number), plot.y(g.scores[s])) for g in games]
        chart.lines.append(Line(" ".join(f"{x},{y}" for x, y in points), f"seat-{s}", name))
        chart.marks += [
            Mark(
                x,
                y,
                f"seat-{s}",
                title=_("Game {number}: {name}, {score}").format(
                    number=g.number, name=name, score=g.scores[s]
                ),
                r=4,
            )
            for g, (x, y) in zip(games, points, strict=True)
        ]
    return chart


def _step(high: int) -> int:
    """A round step (1, 2 or 5 times a power of ten) that cuts 0 to ``high`` into at most :data:`TICKS`."""
    power = 1
    while True:
        for step in (power, 2 * power, 5 * power):
            if high <= step * TICKS:
                return step
        power *= 10


def _bar(plot: _Plot, g: Played, value: int, css: str, words: str) -> list[Mark]:
    width = min(plot.step * 0.6, 36)
    height = max(round(plot.y(0) - plot.y(value), 1), STUB)
    top = round(plot.y(0) - height, 1)
    title = _("Game {number}: {what}").format(number=g.number, what=words)
    left = plot.x(g.number) - width / 2
    return [
        Mark(left, top, css, title=title, w=round(width, 1), h=height),
        Mark(plot.x(g.number), top - 4, "value", text=str(value)),
    ]


def _wins(g: Played) -> int:
    return g.wins


def _losses(g: Played) -> int:
    return g.losses
