"""Clank! In! Space!, on the shared core.

What is this edition's own:

* the ship, assembled from pieces (:func:`assemble_ship`): a Cargo Bay, a Corridor and a
  command piece in fixed slots, and three interchangeable double-sided modules;
* data ports, two data cubes per thief, and the command code that opens the command
  module (by any means: walking, teleporting, lifts);
* hyperlifts and telepads (no Boots, but no more walking that turn), security
  checkpoints, the lockdown token that seals one hyperlift;
* secrets a thief may take on their first entry of a space;
* the rage track's bounty hunters: red cubes that join the Clank! area when the boss
  marker reaches them and, when drawn, hurt every thief still aboard;
* power crystals, factions, Contraband, market items one of each per thief;
* escape pods, rescue in the Cargo Bay, and out players drawing cubes on their turns.

Everything else (decks, the row, Clank!, the bag, damage, walking) is the shared core.
Readings of the rules where the sources leave a gap (also in board_data/space/README.md):

* A thief may take a secret (:class:`~clankwidget.rules.actions.TakeSecret`) on their
  first entry of its space (the rules say the thief "can" take one), at any moment before
  leaving it that turn, or leave it there; a thief who entered before never takes one
  from that space, whether they took one then or not.
* A red cube that hits a thief with an empty supply is marked with a set-aside black
  cube (FAQ); with none set aside, with one from the bag; with no black cube anywhere,
  that hit does nothing. Healing returns marking cubes first.
* Several red cubes drawn at once each hurt every thief (one damage per cube).
* The lockdown token blocks its hyperlift both ways.
* Hyperlift and telepad rides stop Boots for the turn but not further rides.
* A thief reaching an escape pod with an artifact escapes at once (+20) and may finish
  the turn (play, acquire, defeat) but no longer moves, hacks or rides.
* If the bag holds fewer cubes than an attack draws, every cube in it is drawn.
* The arrive effects of the opening row are resolved (the FAQ says so), before the
  first turn; the Clank! they make does not count as the first player's.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from ..data import (
    Board,
    Card,
    CardSet,
    check,
    check_edition_fits,
    load_card_extras,
    load_edition,
)
from ..errors import PositionError
from . import actions as A
from .ship import assemble_ship
from .space_words import describe_space, in_ship_words
from .state import ESCAPED, GameState, _deep
from .thieves import ThievesRules

__all__ = [
    "HackPort",
    "Hyperlift",
    "SpaceRules",
    "Telepad",
    "assemble_ship",
    "describe_space",
    "load_card_extras",
    "load_edition",
]


# ---------------------------------------------------------------------------
# Actions of this edition


@dataclass(frozen=True)
class HackPort(A.Action):
    """Hack the data port in your space: place one of your data cubes on it."""

    kind: ClassVar[str] = "hack-port"


@dataclass(frozen=True)
class Hyperlift(A.Action):
    """Ride the hyperlift in your space to hyperlift space ``to`` (no Boots; stops Boots)."""

    kind: ClassVar[str] = "hyperlift"
    to: str


@dataclass(frozen=True)
class Telepad(A.Action):
    """With a TelePass, beam from the telepad in your space to telepad ``to`` (stops Boots)."""

    kind: ClassVar[str] = "telepad"
    to: str


# ---------------------------------------------------------------------------
# Edition data: loaded and validated by the data layer (clankwidget.data.editions), which
# holds the one schema registry. The names stay importable from here.

_space_check = check


#: what SpaceRules derives from a board, card set and options (see SpaceRules.__init__)
_DERIVED: dict[tuple, tuple] = {}

# Ship assembly lives in clankwidget.rules.ship (the name stays importable from here).


#: the conditions of this edition's own (the others are the core's)
_OWN_CONDITIONS = ("faction", "contraband", "crystal")


def holds(p, grant: str) -> bool:
    """Whether ``p`` holds a token granting ``grant`` (``p.owns(grant) > 0``)."""
    # (a plain loop, faster than counting or any() over a generator: asked on every
    # legal list, of the command code and of a cabinet's item)
    for t in p.tokens:  # noqa: SIM110
        if t.get("grants") == grant:
            return True
    return False


# Effects and log lines in the ship's words live in clankwidget.rules.space_words
# (describe_space stays importable from here).


# ---------------------------------------------------------------------------
# The rules


class SpaceRules(ThievesRules):
    """Clank! In! Space! Give it an assembled ship (:func:`assemble_ship`)."""

    edition = "space"
    hit_all = "red"
    escape_token = "pod"
    space_effects = ("enter", "data_port")
    #: a faction bonus counts another card of the faction played before or after (RB2)
    order_free: ClassVar[frozenset[str]] = frozenset({"companion", "faction"})
    #: effect keys that may open a pending choice (handled by :meth:`open_edition_choice`)
    edition_choices: ClassVar[tuple[str, ...]] = ("row_trash",)
    #: the names of the Research tokens by id (Pulsarcade's Research Lab), for the words
    #: of the effects that take them; none aboard a Clank! In! Space! ship
    research_names: Mapping[str, str] = {}
    known_options: ClassVar[Mapping[str, str]] = {
        "card_extras": "a card-extras document (factions, Contraband, crystals) for a card set"
    }

    def __init__(self, board: Board, cards: CardSet, options: dict | None = None):
        super().__init__(board, cards, options)
        # what follows depends only on the board, the card set and the options, and is
        # never changed in play: a game (or a bot's fork of one) on the same table reuses
        # it rather than reading and checking the edition's files again
        key = (type(self), id(board), id(cards), json.dumps(self.options, sort_keys=True))
        kept = _DERIVED.get(key)
        if kept is not None and kept[0] is board and kept[1] is cards:
            self.__dict__.update(kept[2])
            return
        before = dict(self.__dict__)
        self._derive(board, cards)
        if len(_DERIVED) > 64:
            _DERIVED.clear()
        _DERIVED[key] = (
            board,
            cards,
            {k: v for k, v in self.__dict__.items() if k not in before or v is not before[k]},
        )

    def _derive(self, board: Board, cards: CardSet) -> None:
        self.data = load_edition(self.edition)
        check_edition_fits(self.data, cards)  # its rage places lie on this card set's track
        self.extras = load_card_extras(cards, self.options.get("card_extras"))
        self.factions: dict[str, str] = dict(self.extras.get("factions", {}))
        self.bank = {
            "crystals": 5,
            "data_cubes": 2,
            "command_code_rage": 1,
            "escape_pod_points": self.escape_bonus,
            "all_artifacts": False,
            **self.data.get("bank", {}),
        }
        self._market = {**self._market, **{i["id"]: i for i in self.data.get("market", ())}}
        self._card_table = {cid: self._with_extras(c) for cid, c in cards.cards.items()}
        #: card id -> its faction, as :meth:`faction_of` gives it (read once)
        self._card_factions = {
            cid: extra.get("faction") for cid, extra in self.extras["cards"].items()
        }
        self.command_modules = {m["id"] for m in board.modules if m.get("command")}
        #: the spaces of the command module(s), in board order: sealed without a code
        self.command_spaces = tuple(
            sp.id for sp in board.spaces if sp.module in self.command_modules
        )
        self.cargo_module = board.space(board.start).module
        #: each data port's space and module, in board order
        self.data_ports = tuple((sp.id, sp.module) for sp in board.spaces if sp.data_port)
        self.hyperlifts = tuple(sp.id for sp in board.spaces if sp.hyperlift)
        self.telepads = tuple(sp.id for sp in board.spaces if sp.telepad)
        self.lockdowns = tuple(sp.id for sp in board.spaces if sp.lockdown)
        # from each hyperlift (telepad), the rides to every other one
        self.rides = {
            (kind, here): tuple(kind(to) for to in spaces if to != here)
            for kind, spaces in ((Hyperlift, self.hyperlifts), (Telepad, self.telepads))
            for here in spaces
        }
        # what each space offers whoever stands there, in candidate order: its data port,
        # then its hyperlift's and its telepad's rides (see edition_candidates)
        hack = (HackPort(),)
        self._offers = {
            sp.id: (hack if sp.data_port else ())
            + self.rides.get((Hyperlift, sp.id), ())
            + self.rides.get((Telepad, sp.id), ())
            for sp in board.spaces
        }

    @classmethod
    def assemble_board(
        cls,
        modules: Iterable[str | Board] | Mapping[str, str | Board] | None = None,
        positions: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Board:
        """This edition's ship from ``modules`` (see :func:`assemble_ship`), for ``Game.new``."""
        return assemble_ship(modules, positions, edition=cls.edition, options=options)

    # -- cards with their space-only rules ------------------------------------

    def _with_extras(self, card: Card) -> Card:
        extra = self.extras["cards"].get(card.id)
        if not extra:
            return card
        changes = {}
        for key in ("play", "acquire", "use", "reward", "arrive"):
            if extra.get(key):
                changes[key] = tuple(getattr(card, key)) + tuple(extra[key])
        play = list(changes.get("play", card.play))
        if extra.get("ally") and extra.get("faction"):
            play.append({"if": {"faction": extra["faction"]}, "then": list(extra["ally"])})
        if extra.get("contraband"):
            play.append({"if": {"contraband": True}, "then": list(extra["contraband"])})
        if extra.get("crystal"):
            play.append({"if": {"crystal": True}, "then": list(extra["crystal"])})
        changes["play"] = tuple(play)
        return dataclasses.replace(card, **changes)

    def faction_of(self, cid: str) -> str | None:
        return self._card_factions.get(cid)

    def card_text(self, cid: str) -> str:
        """A card's rules text in words, faction and bonuses included."""
        c = self.card(cid)
        parts = []
        faction = self.faction_of(cid)
        if faction:
            parts.append(f"[{self.factions.get(faction, faction)}]")
        for key, label in (
            ("play", ""),
            ("acquire", "Acquire: "),
            ("use", "Use: "),
            ("reward", "Defeat: "),
            ("arrive", "Arrive: "),
        ):
            effects = getattr(c, key)
            if effects:
                parts.append(label + self.effects_text(effects))
        return " ".join(parts)

    def say(self, s, text: str, kind: str = "info", who=None, **details) -> None:
        # the core's words are the dungeon's; aboard the ship they are these
        super().say(s, in_ship_words(text), kind, who, **details)

    # -- set-up ---------------------------------------------------------------

    def setup(self, colours: list[str], rng: np.random.Generator) -> GameState:
        self._ports_for_every_code(len(colours))
        s = super().setup(colours, rng)
        n = len(colours)
        halve = n in self.data.get("market_halved_for", ())
        for item in self.data.get("market", ()):
            s.market[item["id"]] = item["count"]
        if halve:
            s.market = {k: math.ceil(v / 2) for k, v in s.market.items()}
        rooms = [sp for sp in self.board.spaces if sp.artifact]
        if self.bank["all_artifacts"]:
            keep = list(range(len(rooms)))
        else:
            removed = self.setup_numbers.get("artifacts_removed", {}).get(str(n), 0)
            order = self.random().permutation(len(rooms))
            keep = sorted(order[: max(0, len(rooms) - removed)].tolist())
        s.artifacts = {rooms[i].id: rooms[i].artifact for i in keep}
        self.deal_secrets(s)
        rage = self.data.get("rage", {})
        s.bag["red"] = 0
        s.clank_area["red"] = 0
        s.extra = {
            "hunters": {str(k): v for k, v in rage.get("hunters", {}).items()},
            "lockdown": False,
            "crystals": self.bank["crystals"],
            "codes": n,
            "ports": {},
            "pods": {sp.id: sp.escape_pods for sp in self.board.spaces if sp.escape_pods},
        }
        for p in s.players:
            p.extra = {
                "data": self.bank["data_cubes"],
                "hacked": [],
                "crystals": 0,
                "marks": 0,
                "visited": [p.space],
            }
        self.after_rage(s, -1)  # hunters already reached at the starting rage
        self.setup_edition(s)
        # the opening row's arrive effects are resolved (FAQ); Clank! made by them is
        # not the first player's own
        for cid in s.row:
            self.apply_effects(s, None, self.card(cid).arrive, source=cid)
        for p in s.players:
            p.clank_made = 0
        return s

    def _ports_for_every_code(self, players: int) -> None:
        """Refuse a ship on which a thief could be left unable to finish a command code.

        A code takes ports in two modules, and every other thief holds at most one port in
        any module; so a module with at least as many ports as there are players always
        has one free for whoever still needs it, and two such modules are enough. (The
        teaching ship once had modules of two or three ports: four bots could leave the
        last thief aboard with no port to hack, in a game that never ended.)
        """
        ports: dict[str, int] = {}
        for sp in self.board.spaces:
            if sp.data_port:
                ports[sp.module] = ports.get(sp.module, 0) + 1
        if sum(k >= players for k in ports.values()) >= 2:
            return
        names = {m["id"]: m.get("name", m["id"]) for m in self.board.modules}
        counts = ", ".join(f"{names.get(m, m)} {k}" for m, k in sorted(ports.items())) or "none"
        raise ValueError(
            f"ship {self.board.id!r} cannot seat {players} players: a thief needs a free data "
            f"port in two modules, so two modules need {players} ports or more (data ports "
            f"by module: {counts})"
        )

    def setup_edition(self, s: GameState) -> None:
        """Hook: components an expansion adds, set up before the opening row arrives."""

    def secret_token(self, token: dict) -> dict:
        # a token's ship-only rules (crystal points, Contraband...) come from the extras
        return {**token, **_deep(self.extras.get("tokens", {}).get(token["id"], {}))}

    # -- legal actions ----------------------------------------------------------

    def edition_candidates(self, s: GameState) -> list[A.Action]:
        p = s.player
        out = list(self._offers[p.space])
        if p.turn_flags.get("secret") == p.space:
            out.append(self._action(A.TakeSecret))
        return out

    # -- entering spaces ----------------------------------------------------------

    def has_code(self, p) -> bool:
        return holds(p, "code")

    def in_command(self, p) -> bool:
        return p.space in self.command_spaces

    def entry_refusal(self, s, p, space_id: str, teleport: bool) -> str | None:
        if space_id in self.command_spaces and not self.has_code(p):
            return "the command module is sealed: you need a command code token"
        return None

    def stops_here(self, s, p, space) -> bool:
        """Whether entering ``space`` ends Boot movement for ``p`` this turn."""
        return space.stops_movement

    def enter(self, s, p, space_id: str, teleport: bool) -> None:
        p.space = space_id
        space = self.board.space(space_id)
        if self.stops_here(s, p, space):
            p.exhausted = True
        self.on_enter(s, p, space, teleport)

    def on_enter(self, s, p, space, teleport: bool) -> None:
        pods = s.extra["pods"].get(space.id, 0)
        if pods and p.artifacts:
            s.extra["pods"][space.id] = pods - 1
            p.status = ESCAPED
            points = self.bank["escape_pod_points"]
            pod = {"kind": "pod", "id": "escape-pod", "name": "Escape Pod", "points": points}
            p.tokens.append(pod)
            self.say(s, f"{self.name(p)} escapes in an escape pod (+{points})", "escape", p)
            return
        if space.heal:
            self.heal(s, p, space.heal)
        if space.gold:
            p.gold += space.gold
            self.say(s, f"{self.name(p)} finds {space.gold} Credits")
        first = space.id not in p.extra["visited"]
        if first:
            p.extra["visited"].append(space.id)
        # a first entry lets the thief take a secret here (TakeSecret) until they leave
        if first and s.space_tokens.get(space.id):
            p.turn_flags["secret"] = space.id
        else:
            p.turn_flags.pop("secret", None)
        if space.enter:
            self.apply_effects(s, p, list(space.enter), source=space.id)

    def _check_take_secret(self, s, p, a: A.TakeSecret):
        if not p.is_in:
            return "you have left the ship"
        if not s.space_tokens.get(p.space):
            return "there is no secret in your space"
        if p.turn_flags.get("secret") != p.space:
            return (
                "a secret is taken on your first entry of its space, before you leave it "
                "(you have been here before, or you did not take it then)"
            )
        return None

    def _do_take_secret(self, s, p, a: A.TakeSecret):
        stack = s.space_tokens[p.space]
        token = stack.pop(0)
        if not stack:
            del s.space_tokens[p.space]
        p.turn_flags.pop("secret", None)
        self._take_token(s, p, token)

    def _take_token(self, s, p, token: dict) -> None:
        self.revealed = True
        self.say(s, f"{self.name(p)} finds {token['name']}", "secret", p)
        if token.get("keep") or token.get("use"):
            p.tokens.append(token)
        self.apply_effects(s, p, token.get("take", ()), source=token["id"])

    def path_context(self, s, p) -> dict:
        """The ship's movement: no exit but the escape pods (for an artifact holder),
        hyperlifts (less the one under the lockdown token) and, with a TelePass,
        telepads as lifts; the command module closed without a command code."""
        ctx = super().path_context(s, p)
        ctx["exits"] = [sid for sid, left in s.extra["pods"].items() if left] if p.artifacts else []
        if s.extra["lockdown"]:
            lifts = [[sid for sid in self.hyperlifts if not self._lift_blocked(s, sid)]]
        else:
            lifts = [list(self.hyperlifts)]
        if p.owns("telepass"):
            lifts.append(list(self.telepads))
        ctx["lifts"] = [group for group in lifts if len(group) > 1]
        ctx["closed"] = [] if self.has_code(p) else list(self.command_spaces)
        return ctx

    # -- hyperlifts and telepads -------------------------------------------------

    def lift_action(self, here: str, to: str) -> A.Action:
        both = self.board.space(here).hyperlift and self.board.space(to).hyperlift
        return Hyperlift(to) if both else Telepad(to)

    def _lift_blocked(self, s, space_id: str) -> bool:
        return s.extra["lockdown"] and space_id in self.lockdowns

    def _check_hyperlift(self, s, p, a: Hyperlift):
        if not p.is_in:
            return "you have left the ship"
        lifts = self.hyperlifts
        if p.space not in lifts:
            return "there is no hyperlift in your space"
        if a.to not in lifts:
            return f"{a.to!r} is not a hyperlift space"
        if a.to == p.space:
            return "you are already there"
        if s.extra["lockdown"]:  # (no lift is blocked before the lockdown)
            for where in (p.space, a.to):
                if self._lift_blocked(s, where):
                    name = self.board.space(where).name
                    return f"the lockdown token blocks the hyperlift in {name}"
        return self.entry_refusal(s, p, a.to, teleport=False)

    def _do_hyperlift(self, s, p, a: Hyperlift):
        self.say(
            s,
            f"{self.name(p)} rides the hyperlift to {self.board.space(a.to).name}",
            "move",
            p,
            to=a.to,
        )
        self.enter(s, p, a.to, teleport=False)
        p.exhausted = True

    def _check_telepad(self, s, p, a: Telepad):
        if not p.is_in:
            return "you have left the ship"
        if p.space not in self.telepads:
            return "there is no telepad in your space"
        if not p.owns("telepass"):
            return "telepads need a TelePass"
        if a.to not in self.telepads:
            return f"{a.to!r} is not a telepad space"
        if a.to == p.space:
            return "you are already there"
        return self.entry_refusal(s, p, a.to, teleport=False)

    def _do_telepad(self, s, p, a: Telepad):
        self.say(
            s,
            f"{self.name(p)} beams by telepad to {self.board.space(a.to).name}",
            "move",
            p,
            to=a.to,
        )
        p.turn_flags["telepad"] = True
        self.enter(s, p, a.to, teleport=False)
        p.exhausted = True

    # -- data ports and the command code -------------------------------------------

    def _check_hack_port(self, s, p, a: HackPort):
        if not p.is_in:
            return "you have left the ship"
        here = self.board.space(p.space)
        if not here.data_port:
            return "there is no data port in your space"
        if here.id in s.extra["ports"]:
            return "this data port has been used"
        if p.extra["data"] <= 0:
            return "you have no data cubes left"
        done = {self.board.space(x).module for x in p.extra["hacked"]}
        if here.module in done:
            return "your other data cube is in this module: hack a port in another module"
        return None

    def _do_hack_port(self, s, p, a: HackPort):
        here = self.board.space(p.space)
        p.extra["data"] -= 1
        p.extra["hacked"].append(here.id)
        s.extra["ports"][here.id] = p.colour
        text = self.effects_text(here.data_port)
        self.say(s, f"{self.name(p)} hacks the data port in {here.name} ({text})")
        self.apply_effects(s, p, here.data_port, source=here.id)
        if p.extra["data"] == 0 and not self.has_code(p) and s.extra["codes"] > 0:
            s.extra["codes"] -= 1
            p.tokens.append(
                {"kind": "code", "id": "command-code", "name": "Command Code", "grants": "code"}
            )
            self.say(s, f"{self.name(p)} completes the command code")
            self.raise_rage(s, self.bank["command_code_rage"])

    # -- market -------------------------------------------------------------------

    def market_limit(self, s, p, item: dict) -> str | None:
        if any(t.get("kind") == "market" and t["id"] == item["id"] for t in p.tokens):
            return f"you already have a {item['name']} (one of each type per thief)"
        return None

    def _do_buy(self, s, p, a: A.Buy):
        item = self._market[a.item]
        cost, extra = self.market_price(s, p, item)
        p.gold -= cost
        s.market[a.item] -= 1
        points = item.get("points", 0)
        token = {"kind": "market", "id": a.item, "name": item["name"], "points": points}
        p.tokens.append({**token, "grants": item["grants"]})
        self.say(
            s, f"{self.name(p)} buys a {item['name']} for {cost} Credits", "buy", p, item=a.item
        )
        self.apply_effects(s, p, list(item.get("buy", ())) + list(extra), source=a.item)

    # -- effects --------------------------------------------------------------------

    def effects_text(self, effects) -> str:
        return describe_space(effects, self.factions, self.research_names)

    def apply_effects(self, s, p, effects, source, hold: bool = False):
        effects = list(effects)
        if not effects:
            return  # (nothing to apply: many cards arrive or enter with no effect)
        choices = self.edition_choices
        for i, e in enumerate(effects):
            if next(iter(e)) not in choices:
                continue
            super().apply_effects(s, p, effects[:i], source, hold)
            if s.pending:  # an earlier choice waits: the rest waits behind it
                s.pending = {**s.pending, "then": list(s.pending["then"]) + effects[i:]}
                return
            if p is not None and self.open_edition_choice(s, p, e, source, effects[i + 1 :]):
                return
            self.apply_effects(s, p, effects[i + 1 :], source, hold)
            return
        super().apply_effects(s, p, effects, source, hold)

    def open_edition_choice(self, s, p, effect: dict, source, rest: list) -> bool:
        """Open a pending choice for an edition effect; ``False`` if there is nothing to choose."""
        key = next(iter(effect))
        if key != "row_trash":
            return False
        slots = [i for i, cid in enumerate(s.row) if cid is not None]
        if not slots:
            return False
        cname = self.source_name(source)
        s.pending = {
            "kind": "row-trash",
            "prompt": f"{cname}: you may trash a card from the adventure row",
            "options": [self.card(s.row[i]).name for i in slots],
            "values": slots,
            "optional": True,
            "player": s.players.index(p),
            "source": source,
            "then": list(rest),
        }
        return True

    def _do_choose(self, s, p, a: A.Choose):
        if s.pending["kind"] != "row-trash":
            super()._do_choose(s, p, a)
            return
        pend = self.take_pending(s)
        p = s.players[pend["player"]]
        slot = pend["values"][a.option]
        cid, s.row[slot] = s.row[slot], None
        s.trash.append(cid)
        self.say(s, f"{self.name(p)} trashes {self.card(cid).name} from the adventure row")
        self.resume(s, pend)

    def apply_edition_effect(self, s, p, key, value) -> None:
        if key == "crystal":
            if p is None:
                return
            k = min(value, s.extra["crystals"])
            s.extra["crystals"] -= k
            p.extra["crystals"] += k
            if k:
                self.say(s, f"{self.name(p)} takes {k} power crystal{'s' if k != 1 else ''}")
        elif key == "multipass":
            if p is not None:
                p.turn_flags["multipass"] = True
        else:
            super().apply_edition_effect(s, p, key, value)

    def crystals_held(self, p) -> int:
        """Power crystals held, counting tokens that count as one (the Sixth Crystal)."""
        return p.extra.get("crystals", 0) + sum(1 for t in p.tokens if t.get("crystal"))

    def condition(self, s, p, cond: dict, source) -> bool:
        if "faction" not in cond and "contraband" not in cond and "crystal" not in cond:
            return super().condition(s, p, cond, source)  # the core's tests alone
        base = {k: v for k, v in cond.items() if k not in _OWN_CONDITIONS}
        if base and not super().condition(s, p, base, source):
            return False
        if "faction" in cond and not self.faction_match(p, cond["faction"], source):
            return False
        if "contraband" in cond and not p.owns("contraband"):
            return False
        return not ("crystal" in cond and not self.crystals_held(p))

    def faction_match(self, p, faction: str, source) -> bool:
        """Another card of ``faction`` is in play this turn (the source card itself aside)."""
        if p.turn_flags.get("multipass"):
            return True
        factions = self._card_factions
        same = [factions.get(cid) for cid in p.play].count(faction)
        if source in p.play and factions.get(source) == faction:
            same -= 1
        return same >= 1

    # -- damage, bounty hunters, lockdown -------------------------------------------------

    def check_position(self, s, fresh) -> None:
        """The rage marker has done what passing its places does (:meth:`after_rage`): no
        bounty hunter still waits at or below it, and the lockdown token is down exactly
        when the marker has reached its place (the marker only climbs)."""
        super().check_position(s, fresh)
        for place, k in s.extra["hunters"].items():
            if place in fresh.extra["hunters"] and k and int(place) <= s.rage:
                raise PositionError(
                    f"$.state.extra.hunters.{place}",
                    f"expected no bounty hunter waiting at rage {place} with the marker at "
                    f"{s.rage}: passing the place brings them into the Clank! area",
                )
        place = self.data.get("rage", {}).get("lockdown")
        if place is not None and s.extra["lockdown"] != (s.rage >= place):
            reached = "has reached" if s.rage >= place else "is below"
            raise PositionError(
                "$.state.extra.lockdown",
                f"expected {str(s.rage >= place).lower()}: the rage marker ({s.rage}) "
                f"{reached} the lockdown place ({place})",
            )

    def heal(self, s, p, n: int) -> None:
        k = min(n, p.damage)
        back = min(k, p.extra.get("marks", 0))
        if back:
            p.extra["marks"] -= back
            s.aside["black"] += back
        p.damage -= k
        p.supply += k - back

    def resolve_drawn(self, s, colour: str, n: int) -> None:
        if colour == self.hit_all:
            for _ in range(n):
                for q in s.players:
                    if q.is_in:
                        self.hunter_hits(s, q)
            s.clank_area[colour] = s.clank_area.get(colour, 0) + n
            who = "A bounty hunter strikes" if n == 1 else f"{n} bounty hunters strike"
            self.say(s, f"{who}: every thief aboard takes {n} damage", "attack", hunters=n)
        elif colour == "black":
            self.drawn_black(s, n)
        else:
            super().resolve_drawn(s, colour, n)

    def drawn_black(self, s, n: int) -> None:
        """Where drawn black cubes go (set aside; the Vault module takes them first)."""
        s.aside["black"] = s.aside.get("black", 0) + n

    def hunter_hits(self, s, p) -> None:
        """One damage from a red cube: from the supply, or marked with a black cube."""
        if p.supply > 0:
            self.damage_from_supply(s, p, 1)
            return
        if s.aside.get("black", 0) > 0:
            s.aside["black"] -= 1
        elif s.bag.get("black", 0) > 0:
            s.bag["black"] -= 1
        else:
            return
        p.extra["marks"] = p.extra.get("marks", 0) + 1
        p.damage += 1
        self.check_knockout(s, p)

    def after_rage(self, s, before: int) -> None:
        rage = self.data.get("rage", {})
        for idx in range(before + 1, s.rage + 1):
            k = s.extra["hunters"].pop(str(idx), 0)
            if k:
                s.clank_area["red"] = s.clank_area.get("red", 0) + k
                who = "A bounty hunter joins" if k == 1 else f"{k} bounty hunters join"
                self.say(s, f"{who} the Clank! area")
            if idx == rage.get("lockdown") and not s.extra["lockdown"]:
                s.extra["lockdown"] = True
                blocked = ", ".join(sp.name for sp in self.board.spaces if sp.lockdown)
                self.say(s, f"Lockdown! The hyperlift in {blocked or 'the Cargo Bay'} is sealed")

    # -- the row and the decks ------------------------------------------------------------

    def deck_exhausted(self, s) -> None:
        self.say(
            s, "The adventure deck has run out: everyone still aboard is knocked out", "deck-out"
        )
        for q in s.players:
            if q.is_in:
                self.knock_out(s, q, " (the adventure deck ran out)")
        self.finish(s, "the adventure deck ran out")

    # -- leaving the ship ---------------------------------------------------------------

    def rescued(self, s, p) -> bool:
        return bool(p.artifacts) and self.board.space(p.space).module == self.cargo_module

    def out_turn(self, s, p) -> None:
        n = len(s.players)
        draws = self.setup_numbers.get("out_draws", {}).get(str(n), 4)
        self.attack(s, draws, f"{self.name(p)} is off the ship: the boss draws {draws}")

    def finish(self, s, reason: str) -> None:
        super().finish(s, reason.replace("the dungeon", "the ship"))

    # -- scoring --------------------------------------------------------------------------

    def points(self, s, p) -> int:
        total = super().points(s, p)
        per = sum(t.get("crystal_points", 0) for t in p.tokens)
        if per:
            total += per * self.crystals_held(p)
        return total + self.extra_points(s, p)

    def extra_points(self, s, p) -> int:
        """Hook: points from edition components (Pulsarcade tracks)."""
        return 0

    def more_points(self, s, p) -> list[tuple[str, int]]:
        per = sum(t.get("crystal_points", 0) for t in p.tokens)
        return [("Power crystals", per * self.crystals_held(p))]

    # -- describing the state ------------------------------------------------------------

    def cube_census(self, s) -> dict[str, int]:
        """Every cube by colour wherever it is (for conservation checks)."""
        out = {}
        for c in ["black", self.hit_all, *(p.colour for p in s.players)]:
            out[c] = s.bag.get(c, 0) + s.clank_area.get(c, 0) + s.aside.get(c, 0)
        out[self.hit_all] += sum(s.extra["hunters"].values())
        for p in s.players:
            out[p.colour] += p.supply + p.damage - p.extra.get("marks", 0)
            out["black"] += p.extra.get("marks", 0)
        return out
