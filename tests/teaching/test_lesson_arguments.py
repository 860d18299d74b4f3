"""Every lesson helper and lesson plot refuses a hostile argument cleanly.

A student types these arguments in exercise cells, so each public function of
``clankwidget.lessons`` and ``clankwidget.plots`` is called with a working set of
arguments (:func:`_calls`) and then with each argument in turn replaced by values a
student or a script might pass by mistake: a megabyte of text, an integer Python will not
print, a trillion, a negative, NaN, infinity, ``None``, a nested list, a dict, a float and
a bare object. Each call must return, or raise a :class:`~clankwidget.errors.
ClankwidgetError` (or, for an unknown key or column, a ``KeyError``) whose message is
short, within a time limit: no ``OverflowError``, ``AttributeError`` or ``MemoryError``
from deep inside, no message that quotes a megabyte, no call that runs for hours.
"""

from __future__ import annotations

import inspect
import math
import re
import signal

import pytest

from clankwidget import deck, lessons, paths, plots
from clankwidget.data import load_board
from clankwidget.errors import ClankwidgetError, LessonInputError

HOSTILE = {
    "a megabyte of text": "z" * 1_000_000,
    "a 5,000-digit integer": 10**5000,
    "a trillion": 10**12,
    "a negative": -5,
    "NaN": math.nan,
    "infinity": math.inf,
    "None": None,
    "a nested list": [[[[[[1]]]]]] * 3,
    "a dict": {"a": 1},
    "a float": 2.5,
    "an object": object(),
}

#: seconds one call may take (the slowest refused or accepted call takes well under one)
LIMIT = 60

#: what a clean refusal may be: the package's own errors, and the ValueError, TypeError or
#: KeyError of a check that names what was wrong (bokeh's validation of a property, a
#: space id the paths module looks up)...
CLEAN = (ClankwidgetError, ValueError, TypeError, KeyError)
#: ... but not Python's own words from deep inside, which name no argument
UNCLEAR = re.compile(
    r"is not iterable|unhashable type|has no attribute|argument must be a string|cannot "
    r"unpack|not supported between|is not subscriptable|unsupported operand|could not convert"
    r"|Exceeds the limit|int too large|cannot convert float|division by zero|inhomogeneous"
)

#: functions not called here: they show or load things in a notebook, or take callables
#: (their arguments are checked by ipywidgets and bokeh)
SKIPPED = {"show", "setup_notebook", "explore", "slider", "check", "exercise", "solution",
           "misconceptions"}  # fmt: skip
#: (lessons.check and friends have their own tests in test_lessons.py)


def _calls() -> dict:
    """A working call of every public function: name -> keyword arguments."""
    cubes, draws, _ = lessons.dragon_bag_story()
    countdown = lessons.countdown_story()
    danger = lessons.danger_story()
    sim = lessons.simulation_story()
    value = lessons.card_value_story()
    secrets = lessons.secrets_story()
    legacy = lessons.legacy_story()
    space = lessons.space_story()
    shot = lessons.skill_shot_story()
    board = load_board("teaching-dungeon")
    options = paths.turn_options(board, "cistern", boots=2, swords=1, health=3)
    skill = deck.resource_distribution(shot.deck, cards=shot.cards, resource="skill")
    table = lessons.clank_sweep(cubes, "blue", [2], [0, 1])
    hits = lessons.simulated_hits(sim, 200, seed=1)
    return {
        # lessons._common
        "wilson": dict(estimate=0.3, n=100, z=1.96),
        "wilson_interval": dict(k=3, n=10, z=1.96),
        "compare": dict(labels=["a"], exact=[0.5], simulated=[0.4], n=100),
        "pivot": dict(tables=table, value="p_hit", key="added", rows=[0], label="{}"),
        "story_game": dict(name="lesson-07-danger-cards", seed=6),
        "play_bots": dict(players=2, seed=1, until_turn=2, bot_seed=1),
        # lesson 01
        "clank_sweep": dict(cubes=cubes, colour="blue", draws=[2], added=[0, 1], health=3),
        "dragon_bag_explorer": dict(colour="blue"),
        "every_draw": dict(cubes=lessons.SMALL_BAG, draws=2, colour="blue"),
        "hypergeometric_table": dict(cubes=cubes, draws=draws, colour="blue"),
        # lesson 02
        "countdown_attacks": dict(turns=3, draws=4, colour="blue", clank_per_turn=1),
        "countdown_chain": dict(story=countdown, colour="blue", turns=3, clank_per_turn=0),
        "countdown_explorer": dict(colour="blue", paces=[2, 3]),
        "countdown_survival": dict(
            health=dict(countdown.health),
            bag=countdown.countdown_bag(),
            colour="blue",
            turns=3,
            draws=4,
            clank_per_turn=0,
            method="simulate",
            n=500,
            seed=1,
        ),
        "countdown_table": dict(
            story=countdown, colour="blue", boots_per_turn=[3], clank_per_turn=0, n=500, seed=2
        ),
        "probability_tree": dict(story=countdown, colour="blue", turns=3),
        "survival_map": dict(story=countdown, colour="blue", boots_per_turn=3),
        "turns_to_exit": dict(distance=7.0, boots_per_turn=3),
        # lesson 03
        "fronts": dict(options=options, spaces=["cistern"], only_choices=False),
        "key_savings": dict(board=board, target="hoard-lip"),
        "random_walks": dict(
            board=board,
            start="cistern",
            boots=2,
            swords=1,
            health=3,
            keys=False,
            can_exit=False,
            n=50,
            seed=1,
        ),
        "walks_against_front": dict(options=options, walks={"cistern": {(0, 0, 0)}}),
        # lesson 04
        "best_artifact": dict(tokens=3, costs=shot.costs),
        "card_table": dict(deck=shot.deck, cards=shot.cards),
        "distribution_table": dict(dist=skill, start=0),
        "prize_chances": dict(skill_pmf=skill, base_tokens=5, costs=shot.costs, names=shot.names),
        "skill_shot_tokens": dict(skill=7, shot=lessons.SKILL_SHOT),
        "token_distribution": dict(
            skill_pmf=skill, base_tokens=5, costs=shot.costs, names=shot.names
        ),
        # lesson 05
        "cycling_story": dict(seed=3),
        "exercise_piles": dict(lesson="05"),
        "first_turn_buy": dict(seed=3, colour_index=0, buy="explore"),
        # lesson 06
        "clone_cube_cost": dict(cubes=space.cubes, draws=4, colour="yellow", next_draws=4),
        "clone_damage": dict(cubes=space.cubes, draws=4, colour="yellow", clones=1, red="red"),
        "clone_damage_sampled": dict(
            cubes=space.cubes, draws=4, colour="yellow", clones=1, n=500, seed=1, red="red"
        ),
        # lesson 07
        "danger_attacks": dict(story=danger, attacks=2, dangers=1, added=1),
        "danger_knockout": dict(story=danger, colour="green", attacks=2, dangers=[1]),
        "danger_table": dict(story=danger, colour="green", dangers=[0, 1]),
        "knockout_by_attack": dict(story=danger, colour="green", attacks=2, dangers=1, added=1),
        "knockout_sampled": dict(
            story=danger, colour="green", attacks=2, dangers=1, added=1, n=500, seed=1
        ),
        "refill_odds": dict(story=danger, slots=[1], n=500, seed=1),
        # lesson 08
        "coverage_table": dict(story=sim, sizes=[20], repeats=20, seed=1),
        "running_estimate": dict(hits=hits, checkpoints=[10, 200], exact=0.4),
        "simulated_hits": dict(story=sim, n=200, seed=1, event="no damage"),
        "simulation_explorer": dict(event="no damage", biggest=1000),
        "simulations_needed": dict(p=0.4, margin=0.01, z=1.96),
        "wald_interval": dict(k=3, n=10, z=1.96),
        # lesson 09
        "card_value_explorer": dict(story=value),
        "deck_table": dict(story=value, choices={"+ Explore": {"buy": ["explore"]}}),
        "hand_law": dict(story=value, deck=value.deck),
        "skill_per_card": dict(story=value, deck=value.deck),
        # lesson 10
        "bayes_table": dict(story=secrets, opened=[2], target="jewelled-chalice"),
        "next_token_table": dict(story=secrets),
        "on_board_posterior": dict(story=secrets, opened=2, target="jewelled-chalice"),
        "secrets_story": dict(seed=16, opened=4),
        "simulate_deals": dict(story=secrets, opened=[2], n=500, seed=1, target="jewelled-chalice"),
        # lesson 11
        "artifact_rooms": dict(board_id="teaching-dungeon"),
        "risk_explorer": dict(colour="blue", start="cistern", rooms=["cistern"]),
        "route_simulation": dict(
            colour="blue", start="cistern", boots_per_turn=3, rooms=["cistern"], n=500, seed=1
        ),
        "route_table": dict(
            colour="blue", start="cistern", boots_per_turn=3, health=4, rooms=["cistern"]
        ),
        # lesson 12
        "dice_story": dict(seed=11),
        "dice_vs_bag": dict(max_draws=3),
        "hazard_table": dict(max_dice=2, shields=1, faces=None),
        "offer_value": dict(prestige=2, dice=2, p_success=0.7, shields=1, faces=None),
        "sample_hazards": dict(dice=2, shields=1, n=500, seed=1, faces=None),
        "shield_table": dict(dice=2, max_shields=2, faces=None),
        # lesson 13
        "dry_table": dict(story=legacy, rounds=2, n=500, seed=1),
        "empty_bag_explorer": dict(story=legacy, rounds=3),
        "off_clock_rounds": dict(story=legacy, rounds=2, n=500, seed=1),
        "off_clock_table": dict(story=legacy),
        "story_turns": dict(
            story=legacy,
            rounds=2,
            off_draws=4,
            attack_draws=3,
            dragon_chance=0.5,
            add=1,
            out=("yellow",),
        ),
        # plots
        "board_map": dict(
            board=board,
            values={"cistern": 1.0},
            title="t",
            label="v",
            low=0.0,
            high=2.0,
            reverse=False,
            digits=1,
            mark={"cistern": "you"},
            annotate=True,
        ),
        "bokeh_mode": dict(mode="inline"),
        "compare_bars": dict(
            categories=[1, 2],
            exact=[0.5, 0.5],
            simulated=[0.4, 0.6],
            title="t",
            x_label="x",
            y_label="y",
            exact_label="e",
            simulated_label="s",
            colour="#000000",
            y_max=1.0,
            legend="outside",
            digits=2,
        ),
        "damage_bars": dict(exact=[0.5, 0.5], simulated=[0.4, 0.6], colour=None, title="t"),
        "estimate_band": dict(
            n=[10, 100],
            estimate=[0.4, 0.5],
            low=[0.2, 0.4],
            high=[0.6, 0.6],
            exact=0.5,
            title="t",
            y_label="y",
        ),
        "front_plot": dict(options=[(1, 0, 0), (0, 1, 1)], title="t"),
        "knockout_curve": dict(
            sweep=table, value="p_hit", colour="blue", title="t", y_label="y", legend="auto"
        ),
        "line_chart": dict(
            x=[1, 2],
            curves={"a": [0.1, 0.2]},
            title="t",
            x_label="x",
            y_label="y",
            y_max=1.0,
            markers={"m": ([1], [0.1])},
            legend="top_left",
            digits=2,
        ),
        "resource_bars": dict(exact=skill, simulated=None, thresholds=[6], title="t", digits=2),
        "seen_bars": dict(exact=[0.0, 0.5, 0.5], simulated=[0.0, 0.4, 0.6]),
        "survival_bars": dict(
            categories=[1, 2], exact=[0.5, 0.6], simulated=None, title="t", x_label="x"
        ),
    }


def _public() -> dict:
    out = {}
    for module in (lessons, plots):
        for name in module.__all__:
            fn = getattr(module, name)
            if inspect.isfunction(fn) and name not in SKIPPED:
                out[name] = fn
    return out


def _timeout(*_):
    raise TimeoutError(f"the call took more than {LIMIT} s")


@pytest.fixture(scope="module")
def calls():
    return _calls()


def _takes_arguments(fn) -> bool:
    return bool(inspect.signature(fn).parameters)


def test_every_public_helper_has_a_working_call(calls):
    """A new helper gets a line in _calls(), so its arguments are tried too."""
    missing = sorted(n for n, fn in _public().items() if _takes_arguments(fn) and n not in calls)
    assert not missing, f"add a working call for {missing} to _calls()"


@pytest.mark.parametrize("name", sorted(n for n, fn in _public().items() if _takes_arguments(fn)))
def test_hostile_arguments_are_refused_cleanly(name, calls):
    fn = _public()[name]
    base = calls[name]
    fn(**base)  # the working call works
    problems = []
    previous = signal.signal(signal.SIGALRM, _timeout)
    try:
        for argument in base:
            for what, value in HOSTILE.items():
                signal.alarm(LIMIT)
                try:
                    fn(**{**base, argument: value})
                except CLEAN as error:
                    message = str(error)
                    if len(message) > 1000:
                        problems.append(f"{argument}={what}: a {len(message):,}-character message")
                    elif UNCLEAR.search(message):
                        problems.append(f"{argument}={what}: {type(error).__name__}: {message}")
                except Exception as error:
                    kind = type(error).__name__
                    problems.append(f"{argument}={what}: {kind}: {str(error)[:120]}")
                finally:
                    signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, previous)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "call, says",
    [
        # the three examples of the teacher's guide ("When a student's call goes wrong")
        (
            lambda: lessons.hypergeometric_table(lessons.SMALL_BAG, 2, "Blue"),
            "colour must be one of black, blue, yellow; got 'Blue'",
        ),
        (
            lambda: lessons.knockout_by_attack(lessons.danger_story(), "green", 300, 1),
            "attacks must be from 1 to 30, got 300",
        ),
        (
            lambda: lessons.danger_table(None, "green"),
            r"story must be a DangerStory \(from lessons.danger_story\(\)\), got None",
        ),
        # an empty bag has no law to tabulate (it divided by zero)
        (lambda: lessons.hypergeometric_table({"blue": 0}, 0, "blue"), "cubes holds no cube"),
        # a listing too long to print points to the table that counts instead
        (
            lambda: lessons.every_draw({"blue": 100, "black": 100}, 50),
            "can be drawn 4.54e\\+47 ways; this table lists at most 10,000",
        ),
        # the exact walk's ceiling names the simulation that has none
        (
            lambda: lessons.knockout_by_attack(
                lessons.DangerStory(
                    cubes={"black": 9, "blue": 9, "green": 9, "red": 9},
                    rage=3,
                    dangers=(),
                    health={"blue": 99, "green": 99, "red": 99},
                    deck={},
                    names={},
                ),
                "blue",
                30,
                0,
            ),
            "use knockout_sampled",
        ),
        # arguments each within bounds whose product is not: a million exact odds
        (
            lambda: lessons.clank_sweep({"black": 9, "blue": 3}, "blue", [3] * 100, range(11)),
            "100 draws times 11 added make 1,100 rows; at most 1,000",
        ),
        # a billion decimals made a table of gigabytes when it was shown
        (
            lambda: lessons.compare(["a"], [0.5], [0.5], digits=10**9),
            "digits must be from 0 to 17",
        ),
        (lambda: lessons.Table([{"p": 0.5}], column_digits={"p": 18}), r"column_digits\['p'\]"),
        # bokeh lays out a hundred thousand bars in minutes, a thousand curves in seconds
        (
            lambda: plots.compare_bars(range(5_001), [0.1] * 5_001),
            "categories holds more than 5,000 items",
        ),
        (
            lambda: plots.line_chart([1, 2], {str(i): [0.1, 0.2] for i in range(101)}),
            "101 curves; at most 100",
        ),
        # (a slider the wrong way round raised traitlets' TraitError)
        (lambda: plots.slider(5, 10, 1, "x"), "high must be from 10"),
        (lambda: plots.slider(float("nan"), 0, 1, "x"), "value must be a whole number"),
    ],
)
def test_a_refusal_names_the_argument_and_what_it_should_be(call, says):
    with pytest.raises(LessonInputError, match=says):
        call()
