"""Phase 1, Harvest: the printed Harvest, buildings, tucked cards, Hut spaces."""

from __future__ import annotations

from collections import Counter

from scenario import blank, edit, fill_ready, give, have, keys, place, resolve

from engine.yu import Action, Content, Game, new_game
from engine.yu.content.items import BLACK, BLUE, COWRIE, ITEMS, RED, WHITE, YELLOW
from engine.yu.content.steps import Draw, Gain, Harvest, Pick, Steps, TakeActions


def harvest(g: Game) -> None:
    resolve(g, Harvest(), TakeActions())


def gains(steps: Steps) -> Counter[str]:
    """The items that 'gain' steps give, by name."""
    out: Counter[str] = Counter()
    for step in steps:
        if isinstance(step, Gain):
            out[ITEMS[step.item]] += step.count
    return out


def draws(steps: Steps) -> int:
    return sum(step.count for step in steps if isinstance(step, Draw))


def test_harvest_round_1_gains_the_printed_harvest_icon(content: Content) -> None:
    # The printed Harvest's numbers are held by test_printed.py.
    board = content.board
    g = new_game(2, content)
    assert len(g.hand) == draws(board.harvest)
    assert {k: v for k, v in have(g).items() if v} == gains(board.harvest)


def test_harvest_draws_from_the_top_of_the_ready_pile_into_the_hand(game: Game) -> None:
    top_four = list(reversed(game.ready[-4:]))
    rest = game.ready[:-4]
    harvest(game)
    assert game.hand == top_four
    assert game.ready == rest


def test_harvest_one_cowrie_per_outpost_constructed(game: Game, content: Content) -> None:
    edit(game, built=3, sites=["outpost1", "outpost2", None, None, None, None])
    harvest(game)
    per_outpost = gains(content.board.per_outpost)["cowrie"]
    assert per_outpost >= 1
    assert have(game)["cowrie"] == gains(content.board.harvest)["cowrie"] + 2 * per_outpost


def test_harvest_constructed_farms_add_their_items(game: Game, content: Content) -> None:
    farm = content.building("farm1")
    edit(game, built=1, sites=[None, "farm1", None, None, None, None])
    harvest(game)
    expected = gains(content.board.harvest) + gains(farm.harvest)
    assert {k: v for k, v in have(game).items() if v} == expected


def test_ruling_11_tucked_cards_add_their_tuck_items_every_harvest(game: Game, content: Content) -> None:
    card = "t16"
    place(game, "tucked", card)
    fill_ready(game, 8)
    for _ in range(2):
        blank(game)
        harvest(game)
        expected = gains(content.board.harvest) + gains(content.townsfolk[card].tuck)
        assert {k: v for k, v in have(game).items() if v} == expected
    assert game.tucked == [card]


def test_ruling_11_the_card_on_top_of_the_exhausted_pile_gives_nothing(game: Game, content: Content) -> None:
    place(game, "exhausted", "t16")
    harvest(game)
    assert {k: v for k, v in have(game).items() if v} == gains(content.board.harvest)


def test_ruling_12_harvest_returns_workers_from_hut_spaces_to_the_supply(game: Game) -> None:
    give(game, white=1, red=1)
    edit(game, huts_built=1)
    game.apply(Action.parse("hut:1:W"))
    game.apply(Action.parse("hut:2:R"))
    game.apply(Action.parse("pick:clay"))  # the second Hut space's reward
    main_supply = list(game.supply)
    harvest(game)
    assert game.hut_spaces == [None] * len(game.hut_spaces)
    # Returned to the player's supply, not to the Main Supply.
    assert game.have[RED] == 1
    assert game.supply[RED] == main_supply[RED]


def test_harvest_any_coloured_worker_is_a_decision_without_white(game: Game) -> None:
    edit(game, built=1, sites=["farm2", None, None, None, None, None])
    harvest(game)
    assert game.decision is not None
    assert {k for k in keys(game) if k.startswith("pick")} == {
        "pick:red",
        "pick:blue",
        "pick:black",
        "pick:yellow",
    }
    game.apply(Action.parse("pick:blue"))
    assert game.have[BLUE] == 1
    assert game.phase == "actions"


def test_harvest_there_is_no_hand_limit_and_the_supply_is_kept(game: Game, content: Content) -> None:
    give(game, clay=5, wood=5, provision=4, white=3)
    place(game, "tucked", "t23")  # its tuck draws one more card
    harvest(game)
    assert len(game.hand) == draws(content.board.harvest) + draws(content.townsfolk["t23"].tuck)
    assert have(game)["clay"] == 5 and have(game)["wood"] == 5
    assert have(game)["white"] == 3 + gains(content.board.harvest)["white"]


def test_harvest_rulebook_example(game: Game, content: Content) -> None:
    """5 Townsfolk drawn; 3 Workers (1 White, 1 Blue, 1 of any colour but White,
    a decision); 2 Provisions; 3 Cowrie; the White and Red Workers come back
    from the Hut spaces."""
    # Two Farms (a Provision; any coloured Worker), one Outpost (a Cowrie), one
    # Hut (a second Hut space and tuck space), two tucked cards (a Blue Worker;
    # a card and a Cowrie).
    edit(
        game,
        built=3,
        sites=["farm1", "farm2", "outpost1", "hut1", None, None],
        huts_built=1,
        hut_spaces=[WHITE, RED, None, None, None],
    )
    game.supply[WHITE] -= 1
    game.supply[RED] -= 1
    place(game, "tucked", "t16", "t23")
    assert [content.townsfolk[c].tuck for c in game.tucked] == [
        (Gain(BLUE, 1),),
        (Draw(1), Gain(COWRIE, 1)),
    ]
    top_five = list(reversed(game.ready[-5:]))

    harvest(game)
    # The any-coloured Worker is the player's choice, taken when it arises.
    assert game.decision == Pick((RED, BLUE, BLACK, YELLOW), 1)
    game.apply(Action.parse("pick:black"))

    assert sorted(game.hand) == sorted(top_five)
    assert have(game) == {
        "white": 2,  # 1 gained + 1 back from a Hut space
        "red": 1,  # back from a Hut space
        "blue": 1,
        "black": 1,  # the any-coloured Worker
        "yellow": 0,
        "cowrie": 3,
        "clay": 0,
        "wood": 0,
        "provision": 2,
    }
    assert game.hut_spaces == [None] * 5
    assert game.phase == "actions"
