"""Worker colours and Outposts joining colours into one (ruling 7)."""

from __future__ import annotations

from scenario import edit, give, keys, set_row, why

from engine.yu import Action, Content, Game


def outposts(g: Game, *ids: str) -> Game:
    sites: list[str | None] = [*ids, *[None] * (len(g.sites) - len(ids))]
    return edit(g, built=6, barge=False, sites=sites)


def with_barbarian(g: Game, band: str) -> Game:
    folk = [c for c in g.row if c and c.startswith("t")]
    return set_row(g, [*folk[:6], band])


def starting(g: Game, prefix: str) -> set[str]:
    return {k for k in keys(g) if k.startswith(prefix)}


def test_outposts_join_the_colours_the_content_names(content: Content) -> None:
    joins = {b.id: b.joins for b in content.board.buildings if b.kind == "outpost"}
    assert joins == {
        "outpost1": 0b00111,  # White, Red, Blue
        "outpost2": 0b11000,  # Black, Yellow
        "outpost3": 0b01010,  # Red, Black
        "outpost4": 0b10001,  # White, Yellow
    }


def test_worker_colours_a_labourer_must_be_a_white_worker(game: Game, content: Content) -> None:
    edit(game, built=1)
    give(game, red=1, blue=1, black=1, yellow=1, clay=1, wood=1)
    assert starting(game, "build:") == set()
    assert why(game, "build:farm1:1:R") == "Cannot build: your Workers cannot pay 1 white."


def test_worker_colours_a_coloured_worker_must_be_that_colour(game: Game) -> None:
    with_barbarian(game, "b01")  # 1 Fighter, 1 Labourer
    give(game, white=2, blue=1, provision=3)
    assert starting(game, "attack:") == set()


def test_ruling_7_an_outpost_lets_a_blue_worker_construct_a_building(game: Game) -> None:
    outposts(game, "outpost1")
    give(game, blue=1, clay=1, wood=1)
    assert "build:farm1:2:B" in keys(game)
    game.apply(Action.parse("build:farm1:2:B"))
    assert game.sites[1] == "farm1"


def test_ruling_7_blue_and_white_workers_attack_a_barbarian_that_requires_red(game: Game) -> None:
    outposts(game, "outpost1")
    with_barbarian(game, "b06")  # 2 Fighters
    give(game, white=1, blue=1, provision=3)
    assert starting(game, "attack:") == {"attack:7:WB"}
    game.apply(Action.parse("attack:7:WB"))
    assert game.have[:5] == [0, 0, 0, 0, 0]


def test_ruling_7_groups_of_several_outposts_join_transitively(game: Game) -> None:
    # White+Red+Blue and Red+Black: a Black Worker counts as a Labourer.
    outposts(game, "outpost1", "outpost3")
    give(game, black=1, clay=1, wood=1)
    assert "build:farm1:3:K" in keys(game)


def test_ruling_7_outposts_not_linked_keep_their_groups_apart(game: Game) -> None:
    # White+Red+Blue and Black+Yellow share no colour.
    outposts(game, "outpost1", "outpost2")
    give(game, black=1, yellow=1, clay=1, wood=1)
    assert starting(game, "build:") == set()


def test_ruling_7_any_coloured_worker_excludes_white_without_an_outpost(game: Game) -> None:
    with_barbarian(game, "b06")  # bribe: 1 coloured Worker
    give(game, white=1)
    game.apply(Action.parse("end"))
    assert "bribe:W" not in keys(game)


def test_ruling_7_any_coloured_worker_takes_white_once_an_outpost_joins_it(game: Game) -> None:
    outposts(game, "outpost4")  # White+Yellow
    with_barbarian(game, "b06")
    give(game, white=1)
    game.apply(Action.parse("end"))
    assert "bribe:W" in keys(game)


def test_ruling_7_any_worker_takes_every_colour(game: Game) -> None:
    with_barbarian(game, "b15")  # 1 any Worker, 1 Rider
    give(game, white=1, red=1, blue=1, black=2, yellow=1, provision=3)
    assert starting(game, "attack:") == {
        "attack:7:WK",
        "attack:7:RK",
        "attack:7:BK",
        "attack:7:KK",
        "attack:7:KY",
    }


def test_ruling_7_a_new_outpost_joins_colours_at_once(game: Game, content: Content) -> None:
    edit(game, built=2)
    cost = content.board.building_costs["outpost"]
    give(game, white=1, clay=cost.resources[1] + 1, wood=cost.resources[2] + 1, blue=1)
    game.apply(Action.parse("build:outpost1:2:W"))
    assert "build:farm1:3:B" in keys(game)
