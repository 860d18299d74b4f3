"""The PettingZoo encodings of Moonrakers (an edition with ``contracts`` and no map).

:class:`clankwidget.env.ClankEnv` plays every registered edition; for Moonrakers it takes
its action segments and its observer from here. Same interface as for the other editions
(``env("moonrakers", players=3)``): a ``Discrete`` action space with a mask, one flat
``float32`` observation per seat, rewards at the end, seeded resets. Agent *i* is seat
*i*; the agent to act is the captain who acts now (the leader, an invited captain
answering an offer, a captain playing in the execution, everyone putting back an
objective at set-up; with Overload a captain answering a head-to-head sign-up or
choosing a won bonus card), which is not always the leader. The Overload expansion
(``options={"overload": True}``) has encodings of its own, below.

Actions (segments in this order; an index is its segment's offset plus the mixed-radix
index of its fields, the last field varying fastest, as for the other editions)

    ====================  ===========================================================
    segment               fields and their domains
    ====================  ===========================================================
    ``play``              ``card``: every card id of the card set, in file order
    ``end-turn``          (one action)
    ``swap-contract``     ``slot``: 0 .. Dispatch size - 1
    ``choose-contract``   ``slot``: 0 .. Dispatch size - 1
    ``stay-at-base``      (one action)
    ``offer``             ``seat`` (0 .. players - 1) x ``prestige`` x ``credits`` x
                          ``bonus`` (0, 1) x ``dice``; each share runs from 0 to the
                          most any contract of the card set pays or rolls
    ``counter``           ``prestige`` x ``credits`` x ``bonus`` x ``dice`` (as above)
    ``accept``, ``refuse``, ``launch``, ``abandon``   (one action each)
    ``call-on``           ``seat``: 0 .. players - 1
    ``stop-playing``      (one action)
    ``drop-objective``    ``objective``: every objective id, in file order
    ``claim-objective``   ``objective``: every objective id
    ``buy-part``          ``slot`` (the parts on offer) x ``replace`` (-1: a free slot,
                          else the installed part replaced, 0 .. max parts - 1)
    ``buy-crew``          ``slot``: the crew on offer
    ``buy-action``        (Overload only) ``card``: every advanced action card id, in
                          file order (basic action cards are not sold: without
                          Overload there is no such segment)
    ``replace-offer``     ``offer`` (``"parts"``, ``"crew"``, with Overload also
                          ``"advanced"``) x ``slot`` (0 .. the largest offer's size - 1)
    ``refit``             ``index``: -1 (let the bonus part go) .. max parts - 1
    ``join-contract``     (Overload only) one action: join a head-to-head contract
    ``stay-out``          (Overload only) one action: stay out of it
    ``take-bonus``        (Overload only) ``choice``: ``"deck"``, then every advanced
                          action card id, then the piles of basic action cards (taken
                          once the advanced ones have run out)
    ====================  ===========================================================

    With ``options={"overload": True}`` the space has the Overload segments above; the
    base game's space has none of them.

Observations
    Built only from :meth:`~clankwidget.rules.moonrakers.MoonrakersRules.observation` of
    the observing seat (what that captain may see). Seats are *rotated*: ``p0`` is the
    observer, ``p1`` the next seat clockwise, and so on; every seat-valued feature
    (``actor``, ``leader``, the deals, the offer, the execution) uses the same rotation.
    ``ClankEnv.observation_layout`` names each slice:

    * ``turn``, ``over``; ``phase`` (one-hot over :data:`PHASES`, Overload's ``join``
      and ``bonus`` included in every game); ``actor`` and
      ``leader`` (one-hot seats);
    * ``dispatch``: per slot, whether a contract is there, its kind (one-hot over the
      card set's contract kinds), its requirements (per :data:`KINDS`), reward prestige,
      credits, bonus (0/1) and dice; ``contract``: the chosen slot (one-hot, or zeros);
    * ``parts_offer``, ``crew_offer``: per slot, the part (crew card) on offer, one-hot;
      ``decks``: contracts, parts and crew left in their decks;
    * ``negotiation``: per seat, asked this contract, a deal struck and its terms
      (prestige, credits, bonus, dice); ``offer``: the invitee (one-hot seat), the terms
      and the counters made; ``flags``: swapped, free swap, replaced, alone, contracts
      tried; ``refit``: the captain refitting (one-hot seat) and the part (one-hot);
    * ``execution``: whether one runs, the requirements met so far (per kind), and per
      seat: taking part, waiting to be called, playing now, actions, dice, hazards
      rolled, blocks, Miss damage;
    * ``supply``: basic action cards left per pile;
    * with Overload only: ``advanced_offer`` (per slot, the advanced action card on
      offer, one-hot), ``overload`` (advanced action cards left in their deck, free
      removals left this turn), ``join`` (per seat: still to answer a head-to-head
      sign-up, joined it), ``bonus`` (the captain choosing a won bonus, one-hot seat, and
      the deck it names: crew, part) and ``own`` (in a head-to-head execution, per seat,
      the requirements that captain met by itself, per :data:`KINDS`);
    * per captain ``pK.numbers`` (prestige, credits, objectives claimed, secret
      objectives held, hand size, draw pile size), ``pK.parts`` (installed parts, counts
      by part id), ``pK.discard``, ``pK.play`` (counts by card id);
    * the observer's own ``hand`` and ``draw_pile`` (counts by card id: its draw pile's
      cards, never their order) and ``objectives`` (its secret objectives, multi-hot).

    No seat sees another captain's hand, draw pile or secret objectives.
"""

from __future__ import annotations

import numpy as np

from .env import OBS_LIMIT, Layout
from .game import Game
from .rules.moonrakers_data import KINDS

__all__ = ["KINDS", "PHASES", "MoonrakersObserver", "moonrakers_segments"]

#: The phases of a Moonrakers turn, in the order of the ``phase`` one-hot.
PHASES = ("keep", "plan", "negotiate", "respond", "execute", "buy", "refit", "join", "bonus")
_TERMS = ("prestige", "credits", "bonus", "dice")


def _sizes(game: Game) -> dict:
    """The set-up's fixed sizes and id lists."""
    data = game.rules.data
    su = game.rules.su
    contracts = list(data.contracts.values())
    return {
        "n": len(game.players),
        "cards": tuple(data.cards),
        "parts": tuple(data.parts),
        "objectives": tuple(data.objectives),
        "reserve": tuple(game.state.reserve),
        "kinds": tuple(dict.fromkeys(c["kind"] for c in contracts)),
        "dispatch": int(su["dispatch"]),
        "parts_offer": int(su["parts_offer"]),
        "crew_offer": int(su["crew_offer"]),
        "max_parts": int(su["max_parts"]),
        "overload": bool(game.rules.overload),
        "advanced": tuple(dict.fromkeys(c for c, _ in data.advanced)),
        "advanced_offer": int(data.overload["advanced_offer"]) if data.overload else 0,
        "share": {
            "prestige": max(c["reward"]["prestige"] for c in contracts),
            "credits": max(c["reward"]["credits"] for c in contracts),
            "bonus": 1,
            "dice": max(c["dice"] for c in contracts),
        },
    }


def moonrakers_segments(game: Game) -> list[tuple[str, tuple[tuple[str, tuple], ...]]]:
    """The action segments of a Moonrakers set-up (kind, ((field, domain), ...)), for
    :class:`clankwidget.env.ActionCodec`; see the module docstring."""
    z = _sizes(game)
    seats = tuple(range(z["n"]))
    shares = tuple((k, tuple(range(z["share"][k] + 1))) for k in _TERMS)
    overload = z["overload"]
    offers = ("parts", "crew", "advanced") if overload else ("parts", "crew")
    widest = max(z["parts_offer"], z["crew_offer"], z["advanced_offer"])
    segments = [
        ("play", (("card", z["cards"]),)),
        ("end-turn", ()),
        ("swap-contract", (("slot", tuple(range(z["dispatch"]))),)),
        ("choose-contract", (("slot", tuple(range(z["dispatch"]))),)),
        ("stay-at-base", ()),
        ("offer", (("seat", seats), *shares)),
        ("counter", shares),
        ("accept", ()),
        ("refuse", ()),
        ("launch", ()),
        ("abandon", ()),
        ("call-on", (("seat", seats),)),
        ("stop-playing", ()),
        ("drop-objective", (("objective", z["objectives"]),)),
        ("claim-objective", (("objective", z["objectives"]),)),
        (
            "buy-part",
            (
                ("slot", tuple(range(z["parts_offer"]))),
                ("replace", tuple(range(-1, z["max_parts"]))),
            ),
        ),
        ("buy-crew", (("slot", tuple(range(z["crew_offer"]))),)),
        *([("buy-action", (("card", z["advanced"]),))] if overload else []),
        ("replace-offer", (("offer", offers), ("slot", tuple(range(widest))))),
        ("refit", (("index", tuple(range(-1, z["max_parts"]))),)),
    ]
    if overload:
        choices = ("deck", *z["advanced"], *(c for c in z["reserve"] if c not in z["advanced"]))
        segments += [
            ("join-contract", ()),
            ("stay-out", ()),
            ("take-bonus", (("choice", choices),)),
        ]
    return segments


class MoonrakersObserver:
    """Builds one seat's observation vector from that seat's own observation; the
    layout (``layout``: name -> slice, ``size``) is fixed by the game set-up."""

    def __init__(self, game: Game):
        z = _sizes(game)
        self.z = z
        self.n = n = z["n"]
        self.card_index = {c: i for i, c in enumerate(z["cards"])}
        self.part_index = {c: i for i, c in enumerate(z["parts"])}
        self.objective_index = {c: i for i, c in enumerate(z["objectives"])}
        self.advanced_index = {c: i for i, c in enumerate(z["advanced"])}
        self.kind_index = {c: i for i, c in enumerate(z["kinds"])}
        nc, npart = len(z["cards"]), len(z["parts"])
        self.slot = 1 + len(z["kinds"]) + len(KINDS) + 4  # one Dispatch slot
        layout = Layout()
        add = layout.add

        add("turn", 1)
        add("over", 1)
        add("phase", len(PHASES))
        add("actor", n)
        add("leader", n)
        add("dispatch", z["dispatch"] * self.slot)
        add("contract", z["dispatch"])
        add("parts_offer", z["parts_offer"] * npart)
        add("crew_offer", z["crew_offer"] * nc)
        add("decks", 3)
        add("negotiation", n * 6)  # per seat: asked, dealt, 4 terms
        add("offer", n + 5)  # invitee one-hot, 4 terms, counters
        add("flags", 5)
        add("refit", n + npart)
        add("execution", 1 + len(KINDS) + n * 8)
        add("supply", len(z["reserve"]))
        if z["overload"]:
            add("advanced_offer", z["advanced_offer"] * len(z["advanced"]))
            add("overload", 2)  # advanced deck, free removals left
            add("join", n * 2)  # per seat: still to answer, joined
            add("bonus", n + 2)  # the captain choosing (one-hot seat), crew / part
            add("own", n * len(KINDS))  # head to head: per seat, what it met itself
        for k in range(n):
            add(f"p{k}.numbers", 6)
            add(f"p{k}.parts", npart)
            add(f"p{k}.discard", nc)
            add(f"p{k}.play", nc)
        add("hand", nc)
        add("draw_pile", nc)
        add("objectives", len(z["objectives"]))
        self.layout = layout.slices
        self.size = layout.size

    def _count(self, out, name: str, index: dict, ids) -> None:
        start = self.layout[name].start
        for c in ids:
            out[start + index[c]] += 1

    def observe(self, game: Game, seat: int) -> np.ndarray:
        """The observation vector of ``seat`` (see the module docstring)."""
        obs = game.rules.observation(game.state, seat)
        return self.encode(obs, game.rules.data.contracts)

    def encode(self, obs: dict, contracts: dict) -> np.ndarray:
        """The vector of one seat's observation dict (``contracts``: the card set's)."""
        L, z, n = self.layout, self.z, self.n
        me = obs["seat"]
        t = obs["table"]
        out = np.zeros(self.size, dtype=np.float32)

        def at(name: str, i: int = 0) -> int:
            return L[name].start + i

        def rot(i) -> int:
            return (int(i) - me) % n

        out[at("turn")] = obs["turn"]
        out[at("over")] = bool(obs["over"])
        out[at("phase", PHASES.index(t["phase"]))] = 1
        out[at("actor", rot(t["actor"]))] = 1
        out[at("leader", rot(t["leader"]))] = 1
        for i, cid in enumerate(t["dispatch"][: z["dispatch"]]):
            c = contracts[cid]
            r = c["reward"]
            row = [1.0] + [0.0] * len(z["kinds"])
            row[1 + self.kind_index[c["kind"]]] = 1
            row += [c["requires"].get(k, 0) for k in KINDS]
            row += [r["prestige"], r["credits"], 1 if r.get("bonus") else 0, c["dice"]]
            out[at("dispatch", i * self.slot) : at("dispatch", (i + 1) * self.slot)] = row
        if t["contract"] is not None:
            out[at("contract", t["contract"])] = 1
        npart, nc = len(z["parts"]), len(z["cards"])
        for i, pid in enumerate(t["parts_offer"][: z["parts_offer"]]):
            out[at("parts_offer", i * npart + self.part_index[pid])] = 1
        for i, cid in enumerate(t["crew_offer"][: z["crew_offer"]]):
            out[at("crew_offer", i * nc + self.card_index[cid])] = 1
        decks = t["decks"]
        out[L["decks"]] = (decks["contract_deck"], decks["part_deck"], decks["crew_deck"])
        for i in t["asked"]:
            out[at("negotiation", rot(i) * 6)] = 1
        for who, terms in t["deals"].items():
            base = at("negotiation", rot(who) * 6)
            out[base + 1 : base + 6] = [1, *(terms[k] for k in _TERMS)]
        offer = t["offer"]
        if offer is not None:
            out[at("offer", rot(offer["seat"]))] = 1
            out[at("offer", n) : at("offer", n + 5)] = [
                *(offer["terms"][k] for k in _TERMS),
                offer["counters"],
            ]
        out[L["flags"]] = (
            bool(t["swapped"]),
            bool(t["free_swap"]),
            bool(t["replaced"]),
            bool(t["alone"]),
            len(t["tried"]),
        )
        if t["refit"]:
            out[at("refit", rot(t["refit"]["seat"]))] = 1
            out[at("refit", n + self.part_index[t["refit"]["part"]])] = 1
        exe = t["execution"]
        if exe is not None:
            out[at("execution")] = 1
            out[at("execution", 1) : at("execution", 1 + len(KINDS))] = [
                exe["meets"].get(k, 0) for k in KINDS
            ]
            for i in range(n):
                base = at("execution", 1 + len(KINDS) + rot(i) * 8)
                out[base : base + 8] = (
                    i in exe["seats"],
                    i in exe["waiting"],
                    exe["playing"] == i,
                    exe["actions"][i],
                    exe["dice"][i],
                    exe["rolled"][i],
                    exe["blocks"][i],
                    exe["miss_damage"][i],
                )
        out[L["supply"]] = [obs["supply"].get(c, 0) or 0 for c in z["reserve"]]
        if z["overload"]:
            self._encode_overload(out, t, rot)
        for i, q in enumerate(obs["captains"]):
            k = rot(i)
            out[L[f"p{k}.numbers"]] = (
                q["prestige"],
                q["credits"],
                len(q["claimed"]),
                q["objectives"],
                q["hand"],
                q["deck"],
            )
            self._count(out, f"p{k}.parts", self.part_index, q["parts"])
            self._count(out, f"p{k}.discard", self.card_index, q["discard"])
            self._count(out, f"p{k}.play", self.card_index, q["play"])
        self._count(out, "hand", self.card_index, obs["hand"])
        self._count(out, "draw_pile", self.card_index, obs["deck_cards"])
        for o in obs["objectives"]:
            out[at("objectives", self.objective_index[o])] = 1
        np.clip(out, -OBS_LIMIT, OBS_LIMIT, out=out)
        return out

    def _encode_overload(self, out, t: dict, rot) -> None:
        """The Overload slices of the vector (see the module docstring)."""
        L, z, n = self.layout, self.z, self.n
        na = len(z["advanced"])
        start = L["advanced_offer"].start
        for i, cid in enumerate(t["advanced_offer"][: z["advanced_offer"]]):
            out[start + i * na + self.advanced_index[cid]] = 1
        out[L["overload"]] = (t["advanced_deck"], t["free_removal"])
        join = t["join"]
        if join is not None:
            start = L["join"].start
            for i in join["queue"]:
                out[start + rot(i) * 2] = 1
            for i in join["joined"]:
                out[start + rot(i) * 2 + 1] = 1
        bonus = t["bonus"]
        if bonus is not None:
            start = L["bonus"].start
            out[start + rot(bonus["seat"])] = 1
            if bonus["kind"] in ("crew", "part"):
                out[start + n + ("crew", "part").index(bonus["kind"])] = 1
        exe = t["execution"]
        if exe is not None and exe.get("own") is not None:
            start = L["own"].start
            for i in range(n):
                base = start + rot(i) * len(KINDS)
                out[base : base + len(KINDS)] = [exe["own"][i].get(k, 0) for k in KINDS]
