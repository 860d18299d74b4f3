"""Moonrakers: deck-building, hazard dice and negotiation between captains; no map.

:class:`MoonrakersRules` stands on the deck-building core alone
(:class:`~clankwidget.rules.deckbuilding.DeckBuildingRules`: decks, hands, draws and
reshuffles, the supply of basic action cards, the log and its events). Its data is a
Moonrakers card set (:mod:`clankwidget.rules.moonrakers_data`, format in
``board_data/moonrakers/README.md``).

The turn: the leader (``s.current``) plans (once a turn, a paid swap of a contract on
offer), then chooses a contract and negotiates, or stays at base. Negotiation is
structured, binding offers: for each invited captain their share of the contract's
prestige and credits, the bonus card or not, and how many of the hazard dice they roll.
An invitee accepts, refuses or counters; the leader launches with whoever accepted (alone
if nobody did) or abandons: after a first abandoned contract the leader may negotiate a
second, after a second only go alone or stay at base. Launching rolls the dice; then each
captain taking part, in the order the leader calls them, plays cards (each takes an
action; a captain starts with one). Success pays the agreed shares, failure pays nothing;
either way every unblocked hazard costs its roller a prestige. Then the leader buys at
the Armory and ends the turn; every captain's met objectives are scored; leadership
passes clockwise; the game ends at the end of a turn on which a captain has 10 prestige.

Who acts: other captains act during the leader's turn (an invitee answers an offer, a
captain plays in the execution, everyone drops an objective at set-up). The captain who
acts now is ``s.extra["mr"]["actor"]`` (a seat), returned by :meth:`acting`, the deck
core's hook that ``check``/``apply``/``legal_actions`` use.

Hidden information: hands, draw piles and objectives are in the state (the engine must
know them). :meth:`MoonrakersRules.observation` gives what one seat may see; a widget or
a bot must use it, never the state. A captain may say anything about their hand: the
engine has no "claim" action for that, the negotiation is about terms only.

Readings where the source is silent (also in ``board_data/moonrakers/README.md``):

- The hazard die is data (``die.faces``); the teaching die has faces 0, 0, 0, 1, 1, 2.
- A Shield (and any card or part with ``block``) blocks hazards of the captain who played
  it, and still meets a Shield requirement: the same card does both.
- Contracts with 3 or more dice drawn at set-up are set aside and shuffled back into the
  contract deck once Dispatch is full; later draws may show them.
- Prestige never falls below 0: a hazard with no prestige left to lose costs nothing.
  Rewards are paid before the hazards are counted.
- The first leader: every captain rolls one hazard die; least hazards leads; the tied
  captains roll again until one is left.
- Set-up objectives: each captain in seat order puts back one of the three dealt.
- The paid contract swap (1 credit, once a turn) may be used in the planning phase and in
  the buying phase. Staying at base gives one more swap, free, in the buying phase.
- The leader calls the captains taking part one at a time; each plays until they stop,
  run out of actions or have an empty hand (then they stop by themselves). A Thruster
  draws from the draw pile, reshuffling the discard pile when it runs out; with both
  empty it draws what there is.
- A captain taking part draws a card for each ``start_draw`` of their parts and gets
  their parts' ``start_actions``, ``block`` and ``meets`` at the launch.
- An invitee's share is taken from the contract's reward; the leader gets what is left.
  The bonus card goes to the captain it was agreed to, else to the leader. A bonus part
  with a full terminal: that captain replaces a part or lets the bonus go (under the
  part deck). Each captain may be invited once per contract; an offer may be countered
  ``max_counters`` times (2), then only accepted or refused.
- Cards a part adds come from the supply of basic action cards; when that pile is empty
  the part adds none of that card. Basic action cards are not sold (the source's buying
  phase lists ship parts, advanced action cards and crew; the tray of action cards is
  only put out): ``buy-action`` buys Overload's advanced action cards.
- Staying at base: the credit and the objectives at once, then the buying phase; the
  hand goes to the discard pile and a fresh hand of 5 is drawn at the end of the turn,
  the step the source lists last (so cards bought may be shuffled into it).
- Replacing a card on offer at the Armory costs 1 credit, once a turn; bought cards are
  replaced at once from their deck (an empty deck leaves the slot out).
- Objectives (FACTS 3b and its MR source: claimed "any time, during any player's turn,
  when its conditions are met", and "scored at the end of the turn, after the Buying
  Phase"): the captain who acts may claim any objective they meet, on any move but
  putting objectives back or a refit; and at the end of every turn, after buying and
  before the end of the game is decided, every captain, clockwise from the leader,
  claims each objective they meet. So an invited captain who met one in the execution
  (rewards and stats change there, when they have no move) scores it before a winner is
  named. A captain other than the leader has their measures changed, between moves of
  their own, only by an execution, and none of them falls before that turn ends: what
  they meet is never missed. The refusal of another's claim does not say whose it is.
- The end: at the end of a turn (once the objectives met are scored), if any captain
  has 10 prestige, the game ends; the
  most prestige wins, ties by net worth (installed parts' and owned crew cards' prices
  plus credits); still tied, they share the win.
- Two to five captains (the registry's ``players``); positions are
  :mod:`~clankwidget.rules.moonrakers_position`'s.

Options: ``overload`` plays the Overload expansion (head-to-head contracts, advanced
action cards, the free Armory removal, bonus advanced cards; its rules and readings are
:mod:`~clankwidget.rules.moonrakers_overload`'s). Its IOsphere tokens are not included
(``iosphere`` is refused: the source names them without their rule), nor is the Nomad
rule (``nomad`` is refused: the teaching contracts have no areas, and the source gives
no prototype parts).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from ..data import Board, CardSet
from ..errors import RuleNotImplemented, shown
from . import actions as A
from .deckbuilding import DeckBuildingRules
from .moonrakers_armory import ArmoryRules, Family, buying_groups
from .moonrakers_data import MoonrakersData, card_set_from_dict, dice_words, load_card_set
from .moonrakers_deal import DealRules
from .moonrakers_overload import OverloadRules
from .moonrakers_position import PositionRules
from .state import GameState, PlayerState

__all__ = ["MoonrakersRules"]

#: the kinds whose candidates come in groups that _deals_listed answers at once
_DEALS = frozenset({"offer", "counter"})
#: The lists of candidates kept for every game (:class:`_KeptLists`) hold about this many
#: actions at most: then they are all dropped.
KEPT_ACTIONS = 100_000


class _KeptLists:
    """Candidate actions in groups, each list of groups by the key it follows from (see
    :meth:`MoonrakersRules._kept_list`), and how many actions they hold in all."""

    def __init__(self):
        self.lists: dict[tuple, list[list[A.Action]]] = {}
        self.size = 0

    def get(self, key: tuple, make: Callable[[], list[list[A.Action]]]) -> list[list[A.Action]]:
        made = self.lists.get(key)
        if made is None:
            made = make()
            n = sum(map(len, made))
            if self.size + n > KEPT_ACTIONS:
                self.lists.clear()
                self.size = 0
            self.lists[key] = made
            self.size += n
        return made


_KEPT = _KeptLists()


class MoonrakersRules(OverloadRules, ArmoryRules, DealRules, PositionRules, DeckBuildingRules):
    """The Moonrakers rules (see the module docstring)."""

    edition = "moonrakers"
    known_options: ClassVar[Mapping[str, str]] = {
        "overload": "the Overload expansion (IOsphere tokens not included)",
        "iosphere": "Overload's IOsphere tokens (refused: the source gives no rule for them)",
        "nomad": "the Nomad rule (refused: the teaching contracts have no areas)",
    }
    _REFUSED: ClassVar[Mapping[str, str]] = {
        "iosphere": "the rules source names Overload's IOsphere tokens without their rule; "
        "play overload without them",
        "nomad": "the Nomad rule needs contracts in areas and Sorelia's prototype parts, "
        "which neither the source nor the teaching set gives; play the base game or overload",
    }

    def __init__(self, board: Board | None, cards: CardSet, options: dict | None = None):
        super().__init__(board, cards, options)
        for name, value in self.options.items():
            if not isinstance(value, bool):
                raise ValueError(f"option {name!r} is true or false, got {shown(value)}")
        for name, why in self._REFUSED.items():
            if self.options.get(name):
                raise RuleNotImplemented(
                    f"the Moonrakers {name!r} option is not implemented: {why}"
                )
        self.data = MoonrakersData.of(cards, overload=bool(self.options.get("overload")))
        self.su = self.setup_numbers
        self.kinds &= self._KINDS  # check() refuses the core's other kinds

    @classmethod
    def load_card_set(cls, name_or_path) -> CardSet:
        return load_card_set(name_or_path)

    @classmethod
    def card_set_from_dict(cls, doc, source: str) -> CardSet:
        return card_set_from_dict(doc, source=source)

    # ------------------------------------------------------------------ set-up

    def new_player(self, colour: str) -> PlayerState:
        return PlayerState(
            colour=colour,
            space="",
            supply=0,
            extra={
                "prestige": 0,
                "parts": [],
                "objectives": [],
                "claimed": [],
                "stats": {"completed": {}, "helped": 0, "led": 0, "clean": 0},
            },
        )

    def deal_opening_row(self, s: GameState) -> None:
        """Moonrakers has no row: Dispatch and the Armory are dealt in :meth:`setup_table`."""

    def setup_table(self, s: GameState) -> None:
        d, su = self.data, self.su
        easy, hard = [], []
        mr = {
            "contract_deck": self.shuffled(list(d.contracts)),
            "contract_discard": [],
            "dispatch": [],
            "part_deck": self.shuffled(list(d.parts)),
            "parts_offer": [],
            "parts_gone": [],
            "crew_deck": self.shuffled([c for c, k in d.crew_deck for _ in range(k)]),
            "crew_offer": [],
            "objective_deck": self.shuffled(list(d.objectives)),
            "objective_discard": [],
        }
        deck = mr["contract_deck"]
        while len(easy) < su["dispatch"] and deck:
            cid = deck.pop()
            (hard if self.redrawn_at_setup(d.contracts[cid]) else easy).append(cid)
        mr["dispatch"] = easy
        if hard:
            mr["contract_deck"] = self.shuffled(deck + hard)
        for _ in range(su["parts_offer"]):
            if mr["part_deck"]:
                mr["parts_offer"].append(mr["part_deck"].pop())
        for _ in range(su["crew_offer"]):
            if mr["crew_deck"]:
                mr["crew_offer"].append(mr["crew_deck"].pop())
        self._setup_overload(mr)
        mr.update(self._fresh_turn())
        s.extra["mr"] = mr

    def setup_player(self, s: GameState, p: PlayerState, seat: int) -> None:
        p.gold = self.su["credits"]

    def setup(self, colours: list[str], rng) -> GameState:
        s = super().setup(colours, rng)
        mr = s.extra["mr"]
        names = ", ".join(self.name(p) for p in s.players)
        self.say(s, f"Dispatch shows {len(mr['dispatch'])} contracts; captains {names}", "setup")
        # the first leader: least hazards on one die each, the tied roll again
        rolling = list(range(len(s.players)))
        while len(rolling) > 1:
            rolls = {i: self.roll(1)[0] for i in rolling}
            self.say(
                s,
                "Roll for the first leader: "
                + ", ".join(f"{self.name(s.players[i])} {r}" for i, r in rolls.items()),
                "setup",
                rolls=[rolls.get(i) for i in range(len(s.players))],
            )
            least = min(rolls.values())
            rolling = [i for i in rolling if rolls[i] == least]
        s.current = mr["leader"] = rolling[0]
        self.say(s, f"{self.name(s.player)} leads first", "turn", s.player, turn=s.turn)
        for p in s.players:
            self._deal_objectives(s, p, self.su["objectives_dealt"])
        keep = self.su["objectives_dealt"] - self.su["objectives_kept"]
        kept = self.su["objectives_kept"]
        queue = [i for i, p in enumerate(s.players) if len(p.extra["objectives"]) > kept]
        self._start_keep(s, queue, keep, then="plan")
        return s

    def _fresh_turn(self) -> dict:
        return {
            "phase": "plan",
            "actor": 0,
            "leader": 0,
            "swapped": False,
            "free_swap": False,
            "replaced": False,
            "tried": [],
            "alone": False,
            "contract": None,
            "deals": {},
            "asked": [],
            "offer": None,
            "execution": None,
            "executed": False,
            "keep": None,
            "refit": None,
            **self._overload_turn(),
        }

    def _deal_objectives(self, s, p, n: int) -> list[str]:
        mr = s.extra["mr"]
        dealt = []
        for _ in range(n):
            if not mr["objective_deck"]:
                if not mr["objective_discard"]:
                    break
                mr["objective_deck"] = self.shuffled(mr["objective_discard"])
                mr["objective_discard"] = []
            dealt.append(mr["objective_deck"].pop())
        p.extra["objectives"].extend(dealt)
        self.revealed = True
        return dealt

    def _start_keep(self, s, queue: list[int], drop: int, then: str, among=None) -> None:
        mr = s.extra["mr"]
        if not queue or drop <= 0:
            mr["phase"], mr["actor"] = then, mr["leader"]
            return
        mr["keep"] = {"queue": queue, "drop": drop, "then": then, "among": among}
        mr["phase"], mr["actor"] = "keep", queue[0]

    # ------------------------------------------------------------------ helpers

    def acting(self, s: GameState) -> PlayerState:
        return s.players[s.extra["mr"]["actor"]]

    def prestige(self, p: PlayerState) -> int:
        return p.extra["prestige"]

    def _gain_prestige(self, s, p, n: int, why: str) -> None:
        before = p.extra["prestige"]
        p.extra["prestige"] = max(0, before + n)
        if p.extra["prestige"] != before:
            self.say(
                s,
                f"{self.name(p)} {'gains' if n > 0 else 'loses'} "
                f"{abs(p.extra['prestige'] - before)} prestige ({why})",
                "gain",
                p,
                prestige=p.extra["prestige"] - before,
            )

    def roll(self, n: int) -> list[int]:
        """``n`` hazard dice from the game's generator: the hazards each shows."""
        faces = self.data.faces
        self.revealed = True
        return [faces[int(i)] for i in self.random().integers(len(faces), size=n)]

    def contract(self, s) -> dict | None:
        mr = s.extra["mr"]
        if mr["contract"] is None:
            return None
        return self.data.contracts[mr["dispatch"][mr["contract"]]]

    def mr_card(self, cid: str) -> dict:
        return self.data.cards[cid]

    def start_of_execution(self, parts) -> tuple[int, dict[str, int]]:
        """The actions a captain with installed ``parts`` starts an execution with, and
        the requirements those parts meet by themselves."""
        actions, met = self.su["start_actions"], {}
        for pid in parts:
            passive = self.data.parts[pid]["passive"]
            actions += passive.get("start_actions", 0)
            for k, v in passive.get("meets", {}).items():
                met[k] = met.get(k, 0) + v
        return actions, met

    def draw(self, s, p, n: int) -> None:
        if n > 0:
            super().draw(s, p, n)

    # ------------------------------------------------------------------ actions

    _KINDS = frozenset(
        {
            "play",
            "end-turn",
            "swap-contract",
            "choose-contract",
            "stay-at-base",
            "offer",
            "counter",
            "accept",
            "refuse",
            "launch",
            "abandon",
            "call-on",
            "stop-playing",
            "drop-objective",
            "claim-objective",
            "buy-part",
            "buy-crew",
            "buy-action",
            "replace-offer",
            "refit",
            "join-contract",
            "stay-out",
            "take-bonus",
        }
    )

    def check(self, s: GameState, action: A.Action) -> str | None:
        if not s.over and action.kind not in self._KINDS:
            return f"Moonrakers games have no {action.kind!r} action"
        return super().check(s, action)

    def legal_actions(self, s: GameState) -> list[A.Action]:
        # The candidates that check() allows, in their order. What check() asks before
        # the kind's own check (the game is on, no choice is pending, who acts) is asked
        # once for the list, not once per candidate: listing was three quarters of a
        # game's time. Offers and counters, most of a negotiation's list, come in groups
        # of one captain's, each answered at once (_deals_listed).
        if s.over or s.pending or type(self).check is not MoonrakersRules.check:
            return super().legal_actions(s)
        p, kinds, checks = self.acting(s), self._KINDS, self._checks
        out = []
        for group in self._candidate_groups(s):
            if not group:
                continue
            first = group[0]
            if first.kind in _DEALS:
                out += self._deals_listed(s, p, group)
            elif group.__class__ is Family:  # one check answers for all (see Family)
                if checks[first.kind](s, p, first) is None:
                    out += group
            else:
                out += [
                    a
                    for a in group
                    if a.kind in kinds
                    and (c := checks.get(a.kind)) is not None
                    and c(s, p, a) is None
                ]
        return out

    def candidates(self, s: GameState) -> list[A.Action]:
        """Every action the acting captain might take now, a superset of the legal ones
        in their order."""
        return [a for group in self._candidate_groups(s) for a in group]

    def _candidate_groups(self, s: GameState) -> list[list[A.Action]]:
        """:meth:`candidates` in groups: the offers to one captain, the counters, a
        :class:`Family` and the rest; the longer lists kept by what they are made from
        (:meth:`_kept_list`)."""
        if s.over:
            return []
        mr = s.extra["mr"]
        p = self.acting(s)
        phase = mr["phase"]
        if phase == "keep":
            return [[A.DropObjective(o) for o in self._keep_among(s, p)]]
        if phase == "refit":
            return [[A.Refit(i) for i in range(-1, len(p.extra["parts"]))]]
        kept, act = self._kept_list, self._action
        # a captain who acts may claim what they meet, in every phase but the two above
        groups = [[act(A.ClaimObjective, o) for o in p.extra["objectives"]]]
        n = len(mr["dispatch"])
        if phase in ("join", "bonus"):
            groups.append(list(self._overload_candidates(s, p)))
        elif phase == "plan":
            groups += kept(
                ("plan", n),
                lambda: [
                    Family(A.SwapContract(i) for i in range(n)),
                    [A.ChooseContract(i) for i in range(n)],
                    [A.StayAtBase()],
                ],
            )
        elif phase == "negotiate":
            groups += self._offer_groups(s)
            groups += kept(("launch",), lambda: [[A.Launch(), A.Abandon()]])
        elif phase == "respond":
            groups += kept(("answer",), lambda: [[A.Accept(), A.Refuse()]])
            groups.append(self._counter_group(s))
        elif phase == "execute":
            exe = mr["execution"]
            if exe["playing"] is None:
                waiting = tuple(exe["waiting"])
                groups += kept(("call-on", waiting), lambda: [[A.CallOn(i) for i in waiting]])
            else:
                plays = self._plays  # (a hand's cards in any order: not kept by their order)
                groups.append([plays[c] for c in dict.fromkeys(p.hand)])
                groups += kept(("stop",), lambda: [[A.StopPlaying()]])
        elif phase == "buy":
            full = len(p.extra["parts"]) >= self.su["max_parts"]
            shape = (
                n,
                len(p.extra["parts"]) if full else None,  # a new part replaces one of these
                len(mr["parts_offer"]),
                len(mr["crew_offer"]),
                tuple(mr["advanced_offer"]) if self.overload else (),
            )
            groups += kept(("buy", *shape), lambda: buying_groups(*shape))
        return groups

    @staticmethod
    def _kept_list(key: tuple, make: Callable[[], list[list[A.Action]]]) -> list[list[A.Action]]:
        """``make()``, candidates in groups that follow from ``key`` alone (its kind,
        then the numbers and ids they are made from), kept for every game: a game lists
        hundreds, and the same lists come back turn after turn. Shared, never to be
        changed; the lists kept hold about :data:`KEPT_ACTIONS` actions at most (a
        negotiation's can be thousands long, with a card set's largest rewards)."""
        return _KEPT.get(key, make)

    def _phase(self, s, *phases: str) -> str | None:
        phase = s.extra["mr"]["phase"]
        if phase not in phases:
            return f"not now: this is the {phase} phase (allowed in: {', '.join(phases)})"
        return None

    def _leader_only(self, s, p) -> str | None:
        if s.players.index(p) != s.extra["mr"]["leader"]:
            return "only the leader may do this"
        return None

    # -- planning --------------------------------------------------------------------

    def _check_swap_contract(self, s, p, a: A.SwapContract):
        mr = s.extra["mr"]
        why = self._phase(s, "plan", "buy") or self._leader_only(s, p)
        if why:
            return why
        if not 0 <= a.slot < len(mr["dispatch"]):
            return f"there is no Dispatch slot {a.slot}"
        if not mr["contract_deck"] and not mr["contract_discard"]:
            return "the contract deck is empty"
        if mr["free_swap"]:
            return None
        if mr["swapped"]:
            return "the leader has already swapped a contract this turn"
        if p.gold < self.su["swap_cost"]:
            return f"a swap costs {self.su['swap_cost']} credit; you have {p.gold}"
        return None

    def _do_swap_contract(self, s, p, a: A.SwapContract):
        mr = s.extra["mr"]
        if mr["free_swap"]:
            mr["free_swap"] = False
            how = "free, after staying at base"
        else:
            mr["swapped"] = True
            p.gold -= self.su["swap_cost"]
            how = f"{self.su['swap_cost']} credit"
        old = mr["dispatch"][a.slot]
        self._replace_contract(s, a.slot)
        self.say(
            s,
            f"{self.name(p)} swaps {self.data.contracts[old]['name']} ({how})",
            "row",
            p,
            contract=old,
        )

    def _replace_contract(self, s, slot: int) -> None:
        mr = s.extra["mr"]
        mr["contract_discard"].append(mr["dispatch"][slot])
        if not mr["contract_deck"]:
            mr["contract_deck"] = self.shuffled(mr["contract_discard"])
            mr["contract_discard"] = []
        new = mr["contract_deck"].pop()
        mr["dispatch"][slot] = new
        self.revealed = True
        self.say(s, f"{self.data.contracts[new]['name']} comes to Dispatch", "row", contract=new)

    def _check_choose_contract(self, s, p, a: A.ChooseContract):
        mr = s.extra["mr"]
        why = self._phase(s, "plan") or self._leader_only(s, p)
        if why:
            return why
        if not 0 <= a.slot < len(mr["dispatch"]):
            return f"there is no Dispatch slot {a.slot}"
        if mr["dispatch"][a.slot] in mr["tried"]:
            return "the negotiation of this contract has failed this turn: choose another"
        return None

    def _do_choose_contract(self, s, p, a: A.ChooseContract):
        mr = s.extra["mr"]
        mr["contract"] = a.slot
        c = self.contract(s)
        self.say(
            s,
            f"{self.name(p)} chooses {c['name']} ({c['kind']}, {dice_words(c['dice'])})",
            "info",
            p,
            contract=c["id"],
        )
        if mr["alone"]:
            self._launch(s)
        elif c.get("head_to_head"):
            self._start_join(s)
        else:
            mr["phase"], mr["deals"], mr["asked"] = "negotiate", {}, []

    def _check_stay_at_base(self, s, p, a):
        return self._phase(s, "plan") or self._leader_only(s, p)

    def _do_stay_at_base(self, s, p, a):
        mr, su = s.extra["mr"], self.su
        p.gold += su["base_credits"]
        mr["free_swap"] = True
        self.say(
            s,
            f"{self.name(p)} stays at base: +{su['base_credits']} credit (a fresh hand at "
            "the end of the turn)",
            "info",
            p,
        )
        drawn = self._deal_objectives(s, p, su["base_objectives_drawn"])
        drop = len(drawn) - su["base_objectives_kept"]
        self._start_keep(s, [mr["leader"]], drop, then="buy", among=drawn)

    def _keep_among(self, s, p) -> list[str]:
        among = s.extra["mr"]["keep"]["among"]
        return list(among) if among is not None else list(p.extra["objectives"])

    def _check_drop_objective(self, s, p, a: A.DropObjective):
        why = self._phase(s, "keep")
        if why:
            return why
        if a.objective not in self._keep_among(s, p):
            return f"{a.objective!r} is not one of the objectives you may put back"
        return None

    def _do_drop_objective(self, s, p, a: A.DropObjective):
        mr = s.extra["mr"]
        keep = mr["keep"]
        p.extra["objectives"].remove(a.objective)
        mr["objective_discard"].append(a.objective)
        if keep["among"] is not None:
            keep["among"].remove(a.objective)
        keep["drop"] -= 1
        self.say(s, f"{self.name(p)} puts back an objective", "secret", p)
        if keep["drop"] > 0 and self._keep_among(s, p):
            return
        keep["queue"].pop(0)
        keep["drop"] = self.su["objectives_dealt"] - self.su["objectives_kept"]
        if keep["queue"]:
            mr["actor"] = keep["queue"][0]
            return
        mr["phase"], mr["actor"], mr["keep"] = keep["then"], mr["leader"], None

    def _check_claim_objective(self, s, p, a: A.ClaimObjective):
        if s.extra["mr"]["phase"] in ("keep", "refit"):
            return "finish putting back objectives (or the refit) first"
        if a.objective not in p.extra["objectives"]:
            # (the same words whoever holds it: another captain's objectives are secret)
            return (
                f"{a.objective!r} is not a secret objective of {self.name(p)}, the captain "
                "who acts now: only they may claim now (every captain's met objectives are "
                "scored at the end of the turn)"
            )
        obj = self.data.objectives[a.objective]
        if not self.objective_met(s, p, obj["condition"]):
            return f"{obj['name']} is not met yet: {obj['text']}"
        return None

    def _do_claim_objective(self, s, p, a: A.ClaimObjective):
        self._claim(s, p, a.objective)

    def _claim(self, s, p, objective: str, when: str = "") -> None:
        p.extra["objectives"].remove(objective)
        p.extra["claimed"].append(objective)
        obj = self.data.objectives[objective]
        self.say(s, f"{self.name(p)} reveals {obj['name']}{when}", "secret", p, objective=obj["id"])
        self._gain_prestige(s, p, 1, obj["name"])

    def _score_objectives(self, s) -> None:
        """The end of a turn: every captain, clockwise from the leader, claims each secret
        objective they meet (an invited captain who met one in the execution has had no
        move since; see the module docstring)."""
        n, leader = len(s.players), s.extra["mr"]["leader"]
        for k in range(n):
            p = s.players[(leader + k) % n]
            for o in list(p.extra["objectives"]):
                if self.objective_met(s, p, self.data.objectives[o]["condition"]):
                    self._claim(s, p, o, " at the end of the turn")

    #: What a captain has of each objective condition's measure (see the README), to be
    #: at least the condition's number: ``(rules, captain, their stats) -> int``. The
    #: condition ``completed`` (contracts of named kinds) is :meth:`objective_met`'s own.
    _HAVE: ClassVar[Mapping[str, Callable[[MoonrakersRules, PlayerState, dict], int]]] = {
        "parts": lambda r, p, st: len(p.extra["parts"]),
        "credits": lambda r, p, st: p.gold,
        "crew": lambda r, p, st: p.cards_among(r.data.crew_cards),
        "cards": lambda r, p, st: len(p.deck) + len(p.hand) + len(p.discard) + len(p.play),
        "kinds": lambda r, p, st: sum(k > 0 for k in st["completed"].values()),
        "helped": lambda r, p, st: st["helped"],
        "led": lambda r, p, st: st["led"],
        "clean": lambda r, p, st: st["clean"],
        "completed_any": lambda r, p, st: sum(st["completed"].values()),
        "head_to_head": lambda r, p, st: st.get("head_to_head", 0),
        "advanced": lambda r, p, st: r.advanced_owned(p),
    }

    def objective_met(self, s, p, cond: dict) -> bool:
        """Whether ``p`` meets an objective's condition (one test, see the README). Every
        legal list asks it of each objective held: a table of measures, not a branch
        per condition."""
        ((key, value),) = cond.items()
        st = p.extra["stats"]
        if key == "completed":
            done = st["completed"]
            return all(done.get(k, 0) >= n for k, n in value.items())
        have = self._HAVE.get(key)
        if have is None:
            raise RuleNotImplemented(f"the Moonrakers objective condition {key!r} is unknown")
        return have(self, p, st) >= value

    # -- the end of a turn and of the game ---------------------------------------------

    def _check_end_turn(self, s, p, a):
        return self._phase(s, "buy") or self._leader_only(s, p)

    def _do_end_turn(self, s, p, a):
        mr = s.extra["mr"]
        if mr["executed"]:  # the leader's hand went to the discard pile in the execution
            self.draw(s, p, self.su["hand_size"] - len(p.hand))
        else:  # stayed at base: the fresh hand comes last, after buying
            p.discard.extend(p.hand)
            p.hand = []
            self.draw(s, p, self.su["hand_size"])
            self.say(s, f"{self.name(p)} draws a fresh hand", "info", p)
        self._score_objectives(s)
        top = max(self.prestige(q) for q in s.players)
        if top >= self.su["win_prestige"]:
            self.finish(s, f"a captain reached {self.su['win_prestige']} prestige")
            return
        n = len(s.players)
        fresh = self._fresh_turn()
        for key in ("phase", "swapped", "free_swap", "replaced", "tried", "alone", "contract"):
            mr[key] = fresh[key]
        mr.update(deals={}, asked=[], offer=None, execution=None, executed=False)
        mr.update(self._overload_turn())
        s.current = mr["leader"] = mr["actor"] = (s.current + 1) % n
        s.turn += 1
        self.say(s, f"— {self.name(s.player)} leads —", "turn", s.player, turn=s.turn)

    def net_worth(self, s, p) -> int:
        """Prices of installed parts and owned crew cards, plus credits (the tie-break)."""
        parts = sum(self.data.parts[x]["cost"] for x in p.extra["parts"])
        crew = sum(self.card(c).cost for c in p.all_cards if self.card(c).banner == "crew")
        return parts + crew + p.gold

    def points(self, s, p) -> int:
        return self.prestige(p)

    def eligible(self, s, p) -> bool:
        return True

    def scores(self, s) -> list[int]:
        """Prestige per seat."""
        return [self.prestige(p) for p in s.players]

    def winners(self, s) -> list[int]:
        """The most prestige, ties to the greatest net worth (still tied: all of them)."""
        key = [(self.prestige(p), self.net_worth(s, p)) for p in s.players]
        best = max(key)
        return [i for i, k in enumerate(key) if k == best]

    # -- what a seat may see -----------------------------------------------------------

    def observation(self, s: GameState, seat: int) -> dict:
        """What captain ``seat`` may see: the table, every captain's public state (prestige,
        credits, parts, card counts, claimed objectives), their own hand, draw-pile count
        and secret objectives, and the negotiation and execution as they stand. Never
        another captain's hand, draw pile order or secret objectives."""
        mr = s.extra["mr"]
        me = s.players[seat]
        public = {
            k: mr[k]
            for k in (
                "phase",
                "actor",
                "leader",
                "dispatch",
                "parts_offer",
                "crew_offer",
                "contract",
                "deals",
                "asked",
                "offer",
                "execution",
                "swapped",
                "free_swap",
                "replaced",
                "tried",
                "alone",
                "refit",
            )
        }
        public["decks"] = {k: len(mr[k]) for k in ("contract_deck", "part_deck", "crew_deck")}
        public.update(self._overload_public(mr))
        captains = [
            {
                "colour": q.colour,
                "prestige": self.prestige(q),
                "credits": q.gold,
                "parts": list(q.extra["parts"]),
                "claimed": list(q.extra["claimed"]),
                "objectives": len(q.extra["objectives"]),
                "hand": len(q.hand),
                "deck": len(q.deck),
                "discard": list(q.discard),
                "play": list(q.play),
            }
            for q in s.players
        ]
        return {
            "seat": seat,
            "turn": s.turn,
            "over": s.over,
            "table": public,
            "supply": dict(s.reserve),
            "captains": captains,
            "hand": list(me.hand),
            "objectives": list(me.extra["objectives"]),
            "deck_cards": sorted(me.deck),
        }
