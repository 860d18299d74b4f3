"""Lesson 13 (Clank! Legacy): the story is the position it says, the tables are the odds
functions' numbers, and the exercise's check tells the traps from the answer."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from bokeh.models import HoverTool

import clankwidget as cw
from clankwidget import empty_bag, lessons, odds


@pytest.fixture(scope="module")
def story():
    return lessons.legacy_story()


def test_story_is_the_legacy_position(story):
    game = story.game
    assert game.edition == "legacy"
    assert [p.colour for p in game.players if not p.is_in] == ["yellow"] == list(story.out)
    assert story.order == ("blue", "yellow", "green")
    assert story.bag == 16 and story.health == {"blue": 5, "green": 3}
    # the engine's own next attack is the off-clock draw: 4 cubes, whatever the rage
    cubes, draws = game.attack_cubes()
    assert cubes == story.cubes and draws == story.off_draws == 4
    assert story.attack_draws == game.rules.rage_value(game.state) + game.rules.dangers(game.state)
    assert story.attack_draws == 7
    deck = [game.rules.card(c) for c in game.state.dungeon_deck]
    assert story.dragon_chance == Fraction(sum(c.dragon for c in deck), len(deck))
    # the position is cw.position's, from the changes the lesson names
    pos = cw.position("legacy", players=3, seed=0, changes=lessons.STORY_13)
    assert cw.Game.from_position(pos).state.bag == game.state.bag


def test_off_clock_table_is_attack_odds(story):
    t = lessons.off_clock_table(story)
    assert t.column("cubes") == [4, 6, 7]
    for row in t:
        a = odds.attack_odds(story.cubes, row["cubes"], health=story.health, hit_all=None)
        assert row["green hit"] == pytest.approx(1 - a.damage("green")[0], abs=1e-12)
        assert row["green KO"] == pytest.approx(a.knockout("green"), abs=1e-12)
    # by counting: green (4 of 16) missed by a draw of 4
    assert 1 - t[0]["green hit"] == pytest.approx(math.comb(12, 4) / math.comb(16, 4))


def test_off_clock_rounds_agree_and_count_the_bag(story):
    t = lessons.off_clock_rounds(story, rounds=3, n=40_000, seed=1)
    assert t.column("bag after") == [13, 11, 9]  # +1 (blue), -4; then +2, -4 a round
    for row in t:
        assert abs(row["difference"]) <= 3 * row["noise"] + 1e-9


def test_dry_table_by_hand_and_against_simulation(story):
    t = lessons.dry_table(story, rounds=3, n=40_000, seed=1)
    q = float(story.dragon_chance)
    assert t[0]["exact"] == pytest.approx(q * q)  # round 1: blue's and green's attacks both
    for row in t:
        assert abs(row["difference"]) <= 3 * row["noise"] + 1e-9
    # nobody off the clock: three regular turns a round, a slower clock
    still = lessons.dry_table(story, rounds=3, n=1_000, seed=1, out=())
    assert all(a < b for a, b in zip(still.column("exact"), t.column("exact"), strict=True))
    turns = lessons.story_turns(story, 2)
    assert len(turns) == 6 and turns[1] == empty_bag.Turn(4)


def test_exercise_answer_and_traps_are_apart(story):
    answer = lessons.solution("13")
    turns = lessons.story_turns(story, 4, attack_draws=6)
    assert answer == pytest.approx(empty_bag.empty_bag_odds(16, turns).dry[-1])
    traps = [w for w, _ in lessons.EXERCISES["13"].traps()]
    assert len(set(round(w, 4) for w in traps)) == len(traps)  # each trap its own hint
    for wrong in traps:
        assert abs(wrong - answer) > 0.01
        assert not lessons.check("13", wrong)
    # the story's own figure for round 4, on the page, is a trap, not the answer
    assert not lessons.check("13", lessons.dry_table(story, 4, n=10, seed=1)[-1]["exact"])


def test_explorer_starts_at_the_story_and_follows_its_sliders(story):
    ex = lessons.empty_bag_explorer(story, rounds=5)
    line = ex.figure.select_one({"name": "yellow off the clock"}).data_source.data["y"]
    table = lessons.dry_table(story, rounds=5, n=10, seed=1)
    assert line == pytest.approx(table.column("exact"), abs=1e-4)
    # at the exercise's setting (attacks of 6) the hover shows 2 places, not the answer's 4
    ex.controls["attack"].value = story.attack_draws - 1
    assert dict(ex.figure.select_one(HoverTool).tooltips)["y"] == "@y{0.00}"
    ex.controls["attack"].value = story.attack_draws
    ex.controls["cubes"].value = 30  # a fuller bag runs dry later
    later = ex.figure.select_one({"name": "yellow off the clock"}).data_source.data["y"]
    assert all(a <= b for a, b in zip(later, line, strict=True)) and later != line
