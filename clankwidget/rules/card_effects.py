"""Card effects and the choices they open: the part of the deck-building core that reads
a card's effects (Skill, Swords, Gold, drawing, conditions) and asks the player to choose.

:class:`CardEffects` is a mixin of :class:`~clankwidget.rules.deckbuilding.DeckBuildingRules`
(which gives it ``card``, ``say``, ``name``, ``draw`` and the card set): effects are applied
in order, a conditional bonus waits in ``held`` while its condition may still come true this
turn, and a choice (choose one, trash, discard for a gain) pauses the rest of the effects in
``s.pending`` until a :class:`~clankwidget.rules.actions.Choose` or ``Decline`` answers it;
every answer goes on through :meth:`CardEffects.resume`, which holds such bonuses as the
card's play did.
A layer or an edition adds effect keys and conditions through the hooks named here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..errors import RuleNotImplemented
from . import actions as A
from .effects import describe
from .state import PlayerState

__all__ = ["CardEffects"]


class CardEffects:
    """Applying card effects and answering the choices they open (see the module docs)."""

    #: conditions about the other cards played this turn, "before or after" this one: a
    #: card's bonus on them waits for the rest of the turn (see DeckBuildingRules)
    order_free: ClassVar[frozenset[str]]
    #: whether :meth:`apply_simple` is this class's own (then apply_effects adds Skill,
    #: Swords and Gold itself); set per rules object by DeckBuildingRules
    _plain_simple: bool = False

    def apply_effects(
        self, s, p: PlayerState | None, effects, source: str | None, hold: bool = False
    ):
        """Apply effects (a list or tuple) in order. A choice pauses: the rest waits in
        ``s.pending``."""
        plain = self._plain_simple
        for i, e in enumerate(effects):
            key = next(iter(e))
            if plain and (key == "skill" or key == "swords" or key == "gold"):
                # apply_simple's first branch, without the call (where it is not overridden)
                value = e[key]
                setattr(p, key, getattr(p, key) + value)
                if key == "skill" and value > 0:
                    p.skill_generated += value
            elif key == "if":
                if p is None:
                    continue
                if self.condition(s, p, e["if"], source):
                    self.apply_effects(s, p, e["then"], source, hold)
                elif hold:
                    later = self.waits_for(s, p, e["if"], source)
                    if later:
                        p.held.append({"card": source, "if": later, "then": e["then"]})
            elif key in ("choose", "trash", "discard"):
                if self.open_choice(s, p, e, source, effects[i + 1 :]):
                    return
            else:
                self.apply_simple(s, p, key, e[key])

    def waits_for(self, s, p, cond: dict, source: str | None) -> dict | None:
        """The part of a failed condition that may still come true later in the turn (its
        :attr:`order_free` tests), or ``None`` when the rest fails now: then the bonus is
        lost, whatever happens later."""
        now = {k: v for k, v in cond.items() if k not in self.order_free}
        if now and not self.condition(s, p, now, source):
            return None
        return {k: v for k, v in cond.items() if k in self.order_free} or None

    def apply_simple(self, s, p, key: str, value) -> None:
        if key in ("skill", "swords", "gold"):
            setattr(p, key, getattr(p, key) + value)
            if key == "skill" and value > 0:
                p.skill_generated += value
        elif key == "draw":
            self.draw(s, p, value)
        else:
            self.apply_layer_effect(s, p, key, value)

    def apply_layer_effect(self, s, p, key, value) -> None:
        """Hook: effects a layer of mechanics adds (the map layer: boots, Clank!...)."""
        self.apply_edition_effect(s, p, key, value)

    def apply_edition_effect(self, s, p, key, value) -> None:
        """Hook: effects an edition adds to the vocabulary."""
        raise RuleNotImplemented(f"the {self.edition!r} rules do not know the effect {key!r}")

    def condition(self, s, p, cond: dict, source: str | None) -> bool:
        """Whether every test in ``cond`` holds for ``p`` (``source``: the card asking)."""
        return all(self._test(s, p, key, source) for key in cond)

    def _test(self, s, p, key: str, source: str | None) -> bool:
        if key == "companion":
            others = sum(1 for cid in p.play if self.card(cid).companion)
            if source is not None and source in p.play and self.card(source).companion:
                others -= 1  # the card itself does not count as "another" companion
            return others >= 1
        return self.layer_test(s, p, key, source)

    def layer_test(self, s, p, key: str, source: str | None) -> bool:
        """Hook: conditions a layer of mechanics adds (the map layer: artifact, key...)."""
        return self.edition_test(s, p, key, source)

    def edition_test(self, s, p, key: str, source: str | None) -> bool:
        """Hook: conditions an edition adds to the vocabulary."""
        raise RuleNotImplemented(f"the {self.edition!r} rules do not know the condition {key!r}")

    def release_held(self, s, p) -> None:
        """Conditional play effects wait until their condition holds (within the turn)."""
        changed = True
        while changed and p.held and not s.pending:
            changed = False
            for h in list(p.held):
                if self.condition(s, p, h["if"], h["card"]):
                    p.held.remove(h)
                    self.apply_effects(s, p, h["then"], h["card"], hold=True)
                    changed = True
                    break

    def source_name(self, source) -> str:
        """What a prompt calls the card, token or item whose effect asks the question."""
        if source in self.cards.cards:
            return self.card(source).name
        kinds = [*self.cards.secrets.get("minor", ()), *self.cards.secrets.get("major", ())]
        for thing in (*kinds, *self.cards.market, self.cards.idol or {}):
            if thing.get("id") == source and thing.get("name"):
                return thing["name"]
        return str(source)

    def open_choice(self, s, p, effect: dict, source, rest: Sequence[dict]) -> bool:
        """Set up a pending choice, ``rest`` waiting behind it; returns False if there is
        nothing to choose from (then the effects go on past it)."""
        key = next(iter(effect))
        cname = self.source_name(source)
        if key == "choose":
            opts = effect["choose"]
            pending = {
                "kind": "choose",
                "prompt": f"{cname}: choose one",
                "options": [describe(o) for o in opts],
                "values": [list(o) for o in opts],
                "optional": False,
            }
        elif key == "trash":
            spec = effect["trash"]
            zones = spec.get("from", ["hand", "discard", "play"])
            values = []
            for zone in zones:
                for cid in dict.fromkeys(getattr(p, zone)):
                    values.append([zone, cid])
            if not values:
                return False
            pending = {
                "kind": "trash",
                "prompt": f"{cname}: trash a card"
                + ("" if spec.get("optional", True) else " (you must)"),
                "options": [f"{self.card(c).name} ({z})" for z, c in values],
                "values": values,
                "optional": spec.get("optional", True),
            }
        else:  # discard
            values = list(dict.fromkeys(p.hand))
            if not values:
                return False
            pending = {
                "kind": "discard",
                "prompt": f"{cname}: you may discard a card to get {describe(effect['then'])}",
                "options": [self.card(c).name for c in values],
                "values": values,
                "gain": list(effect["then"]),
                "optional": True,
            }
        pending.update(player=s.players.index(p), source=source, then=list(rest))
        s.pending = pending
        return True

    def _check_choose(self, s, p, a: A.Choose):
        if not s.pending:
            return "there is no choice to make"
        if not 0 <= a.option < len(s.pending["options"]):
            return f"choose an option from 0 to {len(s.pending['options']) - 1}"
        return None

    def take_pending(self, s) -> dict:
        """Take the pending choice off the state to answer it: the choice, with ``"hold"``
        added (not kept in the state), whether what it left waiting holds its bonuses.

        The first pass held them when the effects were a card's play (see
        :meth:`DeckBuildingRules._do_play` and :meth:`release_held`): a bonus about the
        other cards played this turn ("before or after") waits for the rest of the turn.
        The rest of those effects, when a choice paused them, holds them the same way:
        the choice came from a card in play. It is asked before the answer changes
        anything (a card may trash itself), and nothing else happens while a choice
        waits, so this is what it was when the choice opened."""
        pend, s.pending = s.pending, None
        return {**pend, "hold": pend["source"] in s.players[pend["player"]].play}

    def resume(self, s, pend: dict, effects: Sequence[dict] = ()) -> None:
        """Go on after a choice (taken by :meth:`take_pending`) is answered: ``effects``
        (what the answer gives), then the effects the choice paused, holding their
        bonuses as the first pass did. Every answer of a choice goes on from here."""
        p = s.players[pend["player"]]
        self.apply_effects(s, p, [*effects, *pend["then"]], pend["source"], pend["hold"])

    def _do_choose(self, s, p, a: A.Choose):
        pend = self.take_pending(s)
        p = s.players[pend["player"]]
        value = pend["values"][a.option]
        if pend["kind"] == "choose":
            self.say(s, f"{self.name(p)} chooses {pend['options'][a.option]}")
            self.resume(s, pend, value)
        elif pend["kind"] == "trash":
            zone, cid = value
            getattr(p, zone).remove(cid)
            s.trash.append(cid)
            self.say(s, f"{self.name(p)} trashes {self.card(cid).name}")
            self.resume(s, pend)
        else:
            p.hand.remove(value)
            p.discard.append(value)
            self.say(s, f"{self.name(p)} discards {self.card(value).name}")
            self.resume(s, pend, pend["gain"])

    def _check_decline(self, s, p, a):
        if not s.pending:
            return "there is no choice to decline"
        if not s.pending["optional"]:
            return "this choice is not optional"
        return None

    def _do_decline(self, s, p, a):
        self.resume(s, self.take_pending(s))
