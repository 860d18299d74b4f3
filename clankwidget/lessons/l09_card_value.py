"""Lesson 09, is this card worth buying? What one card does to the skill a hand makes:
expected value by linearity, variance of a hand drawn without replacement, the chance of
reaching a price, and deck thinning (trashing a card).

Story: :func:`card_value_story` (blue's starting deck and the reserve's cards); what a
deck's hand makes: :func:`hand_law` (exact, :func:`clankwidget.deck.resource_distribution`),
:func:`deck_table` (one row per choice of deck), :func:`skill_per_card`; the sliders:
:func:`card_value_explorer`; the exercise: buy an Explore and trash a Stumble.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .. import _args
from ..errors import LessonInputError, shown
from ._common import Table
from ._exercises import Exercise, register

__all__ = [
    "CardValueStory",
    "card_value_explorer",
    "card_value_story",
    "deck_table",
    "hand_law",
    "skill_per_card",
]

HAND = 5
"""Cards in a hand."""


@dataclass(frozen=True)
class CardValueStory:
    """Lesson 09: blue's deck (card id -> copies), the card set's cards, and the price the
    lesson asks about (``price`` skill buys a Tunnel Runner)."""

    deck: Mapping[str, int]
    cards: Mapping
    price: int

    def with_changes(self, buy: Iterable[str] = (), trash: Iterable[str] = ()) -> dict[str, int]:
        """The deck after buying the cards ``buy`` and trashing the cards ``trash``."""
        out = dict(self.deck)
        for c in _args.items(buy, "buy"):
            out[_args.one_of(c, self.cards, "a card to buy")] = out.get(c, 0) + 1
        for c in _args.items(trash, "trash"):
            if not isinstance(c, str) or out.get(c, 0) < 1:
                raise LessonInputError(f"no {shown(c)} in the deck to trash")
            out[c] -= 1
        return {c: k for c, k in out.items() if k}


def card_value_story() -> CardValueStory:
    """Blue's starting deck (6 Burgle, 2 Stumble, a Sidestep and a Scramble) on the
    teaching card set; 4 skill buys a Tunnel Runner, the price the lesson watches."""
    from ..data import load_cards

    cs = load_cards("clank-teaching")
    return CardValueStory(
        deck=dict(cs.starting_deck), cards=cs.cards, price=int(cs.cards["tunnel-runner"].cost)
    )


def skill_per_card(story: CardValueStory, deck: Mapping[str, int] | None = None) -> Table:
    """Each card of ``deck`` (default the story's) with its copies and the skill it gives
    (:func:`clankwidget.deck.card_resources`)."""
    from ..deck import card_resources

    deck = _deck(_story(story), story.deck if deck is None else deck)
    rows = [
        {
            "card": story.cards[c].name,
            "copies": k,
            "skill each": card_resources(story.cards[c]).get("skill", 0),
        }
        for c, k in deck.items()
    ]
    return Table(rows)


def hand_law(story: CardValueStory, deck: Mapping[str, int]):
    """The exact law of the skill one hand of ``deck`` makes (a shuffled deck, 5 cards):
    :func:`clankwidget.deck.resource_distribution`."""
    from ..deck import resource_distribution

    return resource_distribution(
        _deck(_story(story), deck), cards=story.cards, resource="skill", hand_size=HAND
    )


def _by_formula(story: CardValueStory, deck: Mapping[str, int]) -> tuple[float, float]:
    """Mean and variance of a hand's skill by the formulas: linearity gives ``n * mu``;
    drawing without replacement gives ``n * sigma^2 * (N - n) / (N - 1)``."""
    from ..deck import card_resources

    values = [
        card_resources(story.cards[c]).get("skill", 0) for c, k in deck.items() for _ in range(k)
    ]
    size = len(values)
    mu = sum(values) / size
    var = sum((v - mu) ** 2 for v in values) / size
    n = min(HAND, size)
    return n * mu, n * var * (size - n) / (size - 1) if size > 1 else 0.0


def deck_table(story: CardValueStory, choices: Mapping[str, dict]) -> Table:
    """One row per deck in ``choices`` (a label -> ``with_changes`` keywords): cards in
    the deck, the expected skill of a hand from the exact law and by linearity, the
    standard deviation (exact law, and the without-replacement formula), and the chance
    of at least ``story.price`` skill."""
    _story(story)
    rows = []
    choices = _args.mapping(choices, "choices", "label to with_changes keywords")
    for label, change in _args.items(choices.items(), "choices"):
        change = _args.mapping(change, f"choices[{shown(label)}]", "'buy'/'trash' to card ids")
        for key in change:
            _args.one_of(key, ("buy", "trash"), f"a key of choices[{shown(label)}]")
        deck = story.with_changes(**change)
        law = hand_law(story, deck)
        mean_f, var_f = _by_formula(story, deck)
        var = float(((law.support - law.mean) ** 2) @ law.pmf)
        rows.append(
            {
                "deck": label,
                "cards": sum(deck.values()),
                "expected": law.mean,
                "5 x mean card": mean_f,
                "sd": var**0.5,
                "sd by formula": var_f**0.5,
                f"P(>= {story.price})": law.at_least(story.price),
            }
        )
    return Table(rows, title=f"Skill in one hand of {HAND}")


def _story(story) -> CardValueStory:
    return _args.story(story, CardValueStory, "card_value_story")


def _deck(story: CardValueStory, deck) -> dict[str, int]:
    """A deck a student gave (card id -> copies) as a dict, each card of the story's set."""
    deck = _args.mapping(deck, "deck", "card id to copies")
    return {
        _args.one_of(c, story.cards, "a card of deck"): _args.whole(k, f"deck[{shown(c)}]")
        for c, k in _args.items(deck.items(), "deck")
    }


CHOICES = {
    "starting deck": {},
    "+ Explore": {"buy": ["explore"]},
    "+ Mercenary": {"buy": ["mercenary"]},
    "+ Secret Tome": {"buy": ["secret-tome"]},
    "- Stumble": {"trash": ["stumble"]},
}
"""Lesson 09's decks: the starting deck, one card bought, one Stumble trashed."""


def card_value_explorer(story: CardValueStory | None = None):
    """Sliders for lesson 09: Explores bought (0 to 4) and Stumbles trashed (0 to 2),
    driving the exact law of a hand's skill, with the price marked. The title and the
    tooltips give chances to 2 places: the exercise's 4 come from the exact law."""
    from .. import plots

    story = card_value_story() if story is None else _story(story)

    def deck_of(explores: int, trashed: int) -> dict[str, int]:
        return story.with_changes(buy=["explore"] * explores, trash=["stumble"] * trashed)

    def draw(explores: int, trashed: int):
        law = hand_law(story, deck_of(explores, trashed))
        return plots.resource_bars(
            law,
            thresholds=(story.price,),
            title=f"{explores} Explore bought, {trashed} Stumble trashed: "
            f"P(>= {story.price} skill) = {law.at_least(story.price):.2f}",
            digits=2,
        )

    return plots.explore(
        draw,
        explores=plots.slider(0, 0, 4, "Explores bought"),
        trashed=plots.slider(0, 0, 2, "Stumbles trashed"),
    )


# ---------------------------------------------------------------------------
# The exercise: buy an Explore and trash a Stumble


def _ex09_deck(buy=("explore",), trash=("stumble",)):
    return card_value_story().with_changes(buy=buy, trash=trash)


def _ex09():
    story = card_value_story()
    return hand_law(story, _ex09_deck()).at_least(story.price)


def _ex09_traps():

    story = card_value_story()
    right = _ex09()
    out = [
        (
            hand_law(story, _ex09_deck(trash=())).at_least(story.price),
            "That is the Explore alone: the Stumble is trashed too, so the deck has 10 cards.",
        ),
        (
            hand_law(story, _ex09_deck(buy=())).at_least(story.price),
            "That is the trashing alone: blue buys the Explore as well.",
        ),
        (
            1.0 - hand_law(story, _ex09_deck()).at_least(story.price),
            f"That is the chance of less than {story.price} skill.",
        ),
        (
            hand_law(story, story.deck).at_least(story.price),
            "That is the starting deck, before the Explore and the trashing.",
        ),
    ]
    return [(w, why) for w, why in out if abs(w - right) > 1e-9]


EXERCISE = register(
    Exercise(
        "09",
        "Blue buys an Explore and trashes a Stumble, so the deck is 6 Burgle, 1 Stumble, a "
        "Sidestep, a Scramble and the Explore. What is the chance a hand of 5 from it makes at "
        "least 4 skill (enough for a Tunnel Runner), to 4 decimal places?",
        _ex09,
        "story.with_changes(buy=['explore'], trash=['stumble']) gives the deck; "
        "lessons.hand_law(story, deck).at_least(story.price) its chance.",
        traps=_ex09_traps,
    )
)
