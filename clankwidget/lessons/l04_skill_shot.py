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

from ..data import load_board, load_cards
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

    rows = []
    for cid, count in deck.items():
        card = cards[cid]
        gives = card_resources(card, choose_for="skill")
        text = ", ".join(f"draw {v}" if k == "draw" else f"{v:+d} {k}" for k, v in gives.items())
        rows.append({"card": card.name, "copies": count, "when played": text or "nothing"})
    return Table(rows)


def distribution_table(dist, *, start: int | None = None) -> Table:
    """A :class:`~clankwidget.deck.TotalDistribution` as rows ``total``, ``P(= total)``
    and ``P(>= total)`` (from ``start``, default the lowest total with a chance)."""
    rows = []
    support = [int(k) for k in dist.support]
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
    best = 0
    for need, tokens in shot:
        if skill >= need:
            best = max(best, tokens)
    return best


def best_artifact(tokens: int, costs: Mapping[int, int]) -> int | None:
    """The most valuable artifact ``tokens`` can take (``None``: none)."""
    within = [value for value, cost in costs.items() if cost <= tokens]
    return max(within) if within else None


def token_distribution(
    skill_pmf, base_tokens: int, costs: Mapping[int, int], names: Mapping[Any, str] | None = None
) -> Table:
    """From the law of one turn's skill to the law of the token total and of the best
    artifact in reach: one row per token total with its probability, the skill that
    gives it, and the most valuable artifact it can take (named from ``names``)."""
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
            "best artifact": value,
        }
        if names is not None:
            row["prize"] = names.get(value, "-") if value is not None else "none"
        rows.append(row)
    return Table(rows)


def prize_chances(
    skill_pmf, base_tokens: int, costs: Mapping[int, int], names: Mapping[Any, str] | None = None
) -> Table:
    """The law of the best prize in reach: one row per prize, with its ``points`` (``None``:
    no prize), ``probability`` and the ``tokens`` totals that take it. Token totals that
    take the same prize (a Skill Shot of 8 when 6 already pays for the best prize in reach)
    share one row, so each prize appears once: a chart's categories must be distinct."""
    by_prize: dict[Any, dict] = {}
    for r in token_distribution(skill_pmf, base_tokens, costs):
        value = r["best artifact"]
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


def _ex04():
    from ..deck import chance_at_least

    story = skill_shot_story()
    have = story.cabinet_tokens + CABINET_TOKENS["Slogger"] + max(story.redemption.values())
    need = min((k for k, t in SKILL_SHOT if have + t >= story.costs[30]), default=None)
    if have >= story.costs[30]:
        return 1.0
    if need is None:
        return 0.0
    return chance_at_least(story.deck, cards=story.cards, resource="skill", k=need)


def _ex04_traps():
    from ..deck import chance_at_least

    story = skill_shot_story()
    at6 = chance_at_least(story.deck, cards=story.cards, resource="skill", k=6)
    no_draw = chance_at_least(
        story.deck, cards=story.cards, resource="skill", k=8, include_draws=False
    )
    return [
        (at6, "6 skill gives one token: count the tokens again. Which skill total reaches 10?"),
        (
            no_draw,
            "Close, but the Radio Operator draws a card, which is played too: keep "
            "include_draws=True (the default).",
        ),
        (0.0, "Not impossible: with Slogger you hold 6 cabinet tokens, and the booth adds 2."),
    ]


EXERCISE = register(
    Exercise(
        "04",
        "Before heading to the High Score Booth you also claim Slogger (1 token). What is the "
        "chance that this turn's Skill Shot then lets you steal the 30-point Neon Crown?",
        _ex04,
        "Count tokens: cabinets + 2 (the booth) + the Skill Shot. Which skill total reaches "
        "the Neon Crown's cost (story.costs[30])? Then chance_at_least(story.deck, "
        "cards=story.cards, resource='skill', k=...).",
        traps=_ex04_traps,
    )
)
