"""Clank! In! Space! Adventures: Pulsarcade, on the Clank! In! Space! rules.

What the expansion adds:

* the MCP, a command piece whose artifacts are bought with tokens at a Redemption space
  instead of picked up (all six artifacts, whatever the player count);
* Arcade Cabinets, claimed by meeting their conditions, worth tokens; Skill Shots;
* the Disguise Kit market item (data: ``board_data/space/pulsarcade.json``);
* six module sides, each a small class in :mod:`~clankwidget.rules.pulsarcade_modules`
  (:class:`ShipModule` subclasses) that the rules call through a handful of hooks:
  :class:`BlackMarket`, :class:`CloningVats`, :class:`DangerTheater`, :class:`RaceTrack`,
  :class:`ResearchLab`, :class:`Vault`.

Readings of the rules where the source leaves a gap (also in board_data/space/README.md):

* Cabinet conditions about "this turn" (Ping, Mortal Instinct, Eraditron, Q*Alert) count
  only the claiming thief's current turn; Dragon's Den counts the damage the thief had at
  any moment of the current turn, its start included.
* Ping and the Danger Theater count the Clank! cubes the thief placed during their own
  turn (the core's ``clank_made``, reset when the turn starts): cubes that other players'
  cards or cards arriving in the row made them place, before the turn began, do not count.
  Negative Clank! played after does not undo cubes already placed (the source's Ping
  example); negative Clank! played before cancels the next Clank! of the turn, which
  then places no cube and is not made (as Swagger's ruling in Clank!, FACTS.md).
* Slogger's claim spends 3 unspent Boots; Snack-Man's spends a power crystal (or, if
  asked or if it is the only one, the Sixth Crystal, which leaves the game).
* A Research token pays its bonus once per turn: on the first reserve card played that
  turn, or at once when the token is taken if a reserve card is already in play.
* The Danger Theater's level-3 Sword is given at the start of each of the thief's turns
  (and at once on reaching level 3); thrilling the audience needs no particular space.
  Level 4's "for the rest of the game, you don't have to stop" at security checkpoints
  counts from the checkpoints entered after it is reached: a thief already stopped at one
  that turn stays stopped.
* The Race Track's fork is chosen when the racer leaves the fork (a pending choice).
* A bounty hunter that hits a thief with clones gets a clone instead: its cube goes to
  the Clank! area at once; a thief with clones in several vats chooses which vat it came
  from at the start of their next turn (a pending choice), so that the attack, which
  happens on another player's turn, is never held up. The log says when a clone took
  the hit.
* A vault cannot be ransacked while empty.
* All six artifacts are used. The MCP replaces the Command module (the source): a
  Pulsarcade ship with the Command module is refused, by ``assemble_ship`` and by the
  rules (a saved or hand-made board).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import ClassVar

from ..data import Board, Card, CardSet, load_board
from ..errors import RuleNotImplemented, shown
from . import actions as A
from .pulsarcade_actions import ClaimCabinet, Clone, Ransack, StealArtifact, Thrill
from .pulsarcade_modules import (
    MODULES,
    BlackMarket,
    CloningVats,
    DangerTheater,
    RaceTrack,
    ResearchLab,
    ShipModule,
    Vault,
)
from .space import SpaceRules, holds
from .state import GameState

__all__ = [
    "MODULES",
    "BlackMarket",
    "ClaimCabinet",
    "Clone",
    "CloningVats",
    "DangerTheater",
    "PulsarcadeRules",
    "RaceTrack",
    "Ransack",
    "ResearchLab",
    "ShipModule",
    "StealArtifact",
    "Thrill",
    "Vault",
]


def _defeated(p, wanted: dict) -> bool:
    """Whether ``p`` defeated, this turn, as many of some monster as ``wanted`` asks."""
    # (a plain loop, twice as fast as any() over a generator: run on every legal list)
    flags = p.turn_flags
    for cid, n in wanted.items():  # noqa: SIM110
        if flags.get("defeated:" + cid, 0) >= n:
            return True
    return False


#: Arcade Cabinet conditions about the thief alone: whether ``p`` meets ``value`` now. The
#: one source of the test for the claim's check and for offering a claim at all; a
#: condition not here (giving up a crystal) is left to the check.
_CABINET_MET = {
    "owns": holds,
    "damage": lambda p, value: (
        p.damage >= value or p.turn_flags.get("peak_damage", 0) >= value  # (the most so far)
    ),
    "played": lambda p, value: value in p.play,
    "defeated": _defeated,
    "clank_made": lambda p, value: p.clank_made >= value,
    "telepad_used": lambda p, value: bool(p.turn_flags.get("telepad")),
    "waste_boots": lambda p, value: p.boots >= value,
}


# The actions are in clankwidget.rules.pulsarcade_actions and the six module sides in
# clankwidget.rules.pulsarcade_modules; their names stay importable from here.


# ---------------------------------------------------------------------------
# The rules


def _overrides(module: ShipModule, hook: str) -> bool:
    """Whether ``module``'s class has its own ``hook`` (else it is the do-nothing one)."""
    return getattr(type(module), hook) is not getattr(ShipModule, hook)


@cache
def _command_module_ids(pieces: tuple[str, ...]) -> frozenset[str]:
    """The modules of the command pieces a Pulsarcade ship may take (read once)."""
    return frozenset(m["id"] for piece in pieces for m in load_board(piece).modules)


class PulsarcadeRules(SpaceRules):
    """Clank! In! Space! with the Pulsarcade expansion."""

    edition = "pulsarcade"
    edition_choices: ClassVar[tuple[str, ...]] = ("row_trash", "race")
    known_options: ClassVar[Mapping[str, str]] = {
        **SpaceRules.known_options,
        "scheme": "a villain's scheme from the published expansions: not implemented; named "
        "here so that the modules that cannot be played with one (the Vault) say so",
    }

    def __init__(self, board: Board, cards: CardSet, options: dict | None = None):
        super().__init__(board, cards, options)
        rules_data = self.data.get("modules", {})
        self.modules: list[ShipModule] = []
        for m in board.modules:
            data = rules_data.get(m["id"])
            if data is None:
                continue
            for option in data.get("conflicts", ()):
                if self.options.get(option):
                    raise ValueError(
                        f"the {data.get('name', m['id'])} module cannot be used with a "
                        f"{option!r} option ({self.options[option]!r})"
                    )
            self.modules.append(MODULES[data["kind"]](self, m["id"], data))
        #: the Research tokens' names by id, for the words of the effects that take them
        self.research_names = {
            tid: token["name"]
            for m in self.modules
            if m.kind == "research-lab"
            for tid, token in m.data["tokens"].items()
        }
        # the modules that do something at each hook (the others' hooks do nothing), for
        # the hooks called on every legal list, turn, play or walk
        self._hooked = {
            hook: tuple(m for m in self.modules if _overrides(m, hook))
            for hook in (
                "candidates",
                "start_turn",
                "after_gain",
                "after_play",
                "effect",
                "ignores_checkpoints",
                "points",
            )
        }
        if self.options.get("scheme"):
            raise RuleNotImplemented(
                f"schemes ({self.options['scheme']!r}) are not implemented in these rules"
            )
        self.cabinets = {c["id"]: c for c in self.data.get("cabinets", ())}
        # each cabinet's claims and a test of the thief that its claims need to pass (None:
        # the claim's check decides), made once: the claims are offered every turn
        self._claims = []
        for cid, cab in self.cabinets.items():
            ((key, value),) = cab["condition"].items()
            claims = [self._action(ClaimCabinet, cid)]
            met = _CABINET_MET.get(key)
            if key == "consume_crystal":
                claims.append(self._action(ClaimCabinet, cid, "sixth-crystal"))
                met = self._may_give_crystal
            self._claims.append((cid, met, value, tuple(claims)))
        self.redemptions = {
            sp.id: sp.redemption for sp in board.spaces if sp.redemption is not None
        }
        self.token_costs = {
            sp.id: sp.artifact_cost for sp in board.spaces if sp.artifact_cost is not None
        }
        self._refuse_other_command(board)
        # the spaces where something is sold: the board's markets and the modules' own
        # (asked only of the modules that have a market of their own)
        selling = {sp.id for sp in board.spaces if sp.market}
        for m in self.modules:
            if _overrides(m, "sells_at"):
                selling.update(sp.id for sp in board.spaces if m.sells_at(sp.id))
        self._selling = frozenset(selling)

    def _refuse_other_command(self, board: Board) -> None:
        """The MCP replaces the Command module: a board commanded by anything else (a
        saved or hand-made ship) is refused, since its cabinets and Skill Shots would
        buy nothing."""
        command = self.data["ship"]["command"]
        allowed = _command_module_ids(tuple(command["pieces"]))
        other = sorted(self.command_modules - allowed)
        if other or not self.command_modules:
            found = ", ".join(other) or "no command module"
            raise ValueError(
                f"board {board.id!r} is not a Pulsarcade ship: its command module must be "
                f"{' or '.join(map(repr, command['pieces']))} (the MCP replaces the Command "
                f"module), found {found}"
            )

    def _may_give_crystal(self, p, value) -> bool:
        """Whether ``p`` may be able to give up a crystal for a cabinet: in the MCP with a
        power crystal or the Sixth Crystal (without, every such claim is refused; with,
        :meth:`cabinet_unmet` says which claim is allowed)."""
        return p.space in self.command_spaces and self.crystals_held(p) > 0  # (in_command)

    def module(self, kind: str) -> ShipModule | None:
        """The module of this kind aboard, if any."""
        return next((m for m in self.modules if m.kind == kind), None)

    # -- set-up -------------------------------------------------------------------

    def setup_edition(self, s: GameState) -> None:
        removed = self.data.get("cabinets_removed", {}).get(str(len(s.players)), 0)
        s.extra["cabinets"] = {
            cid: max(0, c["copies"] - removed) for cid, c in self.cabinets.items()
        }
        for p in s.players:
            p.extra["cabinets"] = []
        s.extra["modules"] = {}
        for m in self.modules:
            s.extra["modules"][m.id] = m.setup(s)

    # -- turns --------------------------------------------------------------------

    def apply(self, s, action) -> None:
        idx, p = s.current, s.player
        before = p.damage
        super().apply(s, action)  # raises (changing nothing) if illegal
        if s.current == idx and not s.over and action.kind != "end-turn":
            peak = max(p.turn_flags.get("peak_damage", 0), before, p.damage)
            p.turn_flags["peak_damage"] = peak

    def next_turn(self, s) -> None:
        super().next_turn(s)
        if not s.over:
            p = s.player
            # Ping and the Danger Theater count the Clank! made during this turn only:
            # cubes placed by others' cards or by cards arriving in the row do not count
            p.clank_made = 0
            for m in self._hooked["start_turn"]:
                m.start_turn(s, p)

    # -- hooks into the modules ----------------------------------------------------------

    def edition_candidates(self, s) -> list[A.Action]:
        out = super().edition_candidates(s)
        p = s.player
        if not p.is_in:
            return out
        for m in self._hooked["candidates"]:
            out.extend(m.candidates(s, p))
        if not p.artifacts:
            left, claimed = s.extra["cabinets"], p.extra["cabinets"]
            for cid, met, value, claims in self._claims:
                # (a condition the thief does not meet now: no claim to check)
                if left.get(cid) and cid not in claimed and (met is None or met(p, value)):
                    out.extend(claims)
            if p.space in self.redemptions:
                act = self._action
                out.extend(act(StealArtifact, sp) for sp in s.artifacts if sp in self.token_costs)
        return out

    def after_gain(self, s, p, card: Card, from_row: bool) -> None:
        if card.is_monster:
            key = "defeated:" + card.id
            p.turn_flags[key] = p.turn_flags.get(key, 0) + 1
        for m in self._hooked["after_gain"]:
            m.after_gain(s, p, card, from_row)

    def after_play(self, s, p, card: Card) -> None:
        for m in self._hooked["after_play"]:
            m.after_play(s, p, card)

    def apply_edition_effect(self, s, p, key, value) -> None:
        if p is not None:
            for m in self._hooked["effect"]:
                if m.effect(s, p, key, value):
                    return
        if key in ("race", "research"):
            return  # that module is not aboard: the effect does nothing
        super().apply_edition_effect(s, p, key, value)

    def open_edition_choice(self, s, p, effect: dict, source, rest: list) -> bool:
        if "race" not in effect:
            return super().open_edition_choice(s, p, effect, source, rest)
        track = self.module("race-track")
        if track is None:
            return False
        return track.advance(s, p, effect["race"], rest, source)

    def _do_choose(self, s, p, a: A.Choose):
        if s.pending["kind"] == "clone-hit":
            pend, s.pending = s.pending, None
            vats = self.module("cloning-vats")
            vats.settle(s, s.players[pend["player"]], pend["values"][a.option])
            return
        if s.pending["kind"] != "race-fork":
            super()._do_choose(s, p, a)
            return
        pend = self.take_pending(s)
        p = s.players[pend["player"]]
        self.say(s, f"{self.name(p)}'s racer takes {pend['options'][a.option]}")
        self.module("race-track").arrive(s, p, pend["values"][a.option])
        self.resume(s, pend)

    def clones(self, s, p) -> int:
        return sum(m.clones(s, p) for m in self.modules)

    def hunter_hits(self, s, p) -> None:
        for m in self.modules:
            if m.absorbs_hunter(s, p):
                return
        super().hunter_hits(s, p)

    def drawn_black(self, s, n: int) -> None:
        for m in self.modules:
            n -= m.take_black(s, n)
        if n:
            super().drawn_black(s, n)

    def apply_simple(self, s, p, key: str, value) -> None:
        if key != "return_black":
            super().apply_simple(s, p, key, value)
            return
        k = min(value, s.aside.get("black", 0))
        s.aside["black"] -= k
        for m in self.modules:
            k += m.give_back_black(s, value - k)
        s.bag["black"] += k

    def market_price(self, s, p, item: dict):
        for m in self.modules:
            price = m.market_price(s, p, item)
            if price is not None:
                return price
        return super().market_price(s, p, item)

    def market_here(self, s, p) -> bool:
        return p.space in self._selling

    def path_context(self, s, p) -> dict:
        ctx = super().path_context(s, p)
        if any(m.ignores_checkpoints(s, p) for m in self._hooked["ignores_checkpoints"]):
            ctx["stops"] = [sp.id for sp in self.board.spaces if self.stops_here(s, p, sp)]
        return ctx

    def stops_here(self, s, p, space) -> bool:
        plain_checkpoint = space.checkpoint and not space.crystal_cave and not space.forest
        if plain_checkpoint and any(
            m.ignores_checkpoints(s, p) for m in self._hooked["ignores_checkpoints"]
        ):
            return False
        return super().stops_here(s, p, space)

    def extra_points(self, s, p) -> int:
        return sum(m.points(s, p) for m in self._hooked["points"])

    def more_points(self, s, p) -> list[tuple[str, int]]:
        rows = [(m.name, m.points(s, p)) for m in self.modules]
        return super().more_points(s, p) + [(name, v) for name, v in rows if v]

    def cube_census(self, s) -> dict[str, int]:
        out = super().cube_census(s)
        for m in self.modules:
            for c, k in m.cubes(s).items():
                out[c] = out.get(c, 0) + k
        return out

    # -- module actions ---------------------------------------------------------------

    def _need(self, kind: str, what: str):
        m = self.module(kind)
        return m, (None if m else f"there is no {what} aboard this ship")

    def _check_thrill(self, s, p, a: Thrill):
        m, why = self._need("danger-theater", "Danger Theater")
        return why or m.check_thrill(s, p)

    def _do_thrill(self, s, p, a: Thrill):
        self.module("danger-theater").do_thrill(s, p)

    def _check_clone(self, s, p, a: Clone):
        m, why = self._need("cloning-vats", "Cloning Vats")
        return why or m.check_clone(s, p)

    def _do_clone(self, s, p, a: Clone):
        self.module("cloning-vats").do_clone(s, p)

    def _check_ransack(self, s, p, a: Ransack):
        m, why = self._need("vault", "Vault")
        return why or m.check_ransack(s, p, a.vault)

    def _do_ransack(self, s, p, a: Ransack):
        self.module("vault").do_ransack(s, p, a.vault)

    # -- arcade cabinets --------------------------------------------------------------

    def cabinet_tokens(self, p) -> int:
        return sum(
            self.cabinets[c]["tokens"] for c in p.extra.get("cabinets", ()) if c in self.cabinets
        )

    def _sixth_crystal(self, p) -> int | None:
        return next((i for i, t in enumerate(p.tokens) if t.get("crystal")), None)

    def cabinet_unmet(self, s, p, cabinet: dict, using: str = "") -> str | None:
        """Why ``p`` does not meet the cabinet's condition now (``None``: met)."""
        ((key, value),) = cabinet["condition"].items()
        met = _CABINET_MET.get(key)
        if met is not None:
            return None if met(p, value) else self._cabinet_reason(p, key, value)
        if key == "consume_crystal":
            if not self.in_command(p):
                return "you must be in the MCP"
            if using == "sixth-crystal":
                return (
                    None
                    if self._sixth_crystal(p) is not None
                    else "you do not hold the Sixth Crystal"
                )
            if using == "crystal":  # (what no name gives: one claim for one outcome)
                return "a power crystal is what Snack-Man takes when no crystal is named ('')"
            if using:
                return f"name no crystal ('') or 'sixth-crystal', not {shown(using)}"
            return None if self.crystals_held(p) else "you hold no power crystal"
        return f"unknown cabinet condition {key!r}"  # pragma: no cover - the schema forbids it

    def _cabinet_reason(self, p, key: str, value) -> str:
        """Why a condition of :data:`_CABINET_MET` is not met (it is not)."""
        if key == "owns":
            return f"you need a {value} market item"
        if key == "damage":
            most = max(p.damage, p.turn_flags.get("peak_damage", 0))
            return f"you need {value} damage this turn (most so far {most})"
        if key == "played":
            return f"play a {self.card(value).name} this turn first"
        if key == "defeated":
            names = " or ".join(f"{n} {self.card(c).name}" for c, n in value.items())
            return f"defeat {names} this turn"
        if key == "clank_made":
            return f"make {value} Clank! this turn (so far {p.clank_made})"
        if key == "telepad_used":
            return "move by telepad this turn first"
        return f"you need {value} unspent Boots to waste (you have {p.boots})"

    def _check_claim_cabinet(self, s, p, a: ClaimCabinet):
        cab = self.cabinets.get(a.cabinet)
        if cab is None:
            return f"there is no Arcade Cabinet {a.cabinet!r}"
        if not p.is_in:
            return "you have left the ship"
        if p.artifacts:
            return "you have stolen an artifact: no more Arcade Cabinets"
        if a.cabinet in p.extra["cabinets"]:
            return f"you already have {cab['name']}"
        if not s.extra["cabinets"].get(a.cabinet):
            return f"no {cab['name']} is left"
        if a.using and "consume_crystal" not in cab["condition"]:
            return f"{cab['name']} does not take a crystal"
        return self.cabinet_unmet(s, p, cab, a.using)

    def _do_claim_cabinet(self, s, p, a: ClaimCabinet):
        cab = self.cabinets[a.cabinet]
        s.extra["cabinets"][a.cabinet] -= 1
        p.extra["cabinets"].append(a.cabinet)
        ((key, value),) = cab["condition"].items()
        if key == "waste_boots":
            p.boots -= value
        elif key == "consume_crystal":
            if a.using == "sixth-crystal" or not p.extra.get("crystals"):
                token = p.tokens.pop(self._sixth_crystal(p))
                self.say(s, f"{self.name(p)} gives up {token['name']}")
            else:
                p.extra["crystals"] -= 1
                s.extra["crystals"] += 1
        self.say(s, f"{self.name(p)} claims the {cab['name']} Arcade Cabinet")

    # -- Redemption ----------------------------------------------------------------

    def skill_shot(self, p) -> int:
        best = 0
        for need, tokens in self.data.get("skill_shot", ()):
            if p.skill_generated >= need:
                best = max(best, tokens)
        return best

    def token_total(self, s, p) -> int:
        """Tokens to spend here and now: cabinets, Skill Shot and the Redemption bonus."""
        return self.cabinet_tokens(p) + self.skill_shot(p) + (self.redemptions.get(p.space) or 0)

    def _check_take_artifact(self, s, p, a):
        if p.space in self.token_costs:
            return "MCP artifacts are stolen with tokens from a Redemption space"
        return super()._check_take_artifact(s, p, a)

    def _check_steal_artifact(self, s, p, a: StealArtifact):
        if not p.is_in:
            return "you have left the ship"
        if p.space not in self.redemptions:
            return "steal MCP artifacts from a Redemption space"
        if a.space not in self.token_costs or a.space not in s.artifacts:
            return f"there is no MCP artifact in {a.space!r}"
        if p.artifacts:
            return "you cannot carry another artifact"
        cost, have = self.token_costs[a.space], self.token_total(s, p)
        if have < cost:
            return f"the {s.artifacts[a.space]}-point artifact costs {cost} tokens; you have {have}"
        return None

    def _do_steal_artifact(self, s, p, a: StealArtifact):
        value = s.artifacts.pop(a.space)
        p.artifacts.append(value)
        self.say(
            s,
            f"{self.name(p)} redeems {self.token_total(s, p)} tokens for the {value}-pt artifact",
        )
        self.raise_rage(s, 1)
