"""Tests for the lesson helpers (clankwidget.lessons), the lesson plots (clankwidget.plots)
and the hygiene of the committed lesson notebooks."""

from __future__ import annotations

import html
import importlib
import itertools
import json
import math
import pkgutil
import re
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from bokeh.models import ColumnDataSource, GlyphRenderer, HoverTool, Span

import clankwidget as cw
from clankwidget import deck, lessons, odds, paths, plots
from clankwidget.errors import LessonInputError

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
# A lesson's key is its number, with a letter for the second part of a lesson split in two
# to fit a period ("01", then "01b"): the notebook 01b-topic.ipynb, the module l01b_topic.py
# and the exercise "01b" (sorting keeps the course order: "01-" before "01b-").
KEY = re.compile(r"(\d\d[a-z]?)[-_]")
LESSON_NOTEBOOKS = sorted(
    p for p in NOTEBOOKS.glob("[0-9][0-9]*-*.ipynb") if KEY.match(p.name) and p.name[:3] != "00-"
)
TEACHER_NOTEBOOKS = NOTEBOOKS / "teachers"


def key_of(name: str) -> str:
    """The lesson key of a notebook or lesson-module name: "01" of 01-dragon-bag.ipynb,
    "01b" of 01b-knockouts.ipynb and of l01b_knockouts."""
    return KEY.match(name.removeprefix("l")).group(1)


@pytest.fixture(scope="module")
def board():
    return cw.load_board("teaching-dungeon")


def data_of(fig, name: str) -> dict:
    renderer = fig.select_one({"name": name})
    assert isinstance(renderer, GlyphRenderer), f"no glyph renderer named {name!r}"
    assert isinstance(renderer.data_source, ColumnDataSource)
    return renderer.data_source.data


# ---------------------------------------------------------------------------
# plots: loading BokehJS


@pytest.mark.parametrize(
    ("env", "arg", "expected"),
    [
        ({}, None, "inline"),
        ({"BINDER_SERVICE_HOST": "10.0.0.1"}, None, "cdn"),
        ({"BINDER_REQUEST": "v2/gh/x/y/HEAD"}, None, "cdn"),
        ({"CLANKWIDGET_BOKEH": "cdn"}, None, "cdn"),
        ({"CLANKWIDGET_BOKEH": " Inline "}, None, "inline"),
        ({"CLANKWIDGET_BOKEH": "inline", "BINDER_SERVICE_HOST": "x"}, None, "inline"),
        ({"BINDER_SERVICE_HOST": "x"}, "inline", "inline"),
        ({}, "cdn", "cdn"),
    ],
)
def test_bokeh_mode(monkeypatch, env, arg, expected):
    for name in ("CLANKWIDGET_BOKEH", *plots._BINDER_ENV):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert plots.bokeh_mode(arg) == expected


def test_bokeh_mode_rejects_unknown(monkeypatch):
    monkeypatch.setenv("CLANKWIDGET_BOKEH", "offline")
    with pytest.raises(ValueError, match="CLANKWIDGET_BOKEH"):
        plots.bokeh_mode()
    with pytest.raises(ValueError, match="mode"):
        plots.bokeh_mode("web")


def test_setup_and_show_outside_a_notebook_do_nothing(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CLANKWIDGET_BOKEH", raising=False)
    for name in plots._BINDER_ENV:
        monkeypatch.delenv(name, raising=False)
    assert plots.setup_notebook() is None  # no stray Out[1] in a lesson's setup cell
    assert plots.bokeh_mode() == "inline"
    fig = plots.compare_bars([0, 1], [0.5, 0.5])
    assert plots.show(fig) is None
    assert list(tmp_path.iterdir()) == []  # no HTML file written, no browser opened


def test_palette_is_okabe_ito():
    assert len(set(plots.OKABE_ITO)) == 8
    assert plots.EXACT != plots.SIMULATED
    assert all(c.startswith("#") and len(c) == 7 for c in plots.PLAYER_COLOURS.values())


# ---------------------------------------------------------------------------
# plots: figures carry the numbers they show


def test_damage_bars_show_exact_and_simulated():
    bag = {"blue": 5, "yellow": 2, "black": 20}
    exact = odds.attack_odds(bag, 3, hit_all=None)
    sim = odds.sample_attacks(bag, 3, 20_000, seed=1, hit_all=None)
    fig = plots.damage_bars(exact, sim, colour="blue")
    data = data_of(fig, "exact")
    assert data["damage"] == [0, 1, 2, 3]
    assert data["exact"] == pytest.approx(exact.damage("blue"), abs=1e-6)
    assert data["simulated"] == pytest.approx(sim.damage("blue"), abs=1e-6)
    assert data["difference"] == pytest.approx(
        np.asarray(data["simulated"]) - np.asarray(data["exact"]), abs=1e-6
    )
    assert data_of(fig, "simulated") is data  # the dots share the bars' source
    assert "blue" in fig.title.text


def test_damage_bars_from_arrays_and_needs_a_colour():
    fig = plots.damage_bars([0.25, 0.75], [0.2, 0.7, 0.1])
    data = data_of(fig, "exact")
    assert data["damage"] == [0, 1, 2]
    assert data["exact"] == [0.25, 0.75, 0.0]
    assert fig.select_one({"name": "simulated"}) is not None
    two = odds.attack_odds({"blue": 1, "green": 1, "black": 2}, 1, hit_all=None)
    with pytest.raises(ValueError, match="colour"):
        plots.damage_bars(two)


def test_compare_bars_with_labels_and_lengths():
    fig = plots.compare_bars(["a", "b"], [0.1, 0.9], [0.15, 0.85])
    assert list(fig.x_range.factors) == ["a", "b"]
    assert data_of(fig, "exact")["difference"] == pytest.approx([0.05, -0.05])
    with pytest.raises(ValueError, match="categories"):
        plots.compare_bars([1, 2, 3], [0.5, 0.5])
    with pytest.raises(ValueError, match="simulated"):
        plots.compare_bars([1, 2], [0.5, 0.5], [1.0])
    # a repeated category would make bokeh log E-1019 and BokehJS draw a blank chart
    with pytest.raises(ValueError, match="distinct; repeated: 25 points"):
        plots.compare_bars(["20 points", "25 points", "25 points"], [0.6, 0.3, 0.1])
    with pytest.raises(ValueError, match="repeated: 2"):
        plots.compare_bars([1, 2, 2], [0.6, 0.3, 0.1])


def test_a_legend_only_where_there_are_two_series():
    def tips(fig):
        return dict(fig.select_one(HoverTool).tooltips)

    alone = plots.compare_bars([1, 2], [0.5, 0.5])  # bars alone: nothing to tell apart
    assert not alone.legend and tips(alone)["exact"] == "@exact{0.0000}"
    both = plots.compare_bars([1, 2], [0.5, 0.5], [0.4, 0.6])
    assert [item.label.value for item in both.legend[0].items] == ["exact", "simulated"]
    assert both.legend[0] in both.right  # "auto": outside, never over a bar
    inside = plots.compare_bars([1, 2], [0.5, 0.5], legend="top_left")
    assert inside.legend[0].location == "top_left"
    assert not plots.compare_bars([1, 2], [0.5, 0.5], [0.4, 0.6], legend="none").legend
    # fewer decimals on hover: a slider's figure must not read out an exercise's answer
    short = plots.compare_bars([1, 2], [0.5, 0.5], [0.4, 0.6], digits=2)
    assert tips(short)["simulated"] == "@simulated{0.00}"
    assert tips(short)["difference"] == "@difference{+0.00}"
    line = plots.line_chart([1, 2], {"a": [0.1, 0.2]}, legend="outside", digits=0)
    assert line.legend[0] in line.right and tips(line)["y"] == "@y{0}"
    with pytest.raises(LessonInputError, match="digits"):
        plots.compare_bars([1, 2], [0.5, 0.5], digits=7)


def test_resource_bars_align_supports_and_mark_thresholds():
    cards = [{"skill": 1}] * 6 + [{"skill": 2}] * 2 + [{"boots": 1}] * 2
    exact = deck.resource_distribution(cards)
    sim = deck.sample_turns(cards, turns=1, trials=5_000, seed=3).distribution()
    fig = plots.resource_bars(exact, sim, thresholds=(6, 8))
    data = data_of(fig, "exact")
    assert data["total"][0] == 0
    assert data["exact"][data["total"].index(6)] == pytest.approx(exact.prob(6), abs=1e-6)
    assert sum(data["exact"]) == pytest.approx(1.0, abs=1e-5)
    spans = {s.name: s.location for s in fig.select({"type": Span})}
    assert spans == {"threshold-6": 5.5, "threshold-8": 7.5}


def test_seen_bars_start_at_turn_one():
    p = deck.turns_until_seen_distribution("x", ["y"] * 5, ["x"] + ["y"] * 5)
    fig = plots.seen_bars(p)
    data = data_of(fig, "exact")
    assert data["turn"] == list(range(1, len(p)))
    assert data["exact"] == pytest.approx(p[1:], abs=1e-6)


def test_survival_bars_scale_to_one():
    fig = plots.survival_bars([1, 2], [0.9, 0.4], [0.91, 0.41])
    assert fig.y_range.end == pytest.approx(1.05)
    assert data_of(fig, "exact")["simulated"] == [0.91, 0.41]


def test_line_chart_one_renderer_per_curve():
    fig = plots.line_chart(
        [1, 2, 3],
        {"a": [0.1, 0.2, 0.3], "b": [0.3, 0.2, 0.1]},
        markers={"sim": ([1, 2], [0.1, 0.2])},
    )
    assert data_of(fig, "a")["y"] == [0.1, 0.2, 0.3]
    assert data_of(fig, "b")["x"] == [1.0, 2.0, 3.0]
    assert data_of(fig, "sim")["y"] == [0.1, 0.2]
    with pytest.raises(ValueError, match="curve 'a'"):
        plots.line_chart([1, 2], {"a": [0.5]})


def test_knockout_curve_from_a_sweep():
    cubes = {"black": 20, "blue": 4}
    sweep = lessons.clank_sweep(cubes, "blue", [2, 3], added=[0, 2, 4], health=2)
    fig = plots.knockout_curve(sweep)
    data = data_of(fig, "3 cubes drawn")
    assert data["x"] == [4.0, 6.0, 8.0]
    assert data["y"] == pytest.approx(sweep[3].column("p_knockout"), abs=1e-6)
    assert data_of(plots.knockout_curve(sweep, value="p_hit"), "2 cubes drawn")["y"] == (
        pytest.approx(sweep[2].column("p_hit"), abs=1e-6)
    )
    with pytest.raises(ValueError):
        plots.knockout_curve({})
    high = lessons.clank_sweep({"black": 2, "blue": 10}, "blue", [3], added=[0, 1])
    assert plots.knockout_curve(high, value="p_hit").legend[0].location == "bottom_right"
    assert plots.knockout_curve(sweep).legend[0].location == "top_left"


def test_front_plot(board):
    opts = paths.turn_options(board, "sarcophagus", boots=4, swords=1, health=3)
    front = opts.front("singing-geode")
    data = data_of(plots.front_plot(front), "front")
    assert list(zip(data["boots"], data["swords"], data["damage"], strict=True)) == [
        tuple(o) for o in front
    ]
    with pytest.raises(ValueError, match="empty"):
        plots.front_plot([])


def test_board_map_draws_the_board(board):
    dist = paths.distance_table(board, ["entrance"])[:, 0]
    values = dict(zip(board.space_ids, dist.tolist(), strict=True))
    values["hoard-lip"] = math.inf  # unvalued
    values["cistern"] = None  # unvalued
    del values["lava-terrace"]  # unvalued
    fig = plots.board_map(board, values, label="boots", mark={"cistern": "you"})
    spaces = data_of(fig, "spaces")
    assert len(spaces["id"]) == len(board.spaces) - 3
    i = spaces["id"].index("entrance")
    assert spaces["value"][i] == 0
    assert (spaces["x"][i], spaces["y"][i]) == (
        board.space("entrance").x,
        board.space("entrance").y,
    )
    assert spaces["text"][spaces["id"].index("reliquary")] == "5"
    assert len(data_of(fig, "unvalued")["x"]) == 3
    assert len(data_of(fig, "paths")["x0"]) == len(board.paths)
    assert len(data_of(fig, "monsters")["x"]) == sum(p.monsters for p in board.paths)
    assert len(data_of(fig, "one-way")["x"]) == sum(p.one_way for p in board.paths)
    notes = data_of(fig, "notes")["text"]
    assert sum("artifact" in n for n in notes) == sum(s.artifact is not None for s in board.spaces)
    assert fig.y_range.start > fig.y_range.end  # y grows downwards, as on the board
    with pytest.raises(KeyError, match="nowhere"):
        plots.board_map(board, values, mark={"nowhere": "?"})


# ---------------------------------------------------------------------------
# lessons: one module per lesson, every name re-exported


LESSON_MODULES = sorted(
    info.name for info in pkgutil.iter_modules(lessons.__path__) if info.name[:1] == "l"
)


def test_one_module_per_lesson_and_every_name_reexported():
    assert [key_of(m) for m in LESSON_MODULES] == list(lessons.EXERCISES)
    assert [key_of(n.name) for n in LESSON_NOTEBOOKS] == list(lessons.EXERCISES)
    for name in [*LESSON_MODULES, "_common", "_exercises"]:
        module = importlib.import_module(f"clankwidget.lessons.{name}")
        for public in module.__all__:
            if public == "register":  # for lesson modules, not for notebooks
                continue
            assert public in lessons.__all__, f"{name}.{public} is not re-exported"
            assert getattr(lessons, public) is getattr(module, public)
    assert all(hasattr(lessons, n) for n in lessons.__all__)
    assert len(lessons.__all__) == len(set(lessons.__all__))


@pytest.mark.parametrize("lesson", sorted(lessons.EXERCISES))
def test_exercise_lives_with_its_story(lesson):
    ex = lessons.EXERCISES[lesson]
    home = ex.solve.__module__
    assert home.startswith(f"clankwidget.lessons.l{lesson}_"), home
    assert ex.traps.__module__ == home
    assert importlib.import_module(home).EXERCISE is ex


def test_lesson_modules_stay_small():
    for path in Path(lessons.__file__).parent.glob("*.py"):
        assert len(path.read_text().splitlines()) <= 800, f"{path.name} is over 800 lines"


def test_register_refuses_a_second_exercise_for_a_lesson():
    from clankwidget.lessons._exercises import register

    with pytest.raises(ValueError, match="already has an exercise"):
        register(lessons.EXERCISES["01"])


# ---------------------------------------------------------------------------
# lessons: tables


def test_table_rounds_and_aligns():
    t = lessons.Table(
        [{"a": 1, "p": 0.123456, "x": None, "z": -0.00001, "w": math.inf, "ok": True}],
        title="T",
    )
    text = repr(t)
    assert text.splitlines()[0] == "T"
    assert "0.1235" in text and "0.0000" in text and "-0.0000" not in text
    assert "never" in text and "yes" in text and " - " in text + " "
    html = t._repr_html_()
    assert "<td>0.1235</td>" in html and "<caption" in html
    assert t.column("p") == [0.123456]
    assert len(t) == 1 and t[0]["a"] == 1 and next(iter(t))["a"] == 1
    with pytest.raises(KeyError, match="columns"):
        t.column("nope")
    assert "&lt;b&gt;" in lessons.Table([{"name": "<b>"}])._repr_html_()


def test_compare_and_pivot():
    t = lessons.compare(["x", "y"], [0.5, 0.25], [0.51, 0.24], n=10_000)
    assert t.column("difference") == pytest.approx([0.01, -0.01])
    assert t.column("noise") == pytest.approx([0.01, 2 * math.sqrt(0.25 * 0.75 / 10_000)])
    assert "noise (2 s.e.)" in repr(t)
    assert "noise" not in lessons.compare([1], [0.5], [0.5]).columns
    with pytest.raises(ValueError, match="same length"):
        lessons.compare([1, 2], [0.5], [0.5])
    sweep = {
        2: lessons.Table([{"k": 0, "v": 1.0}, {"k": 1, "v": 2.0}]),
        3: lessons.Table([{"k": 0, "v": 3.0}]),
    }
    p = lessons.pivot(sweep, "v", key="k", rows=[0], label="{} drawn")
    assert p.rows == [{"k": 0, "2 drawn": 1.0, "3 drawn": 3.0}]


# ---------------------------------------------------------------------------
# lessons: every number a lesson prints is the package's


def test_dragon_bag_story_is_the_games_next_attack():
    game = lessons.dragon_bag_game()
    cubes, draws, health = lessons.dragon_bag_story()
    game_cubes, game_draws = game.attack_cubes()
    assert draws == game_draws
    assert {c: n for c, n in cubes.items() if n} == {c: n for c, n in game_cubes.items() if n}
    assert next(iter(cubes)) == "black"
    ours = odds.attack_odds(cubes, draws, health=health, hit_all=None)
    theirs = game.attack_odds()
    for colour in health:
        assert ours.damage(colour) == pytest.approx(theirs.damage(colour))
    # the lesson's by-hand formula is the hypergeometric "no damage"
    total = sum(cubes.values())
    by_hand = math.comb(total - cubes["blue"], draws) / math.comb(total, draws)
    assert ours.damage("blue")[0] == pytest.approx(by_hand)
    # the same game every time (the notebook's checked outputs depend on it)
    assert lessons.dragon_bag_game().to_json() == game.to_json()


def test_clank_sweep_matches_attack_odds():
    cubes = {"black": 20, "blue": 4, "green": 3}
    sweep = lessons.clank_sweep(cubes, "blue", [2, 4], added=[0, 3], health=2)
    row = sweep[4][1]
    assert row["cubes"] == 7
    direct = odds.attack_odds(dict(cubes, blue=7), 4, health={"blue": 2}, hit_all=None)
    assert row["p_hit"] == pytest.approx(1 - direct.damage("blue")[0])
    assert row["expected"] == pytest.approx(direct.expected("blue"))
    assert row["p_knockout"] == pytest.approx(direct.knockout("blue"))


def test_countdown_attacks_follow_the_track():
    assert lessons.countdown_attacks(1, 4) == []
    three = lessons.countdown_attacks(4, 4, colour="blue", clank_per_turn=2)
    assert [a.draws for a in three] == [5, 6, 7]
    assert all(dict(a.add) == {"blue": 2} for a in three)
    assert len(lessons.countdown_attacks(9, 4)) == 3
    assert lessons.countdown_attacks(3, 2)[0].add == {}


def test_countdown_survival_is_one_minus_knockout_odds():
    story = lessons.countdown_story()
    bag = story.countdown_bag()
    assert bag == {"black": 18, "blue": 7, "yellow": 7}  # green is out: its cubes are black
    for turns in (2, 3, 4):
        ko = odds.knockout_odds(
            story.health, lessons.countdown_attacks(turns, story.draws), bag=bag, hit_all=None
        )
        assert lessons.countdown_survival(story.health, bag, "blue", turns, story.draws) == (
            pytest.approx(1 - ko.knockout("blue")[-1])
        )
    assert lessons.countdown_survival(story.health, bag, "blue", 5, story.draws) == 0.0
    assert lessons.countdown_survival(story.health, bag, "blue", 1, story.draws) == 1.0
    assert lessons.turns_to_exit(7, 3) == 3
    assert lessons.turns_to_exit(0, 3) == 1
    assert lessons.turns_to_exit(math.inf, 3) == math.inf
    with pytest.raises(ValueError):
        lessons.turns_to_exit(4, 0)


def test_countdown_table_and_map(board):
    story = lessons.countdown_story()
    table = lessons.countdown_table(story, "blue", [2, 3, 7], n=20_000, seed=1)
    assert table.column("turns") == [4, 3, 1]
    assert table.column("attacks") == [3, 2, 0]
    for row in table:
        assert abs(row["simulated"] - row["exact"]) < 0.02
    survive = lessons.survival_map(story, "yellow", 2)
    assert survive["chain-bridge"] == pytest.approx(
        lessons.countdown_survival(story.health, story.countdown_bag(), "yellow", 5, story.draws)
    )
    assert survive["entrance"] == 1.0
    assert set(survive) <= set(board.space_ids)


def test_fronts_and_random_walks_agree_with_turn_options(board):
    opts = paths.turn_options(board, "sarcophagus", boots=4, swords=1, health=3)
    fronts = lessons.fronts(opts)
    names = {board.space(s).name for s in opts.reachable if len(opts.front(s)) > 1}
    assert set(fronts.column("room")) == names
    assert len(fronts) == sum(len(opts.front(s)) for s in opts.reachable if len(opts.front(s)) > 1)
    geode = lessons.fronts(opts, ["singing-geode", "cistern"])  # the cistern has one way only
    assert [(r["boots"], r["swords"], r["damage"]) for r in geode] == [
        tuple(o) for o in opts.front("singing-geode")
    ]
    assert geode[2]["route"] == "Echoing Crossroads > Singing Geode"
    assert len(lessons.fronts(opts, ["cistern"], only_choices=False)) == 1
    walks = lessons.random_walks(board, "sarcophagus", boots=4, swords=1, health=3, n=3_000, seed=5)
    assert set(walks) <= set(opts.reachable)
    table = lessons.walks_against_front(opts, walks)
    assert not any(table.column("walk beat front"))
    assert all(b <= 4 and s <= 1 and d <= 2 for costs in walks.values() for b, s, d in costs)
    # a walker allowed nothing stays put
    assert lessons.random_walks(board, "entrance", boots=0, swords=0, health=1, n=5, seed=1) == {
        "entrance": {(0, 0, 0)}
    }


def test_key_savings(board):
    saved = lessons.key_savings(board, "hoard-lip")
    without = paths.distance_table(board, ["hoard-lip"])[:, 0]
    with_key = paths.distance_table(board, ["hoard-lip"], keys=True)[:, 0]
    for sid, value in saved.items():
        i = board.index(sid)
        assert value == without[i] - with_key[i]
    assert saved["stargazer-loft"] == 3 and saved["lava-terrace"] == 3


def test_story_tables():
    story = lessons.skill_shot_story()
    cards = story.deck_table()
    assert cards.column("copies") == list(story.deck.values())
    assert "+1 skill, draw 1" in cards.column("when played")
    assert "nothing" in cards.column("when played")
    prizes = story.prize_table()
    assert prizes.column("tokens") == list(story.costs.values())
    skill = deck.resource_distribution(story.deck, cards=story.cards, resource="skill")
    dist = lessons.distribution_table(skill)
    assert sum(dist.column("P(exactly)")) == pytest.approx(1.0)
    row6 = dist[dist.column("skill").index(6)]
    assert row6["P(at least)"] == pytest.approx(skill.at_least(6))
    assert lessons.distribution_table(skill, start=6).column("skill")[0] == 6
    html = lessons.Table([{"name": "a", "p": 0.5}])._repr_html_()
    assert "<td style='text-align:left'>a</td>" in html and "<td>0.5000</td>" in html
    t = lessons.compare([1], [0.5], [0.50002])
    assert "0.00002" in repr(t)


def test_skill_shot_numbers():
    assert [lessons.skill_shot_tokens(k) for k in (0, 5, 6, 7, 8, 12)] == [0, 0, 1, 1, 2, 2]
    costs = {5: 2, 10: 3, 20: 6}
    assert lessons.best_artifact(1, costs) is None
    assert lessons.best_artifact(5, costs) == 10
    assert lessons.best_artifact(6, costs) == 20
    story = lessons.skill_shot_story()
    assert story.cabinet_tokens == 5
    assert sum(story.deck.values()) == 16
    assert story.costs[20] == 6  # the rule book's example: 6 tokens take the 20
    skill = deck.resource_distribution(story.deck, cards=story.cards, resource="skill")
    table = lessons.token_distribution(skill, 7, story.costs, story.names)
    p6 = deck.chance_at_least(story.deck, cards=story.cards, resource="skill", k=6)
    p8 = deck.chance_at_least(story.deck, cards=story.cards, resource="skill", k=8)
    assert table.column("tokens") == [7, 8, 9]
    assert table.column("probability") == pytest.approx([1 - p6, p6 - p8, p8])
    assert table.column("points") == [lessons.best_artifact(t, story.costs) for t in (7, 8, 9)]
    assert all(isinstance(n, str) for n in table.column("prize"))
    # on the booth 8 and 9 tokens take the same 25: one row (one bar) per prize
    prizes = lessons.prize_chances(skill, 7, story.costs, story.names)
    assert table.column("points") == [20, 25, 25]
    assert prizes.column("points") == [20, 25]
    assert prizes.column("probability") == pytest.approx([1 - p6, p6])
    assert prizes.column("tokens") == ["7", "8 or 9"]
    assert prizes.column("prize") == [story.names[20], story.names[25]]
    fig = plots.compare_bars(
        [f"{v} points" for v in prizes.column("points")], prizes.column("probability")
    )
    assert list(fig.x_range.factors) == ["20 points", "25 points"]
    # with no prize in reach the row says so
    none = lessons.prize_chances(skill, 0, story.costs)
    assert none.column("points")[0] is None and sum(none.column("probability")) == pytest.approx(1)


def test_cycling_story_is_the_first_turn():
    story = lessons.cycling_story()
    assert story.card == "explore"
    assert len(story.draw_pile) == 5 and len(story.discard) == 6
    assert story.card in story.discard and story.card not in story.draw_pile
    starting = Counter(dict(cw.load_cards("clank-teaching").starting_deck))
    assert Counter(story.draw_pile) + Counter(story.discard) == starting + Counter(["explore"])
    p = deck.turns_until_seen_distribution(story.card, story.draw_pile, story.discard)
    assert p == pytest.approx([0, 0, 5 / 11, 5 / 11, 1 / 11])
    # the story is read from its saved position; the game it was saved from is seed 3's
    game = lessons.cycling_game()
    assert (game.state.turn, game.current_player.colour) == (2, "yellow")
    assert tuple(game.players[0].discard) == story.discard
    other = lessons.cycling_story(seed=4)  # another seed plays the first turn again
    assert other.seed == 4 and len(other.draw_pile) + len(other.discard) == 11


def _clone_damage_by_enumeration(cubes, draws, colour, clones):
    bag = [c for c, n in cubes.items() for _ in range(n)]
    out = Counter()
    for combo in itertools.combinations(range(len(bag)), draws):
        drawn = Counter(bag[i] for i in combo)
        out[drawn[colour] + max(0, drawn["red"] - clones)] += 1
    total = sum(out.values())
    return np.array([out[k] / total for k in range(max(out) + 1)])


@pytest.mark.parametrize("clones", [0, 1, 2, 3])
def test_clone_damage_exact(clones):
    cubes = {"black": 7, "red": 2, "blue": 3, "green": 2}
    got = lessons.clone_damage(cubes, 3, "blue", clones)
    want = _clone_damage_by_enumeration(cubes, 3, "blue", clones)
    assert got == pytest.approx(want)


def test_clone_cube_cost_at_the_next_attack():
    """Checked by sampling this attack's draws (without replacement), keeping those with a
    red cube, and asking attack_odds for blue's expected damage at the next attack with
    and without the clone's cube."""
    story = lessons.space_story()
    cubes, draws = dict(story.cubes), story.draws
    got = lessons.clone_cube_cost(cubes, draws, "blue")
    rng = np.random.default_rng(5)
    bag = np.repeat(list(cubes), list(cubes.values()))
    seen: dict[tuple, float] = {}
    costs = []
    for _ in range(4000):
        drawn = Counter(rng.choice(bag, size=draws, replace=False).tolist())
        if not drawn["red"]:
            continue
        left = {k: v - (0 if k == "red" else drawn[k]) for k, v in cubes.items()}
        key = tuple(left.values())
        if key not in seen:
            plus = dict(left, blue=left["blue"] + 1)
            e = odds.attack_odds(left, draws).expected("blue")
            seen[key] = odds.attack_odds(plus, draws).expected("blue") - e
        costs.append(seen[key])
    assert got == pytest.approx(np.mean(costs), abs=4 * np.std(costs) / math.sqrt(len(costs)))
    # this attack's bag plus one cube is a different (smaller) number: the lesson shows both
    plus = dict(cubes, blue=cubes["blue"] + 1)
    same_bag = odds.attack_odds(plus, draws).expected("blue") - odds.attack_odds(
        cubes, draws
    ).expected("blue")
    assert got > same_bag + 0.005
    assert lessons.clone_cube_cost(cubes, draws, "blue", next_draws=0) == 0
    with pytest.raises(ValueError, match="purple"):
        lessons.clone_cube_cost(cubes, draws, "purple")


def test_clone_damage_edges_and_simulation():
    story = lessons.space_story()
    cubes, draws = dict(story.cubes), story.draws
    no_clone = lessons.clone_damage(cubes, draws, "blue", 0)
    assert no_clone == pytest.approx(odds.attack_odds(cubes, draws, hit_all="red").damage("blue"))
    calm = dict(cubes, black=cubes["black"] + cubes["red"], red=0)
    as_black = odds.attack_odds(calm, draws, hit_all="red").damage("blue")
    for clones in (2, 5):
        got = lessons.clone_damage(cubes, draws, "blue", clones)
        assert got == pytest.approx(as_black[: len(got)])
    for clones in range(4):
        sim = lessons.clone_damage_sampled(cubes, draws, "blue", clones, n=40_000, seed=9)
        exact = lessons.clone_damage(cubes, draws, "blue", clones)
        assert len(sim) == len(exact)
        assert np.abs(sim - exact).max() < 0.01
    with pytest.raises(ValueError):
        lessons.clone_damage(cubes, draws, "blue", -1)


def test_danger_story_is_the_games_state():
    game = lessons.danger_game()
    story = lessons.danger_story()
    s, rules = game.state, game.rules
    cubes, draws = game.attack_cubes()
    assert story.draws == draws == story.rage + rules.dangers(s)
    assert story.draws_with(0) == rules.rage_value(s)
    assert {c: n for c, n in story.cubes.items() if n} == {c: n for c, n in cubes.items() if n}
    assert story.dangers == tuple(c for c in s.row if c and rules.card(c).danger)
    assert len(story.dangers) == 2  # the lesson's text counts on two
    assert sum(story.deck.values()) == len(s.dungeon_deck)
    marked = [rules.card(c) for c in s.dungeon_deck]
    assert story.deck["both"] + story.deck["danger"] == sum(bool(c.danger) for c in marked)
    assert story.deck["both"] + story.deck["dragon"] == sum(bool(c.dragon) for c in marked)
    green = next(p for p in game.players if p.colour == "green")
    assert story.health["green"] == rules.health - green.damage
    with pytest.raises(ValueError, match="dangers"):
        story.draws_with(-1)
    with pytest.raises(TypeError):  # cached: a learner cannot change it for later cells
        story.cubes["green"] = 0


def test_danger_table_is_hypergeometric():
    from scipy.stats import hypergeom

    story = lessons.danger_story()
    table = lessons.danger_table(story, "green")
    total, mine, hp = sum(story.cubes.values()), story.cubes["green"], story.health["green"]
    assert table.column("dangers") == [0, 1, 2]
    for row in table:
        law = hypergeom(total, mine, row["draws"])
        assert row["p_hit"] == pytest.approx(law.sf(0))
        assert row["expected"] == pytest.approx(row["draws"] * mine / total)
        assert row["p_knockout"] == pytest.approx(law.sf(hp - 1))


def test_danger_knockout_starts_at_one_attack_and_orders_the_cards():
    story = lessons.danger_story()
    ko = lessons.danger_knockout(story, "green", 4)
    one = lessons.danger_table(story, "green")
    labels = ["2 Danger cards", "1 Danger card", "0 Danger cards"]
    assert ko.columns == ["attack", *labels]
    for n, label in zip((2, 1, 0), labels, strict=True):
        assert ko.rows[0][label] == pytest.approx(one.rows[n]["p_knockout"])
        assert ko.column(label) == sorted(ko.column(label))  # cumulative
    for row in ko:
        assert row[labels[0]] > row[labels[1]] > row[labels[2]]
    attacks = lessons.danger_attacks(story, 3, 1, added=2)
    assert [a.draws for a in attacks] == [story.rage + 1] * 3
    assert dict(attacks[0].add) == {} and dict(attacks[1].add) == {c: 2 for c in story.health}
    with pytest.raises(ValueError, match="attacks"):
        lessons.danger_attacks(story, 0, 1)


def _story(cubes, health, rage=2):
    return lessons.DangerStory(cubes=cubes, rage=rage, dangers=(), health=health, deck={}, names={})


def test_knockout_by_attack_is_knockout_odds_when_nobody_else_can_fall():
    """With the other thieves out of reach of a knock-out, no countdown starts and every
    thief adds a cube before each later attack: exactly knockout_odds' fixed sequence."""
    story = _story(
        {"black": 6, "blue": 3, "yellow": 4, "green": 2}, {"blue": 2, "yellow": 99, "green": 99}
    )
    for dangers in (0, 1):
        fixed = odds.knockout_odds(
            dict(story.health),
            lessons.danger_attacks(story, 4, dangers),
            bag=dict(story.cubes),
            hit_all=None,
        ).knockout("blue")
        got = lessons.knockout_by_attack(story, "blue", 4, dangers)
        assert got == pytest.approx(fixed.tolist(), abs=1e-12)


def test_knockout_by_attack_follows_the_knocked_out_and_the_countdown():
    # Blue (1 health) falls at the first attack unless it draws black only; green (9 health)
    # cannot be knocked out by damage in 4 attacks of few cubes: only the countdown that
    # blue's knock-out starts, on its 5th space, can do it.
    story = _story({"black": 4, "blue": 4, "green": 1}, {"blue": 1, "green": 9}, rage=1)
    blue = lessons.knockout_by_attack(story, "blue", 1, 0)
    assert blue == pytest.approx([4 / 9])
    green = lessons.knockout_by_attack(story, "green", 6, 0)
    # blue out at attack 1 -> countdown space 1; attacks 2, 3, 4 are its spaces 2, 3, 4
    # (2, 3, 4 cubes); attack 5 is space 5: everyone inside is out
    assert green[:4] == pytest.approx([0, 0, 0, 0], abs=1e-12)
    assert green[4] >= 4 / 9 - 1e-12
    # a thief who is out adds no cubes: with blue out at once, green's cubes are the only
    # thief cubes added, 1 a round; blue's 4 cubes are black from then on
    sampled = lessons.knockout_sampled(story, "green", 6, 0, n=20_000, seed=1)
    assert sampled == pytest.approx(green, abs=0.02)
    with pytest.raises(ValueError, match="a thief still inside"):
        lessons.knockout_by_attack(story, "purple", 2, 0)
    with pytest.raises(ValueError, match="attacks"):
        lessons.knockout_by_attack(story, "green", 0, 0)


def test_lesson_07_rules_against_fixed_cubes():
    story = lessons.danger_story()
    rules = lessons.danger_knockout(story, "green", 4)
    fixed = lessons.danger_knockout(story, "green", 4, rules=False)
    # the first attack is the same; later ones differ (a little, for green)
    assert rules.rows[0] == pytest.approx(fixed.rows[0])
    diff = [r - f for r, f in zip(rules.column("2 Danger cards"), fixed.column("2 Danger cards"))]
    assert 0 < max(diff) < 0.01
    exact = lessons.knockout_by_attack(story, "yellow", 4, 2)
    sampled = lessons.knockout_sampled(story, "yellow", 4, 2, n=100_000, seed=3)
    se = [math.sqrt(p * (1 - p) / 100_000) for p in exact]
    assert all(abs(s - e) <= 4 * d + 1e-9 for s, e, d in zip(sampled, exact, se, strict=True))
    # the countdown green's knock-out starts is what endangers yellow (7 health)
    old = lessons.danger_knockout(story, "yellow", 4, dangers=[2], rules=False)
    assert exact[-1] > 1.5 * old.column("2 Danger cards")[-1]


def test_refill_odds_exact_and_simulated():
    from scipy.stats import hypergeom

    story = lessons.danger_story()
    size = sum(story.deck.values())
    danger = story.deck["danger"] + story.deck["both"]
    dragon = story.deck["dragon"] + story.deck["both"]
    n = 50_000
    table = lessons.refill_odds(story, (1, 2, 4), n=n, seed=3)
    for row in table:
        k = row["places"]
        assert row["danger"] == pytest.approx(hypergeom(size, danger, k).sf(0))
        assert row["attack"] == pytest.approx(hypergeom(size, dragon, k).sf(0))
        for key in ("danger", "attack"):
            noise = math.sqrt(row[key] * (1 - row[key]) / n)
            assert abs(row[f"{key}_sim"] - row[key]) <= 4 * noise + 1e-12
    again = lessons.refill_odds(story, (1, 2, 4), n=n, seed=3)
    assert again.rows == table.rows
    # the title says the one Danger card left (the second Ember Altar) is a dragon card too
    assert table.title.endswith(
        f"{dragon} cards with a dragon symbol, 1 with a Danger mark, 1 with both"
    )
    with pytest.raises(ValueError, match="cannot refill"):
        lessons.refill_odds(story, (size + 1,), seed=3)


# ---------------------------------------------------------------------------
# lessons: exercise checks


@pytest.mark.parametrize("lesson", sorted(lessons.EXERCISES))
def test_check_accepts_the_solution(lesson):
    ex = lessons.EXERCISES[lesson]
    answer = lessons.solution(lesson)
    fb = lessons.check(lesson, answer)
    assert fb and fb.ok and repr(fb).startswith("Right!")
    if lesson.isdigit():
        assert lessons.check(int(lesson), answer)
    assert lessons.check(f"{lesson}-whatever", answer)
    assert lessons.exercise(lesson).endswith("?")
    if ex.kind == "count":
        assert lessons.check(lesson, int(answer)) and lessons.check(lesson, str(int(answer)))
        return
    d = ex.decimals
    assert f"to {d} decimal places?" in lessons.exercise(lesson)  # the question says
    assert lessons.check(lesson, round(answer, d))  # the asked places are enough
    assert lessons.check(lesson, f"{answer:.{d}f}")  # text that is a number too
    assert lessons.check(lesson, f"{answer:.{d + 3}f}")  # more places, all right
    assert lessons.check(lesson, answer + 1e-12)  # the same value computed another way


@pytest.mark.parametrize("lesson", sorted(lessons.EXERCISES))
def test_check_tolerance_is_what_the_question_asks(lesson):
    """One unit in the last asked place off is wrong; fewer places than asked are not
    enough (the old check took anything within 0.0006: three decimals)."""
    ex = lessons.EXERCISES[lesson]
    answer = lessons.solution(lesson)
    if ex.kind == "count":
        assert not lessons.check(lesson, answer + 1) and not lessons.check(lesson, answer - 1)
        return
    d = ex.decimals
    unit = 10.0**-d
    assert ex.tolerance == pytest.approx(unit / 2)
    for off in (unit, -unit, 0.9 * unit):
        assert not lessons.check(lesson, round(answer, d) + off), off
    short = f"{answer:.{d - 1}f}"
    if abs(float(short) - answer) > 1e-9:
        fb = lessons.check(lesson, short)
        assert not fb
        if abs(float(short) - answer) <= 0.5 * 10 ** -(d - 1):
            assert f"asks for {d} decimal places" in fb.message


def test_check_count_wants_a_whole_number():
    """Lesson 03's answer is 3 (boots): 3.4 is not 3, and the check must not say "3 is not
    it" when it refuses 3.4 (the old check rounded the answer before showing it)."""
    assert lessons.solution("03") == 3
    for almost in (3.4, "3.4", 2.6, 3.0001, np.float64(2.9999)):
        fb = lessons.check("03", almost)
        assert not fb, almost
        assert "whole number" in fb.message and "3 is not it" not in fb.message
    assert lessons.check("03", 3) and lessons.check("03", "3") and lessons.check("03", 3.0)
    assert "4 is not it" in lessons.check("03", 4).message


def test_check_refuses_a_simulated_estimate():
    """A seeded simulation of lesson 01's question (blue, two Stumbles later) lands within
    0.0001 of the exact answer, which the old check (tolerance 0.0006) passed. The
    question asks for the exact value: right to 4 places is not enough when the places
    written after are wrong."""
    cubes, draws, _ = lessons.dragon_bag_story()
    cubes["blue"] += 2
    exact = lessons.solution("01")
    sim = odds.sample_attacks(cubes, draws, 200_000, seed=8)
    estimate = float(1 - sim.damage("blue")[0])
    assert estimate != exact and abs(estimate - exact) < 6e-4  # the old check said Right
    fb = lessons.check("01", estimate)
    assert not fb and "simulation" in fb.message
    assert not lessons.check("01", f"{estimate:.5f}")
    # rounded to the asked places it is 0.6405, and the exact value rounds to 0.6406
    assert not lessons.check("01", round(estimate, 4))


def test_check_reads_the_places_written():
    # lesson 05's answer is 7/8 exactly: every way to write it is right
    for seven_eighths in (0.875, "0.875", "0.8750", "0.87500", "87.5%", Fraction(7, 8)):
        assert lessons.check("05", seven_eighths), seven_eighths
    # lesson 07 asks 5 places of 0.0079988...: 0.008 as a number is 0.00800 rounded
    assert lessons.check("07", 0.008) and lessons.check("07", "0.00800")
    assert "asks for 5 decimal places" in lessons.check("07", "0.008").message
    assert not lessons.check("07", 0.0080001)
    # cutting the digits off instead of rounding
    right = lessons.solution("06")  # 0.339516...
    assert lessons.check("06", "0.3395")
    cut = math.trunc(lessons.solution("01") * 1e4) / 1e4  # 0.6405, right is 0.64058
    assert "round" in lessons.check("01", f"{cut:.4f}").message
    assert not lessons.check("06", f"{right:.4f}1")


def test_check_close_is_relative_to_the_answer():
    """ "Close" is a window relative to the size of the answer: lesson 07's is 0.008, and
    an absolute 0.01 once called 0.0 and one branch of the sum alone "Close"."""
    s7 = lessons.danger_story()
    deck7 = s7.deck
    size = sum(deck7.values())
    pairs = math.comb(size, 2)
    altar = (pairs - math.comb(size - 1, 2)) / pairs  # the second Ember Altar comes out
    plain = (math.comb(size - 1, 2) - math.comb(size - 1 - deck7["dragon"], 2)) / pairs
    one_branch = [
        altar * s7.attack(1).knockout("green"),  # the Altar's branch only (0.0021)
        plain * s7.attack(0).knockout("green"),  # the plain dragon's branch only (0.0059)
    ]
    right = lessons.solution("07")
    assert sum(one_branch) == pytest.approx(right)
    for wrong in [*one_branch, 0.0, 0.00006, 2 * right]:
        fb = lessons.check("07", wrong)
        assert not fb and fb.message.startswith("Not yet"), (wrong, fb.message)
    # a simulation's estimate or an early rounding, within 1% of 0.008, still is
    for near in (0.00801, 0.00798):
        assert lessons.check("07", near).message.startswith("Close")
    # and a larger answer keeps its window: 0.4% off lesson 05's 0.875
    assert lessons.check("05", 0.879).message.startswith("Close")


def test_check_reads_too_few_places_alike_as_text_or_number():
    """A number with fewer places than asked is "Nearly" like the same text, not "Close"
    (0.64 for 0.6406) nor "cut the digits off" (0.722 for 0.72210); a number that is the
    exact value rounded, trailing zeros unseen, is right (0.008 for 0.0079988)."""
    for lesson, short in (("01", "0.64"), ("13", "0.722"), ("05", "0.88")):
        as_text, as_number = lessons.check(lesson, short), lessons.check(lesson, float(short))
        assert as_text.message == as_number.message, (lesson, short)
        assert as_number.message.startswith("Nearly: right as far as it goes")
    assert lessons.check("07", 0.008)
    assert not lessons.check("07", 0.0).message.startswith("Nearly")  # 0 is no start
    # cutting off is told where the answer shows the asked places
    assert "cut the digits off" in lessons.check("13", "0.7220").message


@pytest.mark.parametrize("lesson", sorted(lessons.EXERCISES))
def test_check_says_not_yet_with_a_hint(lesson):
    ex = lessons.EXERCISES[lesson]
    placeholder = lessons.check(lesson, ...)
    assert not placeholder and "Not yet: replace the ..." in repr(placeholder)
    assert not lessons.check(lesson, None)
    far = 0.999 if ex.kind == "probability" else 99
    fb = lessons.check(lesson, far)
    assert not fb and ex.hint in fb.message
    for wrong, why in ex.traps():
        if abs(wrong - ex.solve()) > ex.tolerance:
            fb = lessons.check(lesson, wrong)
            assert not fb
            assert why in fb.message or "Close" in fb.message or ex.hint in fb.message


@pytest.mark.parametrize("lesson", sorted(lessons.EXERCISES))
def test_trap_hints_say_one_verdict(lesson):
    """A trap's hint that brings its own verdict ("Nearly: ...") is not prefixed with a
    second one: lesson 07's once read "Not yet: Nearly: ..."."""
    from clankwidget.lessons._exercises import VERDICTS

    for _, fb in lessons.misconceptions(lesson):
        message = fb.message
        first = next(v for v in VERDICTS if message.startswith(v))
        rest = message[len(first) :].lstrip()
        assert not rest.startswith(VERDICTS), message
    wrong = lessons.EXERCISES["07"].traps()[0][0]
    assert lessons.check("07", wrong).message.startswith("Nearly: if the refill")


@pytest.mark.parametrize(
    "answer",
    ["abc", [0.5], {"a": 1}, object(), math.nan, math.inf, True, np.array([0.1, 0.2]), 1e300],
)
def test_check_never_raises(answer):
    for lesson in lessons.EXERCISES:
        fb = lessons.check(lesson, answer)
        assert isinstance(fb, lessons.Feedback) and not fb
        assert repr(fb).startswith("Not yet")


@pytest.mark.parametrize(
    "answer, says",
    [
        (10**5000, "a finite number of sensible size, got int <an integer of about 5,000"),
        ("1" * 5000, "a finite number of sensible size, got str '111"),
        ("x" * 10**6, "should be a number, got str 'xxx"),
        (np.array(["x" * 1000]), "should be a number, got ndarray"),
    ],
    ids=["huge int", "huge digits", "long text", "array of text"],
)
def test_check_quotes_an_absurd_answer_briefly(answer, says):
    """A student's cell may hold anything: the check still never raises (an int too big
    for a float once did), and its hint quotes the answer in a line, not a megabyte."""
    for lesson in lessons.EXERCISES:
        fb = lessons.check(lesson, answer)
        assert not fb and says in fb.message and len(fb.message) < 600
    unknown = lessons.check("z" * 10**6, 0.5)
    assert "no exercise 'zzz" in unknown.message and len(unknown.message) < 600
    huge = lessons.check(10**5000, 0.5)  # (a lesson "number" Python will not write out)
    assert not huge and "no exercise <an integer of about 5,000 digits>" in huge.message


def test_lesson_helpers_refuse_a_loop_they_could_not_finish():
    """A helper that loops as often as it is told refuses a count past its purpose (a
    huge one ran for ever)."""
    with pytest.raises(ValueError, match="colour_index is the player, 0 or 1"):
        lessons.first_turn_buy(colour_index=10**5000)
    with pytest.raises(ValueError, match="max_shields must be from 0 to 100"):
        lessons.shield_table(max_shields=10**9)


def test_check_specific_hints():
    assert "NO damage" in lessons.check("01", 1 - lessons.solution("01")).message
    assert "percentage" in lessons.check("06", 100 * lessons.solution("06")).message
    assert "between 0 and 1" in lessons.check("05", -0.2).message
    assert "Close" in lessons.check("05", lessons.solution("05") + 0.004).message
    assert "percentage" in lessons.check("02", f"{100 * lessons.solution('02'):.2f}").message
    # a percentage typed as a number shows its places (64.06), as text with the sign it
    # is the probability itself
    for lesson in ("01", "02", "06"):
        percent = round(100 * lessons.solution(lesson), 2)
        assert "percentage" in lessons.check(lesson, percent).message
        assert "percentage" in lessons.check(lesson, round(percent, 1)).message
        assert lessons.check(lesson, f"{percent:.2f}%")
    assert lessons.check("03", np.float64(3.0))
    assert lessons.check("03", np.array([3]))
    assert lessons.check("03", Decimal(3)) and lessons.check("05", Fraction(7, 8))
    assert not lessons.check("03", 2.5)
    unknown = lessons.check("99", 1)
    assert not unknown and "no exercise" in unknown.message
    with pytest.raises(ValueError):
        lessons.solution("99")
    with pytest.raises(ValueError):
        lessons.exercise(None)


def test_solutions_by_hand():
    # 05: the next hand takes the 3 old cards and 2 of the 8 reshuffled; the Explore is
    # missed both turns only as the last card of the 8
    assert lessons.solution("05") == pytest.approx(7 / 8)
    draw, discard = lessons.exercise_piles("05")
    assert len(draw) == 3 and "explore" in discard and len(discard) == 8
    assert lessons.solution("03") == 3
    # 04: 5 cabinet tokens + Slogger on the Prize Counter: 6 tokens take the 20-point
    # Hoverboard (costs 6), a 1-token Skill Shot (6 skill) still 20, a 2-token one (8
    # skill, 8 tokens) the 25-point Golden Joystick: 20 + 5 P(skill >= 8)
    story = lessons.skill_shot_story()
    assert story.costs[20] == 6 and story.costs[25] == 8 and story.costs[30] == 10
    p8 = deck.chance_at_least(story.deck, cards=story.cards, resource="skill", k=8)
    assert lessons.solution("04") == pytest.approx(20 + 5 * p8)
    # 02: 9 boots at 3 a turn is 3 turns, 2 countdown attacks (5 then 6 cubes, nothing
    # added between): yellow (5 health) is out when 5 or more of the 11 cubes drawn are
    # yellow, a hypergeometric tail
    s2 = lessons.countdown_story()
    bag2 = s2.countdown_bag()
    n2, k2 = sum(bag2.values()), bag2["yellow"]
    tail = sum(math.comb(k2, a) * math.comb(n2 - k2, 11 - a) for a in range(5, k2 + 1))
    assert lessons.solution("02") == pytest.approx(1 - tail / math.comb(n2, 11))
    cubes, draws, _ = lessons.dragon_bag_story()
    more = dict(cubes, blue=cubes["blue"] + 2)
    total = sum(more.values())
    assert lessons.solution("01") == pytest.approx(
        1 - math.comb(total - more["blue"], draws) / math.comb(total, draws)
    )
    s6 = lessons.space_story()
    assert lessons.solution("06") == pytest.approx(
        1 - _clone_damage_by_enumeration(s6.cubes, s6.draws, "yellow", 1)[0]
    )
    s7 = lessons.danger_story()
    total, mine, hp = sum(s7.cubes.values()), s7.cubes["green"], s7.health["green"]

    def knocked_out(draws):  # P(at least hp green cubes among draws), by counting
        hits = range(hp, draws + 1)
        ways = sum(math.comb(mine, a) * math.comb(total - mine, draws - a) for a in hits)
        return ways / math.comb(total, draws)

    # every pair of new cards in the row: an attack if one has a dragon symbol, drawing one
    # more cube for each that is a Danger card
    cards = [kind for kind, count in s7.deck.items() for _ in range(count)]
    pairs = list(itertools.combinations(cards, 2))
    by_hand = 0.0
    for pair in pairs:
        if any(kind in ("both", "dragon") for kind in pair):
            extra = sum(kind in ("both", "danger") for kind in pair)
            by_hand += knocked_out(s7.rage + extra) / len(pairs)
    assert lessons.solution("07") == pytest.approx(by_hand)


# ---------------------------------------------------------------------------
# The committed lesson notebooks


def _cells(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return nb, [c for c in nb["cells"] if c["cell_type"] == "code"]


def test_lesson_notebooks_exist():
    names = [p.name for p in LESSON_NOTEBOOKS]
    for prefix in ("01-", "02-", "03-", "04-", "05-", "06-", "07-"):
        assert any(n.startswith(prefix) for n in names), f"no lesson {prefix}*.ipynb"


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.name)
def test_lesson_notebook_hygiene(path):
    """Outputs only where nbval checks them; no bokeh output (inline BokehJS is ~8 MB);
    an exercise with a placeholder and a check cell that says "Not yet"; and no answer:
    the worked answer is in the teacher's copy."""
    assert path.stat().st_size < 200_000
    nb, code = _cells(path)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    checked = 0
    for cell in code:
        tags = cell.get("metadata", {}).get("tags", [])
        src = "".join(cell["source"])
        if "nbval-check-output" in tags:
            checked += 1
            assert cell["outputs"], f"checked cell without outputs: {src[:60]}"
            assert cell["execution_count"] is not None
        else:
            assert not cell["outputs"], f"unchecked cell with outputs: {src[:60]}"
        if "plots.show" in src or "setup_notebook" in src:
            assert "nbval-ignore-output" in tags and not cell["outputs"]
        for out in cell["outputs"]:
            assert "application/javascript" not in out.get("data", {})
    assert checked >= 4
    sources = ["".join(c["source"]) for c in code]
    lesson = key_of(path.name)
    assert f"answer_{lesson} = ..." in sources
    texts = [
        "".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
        for c in code
        for o in c["outputs"]
    ]
    assert any(t.startswith("Not yet: replace the ...") for t in texts)
    # the student's copy holds no answer to its exercise (issue 16): no worked answer, and
    # the answer, as the check would print it, nowhere in the text or the outputs
    assert not any("Right!" in t for t in texts)
    ex = lessons.EXERCISES[lesson]
    if ex.kind != "count":
        shown = f"{lessons.solution(lesson):.{ex.decimals}f}"
        page = json.dumps([c["source"] for c in nb["cells"]]) + json.dumps(texts)
        assert shown not in page, f"the answer {shown} is on the page"
        assert f"{ex.decimals} decimal places" in page  # the page says what is asked
    teacher = TEACHER_NOTEBOOKS / f"{path.stem}-solutions.ipynb"
    assert teacher.exists() and teacher.name in page_text(nb)


def page_text(nb) -> str:
    return "\n".join("".join(c["source"]) for c in nb["cells"])


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.name)
def test_teacher_notebook_has_the_worked_answer(path):
    """Beside each lesson, in notebooks/teachers/, a solution notebook that nbval runs: a
    derivation by hand and the package's answer, both checked outputs, the check saying
    Right, and what the check says to each known wrong answer."""
    teacher = TEACHER_NOTEBOOKS / f"{path.stem}-solutions.ipynb"
    nb, code = _cells(teacher)
    lesson = key_of(path.name)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    for cell in code:
        tags = cell.get("metadata", {}).get("tags", [])
        assert bool(cell["outputs"]) == ("nbval-check-output" in tags)
    texts = ["".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
             for c in code for o in c["outputs"]]  # fmt: skip
    ex = lessons.EXERCISES[lesson]
    answer = lessons.solution(lesson)
    shown = str(round(answer)) if ex.kind == "count" else f"{answer:.{ex.decimals}f}"
    assert any(f"Right! The exact answer is {shown}." in t for t in texts)
    assert "## By hand" in page_text(nb)
    assert any(f'misconceptions("{lesson}")' in "".join(c["source"]) for c in code)
    verdicts = sum(t.count("Not yet") + t.count("Nearly") + t.count("Close") for t in texts)
    assert verdicts >= len(ex.traps())


def test_refresh_outputs_updates_only_the_checked_cells(tmp_path):
    import importlib.util

    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook, new_output

    spec = importlib.util.spec_from_file_location("refresh", NOTEBOOKS / "refresh_outputs.py")
    refresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(refresh)

    stale = new_output("stream", name="stdout", text="3\n")
    nb = new_notebook(
        cells=[
            new_code_cell(
                "print(1 + 1)", metadata={"tags": ["nbval-check-output"]}, outputs=[stale]
            ),
            new_code_cell("print('kept')", metadata={"tags": ["nbval-check-output"]}),
            new_code_cell("print('not checked')", outputs=[stale]),
        ]
    )
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{i}"
    path = tmp_path / "lesson.ipynb"
    nbformat.write(nb, path)
    assert refresh.refresh(path) == ["cell-0", "cell-1"]
    cells = nbformat.read(path, as_version=4).cells
    assert cells[0].outputs[0]["text"] == "2\n" and cells[0].execution_count == 1
    assert cells[1].outputs[0]["text"] == "kept\n"
    assert cells[2].outputs == [] and cells[2].execution_count is None
    assert refresh.refresh(path) == []  # a second run changes nothing


# ---------------------------------------------------------------------------
# The teacher's guide


def test_teacher_guide_answers_are_the_packages():
    """notebooks/teachers/README.md quotes each exercise's answer after its derivation by
    hand: the figure must be the package's, as the check prints it."""
    guide = (TEACHER_NOTEBOOKS / "README.md").read_text(encoding="utf-8")
    sections = re.split(r"^### (\d\d[a-z]?) ", guide, flags=re.M)[1:]
    found = dict(zip(sections[::2], sections[1::2]))
    assert sorted(found) == sorted(lessons.EXERCISES)
    for lesson, text in found.items():
        ex = lessons.EXERCISES[lesson]
        answers = re.findall(r"\*\*Answer: ([0-9.]+)\*\*", text)
        answer = lessons.solution(lesson)
        shown = str(round(answer)) if ex.kind == "count" else f"{answer:.{ex.decimals}f}"
        assert answers == [shown], (lesson, answers, shown)
        assert f"{lesson}-" in text and "-solutions.ipynb" in text
        for part in ("**Objectives:**", "**Pacing:**", "**Misconceptions", "**Discuss:**"):
            assert part in text, (lesson, part)
    for link in re.findall(r"\]\(([^)#]+)\)", guide):
        assert (TEACHER_NOTEBOOKS / link).exists(), link


def test_board_picture_is_drawn_from_the_board():
    from clankwidget.lessons.board_picture import board_svg, main

    board = cw.load_board("teaching-dungeon")
    svg = board_svg(board)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    for space in board.spaces:
        assert f">{html.escape(space.name)}</text>" in svg, space.name
    drawn = svg.count("<line ") - 4  # minus the key's four
    assert drawn == len(board.paths)
    assert svg.count('marker-end="url(#arrow)"') == sum(p.one_way for p in board.paths) + 1
    assert svg.count('stroke-dasharray="8 5"') == sum(p.locked for p in board.paths) + 1
    monsters = sum(p.monsters for p in board.paths)
    assert svg.count('r="5" fill="#d32f2f"') == monsters + 1
    for space in board.spaces:
        if space.artifact:
            assert f'font-weight="bold">{space.artifact}</text>' in svg
    # the committed picture is this one
    committed = (TEACHER_NOTEBOOKS / "teaching-dungeon.svg").read_text(encoding="utf-8")
    assert committed == svg, "run python -m clankwidget.lessons.board_picture " + str(
        TEACHER_NOTEBOOKS / "teaching-dungeon.svg"
    )
    assert main([]) == 0


ALL_NOTEBOOKS = sorted(NOTEBOOKS.glob("[0-9][0-9]*-*.ipynb"))


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_lesson_states_objectives_prerequisites_and_time(path):
    nb, _ = _cells(path)
    top = "".join(nb["cells"][0]["source"])
    assert nb["cells"][0]["cell_type"] == "markdown" and top.startswith("# ")
    for part in ("**Objectives**", "**Prerequisites**", "**Time**"):
        assert part in top, part
    assert len(top.splitlines()) <= 12  # short


@pytest.mark.parametrize("path", LESSON_NOTEBOOKS, ids=lambda p: p.name)
def test_lesson_asks_for_a_prediction_before_each_exact_answer(path):
    """Under every heading that gives an exact answer, the first code cell comes right
    after a "Predict first" prompt; and there are at least two prompts in a lesson."""
    nb, _ = _cells(path)
    cells = nb["cells"]
    prompts = [i for i, c in enumerate(cells) if "**Predict first.**" in "".join(c["source"])]
    assert len(prompts) >= 2
    for i, cell in enumerate(cells):
        head = "".join(cell["source"]).splitlines()[0] if cell["source"] else ""
        if cell["cell_type"] == "markdown" and head.startswith("## ") and "exact" in head.lower():
            first_code = next(k for k in range(i, len(cells)) if cells[k]["cell_type"] == "code")
            assert first_code - 1 in prompts, f"no prediction before the exact answer under {head}"
    for i in prompts:
        assert cells[i + 1]["cell_type"] == "code"  # the prompt comes just before the reveal


# ---------------------------------------------------------------------------
# Lesson 08: how many simulations?


def test_simulation_story_events_by_counting():
    story = lessons.simulation_story()
    n, b, d = sum(story.cubes.values()), story.cubes["blue"], story.draws
    assert story.exact() == pytest.approx(math.comb(n - b, d) / math.comb(n, d))
    assert story.exact("knocked out") == pytest.approx(math.comb(b, 3) / math.comb(n, d))
    with pytest.raises(ValueError, match="event"):
        story.exact("hurt")
    hits = lessons.simulated_hits(story, 50_000, seed=1)
    assert hits.dtype == bool and hits.shape == (50_000,)
    p = story.exact()
    assert abs(hits.mean() - p) < 4 * math.sqrt(p * (1 - p) / 50_000)
    again = lessons.simulated_hits(story, 50_000, seed=1)
    assert (again == hits).all()


@pytest.mark.parametrize("k,n", [(0, 20), (1, 20), (7, 20), (20, 20), (411, 1000), (3, 10_000)])
def test_intervals_match_scipy_and_the_formula(k, n):
    from scipy.stats import binomtest

    lo, hi = lessons.wilson_interval(k, n)
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    assert lo == pytest.approx(ci.low, abs=2e-4) and hi == pytest.approx(ci.high, abs=2e-4)
    # lessons use z = 1.96; with scipy's z (1.959964) they agree to 1e-12
    lo_z, hi_z = lessons.wilson_interval(k, n, z=1.959963984540054)
    assert lo_z == pytest.approx(ci.low, abs=1e-12) and hi_z == pytest.approx(ci.high, abs=1e-12)
    p = k / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    wl, wh = lessons.wald_interval(k, n)
    assert wl == pytest.approx(max(0, p - half)) and wh == pytest.approx(min(1, p + half))
    if k == 0:
        assert wl == wh == 0 and hi > 0  # Wald cannot hold a rare event; Wilson can


def test_simulations_needed_is_the_least_n():
    for p in (0.01, 0.4119, 0.5, 0.9):
        for m in (0.001, 0.005, 0.01, 0.05):
            n = lessons.simulations_needed(p, m)
            assert 1.96 * math.sqrt(p * (1 - p) / n) <= m + 1e-12
            if n > 1:
                assert 1.96 * math.sqrt(p * (1 - p) / (n - 1)) > m
    assert lessons.simulations_needed(0.5, 0.01) == 9604  # the textbook figure
    with pytest.raises(ValueError):
        lessons.simulations_needed(0.5, 0)
    # 08 by hand
    p = lessons.simulation_story().exact()
    assert lessons.solution("08") == math.ceil(1.96**2 * p * (1 - p) / 0.005**2)
    # p as the notebook prints it (4 places) gives another count: the hint says so
    rounded = math.ceil(1.96**2 * round(p, 4) * (1 - round(p, 4)) / 0.005**2)
    assert rounded != lessons.solution("08")
    assert "unrounded p" in lessons.check("08", rounded).message


def test_running_estimate_and_coverage():
    story = lessons.simulation_story()
    hits = lessons.simulated_hits(story, 1000, seed=3)
    table = lessons.running_estimate(hits, [1, 10, 1000], exact=story.exact())
    assert table.column("hits") == [int(hits[:1].sum()), int(hits[:10].sum()), int(hits.sum())]
    assert table.column("estimate")[-1] == pytest.approx(hits.mean())
    assert all(
        lo <= e <= hi
        for lo, e, hi in zip(table.column("low"), table.column("estimate"), table.column("high"))
    )
    with pytest.raises(ValueError, match="each checkpoint must be from 1 to 1,000"):
        lessons.running_estimate(hits, [1001])
    cov = lessons.coverage_table(story, [20, 1000], repeats=1000, seed=5)
    rows = {(r["event"], r["n"]): r for r in cov}
    for r in cov:  # Wilson's keeps its promise (1000 repeats: noise about 0.014)
        assert abs(r["Wilson covers"] - 0.95) < 0.035, r
    assert rows["no damage", 1000]["Wald covers"] > 0.915
    rare = rows["knocked out", 20]
    # Wald holds the truth only when the simulation saw a knock-out at all
    assert rare["Wald covers"] <= 1 - rare["no hit at all"] + 1e-12
    assert rare["Wald covers"] < 0.5 and rare["no hit at all"] > 0.6


def test_estimate_band_plot():
    fig = plots.estimate_band(
        [10, 100, 1000], [0.5, 0.42, 0.41], [0.2, 0.33, 0.38], [0.8, 0.52, 0.44], exact=0.412
    )
    band = fig.select_one({"name": "band"})
    line = fig.select_one({"name": "estimate"})
    assert band is not None and line is not None
    assert list(line.data_source.data["n"]) == [10.0, 100.0, 1000.0]
    exact = fig.select_one({"name": "exact"})
    assert list(exact.data_source.data["y"]) == [0.412, 0.412]
    with pytest.raises(ValueError):
        plots.estimate_band([10, 100], [0.5], [0.2], [0.8])
    with pytest.raises(ValueError):
        plots.estimate_band([0, 100], [0.5, 0.4], [0.2, 0.3], [0.8, 0.5])


# ---------------------------------------------------------------------------
# second edition: counting by hand, the formula beside the binomial, trees and chains,
# Wilson intervals on every simulated figure, sliders


def test_every_draw_counts_the_six_cube_bag():
    pairs, counted = lessons.every_draw(lessons.SMALL_BAG, draws=2, colour="blue")
    assert len(pairs) == math.comb(6, 2) == sum(counted.column("ways"))
    assert counted.column("ways") == [6, 8, 1]
    assert counted.column("by counting") == pytest.approx(counted.column("attack_odds"), abs=1e-12)


def test_hypergeometric_table_matches_scipy_and_the_binomial():
    from scipy.stats import binom, hypergeom

    cubes, draws, _ = lessons.dragon_bag_story()
    t = lessons.hypergeometric_table(cubes, draws, "blue")
    n, b = sum(cubes.values()), cubes["blue"]
    ks = np.arange(draws + 1)
    assert t.column("formula") == pytest.approx(hypergeom(n, b, draws).pmf(ks), abs=1e-12)
    assert t.column("attack_odds") == pytest.approx(t.column("formula"), abs=1e-9)
    assert t.column("binomial") == pytest.approx(binom(draws, b / n).pmf(ks), abs=1e-12)


@pytest.mark.parametrize(
    ("colour", "turns", "clank"), [("blue", 3, 0), ("yellow", 4, 0), ("blue", 4, 1)]
)
def test_countdown_chain_and_tree_agree_with_knockout_odds(colour, turns, clank):
    story = lessons.countdown_story()
    attacks = lessons.countdown_attacks(turns, story.draws, colour=colour, clank_per_turn=clank)
    ko = odds.knockout_odds(story.health, attacks, bag=story.countdown_bag(), hit_all=None)
    chain = lessons.countdown_chain(story, colour, turns, clank_per_turn=clank)
    assert chain.knockout() == pytest.approx(list(ko.knockout(colour)), abs=1e-12)
    for m in chain.matrices:
        assert np.allclose(m.sum(axis=1), 1) and m[-1, -1] == 1  # stochastic, absorbing
    if clank == 0:
        tree = lessons.probability_tree(story, colour, turns)
        assert sum(tree.column("path P")) == pytest.approx(1, abs=1e-12)
        knocked = sum(r["path P"] for r in tree if r["knocked out"])
        assert knocked == pytest.approx(float(ko.knockout(colour)[-1]), abs=1e-12)


def test_compare_gives_every_simulated_figure_a_wilson_interval():
    from scipy.stats import binomtest

    t = lessons.compare([0, 1], [0.4, 0.0125], [0.41, 0.0], n=1000)
    for row in t:
        ci = binomtest(round(row["simulated"] * 1000), 1000).proportion_ci(method="wilson")
        assert (row["low"], row["high"]) == pytest.approx((ci.low, ci.high), abs=2e-5)
    assert t[1]["low"] == 0 and t[1]["high"] > 0  # no hit at all: Wilson still reaches up
    assert "95% low" in repr(t)
    assert "low" not in lessons.compare([0], [0.5], [0.5]).columns  # no n, no interval
    assert lessons.wilson_interval is lessons.l08_how_many_simulations.wilson_interval
    table = lessons.countdown_table(lessons.countdown_story(), "blue", [3], n=20_000, seed=2)
    assert table[0]["low"] <= table[0]["exact"] <= table[0]["high"]


def _exact_bars(explorer):
    return explorer.figure.select_one({"name": "exact"}).data_source.data["exact"]


def test_sliders_drive_the_figures():
    ex = lessons.dragon_bag_explorer("blue")
    cubes, draws, _ = lessons.dragon_bag_story()
    assert ex.values == {"added": 0, "draws": draws}  # starts at the story
    story = odds.attack_odds(cubes, draws, hit_all=None).damage("blue")
    assert _exact_bars(ex) == pytest.approx(story, abs=1e-6)
    ex.controls["added"].value = 5
    ex.controls["draws"].value = 5
    more = odds.attack_odds(dict(cubes, blue=cubes["blue"] + 5), 5, hit_all=None)
    assert _exact_bars(ex) == pytest.approx(more.damage("blue"), abs=1e-6)
    assert "16 of 49" in ex.figure.title.text and "0.8" in ex.table.value
    # a widget's HTML gets no notebook styles: the table brings its own (and Lab's class)
    assert '<div class="jp-RenderedHTMLCommon cw-explore-table"><table>' in ex.table.value
    assert ".cw-explore-table td{padding" in ex.table.value

    cd = lessons.countdown_explorer("blue")
    assert _exact_bars(cd)[2] == pytest.approx(0.8378, abs=1e-4)  # 3 boots a turn
    cd.controls["health"].value = 2
    story = lessons.countdown_story()
    two = lessons.countdown_survival(
        dict(story.health, blue=2), story.countdown_bag(), "blue", 3, story.draws
    )
    assert _exact_bars(cd)[2] == pytest.approx(two, abs=1e-6)

    sim = lessons.simulation_explorer(biggest=10_000)
    sim.controls["n"].value = 1_000
    band = sim.figure.select_one({"name": "estimate"}).data_source.data
    assert band["n"][-1] == 1_000 and all(
        lo <= e <= hi for lo, e, hi in zip(band["low"], band["estimate"], band["high"])
    )


# ---------------------------------------------------------------------------
# Lessons 09 (card value), 10 (secrets and Bayes), 11 (risk)


def test_card_value_linearity_and_variance_agree_with_the_exact_law():
    story = lessons.card_value_story()
    table = lessons.deck_table(story, {"start": {}, "+ Explore": {"buy": ["explore"]},
                                       "- Stumble": {"trash": ["stumble"]}})  # fmt: skip
    for row in table:
        assert row["expected"] == pytest.approx(row["5 x mean card"], abs=1e-9)
        assert row["sd"] == pytest.approx(row["sd by formula"], abs=1e-9)
    assert table[0]["expected"] == pytest.approx(3.5)
    # by counting hands: 6 Burgle + Scramble are ones, Stumble and Sidestep zeros, Explore 2
    assert lessons.solution("09") == pytest.approx(
        (math.comb(7, 5) + math.comb(7, 4) * 2 + math.comb(9, 4)) / math.comb(10, 5)
    )
    with pytest.raises(ValueError, match="trash"):
        story.with_changes(trash=["explore"])
    ex = lessons.card_value_explorer(story)
    ex.controls["explores"].value = 1
    law = lessons.hand_law(story, story.with_changes(buy=["explore"]))
    bars = ex.figure.select_one({"name": "exact"}).data_source.data["exact"]
    assert bars[: len(law.pmf)] == pytest.approx(law.pmf, abs=1e-6)
    # at the exercise's setting the sliders show 2 places, not the 4 the answer asks
    ex.controls["trashed"].value = 1
    answer = lessons.solution("09")
    assert f"{answer:.4f}" not in ex.figure.title.text
    assert ex.figure.title.text.endswith(f"= {answer:.2f}")
    assert dict(ex.figure.select_one(HoverTool).tooltips)["exact"] == "@exact{0.00}"


def test_secrets_posterior_is_bayes_and_symmetry():
    story = lessons.secrets_story()
    assert story.total == 11 and story.slots == 9 and len(story.dealt) == 9
    assert lessons.secrets_story().dealt == story.dealt  # seeded
    assert "jewelled-chalice" not in story.seen
    for k in range(0, 9):
        prior, lh, ln, post = lessons.on_board_posterior(story, k)
        assert ln == 1
        assert prior == pytest.approx(9 / 11)
        assert lh == pytest.approx(math.comb(8, k) / math.comb(9, k))
        assert post == pytest.approx((9 - k) / (11 - k))
    nxt = lessons.next_token_table(story)
    assert sum(nxt.column("now")) == pytest.approx(1) and sum(
        nxt.column("before")
    ) == pytest.approx(1)
    sim = lessons.simulate_deals(story, [0, 3, 6], n=50_000, seed=5)
    for row in sim:
        assert row["95% low"] - 0.005 <= row["exact"] <= row["95% high"] + 0.005
    assert lessons.solution("10") == pytest.approx(0.6)


def test_risk_routes_from_the_countdown():
    t = lessons.route_table("blue", "cistern", 3)
    by = {r["artifact"]: r for r in t}
    assert t.column("points") == sorted(t.column("points"))
    for r in t:
        assert r["P(out)"] + r["P(rescued)"] + r["P(lost)"] == pytest.approx(1)
    cistern, throne = "Black Cistern", "Obsidian Throne Room"
    assert by[cistern]["boots"] == 7 and by[cistern]["turns"] == 3
    story = lessons.countdown_story()
    p = lessons.countdown_survival(story.health, story.countdown_bag(), "blue", 3, story.draws)
    assert by[cistern]["P(out)"] == pytest.approx(p)
    # the first attack finds blue in the Depths (lost), the second a boot from the exit
    # with the artifact (rescued): the fates are the two attacks' knock-outs
    attacks = lessons.countdown_attacks(3, story.draws)
    ko = odds.knockout_odds(story.health, attacks, bag=story.countdown_bag(), hit_all=None)
    first, both = ko.knockout("blue")
    assert by[cistern]["P(lost)"] == pytest.approx(first)
    assert by[cistern]["P(rescued)"] == pytest.approx(both - first)
    mastery = cw.load_cards("clank-teaching").setup["mastery_points"]
    assert lessons.l11_risk._mastery_points() == mastery == 20
    expected = (10 + mastery) * p + 10 * (both - first)
    assert by[cistern]["expected points"] == pytest.approx(expected)
    # on the Throne's route the first two attacks find blue in the Depths, the third not
    assert by[throne]["P(rescued)"] > 0 and by[throne]["P(lost)"] > by[cistern]["P(lost)"]
    assert all(r["P(out)"] == 0 for r in t if r["turns"] >= 5)  # caught by the countdown
    assert by["Lava Terrace"]["P(rescued)"] > 0  # ... but above the Depths by its end
    assert by["Scorched Gallery"]["P(lost)"] == 1  # ... still in the Depths
    fast = {r["artifact"]: r for r in lessons.route_table("blue", "cistern", 4)}
    # the lesson's story: level means, very different risks
    assert abs(fast[throne]["expected points"] - fast[cistern]["expected points"]) < 1
    assert fast[throne]["P(lost)"] > 0.1 > 0.01 > fast[cistern]["P(lost)"]
    assert fast[throne]["sd of points"] > 5 * fast[cistern]["sd of points"]
    ex = lessons.risk_explorer()
    ex.controls["boots"].value = 4
    bars = ex.figure.select_one({"name": "exact"}).data_source.data["exact"]
    assert bars == pytest.approx(
        [fast[cistern]["expected points"], fast[throne]["expected points"]], abs=1e-5
    )


def test_risk_routes_read_a_rescue_as_the_engine_does():
    """The lesson's rescue (holding an artifact, above the Depths) is the engine's, on
    every room of the board; and a route's thief holds the artifact only once there."""
    game = cw.Game.new("clank", players=2, seed=1)
    rules, s = game.rules, game.state
    p = s.players[0]
    for space in rules.board.spaces:
        p.space = space.id
        p.artifacts = []
        assert not rules.rescued(s, p)
        p.artifacts = ["cistern"]
        assert rules.rescued(s, p) == (not space.depths), space.id
    (route,) = lessons.l11_risk._routes("blue", "obsidian-throne", 3, ["cistern"])[2]
    # 2 boots to the Cistern, then 7 out: after turn 1 (3 boots) it is in hand, in the
    # Depths; after turn 3 (9 boots) blue is a boot from the exit
    assert [route.rescued_after(t) for t in (1, 2, 3)] == [False, False, True]
    (far,) = lessons.l11_risk._routes("blue", "hoard-lip", 1, ["cistern"])[2]
    assert not any(far.rescued_after(t) for t in (1, 2, 3, 4))  # not there yet
