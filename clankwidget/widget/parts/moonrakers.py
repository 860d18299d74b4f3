"""Moonrakers' view: the table the widget draws for an edition with no map.

Moonrakers has no board, so its view is not the map-and-row view of
:func:`clankwidget.widget.view.view_state` but a table: Dispatch (contracts on offer),
the Armory, the captains' public state, the viewer's hand and secret objectives, the
negotiation and the execution. :func:`table_view` builds it from
:meth:`~clankwidget.rules.moonrakers.MoonrakersRules.observation` for the viewer's seat,
so nothing another seat keeps secret (hands, draw piles, objectives) can reach it; the
widget sends only this to the browser.

Legality and reasons come from the engine (``game.legal_actions()``,
``game.why_illegal``); nothing here decides a rule. Offers and counter-offers are not
listed one by one (there are hundreds): the view gives the bounds (what is left of the
contract to share, who may be invited) and the front end builds one ``offer`` or
``counter`` intent, which the engine checks like any other.

Keys of the table view (``layout`` is ``"table"``)::

    version, edition, features, layout, title, seat, turn, leader, leader_colour, actor,
    actor_colour, you_act, phase, phase_text, hint, terms
    captains   per seat: seat, colour, you, bot (set by the widget), prestige, credits,
               parts [{id, name, cost, text}], claimed [objective names], objectives
               (how many secret), hand_count, deck, discard, play [card views],
               leader, acting, net_worth
    hand       the viewer's cards: [{id, name, kind, cost, text, meets, legal, why}]
    objectives the viewer's secret objectives: [{id, name, text, claimable}]
    dispatch   [{slot, id, name, kind, requires, reward, dice, tried, chosen, hazards,
               alone, choose: {legal, why, intent}, swap: {legal, why, intent}}]; hazards
               is the exact chance of 0, 1, 2... hazards on the contract's dice; alone the
               chance the viewer's own cards meet it without help (while the viewer
               plans or negotiates, else None)
    armory     parts, crew, supply: [{slot|id, name, cost, text, count?, legal, why,
               intent}], replace ({parts: [...], crew: [...]} legal replace intents)
    deal       None, or {contract, left, deals [{seat, colour, terms}], invitable
               [{seat, colour}], offer ({seat, colour, by, by_colour, terms, counters,
               counters_left} or None), can_offer, can_counter}
    execution  None, or {requires, met, playing, playing_colour, waiting, captains
               [{seat, colour, dice, rolled, blocks, exposed, actions, played}]}
    keep       None, or {drop, among [{id, name, text}]} for the viewer putting back
               objectives
    refit      None, or {seat, colour, part {id, name, cost, text}}
    overload   None without the Overload option, else {advanced [{slot, id, name, cost,
               text, legal, why, intent}], replace [replace intents], deck, free_removal,
               join (None or {joined, waiting}: colours), bonus (None or {seat, colour,
               kind, choices [{choice, label, intent}]}), standings (a head-to-head
               execution's requirements met per captain, or None)}; each dispatch item
               also has head_to_head
    actions    the viewer's other legal actions: [{intent, label, where}]
    die        the hazard die's faces
    log, log_total, is_over, end_reason, winners, scores, can_undo, can_redo
"""

from __future__ import annotations

from typing import Any

from ...odds import captain_meet_odds, hazard_odds
from ...registry import edition
from ...rules import actions as A
from . import ViewPart, log_view, plural

__all__ = ["MoonrakersPart", "moonrakers_part", "table_view"]

_PHASES = {
    "keep": "putting back objectives",
    "plan": "planning",
    "negotiate": "negotiating",
    "respond": "answering an offer",
    "execute": "executing the contract",
    "refit": "fitting a bonus part",
    "join": "deciding whether to join a head-to-head contract",
    "bonus": "choosing a bonus card",
    "buy": "buying at the Armory",
}

_KIND_WORDS = {
    "damage": "Damage",
    "shield": "Shield",
    "reactor": "Reactor",
    "thruster": "Thruster",
    "crew": "Crew",
}

# Actions drawn by their own panel (a contract's, an Armory card's, a card in hand's).
_OWN_PANEL = frozenset(
    {
        "offer",
        "counter",
        "play",
        "choose-contract",
        "swap-contract",
        "buy-part",
        "buy-crew",
        "buy-action",
        "replace-offer",
        "claim-objective",
        "drop-objective",
        "take-bonus",
    }
)


class MoonrakersPart(ViewPart):
    """Moonrakers' view part: the whole table (see the module docstring)."""

    def table_view(self, seat: int | None, frozen: str | None = None) -> dict[str, Any]:
        return table_view(self.game, seat, frozen=frozen)

    def action_label(self, action: A.Action) -> str | None:
        """Words for any Moonrakers action (a replay's next step, undo): never what it
        keeps secret (which objective a captain puts back)."""
        return _label(self.game, action)


def moonrakers_part(game) -> MoonrakersPart:
    """The registry's ``view`` for Moonrakers."""
    return MoonrakersPart(game)


def requires_text(requires: dict) -> str:
    """``{"damage": 2, "crew": 1}`` -> ``"2 Damage, 1 Crew"``."""
    return ", ".join(f"{v} {_KIND_WORDS.get(k, k)}" for k, v in requires.items())


def part_text(rules, part: dict) -> str:
    """What a ship part does, in words (the cards it adds and its passive effects)."""
    out = []
    if part["adds"]:
        names = [rules.card(c).name for c in part["adds"]]
        out.append("Adds " + ", ".join(names) + " to your deck")
    p = part["passive"]
    if p.get("start_actions"):
        out.append(f"+{p['start_actions']} action at each execution")
    if p.get("start_draw"):
        out.append(f"draw {plural(p['start_draw'], 'card')} at each execution")
    if p.get("block"):
        out.append(f"blocks {plural(p['block'], 'hazard')}")
    if p.get("miss_damage"):
        out.append(f"each Miss you play meets {p['miss_damage']} Damage")
    if p.get("meets"):
        out.append("meets " + requires_text(p["meets"]))
    if p.get("success_credits"):
        out.append(f"+{p['success_credits']} credits on each success")
    text = "; ".join(out)
    return text[:1].upper() + text[1:] + "." if text else ""


def reward_text(reward: dict) -> str:
    out = [f"{reward['prestige']} prestige", plural(reward["credits"], "credit")]
    if reward.get("bonus"):
        out.append(f"a bonus {reward['bonus']} card")
    return ", ".join(out)


def terms_text(t: dict) -> str:
    out = [f"{t['prestige']} prestige", plural(t["credits"], "credit")]
    if t["bonus"]:
        out.append("the bonus card")
    out.append(plural(t["dice"], "hazard die", "hazard dice") + " to roll")
    return ", ".join(out)


def _card(rules, cid: str) -> dict[str, Any]:
    c = rules.mr_card(cid)
    return {
        "id": cid,
        "name": c["name"],
        "kind": c["kind"],
        "cost": c["cost"],
        "text": c.get("text", ""),
        "meets": dict(c["meets"]),
    }


def _part(rules, pid: str) -> dict[str, Any]:
    part = rules.data.parts[pid]
    return {"id": pid, "name": part["name"], "cost": part["cost"], "text": part_text(rules, part)}


def _option_of(game, action: A.Action, legal: set, frozen: str | None = None) -> dict[str, Any]:
    ok = action in legal
    return {
        "legal": ok,
        "why": None if ok else (frozen or game.why_illegal(action) or "not possible now"),
        "intent": action.to_dict(),
    }


#: Labels of the actions that take no argument.
_LABELS = {
    "stay-at-base": "Stay at base (+1 credit, new hand, objectives)",
    "abandon": "Abandon this contract",
    "accept": "Accept the offer",
    "refuse": "Refuse the offer",
    "stop-playing": "Stop playing (hold back the rest)",
    "end-turn": "End the turn",
    "join-contract": "Join the head-to-head contract",
    "stay-out": "Stay out of it",
}


def _label(game, a: A.Action) -> str:
    rules, s = game.rules, game.state
    k = a.kind
    if k in _LABELS:
        return _LABELS[k]
    if k == "launch":
        return "Launch with the crew agreed" if s.extra["mr"]["deals"] else "Launch alone"
    if k == "call-on":
        return f"Call on {s.players[a.seat].colour.capitalize()} to play"
    if k == "refit":
        if a.index == -1:
            return "Let the bonus part go"
        me = rules.acting(s)
        return f"Replace {rules.data.parts[me.extra['parts'][a.index]]['name']}"
    if k in ("choose-contract", "swap-contract"):
        verb = "Choose" if k == "choose-contract" else "Swap"
        return f"{verb} {rules.data.contracts[s.extra['mr']['dispatch'][a.slot]]['name']}"
    if k == "buy-part":
        return f"Buy {rules.data.parts[s.extra['mr']['parts_offer'][a.slot]]['name']}"
    if k == "buy-crew":
        return f"Hire {rules.card(s.extra['mr']['crew_offer'][a.slot]).name}"
    if k == "buy-action":
        return f"Buy {rules.card(a.card).name}"
    if k in ("offer", "counter"):
        to = f" {s.players[a.seat].colour.capitalize()}" if k == "offer" else ""
        terms = {t: getattr(a, t) for t in ("prestige", "credits", "bonus", "dice")}
        return f"{k.capitalize()}{to} {terms_text(terms)}"
    if k == "drop-objective":
        return "Put back an objective"  # which one stays secret
    if k == "claim-objective":
        return f"Reveal {rules.data.objectives[a.objective]['name']}"
    if k == "replace-offer":
        return f"Replace an Armory {'part' if a.offer == 'parts' else 'crew card'}"
    return str(a)


def _hazards(rules, dice: int) -> list[float]:
    return [round(p, 6) for p in hazard_odds(dice, faces=rules.data.faces).pmf]


def _alone_odds(rules, obs):
    """``chance(contract)``: the chance the viewer's hand and draw pile (theirs to see)
    meet it with no help (:func:`clankwidget.odds.captain_meet_odds`, seeded)."""
    return lambda c: captain_meet_odds(rules, obs, c, n=200, seed=0, max_exact=2_000).p


def table_view(game, seat: int | None = 0, *, frozen: str | None = None) -> dict[str, Any]:
    """The Moonrakers table for the person in ``seat`` (``None``: a spectator, who sees
    no hand and no objective). Pure: reads the game, changes nothing. ``frozen`` (a
    replay's view): nothing is offered, every control says this reason."""
    rules, s = game.rules, game.state
    n = len(s.players)
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"seat must be a player index from 0 to {n - 1} or None, got {seat!r}")
    entry = edition(game.edition)
    obs = rules.observation(s, seat if seat is not None else 0)
    t = obs["table"]
    actor = t["actor"]
    you_act = seat is not None and actor == seat and not s.over and frozen is None
    legal = set(game.legal_actions()) if you_act else set()

    def _option(game, action, legal):  # every option's reason, frozen or the engine's
        return _option_of(game, action, legal, frozen)

    colour = [p.colour for p in s.players]

    captains = []
    for i, c in enumerate(obs["captains"]):
        q = s.players[i]
        captains.append(
            {
                "seat": i,
                "colour": c["colour"],
                "you": i == seat,
                "bot": None,
                "prestige": c["prestige"],
                "credits": c["credits"],
                "parts": [_part(rules, pid) for pid in c["parts"]],
                "claimed": [rules.data.objectives[o]["name"] for o in c["claimed"]],
                "objectives": c["objectives"],
                "hand_count": c["hand"],
                "deck": c["deck"],
                "discard": len(c["discard"]),
                "play": [_card(rules, cid) for cid in c["play"]],
                "leader": i == t["leader"],
                "acting": i == actor and not s.over,
                "net_worth": rules.net_worth(s, q),
            }
        )

    hand, objectives = [], []
    if seat is not None:
        for cid in obs["hand"]:
            card = _card(rules, cid)
            card.update(_option(game, A.Play(cid), legal))
            del card["intent"]
            hand.append(card)
        for oid in obs["objectives"]:
            o = rules.data.objectives[oid]
            opt = _option(game, A.ClaimObjective(oid), legal)
            objectives.append(
                {
                    "id": oid,
                    "name": o["name"],
                    "text": o["text"],
                    "claimable": opt["legal"],
                    "why": opt["why"],
                    "intent": opt["intent"],
                }
            )

    # the chance the viewer's own cards meet each contract alone, while they choose one
    chance = None
    if you_act and t["phase"] in ("plan", "negotiate"):
        chance = _alone_odds(rules, obs)
    dispatch = []
    for slot, cid in enumerate(t["dispatch"]):
        c = rules.data.contracts[cid]
        dispatch.append(
            {
                "slot": slot,
                "id": cid,
                "name": c["name"],
                "kind": c["kind"],
                "requires": dict(c["requires"]),
                "requires_text": requires_text(c["requires"]),
                "reward": dict(c["reward"]),
                "reward_text": reward_text(c["reward"]),
                "dice": c["dice"],
                "tried": cid in t["tried"],
                "chosen": t["contract"] == slot,
                "hazards": _hazards(rules, c["dice"]),
                "alone": None if chance is None else round(chance(c), 4),
                "head_to_head": bool(c.get("head_to_head")),
                "choose": _option(game, A.ChooseContract(slot), legal),
                "swap": _option(game, A.SwapContract(slot), legal),
            }
        )

    me = s.players[seat] if seat is not None else None
    parts_offer = []
    for slot, pid in enumerate(t["parts_offer"]):
        item = _part(rules, pid)
        item["slot"] = slot
        full = me is not None and len(me.extra["parts"]) >= rules.su["max_parts"]
        if full:
            item["replace"] = [
                _option(game, A.BuyPart(slot, j), legal) for j in range(len(me.extra["parts"]))
            ]
            item.update(_option(game, A.BuyPart(slot, 0), legal))
        else:
            item.update(_option(game, A.BuyPart(slot), legal))
        parts_offer.append(item)
    crew_offer = []
    for slot, cid in enumerate(t["crew_offer"]):
        item = _card(rules, cid)
        item["slot"] = slot
        item.update(_option(game, A.BuyCrew(slot), legal))
        crew_offer.append(item)
    supply = []
    for cid, count in obs["supply"].items():
        item = _card(rules, cid)
        item["count"] = count
        item.update(_option_of(game, A.BuyAction(cid), legal, frozen))
        supply.append(item)
    replace = {
        offer: [
            _option(game, A.ReplaceOffer(offer, slot), legal)
            for slot in range(len(t["parts_offer" if offer == "parts" else "crew_offer"]))
        ]
        for offer in ("parts", "crew")
    }

    deal = None
    if t["contract"] is not None and t["phase"] in ("negotiate", "respond"):
        left = rules.left_to_share(s)
        offer = t["offer"]
        offer_view = None
        if offer is not None:
            offer_view = {
                "seat": offer["seat"],
                "colour": colour[offer["seat"]],
                "by": offer["by"],
                "by_colour": colour[offer["by"]],
                "terms": dict(offer["terms"]),
                "terms_text": terms_text(offer["terms"]),
                "counters": offer["counters"],
                "counters_left": max(0, rules.su["max_counters"] - offer["counters"]),
                # what may be asked of this deal (its own terms put back)
                "left": rules.left_to_share(s, offer["seat"]),
            }
        deal = {
            "contract": t["contract"],
            "left": left,
            "deals": [
                {"seat": int(k), "colour": colour[int(k)], "terms": v, "terms_text": terms_text(v)}
                for k, v in sorted(t["deals"].items(), key=lambda kv: int(kv[0]))
            ],
            "invitable": [
                {"seat": i, "colour": colour[i]}
                for i in range(n)
                if i != t["leader"] and i not in t["asked"]
            ],
            "offer": offer_view,
            "can_offer": any(a.kind == "offer" for a in legal),
            "can_counter": any(a.kind == "counter" for a in legal),
        }

    execution = None
    exe = t["execution"]
    if exe is not None:
        c = rules.contract(s)
        execution = {
            "requires": dict(c["requires"]),
            "met": rules.met(s),
            "playing": exe["playing"],
            "playing_colour": colour[exe["playing"]] if exe["playing"] is not None else None,
            "waiting": list(exe["waiting"]),
            "captains": [
                {
                    "seat": i,
                    "colour": colour[i],
                    "dice": exe["dice"][i],
                    "rolled": exe["rolled"][i],
                    "blocks": exe["blocks"][i],
                    "exposed": max(0, exe["rolled"][i] - exe["blocks"][i]),
                    "actions": exe["actions"][i],
                    "played": [_card(rules, cid) for cid in s.players[i].play],
                }
                for i in exe["seats"]
            ],
        }

    keep = None
    if t["phase"] == "keep" and you_act:
        drop = [a for a in game.legal_actions() if a.kind == "drop-objective"]
        keep = {
            "drop": s.extra["mr"]["keep"]["drop"],
            "among": [
                {
                    "id": a.objective,
                    "name": rules.data.objectives[a.objective]["name"],
                    "text": rules.data.objectives[a.objective]["text"],
                    "intent": a.to_dict(),
                }
                for a in drop
            ],
        }
    refit = None
    if t["refit"] is not None:
        refit = {
            "seat": t["refit"]["seat"],
            "colour": colour[t["refit"]["seat"]],
            "part": _part(rules, t["refit"]["part"]),
        }

    actions = [
        {"intent": a.to_dict(), "label": _label(game, a), "where": "turn"}
        for a in game.legal_actions()
        if you_act and a.kind not in _OWN_PANEL
    ]
    contract = rules.contract(s)
    return {
        "version": 2,
        "layout": "table",
        "edition": game.edition,
        "features": sorted(entry.features),
        "title": entry.title,
        "seat": seat,
        "turn": s.turn,
        "leader": t["leader"],
        "leader_colour": colour[t["leader"]],
        "actor": actor,
        "actor_colour": colour[actor],
        "you_act": you_act,
        "phase": t["phase"],
        "phase_text": _PHASES.get(t["phase"], t["phase"]),
        "contract": None if contract is None else contract["name"],
        "hint": _hint(game, seat, you_act, t, contract),
        "terms": dict(entry.vocabulary),
        "captains": captains,
        "hand": hand,
        "objectives": objectives,
        "dispatch": dispatch,
        "armory": {
            "parts": parts_offer,
            "crew": crew_offer,
            "supply": supply,
            "replace": replace,
            "decks": dict(t["decks"]),
        },
        "deal": deal,
        "execution": execution,
        "keep": keep,
        "refit": refit,
        "overload": _overload_view(game, t, legal, frozen) if rules.overload else None,
        "actions": actions,
        "die": list(rules.data.faces),
        "win": rules.su["win_prestige"],
        "max_parts": rules.su["max_parts"],
        "log": log_view(s),
        "log_total": len(s.log),
        "is_over": s.over,
        "end_reason": s.end_reason,
        "winners": game.winners() if s.over else [],
        "scores": game.scores(),
        "can_undo": False,
        "can_redo": False,
    }


def _hint(game, seat, you_act, t, contract) -> str:
    s = game.state
    if s.over:
        win = game.winners()
        names = " and ".join(c.capitalize() for c in win)
        return (
            f"Game over ({s.end_reason}). {names} {'wins' if len(win) == 1 else 'share the win'}."
        )
    who = s.players[t["actor"]].colour.capitalize()
    phase = t["phase"]
    if not you_act:
        return f"{who} is {_PHASES.get(phase, phase)}…"
    if phase == "negotiate":
        return f"{contract['name']}: invite a captain with an offer, launch, or abandon it."
    if phase == "execute" and t["execution"]["playing"] is None:
        return "Call on the next captain to play their cards."
    return _HINTS.get(phase, "")


#: What to do now, by phase, for the person who acts.
_HINTS = {
    "keep": "Put back an objective you will not aim for (the others stay secret).",
    "plan": "Choose a contract at Dispatch (or swap one for a credit), or stay at base.",
    "respond": "An offer is waiting for your answer: accept, refuse or counter.",
    "execute": "Play cards to meet the contract (each takes an action), then stop.",
    "refit": "Your terminal is full: replace a part with the bonus part, or let it go.",
    "join": "A head-to-head contract: join it (you compete, no deal) or stay out.",
    "bonus": "Take your bonus: the top of its deck or an advanced action card.",
    "buy": "Buy ship parts, crew or action cards at the Armory, then end the turn.",
}


def _overload_view(game, t: dict, legal: set, frozen: str | None = None) -> dict[str, Any]:
    """The Overload parts of the table (see the module docstring's ``overload``)."""
    rules, s = game.rules, game.state
    colour = [p.colour for p in s.players]
    advanced = []
    for slot, cid in enumerate(t["advanced_offer"]):
        item = _card(rules, cid)
        item["slot"] = slot
        item.update(_option_of(game, A.BuyAction(cid), legal, frozen))
        advanced.append(item)
    join = t["join"]
    bonus = None
    if t["bonus"] is not None:
        seat = t["bonus"]["seat"]
        choices = [a for a in legal if a.kind == "take-bonus"]
        bonus = {
            "seat": seat,
            "colour": colour[seat],
            "kind": t["bonus"]["kind"],
            "choices": [
                {
                    "choice": a.choice,
                    "label": f"Top of the {t['bonus']['kind']} deck"
                    if a.choice == "deck"
                    else f"{rules.card(a.choice).name} ({rules.card(a.choice).cost} cr)",
                    "intent": a.to_dict(),
                }
                for a in sorted(choices, key=lambda a: (a.choice != "deck", a.choice))
            ],
        }
    standings = None
    exe = t["execution"]
    if exe is not None and exe.get("own") is not None:
        standings = [
            {"seat": i, "colour": colour[i], "met": rules.own_met(s, i)} for i in exe["seats"]
        ]
    return {
        "advanced": advanced,
        "replace": [
            _option_of(game, A.ReplaceOffer("advanced", slot), legal, frozen)
            for slot in range(len(t["advanced_offer"]))
        ],
        "deck": t["advanced_deck"],
        "free_removal": t["free_removal"],
        "join": None
        if join is None
        else {
            "joined": [colour[i] for i in join["joined"]],
            "waiting": [colour[i] for i in join["queue"]],
        },
        "bonus": bonus,
        "standings": standings,
    }
