"""Lesson 04, the Skill Shot (Pulsarcade): will this turn make 6 or 8 Skill, and what
does that buy at the High Score Booth?

Story: :func:`skill_shot_story`; the rule: :data:`SKILL_SHOT`, :data:`CABINET_TOKENS`,
:func:`skill_shot_tokens`, :func:`best_artifact`; tables: :func:`card_table`,
:func:`distribution_table`, :func:`token_distribution`, :func:`prize_chances`; the
exercise: one more cabinet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _args
from ..data import load_board, load_cards
from ..errors import LessonInputError, shown
from ._common import Table
from ._exercises import Exercise, register

__all__ = [
    "CABINET_TOKENS",
    "SKILL_SHOT",
    "SkillShotStory",
    "best_artifact",
    "card_table",
    "distribution_table",
    "prize_chances",
    "skill_shot_story",
    "skill_shot_tokens",
    "token_distribution",
]


SKILL_SHOT = ((6, 1), (8, 2))
"""Pulsarcade's Skill Shot: (skill generated this turn, tokens): 6 skill give 1, 8 give 2
(the rule book; ``board_data/space/pulsarcade.json`` says the same)."""

CABINET_TOKENS = {
    "Contra Kong": 1,
    "Dragon's Den": 1,
    "Eraditron": 2,
    "Mortal Instinct": 1,
    "Ping": 1,
    "Q*Alert": 1,
    "Slogger": 1,
    "Snack-Man": 1,
}
"""Token icons on each Arcade Cabinet (the rule book: Eraditron is worth two)."""


@dataclass(frozen=True)
class SkillShotStory:
    """Lesson 04's turn: the deck (all of it is the draw pile as the hand is drawn), the
    card set that says what each card gives, the Arcade Cabinets claimed, and the MCP
    board's Redemption spaces (id -> token bonus) and artifacts (value -> token cost).
    ``names``: the board's names of spaces (by id) and of artifacts (by value)."""

    deck: Mapping[str, int]
    cards: Mapping[str, Any]
    cabinets: Mapping[str, int]
    redemption: Mapping[str, int]
    costs: Mapping[int, int]
    names: Mapping[Any, str]

    @property
    def cabinet_tokens(self) -> int:
        return sum(self.cabinets.values())

    def deck_table(self) -> Table:
        """The deck: each card, its copies and what playing it gives."""
        return card_table(self.deck, self.cards)

    def prize_table(self) -> Table:
        """The prizes: name, points and token cost."""
        rows = [
            {"prize": self.names.get(value, str(value)), "points": value, "tokens": cost}
            for value, cost in self.costs.items()
        ]
        return Table(rows)


def card_table(deck: Mapping[str, int], cards: Mapping[str, Any]) -> Table:
    """A deck as a table: card name, copies, and what playing it gives (as
    :func:`clankwidget.deck.card_resources` counts it)."""
    from ..deck import card_resources

    _args.mapping(cards, "cards", "card id to card")
    rows = []
    deck = _args.mapping(deck, "deck", "card id to copies")
    for cid, count in _args.items(deck.items(), "deck", 10_000):
        card = cards[_args.one_of(cid, cards, "a card of deck")]
        count = _args.whole(count, f"deck[{shown(cid)}]")
        gives = card_resources(card, choose_for="skill")
        text = ", ".join(f"draw {v}" if k == "draw" else f"{v:+d} {k}" for k, v in gives.items())
        rows.append({"card": card.name, "copies": count, "when played": text or "nothing"})
    return Table(rows)


def distribution_table(dist, *, start: int | None = None) -> Table:
    """A :class:`~clankwidget.deck.TotalDistribution` as rows ``total``, ``P(= total)``
    and ``P(>= total)`` (from ``start``, default the lowest total with a chance)."""
    if start is not None:
        start = _args.whole(start, "start", least=-(2**31), most=2**31)
    rows = []
    support = [int(k) for k in _distribution(dist, "dist").support]
    for k in support:
        if dist.prob(k) <= 0 or (start is not None and k < start):
            continue
        rows.append({dist.resource: k, "P(exactly)": dist.prob(k), "P(at least)": dist.at_least(k)})
    return Table(rows)


def skill_shot_story() -> SkillShotStory:
    """Lesson 04: a 16-card deck of the Clank! In! Space! teaching set, four Arcade Cabinets
    (5 tokens), and the Pulsarcade MCP board of ``board_data`` (its token costs)."""
    cards = load_cards("space-teaching")
    board = load_board("pulsarcade-mcp")
    redemption = {s.id: s.redemption for s in board.spaces if s.redemption is not None}
    costs = {
        s.artifact: s.artifact_cost
        for s in board.spaces
        if s.artifact is not None and s.artifact_cost is not None
    }
    names: dict[Any, str] = {s.id: s.name for s in board.spaces}
    names.update({s.artifact: s.name for s in board.spaces if s.artifact is not None})
    deck = {
        "hack": 6,
        "stumble": 2,
        "access": 1,
        "scramble": 1,
        "boldly-go": 3,
        "fazr": 1,
        "memory-core": 1,
        "radio-operator": 1,
    }
    cabinets = {k: CABINET_TOKENS[k] for k in ("Ping", "Eraditron", "Contra Kong", "Dragon's Den")}
    return SkillShotStory(
        deck=deck,
        cards=cards.cards,
        cabinets=cabinets,
        redemption=dict(sorted(redemption.items(), key=lambda kv: kv[1])),
        costs=dict(sorted(costs.items())),
        names=names,
    )


def skill_shot_tokens(skill: int, shot: Sequence[tuple[int, int]] = SKILL_SHOT) -> int:
    """Tokens a Skill Shot adds for ``skill`` generated this turn (0, 1 or 2)."""
    skill = _args.whole(skill, "skill", least=-_args.MAX_COUNT)
    best = 0
    for need, tokens in _args.items(shot, "shot"):
        if skill >= need:
            best = max(best, tokens)
    return best


def best_artifact(tokens: int, costs: Mapping[int, int]) -> int | None:
    """The most valuable artifact ``tokens`` can take (``None``: none)."""
    tokens = _args.whole(tokens, "tokens", least=-_args.MAX_COUNT)
    within = [value for value, cost in _costs(costs).items() if cost <= tokens]
    return max(within) if within else None


def token_distribution(
    skill_pmf, base_tokens: int, costs: Mapping[int, int], names: Mapping[Any, str] | None = None
) -> Table:
    """From the law of one turn's skill to the law of the token total and of the best
    artifact in reach: one row per token total with its probability, the skill that
    gives it, and the ``points`` of the most valuable artifact it can take (``None``:
    none), that artifact named in ``prize`` when ``names`` is given."""
    _distribution(skill_pmf, "skill_pmf")
    base_tokens = _args.whole(base_tokens, "base_tokens")
    costs = _costs(costs)
    if names is not None:
        _args.mapping(names, "names", "artifact value to name")
    support = np.asarray(skill_pmf.support)
    pmf = np.asarray(skill_pmf.pmf)
    totals: dict[int, float] = {}
    for k, p in zip(support.tolist(), pmf.tolist(), strict=True):
        if p > 0:
            t = base_tokens + skill_shot_tokens(int(k))
            totals[t] = totals.get(t, 0.0) + p
    low, high = SKILL_SHOT[0][0], SKILL_SHOT[-1][0]
    shot_skill = {0: f"{low - 1} or less", 1: f"{low} to {high - 1}", 2: f"{high} or more"}
    rows = []
    for t in sorted(totals):
        value = best_artifact(t, costs)
        row = {
            "skill": shot_skill[t - base_tokens],
            "tokens": t,
            "probability": totals[t],
        }
        if names is not None:
            row["prize"] = names.get(value, "-") if value is not None else "none"
        row["points"] = value
        rows.append(row)
    return Table(rows)


def prize_chances(
    skill_pmf, base_tokens: int, costs: Mapping[int, int], names: Mapping[Any, str] | None = None
) -> Table:
    """The law of the best prize in reach: one row per prize, with its ``points`` (``None``:
    no prize), ``probability`` and the ``tokens`` totals that take it. Token totals that
    take the same prize (a Skill Shot of 8 when 6 already pays for the best prize in reach)
    share one row, so each prize appears once: a chart's categories must be distinct."""
    if names is not None:
        _args.mapping(names, "names", "artifact value to name")
    by_prize: dict[Any, dict] = {}
    for r in token_distribution(skill_pmf, base_tokens, costs):
        value = r["points"]
        row = by_prize.setdefault(value, {"points": value, "probability": 0.0, "tokens": []})
        row["probability"] += r["probability"]
        row["tokens"].append(r["tokens"])
    rows = []
    for value, row in by_prize.items():
        row["tokens"] = " or ".join(str(t) for t in row["tokens"])
        if names is not None:
            row = {"prize": names.get(value, "-") if value is not None else "none", **row}
        rows.append(row)
    return Table(rows)


def _distribution(dist, what: str):
    from ..deck import TotalDistribution

    if not isinstance(dist, TotalDistribution):
        raise LessonInputError(
            f"{what} must be a TotalDistribution (from deck.resource_distribution), "
            f"got {shown(dist)}"
        )
    return dist


def _costs(costs) -> dict:
    """Artifact value -> its cost in tokens, each cost a whole number."""
    _args.mapping(costs, "costs", "artifact value to tokens")
    return {
        value: _args.whole(cost, f"costs[{shown(value)}]")
        for value, cost in _args.items(costs.items(), "costs")
    }


EXERCISE_04_CABINET = "Slogger"
"""The cabinet claimed in lesson 04's exercise, one more token."""


def _ex04_value(tokens: int = 1, space: str = "mc-redeem", *, rounded: bool = False) -> float:
    """Expected points of the best prize, holding the story's cabinets plus ``tokens``
    more, on ``space``; ``rounded``: with the chances rounded to 4 places, as printed."""
    from ..deck import resource_distribution

    story = skill_shot_story()
    skill = resource_distribution(story.deck, cards=story.cards, resource="skill")
    table = token_distribution(
        skill, story.cabinet_tokens + tokens + story.redemption[space], story.costs
    )
    probs = [round(r["probability"], 4) if rounded else r["probability"] for r in table]
    return sum(p * (r["points"] or 0) for p, r in zip(probs, table, strict=True))


def _ex04():
    return _ex04_value(CABINET_TOKENS[EXERCISE_04_CABINET])


def _ex04_traps():
    slogger = CABINET_TOKENS[EXERCISE_04_CABINET]
    return [
        (
            _ex04_value(slogger, "mc-redeem-2"),
            "That is on the High Score Booth (+2). The question sends you to the Prize "
            "Counter (+0).",
        ),
        (
            20.0,
            "That is the prize you take most of the time (the mode), not the expected value: "
            "weigh each prize by its chance.",
        ),
        (
            _ex04_value(slogger, rounded=True),
            "Rounded too early: that uses the chances as printed (4 places). Use the exact "
            "distribution: the sum of P(prize) x points.",
        ),
        (_ex04_value(0), "That is without Slogger: you hold 6 cabinet tokens now, not 5."),
    ]


EXERCISE = register(
    Exercise(
        "04",
        "You also claim Slogger (1 more token), then redeem on the Prize Counter (+0 tokens). "
        "What is the expected value, in points, of the best prize this turn's Skill Shot "
        "lets you take, to 3 decimal places?",
        _ex04,
        "Tokens before the Skill Shot: cabinets + 1 for Slogger + 0 for the Prize Counter. "
        "token_distribution(skill, tokens, story.costs) lists each prize with its chance; "
        "the expected value is the sum of chance x points.",
        kind="number",
        decimals=3,
        traps=_ex04_traps,
    )
)
