"""Actions: small frozen values a player (or bot, or the widget) asks the engine to apply.

Each action has a kebab-case ``kind`` and serializes to a flat dict, which is also the
widget's intent format: ``{"kind": "move", "path": 12, "swords": 1}``.
"""

from __future__ import annotations

from dataclasses import MISSING, asdict, dataclass, fields
from typing import Any, ClassVar

from ..errors import shown

__all__ = [
    "Acquire",
    "AcquireReserve",
    "Action",
    "Buy",
    "Choose",
    "Decline",
    "Defeat",
    "DefeatReserve",
    "EndTurn",
    "Move",
    "Play",
    "TakeArtifact",
    "TakeSecret",
    "Teleport",
    "UseToken",
    "action_from_dict",
]

_KINDS: dict[str, type[Action]] = {}
#: an action's numbers (slots, paths, counts) are small: larger ones are refused as given
_INT_LIMIT = 2**63


@dataclass(frozen=True)
class Action:
    """Base class. Subclasses set ``kind`` and are registered for :func:`action_from_dict`."""

    kind: ClassVar[str] = ""

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.kind:
            _KINDS[cls.kind] = cls

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **asdict(self)}

    def __str__(self) -> str:
        args = ", ".join(f"{k}={shown(v)}" for k, v in asdict(self).items())
        return f"{self.kind}({args})"


@dataclass(frozen=True)
class Play(Action):
    """Play one card with this id from your hand."""

    kind: ClassVar[str] = "play"
    card: str


@dataclass(frozen=True)
class Acquire(Action):
    """Acquire the card in row slot ``slot`` (0-based) with Skill; devices are used at once."""

    kind: ClassVar[str] = "acquire"
    slot: int


@dataclass(frozen=True)
class AcquireReserve(Action):
    """Acquire the top card of a reserve pile with Skill."""

    kind: ClassVar[str] = "acquire-reserve"
    card: str


@dataclass(frozen=True)
class Defeat(Action):
    """Defeat the monster in row slot ``slot`` with Swords."""

    kind: ClassVar[str] = "defeat"
    slot: int


@dataclass(frozen=True)
class DefeatReserve(Action):
    """Defeat a reserve monster (the Goblin), which stays for the next fight."""

    kind: ClassVar[str] = "defeat-reserve"
    card: str


@dataclass(frozen=True)
class Buy(Action):
    """Buy a market item with Gold while in a market space."""

    kind: ClassVar[str] = "buy"
    item: str


@dataclass(frozen=True)
class Move(Action):
    """Walk along path ``path`` (index in ``board.paths``), paying ``swords`` monster icons."""

    kind: ClassVar[str] = "move"
    path: int
    swords: int = 0


@dataclass(frozen=True)
class Teleport(Action):
    """Spend a teleport to go to an adjacent space, ignoring what is on the path."""

    kind: ClassVar[str] = "teleport"
    to: str


@dataclass(frozen=True)
class TakeArtifact(Action):
    """Take the artifact in your space."""

    kind: ClassVar[str] = "take-artifact"


@dataclass(frozen=True)
class TakeSecret(Action):
    """Take the top secret token of the space you have just entered, where taking one is
    up to you (Clank! In! Space!: on your first entry of the space, before you leave it)."""

    kind: ClassVar[str] = "take-secret"


@dataclass(frozen=True)
class UseToken(Action):
    """Use a kept token (a potion) and discard it."""

    kind: ClassVar[str] = "use-token"
    token: str


@dataclass(frozen=True)
class Choose(Action):
    """Pick option ``option`` of the pending choice (see ``game.pending``)."""

    kind: ClassVar[str] = "choose"
    option: int


@dataclass(frozen=True)
class Decline(Action):
    """Skip an optional pending choice."""

    kind: ClassVar[str] = "decline"


@dataclass(frozen=True)
class EndTurn(Action):
    """End your turn (every card in your hand must have been played)."""

    kind: ClassVar[str] = "end-turn"


def action_from_dict(data: Any) -> Action:
    """Build an action from its dict form; ``ValueError`` says what is wrong with it.

    The input is untrusted (it may come from a browser): unknown kinds, missing or extra
    fields and wrong types are all refused.
    """
    if not isinstance(data, dict):
        raise ValueError(f"an action must be an object with a 'kind', got {type(data).__name__}")
    kind = data.get("kind")
    cls = _KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(sorted(_KINDS))
        raise ValueError(f"unknown action kind {shown(kind)}; known kinds: {known}")
    spec = {f.name: f for f in fields(cls)}
    extra = set(data) - set(spec) - {"kind"}
    if extra:
        names = sorted(map(str, extra))
        listed = ", ".join(n if len(n) <= 60 else shown(n) for n in names[:6])
        more = f" and {len(names) - 6:,} more" if len(names) > 6 else ""
        raise ValueError(f"action {kind!r} does not take {listed}{more}")
    kwargs = {}
    for name, f in spec.items():
        if name not in data:
            if f.default is MISSING:
                raise ValueError(f"action {kind!r} needs {name!r}")
            continue
        value = data[name]
        want = int if f.type in ("int", int) else str
        if want is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f"action {kind!r}: {name!r} must be an integer, got {shown(value)}")
        if want is int and not -_INT_LIMIT <= value < _INT_LIMIT:
            raise ValueError(
                f"action {kind!r}: {name!r} must be an integer from -2**63 to 2**63 - 1, "
                f"got {shown(value)}"
            )
        if want is str and not isinstance(value, str):
            raise ValueError(f"action {kind!r}: {name!r} must be a string, got {shown(value)}")
        kwargs[name] = value
    return cls(**kwargs)


# ---------------------------------------------------------------------------
# Moonrakers (clankwidget/rules/moonrakers.py). Seats are 0-based indices of players;
# Dispatch and Armory slots are 0-based; ``-1`` means "none" where a field allows it.


@dataclass(frozen=True)
class SwapContract(Action):
    """The leader pays (or, after staying at base, uses the free swap) to replace the
    contract in Dispatch slot ``slot`` with the top of the contract deck."""

    kind: ClassVar[str] = "swap-contract"
    slot: int


@dataclass(frozen=True)
class ChooseContract(Action):
    """The leader chooses the contract in Dispatch slot ``slot`` to attempt."""

    kind: ClassVar[str] = "choose-contract"
    slot: int


@dataclass(frozen=True)
class StayAtBase(Action):
    """The leader stays at base: objectives, a credit, a fresh hand, then buying."""

    kind: ClassVar[str] = "stay-at-base"


@dataclass(frozen=True)
class Offer(Action):
    """The leader invites captain ``seat``: their share of the contract's prestige and
    credits, the bonus card (1) or not (0), and how many of its hazard dice they roll."""

    kind: ClassVar[str] = "offer"
    seat: int
    prestige: int = 0
    credits: int = 0
    bonus: int = 0
    dice: int = 0


@dataclass(frozen=True)
class Counter(Action):
    """Answer the open offer with other terms (the other party then answers)."""

    kind: ClassVar[str] = "counter"
    prestige: int = 0
    credits: int = 0
    bonus: int = 0
    dice: int = 0


@dataclass(frozen=True)
class Accept(Action):
    """Accept the open offer: it binds both captains."""

    kind: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Refuse(Action):
    """Refuse the open offer."""

    kind: ClassVar[str] = "refuse"


@dataclass(frozen=True)
class Launch(Action):
    """The leader ends the negotiation and starts the execution with the captains who
    accepted (alone if none did): the dice are rolled."""

    kind: ClassVar[str] = "launch"


@dataclass(frozen=True)
class Abandon(Action):
    """The leader gives up the negotiation of this contract."""

    kind: ClassVar[str] = "abandon"


@dataclass(frozen=True)
class CallOn(Action):
    """The leader picks the taking-part captain ``seat`` to play next in the execution."""

    kind: ClassVar[str] = "call-on"
    seat: int


@dataclass(frozen=True)
class StopPlaying(Action):
    """Finish your part of the execution (cards left in hand are held back)."""

    kind: ClassVar[str] = "stop-playing"


@dataclass(frozen=True)
class DropObjective(Action):
    """Put back one of the objectives just dealt (keeping the others)."""

    kind: ClassVar[str] = "drop-objective"
    objective: str


@dataclass(frozen=True)
class ClaimObjective(Action):
    """Reveal a secret objective whose condition you meet, for its prestige."""

    kind: ClassVar[str] = "claim-objective"
    objective: str


@dataclass(frozen=True)
class BuyPart(Action):
    """Buy the ship part in Armory slot ``slot``; with a full terminal, ``replace`` is
    the index of the installed part it replaces."""

    kind: ClassVar[str] = "buy-part"
    slot: int
    replace: int = -1


@dataclass(frozen=True)
class BuyCrew(Action):
    """Buy the crew card in Armory crew slot ``slot`` (it goes to your discard pile)."""

    kind: ClassVar[str] = "buy-crew"
    slot: int


@dataclass(frozen=True)
class BuyAction(Action):
    """With Overload, buy an advanced action card on offer (it goes to your discard
    pile). The basic action cards of the tray are not for sale."""

    kind: ClassVar[str] = "buy-action"
    card: str


@dataclass(frozen=True)
class ReplaceOffer(Action):
    """Pay to replace the card in slot ``slot`` of the Armory's ``offer`` ("parts",
    "crew", or with Overload "advanced") with the top of its deck (with Overload the
    first one before buying is free)."""

    kind: ClassVar[str] = "replace-offer"
    offer: str
    slot: int


@dataclass(frozen=True)
class Refit(Action):
    """A bonus ship part won with a full terminal: replace installed part ``index``, or
    ``-1`` to let the part go (it goes under the part deck)."""

    kind: ClassVar[str] = "refit"
    index: int


@dataclass(frozen=True)
class JoinContract(Action):
    """Overload: take part in the leader's head-to-head contract (no invitation needed)."""

    kind: ClassVar[str] = "join-contract"


@dataclass(frozen=True)
class StayOut(Action):
    """Overload: stay out of the leader's head-to-head contract."""

    kind: ClassVar[str] = "stay-out"


@dataclass(frozen=True)
class TakeBonus(Action):
    """Overload: take a won bonus card: ``"deck"`` (the top of the crew or part deck the
    contract names), an advanced action card on offer by id, or, when those have run
    out, a basic action card from the supply by id."""

    kind: ClassVar[str] = "take-bonus"
    choice: str


__all__ += [
    "Abandon",
    "Accept",
    "BuyAction",
    "BuyCrew",
    "BuyPart",
    "CallOn",
    "ChooseContract",
    "ClaimObjective",
    "Counter",
    "DropObjective",
    "JoinContract",
    "Launch",
    "Offer",
    "Refit",
    "Refuse",
    "ReplaceOffer",
    "StayAtBase",
    "StayOut",
    "StopPlaying",
    "SwapContract",
    "TakeBonus",
]
