"""Helpers for the lesson notebooks: story set-ups, exercise checks, small tables.

The notebooks in ``notebooks/`` stay short by calling these. Everything random is seeded,
so a lesson prints the same numbers on every machine, and every number a lesson teaches
comes from the public functions of :mod:`clankwidget.odds`, :mod:`clankwidget.paths` and
:mod:`clankwidget.deck`; the functions here only set up the questions.

Students call these from exercise cells, so each checks its arguments before any work
(the checkers of ``clankwidget/_args.py``) and refuses a mistake with a
:class:`~clankwidget.errors.LessonInputError` that names the argument; counts have
ceilings (a thousand turns or draws, two million simulated trials a call).

One module per lesson holds that lesson's story, its helpers, its exercise and the traps
(known wrong answers) its check recognises, side by side:

=================================  ===================================================
module                             lesson
=================================  ===================================================
``l01_dragon_bag``                 01, the next dragon attack
``l01b_knockouts``                 01b, the second period: clank piling up, knock-outs
``l02_countdown``                  02, walking out during the countdown
``l03_boots_swords_monsters``      03, one turn's movement and its Pareto fronts
``l04_skill_shot``                 04, the Skill Shot (Pulsarcade)
``l05_deck_cycling``               05, when a bought card comes into the hand
``l06_bounty_hunters``             06, bounty hunters and clones (Space)
``l07_danger_cards``               07, Danger cards and the row's refill
``l07b_ash_gremlin``               07b, the second period: several attacks, the rules
``l08_how_many_simulations``       08, standard error, intervals, coverage, rare events
``l09_card_value``                 09, what a card is worth to a deck's hands
``l10_secrets_bayes``              10, secret tokens and Bayes' rule
``l11_risk``                       11, greedy or cautious routes: the mean against risk
``l12_moonrakers_dice``            12, Moonrakers' hazard dice, Shields and the deal
``l13_empty_bag``                  13, Legacy's off-clock draws and the bag running dry
``_common``                        shared: :class:`Table`, :func:`compare` (with
                                   Wilson intervals), :func:`wilson`, :func:`pivot`,
                                   :func:`play_bots`
``board_picture``                  the teacher's guide's picture of a board, drawn
                                   from its data (not re-exported; a script)
``_exercises``                     shared: :class:`Exercise`, :class:`Feedback`,
                                   :func:`check`, :func:`solution`,
                                   :func:`misconceptions`, :data:`EXERCISES`
=================================  ===================================================

Every public name of those modules is re-exported here, so a notebook writes
``lessons.countdown_story()`` rather than ``lessons.l02_countdown.countdown_story()``;
both work. A new lesson adds a module ``lNN_topic.py`` that builds its story and calls
:func:`~clankwidget.lessons._exercises.register` with its :class:`Exercise`, then one
import line below. A lesson too long for one 45-minute period is split in two: its second
part is ``NNb`` (notebook ``NNb-topic.ipynb``, module ``lNNb_topic.py``, exercise
``"NNb"``), which sorts right after ``NN`` and keeps every later lesson's number.

Exercises: each lesson ends with a question. The learner writes an answer in a cell and
runs :func:`check`, which says whether it is right, with a hint when it is not. It never
raises, whatever it is given.

>>> bool(check("05", ...))  # the placeholder of an unanswered exercise: "Not yet: ..."
False
>>> check("05", solution("05"))
Right! The exact answer is 0.8750.
"""

from __future__ import annotations

# Shared helpers first; then the lessons in order, so EXERCISES lists them in course order.
from ._common import Z95, Table, compare, pivot, play_bots, story_game, wilson, wilson_interval
from ._exercises import (
    EXERCISES,
    Exercise,
    Feedback,
    check,
    exercise,
    misconceptions,
    solution,
)
from .l01_dragon_bag import (
    SMALL_BAG,
    STORY_01,
    clank_sweep,
    dragon_bag_explorer,
    dragon_bag_game,
    dragon_bag_story,
    every_draw,
    hypergeometric_table,
)
from .l01b_knockouts import EXERCISE as _EXERCISE_01B  # noqa: F401 (registers "01b")
from .l02_countdown import (
    COUNTDOWN_EXTRAS,
    CountdownChain,
    CountdownStory,
    countdown_attacks,
    countdown_chain,
    countdown_explorer,
    countdown_story,
    countdown_survival,
    countdown_table,
    probability_tree,
    survival_map,
    turns_to_exit,
)
from .l03_boots_swords_monsters import fronts, key_savings, random_walks, walks_against_front
from .l04_skill_shot import (
    CABINET_TOKENS,
    SKILL_SHOT,
    SkillShotStory,
    best_artifact,
    card_table,
    distribution_table,
    prize_chances,
    skill_shot_story,
    skill_shot_tokens,
    token_distribution,
)
from .l05_deck_cycling import (
    STORY_05,
    CyclingStory,
    cycling_game,
    cycling_story,
    exercise_piles,
    first_turn_buy,
)
from .l06_bounty_hunters import (
    SpaceStory,
    clone_cube_cost,
    clone_damage,
    clone_damage_sampled,
    space_story,
)
from .l07_danger_cards import (
    STORY_07,
    DangerStory,
    danger_attacks,
    danger_game,
    danger_knockout,
    danger_story,
    danger_table,
    knockout_by_attack,
    knockout_sampled,
    refill_odds,
)
from .l07b_ash_gremlin import EXERCISE as _EXERCISE_07B  # noqa: F401 (registers "07b")
from .l08_how_many_simulations import (
    SimulationStory,
    coverage_table,
    running_estimate,
    simulated_hits,
    simulation_explorer,
    simulation_story,
    simulations_needed,
    wald_interval,
)
from .l09_card_value import (
    CardValueStory,
    card_value_explorer,
    card_value_story,
    deck_table,
    hand_law,
    skill_per_card,
)
from .l10_secrets_bayes import (
    SecretsStory,
    bayes_table,
    next_token_table,
    on_board_posterior,
    secrets_story,
    simulate_deals,
)
from .l11_risk import artifact_rooms, risk_explorer, route_simulation, route_table
from .l12_moonrakers_dice import (
    DiceStory,
    dice_story,
    dice_vs_bag,
    hazard_table,
    offer_value,
    sample_hazards,
    shield_table,
)
from .l13_empty_bag import (
    CLANK_PER_TURN,
    STORY_13,
    LegacyStory,
    dry_table,
    empty_bag_explorer,
    legacy_story,
    off_clock_rounds,
    off_clock_table,
    story_turns,
)

__all__ = [
    "CABINET_TOKENS",
    "CLANK_PER_TURN",
    "COUNTDOWN_EXTRAS",
    "EXERCISES",
    "SKILL_SHOT",
    "SMALL_BAG",
    "STORY_01",
    "STORY_05",
    "STORY_07",
    "STORY_13",
    "Z95",
    "CardValueStory",
    "CountdownChain",
    "CountdownStory",
    "CyclingStory",
    "DangerStory",
    "DiceStory",
    "Exercise",
    "Feedback",
    "LegacyStory",
    "SecretsStory",
    "SimulationStory",
    "SkillShotStory",
    "SpaceStory",
    "Table",
    "artifact_rooms",
    "bayes_table",
    "best_artifact",
    "card_table",
    "card_value_explorer",
    "card_value_story",
    "check",
    "clank_sweep",
    "clone_cube_cost",
    "clone_damage",
    "clone_damage_sampled",
    "compare",
    "countdown_attacks",
    "countdown_chain",
    "countdown_explorer",
    "countdown_story",
    "countdown_survival",
    "countdown_table",
    "coverage_table",
    "cycling_game",
    "cycling_story",
    "danger_attacks",
    "danger_game",
    "danger_knockout",
    "danger_story",
    "danger_table",
    "deck_table",
    "dice_story",
    "dice_vs_bag",
    "distribution_table",
    "dragon_bag_explorer",
    "dragon_bag_game",
    "dragon_bag_story",
    "dry_table",
    "empty_bag_explorer",
    "every_draw",
    "exercise",
    "exercise_piles",
    "first_turn_buy",
    "fronts",
    "hand_law",
    "hazard_table",
    "hypergeometric_table",
    "key_savings",
    "knockout_by_attack",
    "knockout_sampled",
    "legacy_story",
    "misconceptions",
    "next_token_table",
    "off_clock_rounds",
    "off_clock_table",
    "offer_value",
    "on_board_posterior",
    "pivot",
    "play_bots",
    "prize_chances",
    "probability_tree",
    "random_walks",
    "refill_odds",
    "risk_explorer",
    "route_simulation",
    "route_table",
    "running_estimate",
    "sample_hazards",
    "secrets_story",
    "shield_table",
    "simulate_deals",
    "simulated_hits",
    "simulation_explorer",
    "simulation_story",
    "simulations_needed",
    "skill_per_card",
    "skill_shot_story",
    "skill_shot_tokens",
    "solution",
    "space_story",
    "story_game",
    "story_turns",
    "survival_map",
    "token_distribution",
    "turns_to_exit",
    "wald_interval",
    "walks_against_front",
    "wilson",
    "wilson_interval",
]
