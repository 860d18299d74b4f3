"""Moonrakers' negotiation and execution: offers, the dice, playing cards, rewards.

A mixin of :class:`~clankwidget.rules.moonrakers.MoonrakersRules` (read its module
docstring for the turn and the readings chosen). The state it works on is
``s.extra["mr"]``: ``deals`` (seat as a string -> agreed terms), ``asked`` (seats invited
to this contract), ``offer`` (the open offer: ``seat``, ``terms``, ``by``, ``counters``)
and, once launched, ``execution``:

- ``seats``: the captains taking part, the leader first then clockwise;
- ``waiting``: those the leader has not called on yet; ``playing``: who plays now;
- per seat (lists indexed by seat): ``actions`` left, ``dice`` rolled, ``rolled``
  hazards, ``blocks`` (hazards blocked), ``miss_damage`` (Damage met per Miss played);
- ``meets``: the requirements met so far, by kind (cards played and parts).

Terms are ``{"prestige", "credits", "bonus", "dice"}``: the invited captain's share of
the contract's prestige and credits, whether they get its bonus card (1) or not (0), and
how many of its hazard dice they roll. The leader gets and rolls what is left.
"""

from __future__ import annotations

from itertools import product

from . import actions as A
from .moonrakers_data import KINDS, dice_words

__all__ = ["TERMS", "DealRules"]

TERMS = ("prestige", "credits", "bonus", "dice")


def _terms(a) -> dict:
    return {k: getattr(a, k) for k in TERMS}


def _say_terms(t: dict) -> str:
    out = [f"{t['prestige']} prestige", f"{t['credits']} credits"]
    if t["bonus"]:
        out.append("the bonus card")
    out.append(dice_words(t["dice"]))
    return ", ".join(out)


class DealRules:
    """Negotiation and execution (a mixin; see the module docstring)."""

    # -- negotiation -------------------------------------------------------------------

    def _left(self, s, seat: int | None) -> dict:
        """What of the contract is still the leader's, leaving out ``seat``'s deal."""
        c = self.contract(s)
        left = {
            "prestige": c["reward"]["prestige"],
            "credits": c["reward"]["credits"],
            "bonus": 1 if c["reward"].get("bonus") else 0,
            "dice": c["dice"],
        }
        for who, t in s.extra["mr"]["deals"].items():
            if int(who) != seat:
                for k in TERMS:
                    left[k] -= t[k]
        return left

    def left_to_share(self, s, seat: int | None = None) -> dict:
        """What of the chosen contract's reward and dice is still the leader's to share
        (``seat``'s own deal put back, so it is what may be asked of that deal)."""
        return self._left(s, seat)

    def _terms_problem(self, s, seat: int, t: dict) -> str | None:
        left = self._left(s, seat)
        for k in TERMS:
            if t[k] < 0:
                return f"{k} must be 0 or more, got {t[k]}"
            if t[k] > left[k]:
                what = "the bonus card" if k == "bonus" else f"{left[k]} {k}"
                return (
                    f"the contract has only {what} left to share"
                    if left[k]
                    else (f"the contract has no {k} left to share")
                )
        if t["bonus"] not in (0, 1):
            return "bonus is 0 (no) or 1 (the bonus card)"
        return None

    def _offer_groups(self, s) -> list[list[A.Offer]]:
        """The offers the leader might make: for each captain not invited yet, one list of
        every share of what is left to them (:meth:`_deal_list`)."""
        mr = s.extra["mr"]
        return [
            self._deal_list(s, seat, None)
            for seat in range(len(s.players))
            if seat != mr["leader"] and seat not in mr["asked"]
        ]

    def _counter_group(self, s) -> list[A.Counter]:
        """The counter-offers to the offer on the table: every other share of what is left
        to the captain invited (none once the counters are used up)."""
        offer = s.extra["mr"]["offer"]
        if offer["counters"] >= self.su["max_counters"]:
            return []
        return self._deal_list(s, offer["seat"], tuple(offer["terms"][k] for k in TERMS))

    def _deal_list(self, s, seat: int, now: tuple[int, ...] | None) -> list[A.Action]:
        """Every share of what is left to ``seat``, in the order of :data:`TERMS`: as
        offers to them (``now`` None), else as counters other than the terms ``now``
        (kept by what is left: a negotiation lists dozens)."""
        share = self._left(s, seat)
        left = tuple(max(0, share[k]) for k in TERMS)

        def make(cls, *head):
            return lambda: [[cls(*head, *t) for t in product(*[range(n + 1) for n in left])]]

        if now is None:
            return self._kept_list(("offer", seat, *left), make(A.Offer, seat))[0]
        counters = self._kept_list(("counter", *left), make(A.Counter))[0]
        if not all(0 <= t <= n for t, n in zip(now, left, strict=True)):
            return counters  # (terms past what is left are none of them)
        i = 0  # the place of the terms now in the order of the shares
        for t, n in zip(now, left, strict=True):
            i = i * (n + 1) + t
        return counters[:i] + counters[i + 1 :]

    def _check_offer(self, s, p, a: A.Offer):
        return self._offer_problem(s, p, a.seat) or self._terms_problem(s, a.seat, _terms(a))

    def _offer_problem(self, s, p, seat: int) -> str | None:
        """What is wrong with ``p`` offering ``seat`` a deal now, whatever its terms."""
        mr = s.extra["mr"]
        why = self._phase(s, "negotiate") or self._leader_only(s, p)
        if why:
            return why
        if not 0 <= seat < len(s.players) or seat == mr["leader"]:
            return f"seat {seat} is not another captain"
        if seat in mr["asked"]:
            return f"{self.name(s.players[seat])} has already been invited to this contract"
        return None

    def _do_offer(self, s, p, a: A.Offer):
        mr = s.extra["mr"]
        mr["asked"].append(a.seat)
        mr["offer"] = {"seat": a.seat, "terms": _terms(a), "by": mr["leader"], "counters": 0}
        mr["phase"], mr["actor"] = "respond", a.seat
        self.say(
            s,
            f"{self.name(p)} offers {self.name(s.players[a.seat])} {_say_terms(_terms(a))}",
            "deal",
            p,
            offer=_terms(a),
            to=s.players[a.seat].colour,
        )

    def _check_counter(self, s, p, a: A.Counter):
        why = self._counter_problem(s)
        if why:
            return why
        offer = s.extra["mr"]["offer"]
        if _terms(a) == offer["terms"]:
            return "a counter-offer must change the terms (or accept them)"
        return self._terms_problem(s, offer["seat"], _terms(a))

    def _counter_problem(self, s) -> str | None:
        """What is wrong with countering the offer on the table now, whatever the terms."""
        why = self._phase(s, "respond")
        if why:
            return why
        if s.extra["mr"]["offer"]["counters"] >= self.su["max_counters"]:
            return "no more counter-offers on this deal: accept or refuse"
        return None

    def _deals_listed(self, s, p, group: list[A.Action]) -> list[A.Action]:
        """The legal ones of ``group``, one captain's offers (:meth:`_offer_groups`) or
        the counters (:meth:`_counter_group`), for the legal list. Their check asks the
        same of each but its terms, and each one's terms are a share of what is left to
        that captain, which :meth:`_terms_problem` allows unless something left is
        overdrawn: so the check is asked once for the group, and of each one's terms
        only in that case."""
        offer = group[0].kind == "offer"
        seat = group[0].seat if offer else s.extra["mr"]["offer"]["seat"]
        if (self._offer_problem(s, p, seat) if offer else self._counter_problem(s)) is not None:
            return []
        left = self._left(s, seat)
        if min(left.values()) >= 0 and left["bonus"] <= 1:
            return group
        return [a for a in group if self._terms_problem(s, seat, _terms(a)) is None]

    def _do_counter(self, s, p, a: A.Counter):
        mr = s.extra["mr"]
        offer = mr["offer"]
        offer.update(terms=_terms(a), by=mr["actor"], counters=offer["counters"] + 1)
        other = mr["leader"] if mr["actor"] == offer["seat"] else offer["seat"]
        mr["actor"] = other
        self.say(
            s,
            f"{self.name(p)} counters: {_say_terms(_terms(a))}",
            "deal",
            p,
            offer=_terms(a),
            to=s.players[other].colour,
        )

    def _check_accept(self, s, p, a):
        return self._phase(s, "respond")

    def _do_accept(self, s, p, a):
        mr = s.extra["mr"]
        offer, mr["offer"] = mr["offer"], None
        mr["deals"][str(offer["seat"])] = offer["terms"]
        mr["phase"], mr["actor"] = "negotiate", mr["leader"]
        self.say(
            s,
            f"{self.name(p)} accepts: {self.name(s.players[offer['seat']])} joins for "
            f"{_say_terms(offer['terms'])}",
            "deal",
            p,
            deal=offer["terms"],
            seat=offer["seat"],
        )

    def _check_refuse(self, s, p, a):
        return self._phase(s, "respond")

    def _do_refuse(self, s, p, a):
        mr = s.extra["mr"]
        mr["offer"] = None
        mr["phase"], mr["actor"] = "negotiate", mr["leader"]
        self.say(s, f"{self.name(p)} refuses the offer", "deal", p, refused=True)

    def _check_launch(self, s, p, a):
        return self._phase(s, "negotiate") or self._leader_only(s, p)

    def _do_launch(self, s, p, a):
        self._launch(s)

    def _check_abandon(self, s, p, a):
        return self._phase(s, "negotiate") or self._leader_only(s, p)

    def _do_abandon(self, s, p, a):
        mr = s.extra["mr"]
        c = self.contract(s)
        mr["tried"].append(c["id"])
        mr["contract"], mr["deals"], mr["asked"] = None, {}, []
        mr["phase"] = "plan"
        if len(mr["tried"]) >= 2:
            mr["alone"] = True
            tail = "now go alone or stay at base"
        else:
            tail = "a second contract may be tried"
        self.say(s, f"The negotiation of {c['name']} fails: {tail}", "info", p)

    # -- execution ---------------------------------------------------------------------

    def _launch(self, s) -> None:
        mr = s.extra["mr"]
        n = len(s.players)
        leader = mr["leader"]
        c = self.contract(s)
        order = [(leader + k) % n for k in range(n)]
        seats = [i for i in order if i == leader or str(i) in mr["deals"]]
        exe = {
            "seats": seats,
            "waiting": list(seats),
            "playing": None,
            "actions": [0] * n,
            "dice": [0] * n,
            "rolled": [0] * n,
            "blocks": [0] * n,
            "miss_damage": [0] * n,
            "meets": {k: 0 for k in KINDS},
            "own": self.fresh_own(c, n),
        }
        given = sum(t["dice"] for t in mr["deals"].values())
        for i in seats:
            exe["dice"][i] = mr["deals"][str(i)]["dice"] if i != leader else c["dice"] - given
            if exe["own"] is not None:  # head to head: everyone rolls the contract's dice
                exe["dice"][i] = c["dice"]
        mr["execution"], mr["phase"], mr["executed"] = exe, "execute", True
        mr["offer"] = None
        who = ", ".join(self.name(s.players[i]) for i in seats)
        self.say(s, f"Launch: {c['name']} with {who}", "info", s.players[leader])
        for i in seats:
            p = s.players[i]
            if exe["dice"][i]:
                faces = self.roll(exe["dice"][i])
                exe["rolled"][i] = sum(faces)
                self.say(
                    s,
                    f"{self.name(p)} rolls {dice_words(exe['dice'][i], 'hazard')}: {faces} "
                    f"({sum(faces)} hazard{'' if sum(faces) == 1 else 's'})",
                    "hazard",
                    p,
                    faces=faces,
                )
            exe["actions"][i] = self.su["start_actions"]
            for pid in p.extra["parts"]:
                passive = self.data.parts[pid]["passive"]
                exe["actions"][i] += passive.get("start_actions", 0)
                exe["blocks"][i] += passive.get("block", 0)
                exe["miss_damage"][i] += passive.get("miss_damage", 0)
                self._add_meets(exe, i, passive.get("meets", {}))
                self.draw(s, p, passive.get("start_draw", 0))
        self._next_player(s)

    def _next_player(self, s) -> None:
        mr = s.extra["mr"]
        exe = mr["execution"]
        exe["playing"] = None
        if not exe["waiting"]:
            self._resolve(s)
        elif len(exe["waiting"]) == 1:
            self._call(s, exe["waiting"][0])
        else:
            mr["actor"] = mr["leader"]

    def _call(self, s, seat: int) -> None:
        mr = s.extra["mr"]
        exe = mr["execution"]
        exe["waiting"].remove(seat)
        exe["playing"] = mr["actor"] = seat
        if not self._can_play(s, seat):
            self._stop(s, seat)

    def _can_play(self, s, seat: int) -> bool:
        return bool(s.players[seat].hand) and s.extra["mr"]["execution"]["actions"][seat] > 0

    def _stop(self, s, seat: int) -> None:
        p = s.players[seat]
        held = len(p.hand)
        self.say(
            s,
            f"{self.name(p)} is done" + (f" (holds back {held} cards)" if held else ""),
            "info",
            p,
        )
        self._next_player(s)

    def _check_call_on(self, s, p, a: A.CallOn):
        why = self._phase(s, "execute") or self._leader_only(s, p)
        if why:
            return why
        exe = s.extra["mr"]["execution"]
        if exe["playing"] is not None:
            return f"{self.name(s.players[exe['playing']])} is still playing"
        if a.seat not in exe["waiting"]:
            return f"seat {a.seat} is not a captain waiting to play in this execution"
        return None

    def _do_call_on(self, s, p, a: A.CallOn):
        self.say(s, f"{self.name(p)} calls on {self.name(s.players[a.seat])}", "info", p)
        self._call(s, a.seat)

    def _check_play(self, s, p, a: A.Play):
        why = self._phase(s, "execute")
        if why:
            return why
        exe = s.extra["mr"]["execution"]
        if exe["playing"] != s.players.index(p):
            return "it is not your part of the execution"
        if a.card not in p.hand:
            return f"{a.card!r} is not in your hand"
        if exe["actions"][s.players.index(p)] < 1:
            return "you have no action left"
        return None

    def _do_play(self, s, p, a: A.Play):
        seat = s.players.index(p)
        exe = s.extra["mr"]["execution"]
        card = self.mr_card(a.card)
        p.hand.remove(a.card)
        p.play.append(a.card)
        exe["actions"][seat] -= 1
        self._add_meets(exe, seat, card["meets"])
        eff = card["effects"]
        exe["actions"][seat] += eff.get("actions", 0)
        exe["blocks"][seat] += eff.get("block", 0)
        exe["miss_damage"][seat] += eff.get("miss_damage", 0)
        p.gold += eff.get("credits", 0)
        text = f" ({card['text']})" if card.get("text") else ""
        self.say(s, f"{self.name(p)} plays {card['name']}{text}", "play", p, card=a.card)
        self.draw(s, p, eff.get("draw", 0))
        if not self._can_play(s, seat):
            self._stop(s, seat)

    def _check_stop_playing(self, s, p, a):
        why = self._phase(s, "execute")
        if why:
            return why
        if s.extra["mr"]["execution"]["playing"] != s.players.index(p):
            return "it is not your part of the execution"
        return None

    def _do_stop_playing(self, s, p, a):
        self._stop(s, s.players.index(p))

    @staticmethod
    def _add_meets(exe: dict, seat: int, meets: dict) -> None:
        for k, v in meets.items():
            exe["meets"][k] += v
            if exe.get("own") is not None:
                exe["own"][seat][k] += v

    def met(self, s) -> dict[str, int]:
        """The requirements met so far in the execution, by kind (Misses counted)."""
        exe = s.extra["mr"]["execution"]
        met = dict(exe["meets"])
        for i in exe["seats"]:
            misses = sum(1 for c in s.players[i].play if self.mr_card(c)["kind"] == "miss")
            met["damage"] += misses * exe["miss_damage"][i]
        return met

    def _resolve(self, s) -> None:
        mr = s.extra["mr"]
        exe = mr["execution"]
        c = self.contract(s)
        leader = mr["leader"]
        if c.get("head_to_head"):
            self._settle_head_to_head(s, c)
            refit = None
        else:
            refit = self._settle(s, c)
        for i in exe["seats"]:
            p = s.players[i]
            unblocked = max(0, exe["rolled"][i] - exe["blocks"][i])
            if unblocked:
                why = f"{unblocked} unblocked hazard{'' if unblocked == 1 else 's'}"
                self._gain_prestige(s, p, -unblocked, why)
        for i in exe["seats"]:
            p = s.players[i]
            p.discard.extend(p.play + p.hand)
            p.play, p.hand = [], []
            if i != leader:
                self.draw(s, p, self.su["hand_size"])
        self._replace_contract(s, mr["contract"])
        mr["contract"], mr["execution"] = None, None
        mr["phase"], mr["actor"] = "buy", leader
        if refit is not None:
            mr["refit"] = refit
            mr["phase"], mr["actor"] = "refit", refit["seat"]
        elif mr.get("bonus"):
            mr["phase"], mr["actor"] = "bonus", mr["bonus"]["seat"]

    def _settle(self, s, c: dict) -> dict | None:
        """Pay an ordinary contract's shares if it succeeded; a bonus part that needs a
        refit is returned."""
        mr = s.extra["mr"]
        exe = mr["execution"]
        leader = mr["leader"]
        met = self.met(s)
        success = all(met.get(k, 0) >= v for k, v in c["requires"].items())
        self.say(
            s,
            f"{c['name']}: "
            + ("success" if success else "failure")
            + " ("
            + ", ".join(f"{k} {met.get(k, 0)}/{v}" for k, v in c["requires"].items())
            + ")",
            "info",
            success=success,
            met=met,
        )
        refit = None
        if success:
            left = self._left(s, None)
            for i in exe["seats"]:
                p = s.players[i]
                t = left if i == leader else mr["deals"][str(i)]
                p.gold += t["credits"]
                p.gold += sum(
                    self.data.parts[x]["passive"].get("success_credits", 0)
                    for x in p.extra["parts"]
                )
                self._gain_prestige(s, p, t["prestige"], c["name"])
                st = p.extra["stats"]
                st["completed"][c["kind"]] = st["completed"].get(c["kind"], 0) + 1
                st["led" if i == leader else "helped"] += 1
                if exe["dice"][i] and exe["rolled"][i] <= exe["blocks"][i]:
                    st["clean"] += 1
                if t["bonus"]:
                    refit = self._won_bonus(s, p, c["reward"]["bonus"]) or refit
        return refit

    def _bonus(self, s, p, kind: str) -> dict | None:
        mr = s.extra["mr"]
        deck = mr["crew_deck"] if kind == "crew" else mr["part_deck"]
        if not deck:
            self.say(s, f"The {kind} deck is empty: no bonus card", "info", p)
            return None
        cid = deck.pop()
        self.revealed = True
        if kind == "crew":
            p.discard.append(cid)
            self.say(s, f"{self.name(p)} takes the bonus {self.card(cid).name}", "gain", p)
            return None
        if len(p.extra["parts"]) < self.su["max_parts"]:
            self._install(s, p, cid)
            return None
        return {"seat": s.players.index(p), "part": cid}

    def _check_refit(self, s, p, a: A.Refit):
        why = self._phase(s, "refit")
        if why:
            return why
        if not -1 <= a.index < len(p.extra["parts"]):
            return f"there is no installed part {a.index} (-1 lets the bonus part go)"
        return None

    def _do_refit(self, s, p, a: A.Refit):
        mr = s.extra["mr"]
        pid = mr["refit"]["part"]
        mr["refit"] = None
        if a.index == -1:
            mr["part_deck"].insert(0, pid)
            self.say(s, f"{self.name(p)} lets {self.data.parts[pid]['name']} go", "info", p)
        else:
            self._install(s, p, pid, replace=a.index)
        mr["phase"], mr["actor"] = "buy", mr["leader"]
