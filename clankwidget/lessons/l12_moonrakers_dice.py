"""Lesson 12, Moonrakers' hazard dice and the deal: how many hazards will the dice show,
how many Shields make a contract safe, and what is an offer worth?

Story: :func:`dice_story` (a seeded Moonrakers game's Dispatch and the leader's hand);
tables: :func:`hazard_table`, :func:`shield_table`, :func:`dice_vs_bag`; a seeded
simulation: :func:`sample_hazards`; an offer's worth: :func:`offer_value`. Every exact
number comes from :func:`clankwidget.odds.hazard_odds` (and, for the dragon bag,
:func:`clankwidget.odds.attack_odds`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .. import _args
from ..dice import MAX_DICE
from ..errors import LessonInputError
from ._common import Table
from ._exercises import Exercise, register

__all__ = [
    "DiceStory",
    "dice_story",
    "dice_vs_bag",
    "hazard_table",
    "offer_value",
    "sample_hazards",
    "shield_table",
]


@dataclass(frozen=True)
class DiceStory:
    """Lesson 12: the contract with the most hazard dice at Dispatch, and the leader's
    hand (how many of its cards block a hazard)."""

    seed: int
    leader: str
    contract: str
    requires: dict
    reward: dict
    dice: int
    hand: tuple[str, ...]
    shields: int
    faces: tuple[int, ...]


@lru_cache(maxsize=16)
def _dice_story(seed: int) -> DiceStory:
    from ..game import Game

    game = Game.new("moonrakers", players=3, seed=seed)
    rules, mr = game.rules, game.state.extra["mr"]
    contracts = [rules.data.contracts[c] for c in mr["dispatch"]]
    c = max(contracts, key=lambda k: (k["dice"], k["reward"]["prestige"]))
    leader = game.players[mr["leader"]]
    hand = tuple(leader.hand)
    shields = sum(rules.mr_card(cid)["effects"].get("block", 0) for cid in hand)
    return DiceStory(
        seed,
        leader.colour,
        c["name"],
        dict(c["requires"]),
        dict(c["reward"]),
        c["dice"],
        hand,
        shields,
        tuple(rules.data.faces),
    )


def dice_story(seed: int = 11) -> DiceStory:
    """Lesson 12: a new three-captain game (seed 11); the contract at Dispatch that shows
    the most hazard dice, and the hand of the captain who leads first."""
    return _dice_story(_args.seed(seed))


def hazard_table(max_dice: int = 4, shields: int = 0, faces=None) -> Table:
    """For 0 to ``max_dice`` dice: the chance of no, one, two or more unblocked hazards,
    and the expected number (``shields`` blocked)."""
    from ..odds import hazard_odds

    max_dice = _args.whole(max_dice, "max_dice", most=MAX_DICE)
    shields = _args.whole(shields, "shields", most=20 * MAX_DICE)  # (more block every hazard)
    hazard_odds(0, shields=shields, faces=faces)  # (checks shields and faces first)
    rows = []
    for n in range(max_dice + 1):
        h = hazard_odds(n, shields=shields, faces=faces)
        pmf = [*h.pmf, 0.0, 0.0]
        rows.append(
            {
                "dice": n,
                "P(0)": pmf[0],
                "P(1)": pmf[1],
                "P(2 or more)": h.at_least(2),
                "expected": h.expected,
            }
        )
    return Table(rows, title=f"Unblocked hazards, {shields} blocked")


MAX_ROLLED = 20_000_000
"""The most dice :func:`sample_hazards` rolls in one call (rolls times dice)."""


def sample_hazards(dice: int, shields: int = 0, n: int = 100_000, seed: int = 2024, faces=None):
    """``n`` seeded rolls of ``dice`` dice: the frequency of 0, 1, 2... unblocked hazards
    (an array as long as the exact distribution of :func:`~clankwidget.odds.hazard_odds`)."""
    from ..dice import TEACHING_DIE, hazard_odds

    dice = _args.whole(dice, "dice", most=MAX_DICE)
    size = len(hazard_odds(dice, shields=shields, faces=faces).pmf)  # (checks them all)
    n = _args.trials(n)
    if n * dice > MAX_ROLLED:  # (every die of every roll is drawn at once)
        raise LessonInputError(f"{n:,} rolls of {dice} dice is more than {MAX_ROLLED:,} dice")
    faces = np.asarray(TEACHING_DIE if faces is None else faces)
    rng = np.random.default_rng(_args.seed(seed))
    totals = rng.choice(faces, size=(n, dice)).sum(axis=1) if dice else np.zeros(n, int)
    left = np.maximum(totals - min(int(shields), 20 * MAX_DICE), 0)  # (as hazard_odds does)
    return np.bincount(left, minlength=size)[:size] / n


def shield_table(dice: int = 4, max_shields: int = 5, faces=None) -> Table:
    """For 0 to ``max_shields`` Shields against ``dice`` dice: the chance no hazard gets
    through, and the prestige expected to be lost."""
    from ..odds import hazard_odds

    max_shields = _args.whole(max_shields, "max_shields", most=100)
    rows = []
    for s in range(max_shields + 1):
        h = hazard_odds(dice, shields=s, faces=faces)
        rows.append({"shields": s, "P(safe)": h.safe, "expected loss": h.expected})
    return Table(rows, title=f"{dice} hazard dice against Shields")


def dice_vs_bag(max_draws: int = 6) -> Table:
    """Six-sided dice beside a bag of six tiles. A teaching die's faces are half blank,
    half hazard (3 of 6); the same six as tiles in a bag (3 hazard "blue" cubes, 3 black)
    drawn without putting back, as the dragon bag is. The chance of at least one hazard
    face or tile in ``n`` rolls or draws."""
    from ..odds import attack_odds, hazard_odds

    max_draws = _args.whole(max_draws, "max_draws", least=1, most=6)  # (six tiles in the bag)
    rows = []
    for n in range(1, max_draws + 1):
        dice = 1 - hazard_odds(n, faces=(0, 0, 0, 1, 1, 1)).pmf[0]
        bag = attack_odds({"blue": 3, "black": 3}, n, hit_all=None)
        rows.append({"rolls or draws": n, "dice": dice, "bag": 1 - float(bag.damage("blue")[0])})
    return Table(rows, title="At least one hazard: dice (put back) and a bag (not put back)")


def offer_value(prestige: int, dice: int, p_success: float, shields: int = 0, faces=None) -> float:
    """The expected change in prestige of accepting an offer: ``prestige`` with chance
    ``p_success``, less the expected unblocked hazards of ``dice`` dice (each costs a
    prestige, whether the contract succeeds or not). Prestige never falls below 0 in the
    game; this ignores that floor (right for a captain with prestige to lose)."""
    from ..odds import hazard_odds

    prestige = _args.whole(prestige, "prestige", least=-_args.MAX_COUNT)
    p_success = _args.chance(p_success, "p_success")
    return p_success * prestige - hazard_odds(dice, shields=shields, faces=faces).expected


#: The exercise's offer: 2 prestige for joining and rolling 2 dice, 1 Shield in hand, a
#: contract believed to succeed with chance 0.7.
EX12 = {"prestige": 2, "dice": 2, "p_success": 0.7, "shields": 1}


def _ex12() -> float:
    return offer_value(**EX12)


def _ex12_traps():
    from ..odds import hazard_odds

    e = EX12
    raw = hazard_odds(e["dice"]).expected
    return [
        (
            e["p_success"] * e["prestige"] - raw,
            "That forgets the Shield in green's hand: it blocks one of the hazards rolled.",
        ),
        (
            e["p_success"] * e["prestige"] - (raw - e["shields"]),
            "A Shield blocks a hazard only when there is one: with no hazard rolled it saves "
            "nothing. Subtracting 1 from the expected hazards counts it every time.",
        ),
        (
            e["prestige"] - hazard_odds(e["dice"], shields=e["shields"]).expected,
            "The reward is paid only if the contract succeeds (chance 0.7); the hazards cost "
            "prestige either way.",
        ),
    ]


EXERCISE = register(
    Exercise(
        "12",
        "Green is offered 2 prestige to join a contract and roll 2 of its hazard dice. "
        "Green holds 1 Shield and thinks the contract succeeds with chance 0.7. What is "
        "green's expected change in prestige from accepting, to 4 decimal places?",
        _ex12,
        "0.7 times the prestige, less the expected unblocked hazards: "
        "odds.hazard_odds(2, shields=1).expected.",
        kind="number",
        traps=_ex12_traps,
    )
)
