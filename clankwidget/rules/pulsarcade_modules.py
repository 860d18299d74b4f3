"""Pulsarcade's six module sides, each a small :class:`ShipModule` class that
:class:`~clankwidget.rules.pulsarcade.PulsarcadeRules` calls through a handful of hooks:
:class:`BlackMarket`, :class:`CloningVats`, :class:`DangerTheater`, :class:`RaceTrack`,
:class:`ResearchLab` and :class:`Vault`; :data:`MODULES` finds the class of a module kind."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from ..data import Card
from ..errors import shown
from . import actions as A
from .pulsarcade_actions import Clone, Ransack, Thrill

if TYPE_CHECKING:
    from .pulsarcade import PulsarcadeRules

__all__ = [
    "MODULES",
    "BlackMarket",
    "CloningVats",
    "DangerTheater",
    "RaceTrack",
    "ResearchLab",
    "ShipModule",
    "Vault",
]


#: the module actions without arguments (actions are frozen values: one serves every list)
_CLONE, _THRILL = (Clone(),), (Thrill(),)


class ShipModule:
    """The rules of one module side. The state lives in ``s.extra["modules"][id]``.

    Every hook has a do-nothing default; a module overrides the few it needs.
    """

    kind: ClassVar[str] = ""
    #: keys the rules add to the module's state in play (a set-up has none of them)
    added_in_play: ClassVar[tuple[str, ...]] = ()

    def __init__(self, rules: PulsarcadeRules, module_id: str, data: dict):
        self.rules = rules
        self.id = module_id
        self.data = data
        self.name = data.get("name", module_id)

    def state(self, s) -> dict:
        return s.extra["modules"][self.id]

    def setup(self, s) -> dict:
        """The module's initial state."""
        return {}

    def position_problems(self, s) -> Iterable[tuple[str, str]]:
        """What the module's state in a position holds that no game could, beyond its
        shape (the position checks hold that to a fresh set-up's: the same keys, each of
        the same kind, and the keys of :attr:`added_in_play`, unchecked): ``(JSON path,
        what was expected)`` for each, as the rules read the state without asking."""
        return ()

    def _at(self, *keys) -> str:
        """The JSON path of ``keys`` in the module's state (an int key: a list's index)."""
        path = f"$.state.extra.modules.{self.id}"
        for key in keys:
            path += f"[{key}]" if isinstance(key, int) else f".{key}"
        return path

    def candidates(self, s, p) -> Iterable[A.Action]:
        return ()

    def start_turn(self, s, p) -> None:
        """The start of ``p``'s turn."""

    def after_gain(self, s, p, card: Card, from_row: bool) -> None:
        """``p`` acquired or defeated ``card``."""

    def after_play(self, s, p, card: Card) -> None:
        """``p`` played ``card`` (before its effects)."""

    def effect(self, s, p, key: str, value) -> bool:
        """Apply an edition effect this module owns; ``False`` if it is not one of them."""
        return False

    def take_black(self, s, n: int) -> int:
        """Drawn black cubes this module keeps (the rest are set aside)."""
        return 0

    def give_back_black(self, s, n: int) -> int:
        """Give up to ``n`` kept black cubes back to the bag; how many it gave."""
        return 0

    def absorbs_hunter(self, s, p) -> bool:
        """Whether a drawn red cube's hit on ``p`` lands on something else here."""
        return False

    def clones(self, s, p) -> int:
        """How many red cubes' hits on ``p`` this module would take (see absorbs_hunter)."""
        return 0

    def market_price(self, s, p, item: dict) -> tuple[int, list] | None:
        return None

    def sells_at(self, space: str) -> bool:
        """Whether :meth:`market_price` prices items on ``space`` (a market of its own)."""
        return False

    def ignores_checkpoints(self, s, p) -> bool:
        return False

    def points(self, s, p) -> int:
        return 0

    def cubes(self, s) -> dict[str, int]:
        """Cubes this module holds, by colour (for conservation checks)."""
        return {}


class BlackMarket(ShipModule):
    """Four market spaces with their own price and extra effect per item."""

    kind = "black-market"

    def sells_at(self, space: str) -> bool:
        return space in self.data["prices"]

    def market_price(self, s, p, item):
        price = self.data["prices"].get(p.space)
        if price is None:
            return None
        return price["cost"], list(price.get("effects", ()))


class CloningVats(ShipModule):
    """Vat spaces where a thief leaves a clone cube; bounty hunters hit the clone instead.

    A thief with clones in several vats chooses which one a bounty hunter got: the hit
    is taken at once (the cube goes to the Clank! area) and the choice of vat waits in
    ``owed`` until the start of that thief's next turn, where a pending choice asks it.
    """

    kind = "cloning-vats"
    added_in_play = ("owed",)

    def setup(self, s):
        # "owed" (colour -> clones a hunter got, vat not yet chosen) appears when needed
        return {"vats": {space: [] for space in self.data["vats"]}}

    def position_problems(self, s):
        colours = [p.colour for p in s.players]
        state = self.state(s)
        for space, cubes in state["vats"].items():
            for i, c in enumerate(cubes):
                if c not in colours or c in cubes[:i]:
                    yield (
                        self._at("vats", space, i),
                        f"expected the colour of a thief with no clone here yet "
                        f"({', '.join(colours)}), got {shown(c)}",
                    )
            if len(cubes) > self.data["vats"][space]:
                room = self.data["vats"][space]
                yield self._at("vats", space), f"{len(cubes)} clones in a vat of {room}"
        owed = state.get("owed", {})
        if not isinstance(owed, dict):
            yield self._at("owed"), f"expected an object (clones owed by colour), got {shown(owed)}"
            return
        for colour, n in owed.items():
            clones = sum(colour in cubes for cubes in state["vats"].values())
            if colour not in colours or type(n) is not int or not 1 <= n <= clones:
                yield (
                    self._at("owed", colour),
                    f"expected 1 to {clones} (clones of a thief in the vats), got {shown(n)}",
                )

    def candidates(self, s, p):
        return _CLONE if p.space in self.data["vats"] else ()

    def mine(self, s, p) -> list[str]:
        """The vats holding a clone of ``p``, in board order."""
        return [space for space, cubes in self.state(s)["vats"].items() if p.colour in cubes]

    def owed(self, s, p) -> int:
        """Clones of ``p`` a bounty hunter got whose vat ``p`` has still to choose."""
        return self.state(s).get("owed", {}).get(p.colour, 0)

    def check_clone(self, s, p) -> str | None:
        if not p.is_in:
            return "you have left the ship"
        if p.space not in self.data["vats"]:
            return "there is no cloning vat in your space"
        cubes = self.state(s)["vats"][p.space]
        if p.colour in cubes:
            return "you already have a clone in this vat"
        if len(cubes) >= self.data["vats"][p.space]:
            return "every square of this vat is taken"
        if p.supply < 1:
            return "you have no cube left to clone"
        return None

    def do_clone(self, s, p) -> None:
        p.supply -= 1
        self.state(s)["vats"][p.space].append(p.colour)
        self.rules.say(
            s, f"{self.rules.name(p)} leaves a clone in {self.rules.board.space(p.space).name}"
        )

    def absorbs_hunter(self, s, p):
        mine, owed = self.mine(s, p), self.owed(s, p)
        if len(mine) <= owed:
            return False
        s.clank_area[p.colour] = s.clank_area.get(p.colour, 0) + 1
        if len(mine) == 1:
            self.lose_clone(s, p, mine[0])
            return True
        self.state(s).setdefault("owed", {})[p.colour] = owed + 1
        who = self.rules.name(p)
        self.rules.say(
            s,
            f"A bounty hunter gets one of {who}'s clones instead of {who} "
            f"({who} chooses which, on {who}'s turn)",
            "attack",
            p,
            clone=None,
        )
        return True

    def lose_clone(self, s, p, space: str) -> None:
        self.state(s)["vats"][space].remove(p.colour)
        who, name = self.rules.name(p), self.rules.board.space(space).name
        self.rules.say(
            s,
            f"A bounty hunter gets {who}'s clone in {name} instead of {who}",
            "attack",
            p,
            clone=space,
        )

    def start_turn(self, s, p):
        self.ask(s, p)

    def ask(self, s, p) -> None:
        """Open the choice of vat for a clone a bounty hunter got, if one is owed."""
        if not self.owed(s, p) or s.pending:
            return
        mine = self.mine(s, p)
        s.pending = {
            "kind": "clone-hit",
            "prompt": f"{self.name}: which of your clones did the bounty hunter get?",
            "options": [self.rules.board.space(v).name for v in mine],
            "values": mine,
            "optional": False,
            "player": s.players.index(p),
            "source": self.id,
            "then": [],
        }

    def settle(self, s, p, space: str) -> None:
        """``p`` chose the clone in ``space``: it leaves its vat (its cube is already in
        the Clank! area)."""
        state = self.state(s)
        state["owed"][p.colour] -= 1
        if not state["owed"][p.colour]:
            del state["owed"][p.colour]
        if not state["owed"]:
            del state["owed"]
        self.lose_clone(s, p, space)
        self.ask(s, p)

    def clones(self, s, p) -> int:
        return len(self.mine(s, p)) - self.owed(s, p)

    def cubes(self, s):
        out: dict[str, int] = {}
        for cubes in self.state(s)["vats"].values():
            for c in cubes:
                out[c] = out.get(c, 0) + 1
        for c, k in self.state(s).get("owed", {}).items():
            out[c] -= k  # already in the Clank! area
        return out


class DangerTheater(ShipModule):
    """The Danger Vision track: thrill the audience with Clank! for swords, speed and points."""

    kind = "danger-theater"

    def setup(self, s):
        return {"contestants": {p.colour: 0 for p in s.players}}

    def position_problems(self, s):
        top = len(self.data["track"]) - 1
        for colour, spot in self.state(s)["contestants"].items():
            if not 0 <= spot <= top:
                yield (
                    self._at("contestants", colour),
                    f"expected a place on the Danger Vision track, 0 to {top}, got {spot}",
                )

    def level(self, s, p) -> int:
        return self.data["track"][self.state(s)["contestants"][p.colour]]["level"]

    def candidates(self, s, p):
        # (not enough Clank! made yet this turn: no thrill to check)
        return _THRILL if p.clank_made >= self.data["clank_needed"] else ()

    def check_thrill(self, s, p) -> str | None:
        if not p.is_in:
            return "you have left the ship"
        if p.turn_flags.get("thrilled"):
            return "the audience has been thrilled once this turn already"
        need = self.data["clank_needed"]
        if p.clank_made < need:
            return f"make {need} Clank! this turn first (you have made {p.clank_made})"
        if self.state(s)["contestants"][p.colour] >= len(self.data["track"]) - 1:
            return "your contestant is at the top of the Danger Vision track"
        return None

    def do_thrill(self, s, p) -> None:
        before = self.level(s, p)
        self.state(s)["contestants"][p.colour] += 1
        p.turn_flags["thrilled"] = True
        spot = self.data["track"][self.state(s)["contestants"][p.colour]]
        self.rules.say(
            s, f"{self.rules.name(p)} thrills the audience: Danger Vision {spot['points']} points"
        )
        if before < self.data["per_turn_level"] <= spot["level"]:
            self.rules.apply_effects(s, p, self.data["per_turn"], source=self.id)

    def start_turn(self, s, p):
        if self.level(s, p) >= self.data["per_turn_level"]:
            self.rules.apply_effects(s, p, self.data["per_turn"], source=self.id)

    def ignores_checkpoints(self, s, p):
        return self.level(s, p) >= self.data["no_checkpoints_level"]

    def points(self, s, p):
        return self.data["track"][self.state(s)["contestants"][p.colour]]["points"]


class RaceTrack(ShipModule):
    """Racers advance on every row acquisition or defeat after the first in a turn."""

    kind = "race-track"

    def setup(self, s):
        return {
            "racers": {p.colour: self.data["start"] for p in s.players},
            "standings": [None] * len(self.data["standings"]),
        }

    def position_problems(self, s):
        colours, track = [p.colour for p in s.players], self.data["track"]
        state = self.state(s)
        for colour, spot in state["racers"].items():
            if spot not in track:
                yield (
                    self._at("racers", colour),
                    f"expected a place on the track ({', '.join(track)}), got {shown(spot)}",
                )
        standings = state["standings"]
        for i, c in enumerate(standings):
            if c is not None and (c not in colours or c in standings[:i]):
                yield (
                    self._at("standings", i),
                    f"expected null or the colour of a thief not placed yet "
                    f"({', '.join(colours)}), got {shown(c)}",
                )

    def after_gain(self, s, p, card, from_row):
        if not from_row:
            return
        p.turn_flags["row_gains"] = p.turn_flags.get("row_gains", 0) + 1
        if p.turn_flags["row_gains"] >= 2:
            self.rules.apply_effects(s, p, [{"race": 1}], source=self.id)

    def finished(self, s, p) -> bool:
        return p.colour in self.state(s)["standings"]

    def advance(self, s, p, steps: int, rest: list, source) -> bool:
        """Move ``p``'s racer; ``True`` if a fork choice was opened (the rest waits)."""
        track = self.data["track"]
        racers = self.state(s)["racers"]
        for left in range(steps, 0, -1):
            if self.finished(s, p):
                return False
            nexts = track[racers[p.colour]].get("next", [])
            if not nexts:
                return False
            if len(nexts) > 1:
                s.pending = {
                    "kind": "race-fork",
                    "prompt": "Race Track: choose your line at the fork",
                    "options": [f"the {n.split('-')[0]} line" for n in nexts],
                    "values": list(nexts),
                    "optional": False,
                    "player": s.players.index(p),
                    "source": source,
                    "then": ([{"race": left - 1}] if left > 1 else []) + list(rest),
                }
                return True
            self.arrive(s, p, nexts[0])
        return False

    def arrive(self, s, p, node: str) -> None:
        self.state(s)["racers"][p.colour] = node
        spot = self.data["track"][node]
        if spot.get("credits"):
            p.gold += spot["credits"]
            self.rules.say(s, f"{self.rules.name(p)}'s racer takes {spot['credits']} Credits")
        if spot.get("finish"):
            standings = self.state(s)["standings"]
            if None in standings:
                i = standings.index(None)
                standings[i] = p.colour
                pts = self.data["standings"][i]
                self.rules.say(
                    s,
                    f"{self.rules.name(p)}'s racer finishes in place {i + 1} ({pts} points)",
                )

    def points(self, s, p):
        standings = self.state(s)["standings"]
        return self.data["standings"][standings.index(p.colour)] if p.colour in standings else 0


class ResearchLab(ShipModule):
    """Research tokens on the lab's ports; each pays a bonus once a turn for a reserve card."""

    kind = "research-lab"

    def setup(self, s):
        return {"taken": {}}  # token id -> colour

    def position_problems(self, s):
        colours, tokens = [p.colour for p in s.players], self.data["tokens"]
        taken = self.state(s)["taken"]
        for tid, colour in taken.items():
            if tid not in tokens:
                yield (
                    self._at("taken", tid),
                    f"no research token {shown(tid)} ({', '.join(tokens)})",
                )
            elif colour not in colours:
                yield (
                    self._at("taken", tid),
                    f"expected the colour of a thief ({', '.join(colours)}), got {shown(colour)}",
                )
        for k, p in enumerate(s.players):  # (a thief holds what they took, no more)
            held = p.extra.get("research", [])
            mine = sorted(tid for tid, colour in taken.items() if colour == p.colour)
            if not (isinstance(held, list) and all(isinstance(t, str) for t in held)) or (
                sorted(held) != mine
            ):
                yield (
                    f"$.state.players[{k}].extra.research",
                    f"expected the research tokens {p.colour} took ({self.id}.taken: "
                    f"{mine}), got {shown(held)}",
                )

    def effect(self, s, p, key, value):
        if key != "research":
            return False
        if value not in self.data["tokens"] or value in self.state(s)["taken"]:
            return True
        self.state(s)["taken"][value] = p.colour
        p.extra.setdefault("research", []).append(value)
        self.rules.say(s, f"{self.rules.name(p)} takes the {self.data['tokens'][value]['name']}")
        if any(self.rules.card(c).banner == "reserve" for c in p.play):
            self.trigger(s, p)
        return True

    def after_play(self, s, p, card):
        if card.banner == "reserve":
            self.trigger(s, p)

    def trigger(self, s, p) -> None:
        for tid in p.extra.get("research", ()):
            if tid not in self.data["tokens"] or p.turn_flags.get("research:" + tid):
                continue
            p.turn_flags["research:" + tid] = True
            token = self.data["tokens"][tid]
            self.rules.say(s, f"{token['name']}: {self.rules.effects_text(token['bonus'])}")
            self.rules.apply_effects(s, p, token["bonus"], source=self.id)


class Vault(ShipModule):
    """Two vaults fill with drawn black cubes; ransack one for the Credits of its top slot."""

    kind = "vault"

    def setup(self, s):
        return {"filled": [False] * len(self.data["fill"])}

    def count(self, s, vault: str) -> int:
        filled = self.state(s)["filled"]
        return sum(
            1 for (v, _), f in zip(self.data["fill"], filled, strict=True) if f and v == vault
        )

    def take_black(self, s, n):
        filled = self.state(s)["filled"]
        taken = 0
        while taken < n and False in filled:
            filled[filled.index(False)] = True
            taken += 1
        return taken

    def give_back_black(self, s, n):
        filled = self.state(s)["filled"]
        given = 0
        for i in range(len(filled) - 1, -1, -1):
            if given == n:
                break
            if filled[i]:
                filled[i] = False
                given += 1
        return given

    def candidates(self, s, p):
        return [
            Ransack(vid) for vid, vault in self.data["vaults"].items() if p.space in vault["from"]
        ]

    def check_ransack(self, s, p, vid: str) -> str | None:
        vault = self.data["vaults"].get(vid)
        if vault is None:
            return f"there is no vault {vid!r}"
        if not p.is_in:
            return "you have left the ship"
        if p.space not in vault["from"]:
            return f"the {vault['name']} cannot be reached from your space"
        if vault.get("code") and not self.rules.has_code(p):
            return f"the {vault['name']} is sealed: you need a command code token"
        if not self.count(s, vid):
            return f"the {vault['name']} is empty"
        need = self.data["ransack_clank"]
        if p.supply < need:
            return f"ransacking makes {need} Clank! and you have {p.supply} cubes left"
        return None

    def do_ransack(self, s, p, vid: str) -> None:
        vault = self.data["vaults"][vid]
        filled = self.state(s)["filled"]
        slots = [i for i, (v, _) in enumerate(self.data["fill"]) if v == vid and filled[i]]
        top = max(self.data["fill"][i][1] for i in slots)
        credits = vault["slots"][top]
        self.rules.make_clank(s, p, self.data["ransack_clank"])
        p.gold += credits
        for i in slots:
            filled[i] = False
        s.aside["black"] = s.aside.get("black", 0) + len(slots)
        self.rules.say(
            s,
            f"{self.rules.name(p)} ransacks the {vault['name']} for {credits} Credits "
            f"({len(slots)} cubes set aside)",
        )

    def cubes(self, s):
        return {"black": sum(self.state(s)["filled"])}


#: module kind (the ``kind`` of its rules data) -> class
MODULES: dict[str, type[ShipModule]] = {
    cls.kind: cls
    for cls in (BlackMarket, CloningVats, DangerTheater, RaceTrack, ResearchLab, Vault)
}
