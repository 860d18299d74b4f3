"""What the view shows of a ship: Clank! In! Space! and its Pulsarcade expansion.

Pure reads of the engine, like :mod:`clankwidget.widget.view` (which calls these): the
ship's features space by space, the edition's public state (data cubes, command codes,
crystals, bounty hunters, the lockdown, Arcade Cabinets, the Pulsarcade modules) and its
actions in words. Nothing here decides a rule: legality and reasons come from the engine.
"""

from __future__ import annotations

from typing import Any

from ..rules import actions as A

__all__ = [
    "action_label",
    "action_space",
    "cabinets_view",
    "effects_text",
    "is_ship",
    "notes",
    "panels",
    "player_facts",
    "rage_extras",
    "ship_view",
    "space_extras",
    "token_breakdown",
]


def is_ship(game) -> bool:
    """Whether ``game`` is played on an assembled ship (Clank! In! Space! and its kin)."""
    rules = game.rules
    return hasattr(rules, "command_modules") and hasattr(rules, "hyperlifts")


def effects_text(game, effects) -> str:
    """Edition effects in words, Research tokens by name."""
    from ..rules.space import describe_space

    tokens = _research_tokens(game)
    parts = []
    for e in effects:
        key, value = next(iter(e.items()))
        if key == "research" and value in tokens:
            parts.append(f"take the {tokens[value]['name']} Research token")
        else:
            parts.append(describe_space([e], getattr(game.rules, "factions", {})))
    return ", ".join(p for p in parts if p)


def _module(game, kind: str):
    finder = getattr(game.rules, "module", None)
    return finder(kind) if callable(finder) else None


def _module_state(game, m) -> dict:
    return game.state.extra.get("modules", {}).get(m.id, {})


def _research_tokens(game) -> dict:
    lab = _module(game, "research-lab")
    return lab.data.get("tokens", {}) if lab is not None else {}


def _vault_credits(game, vault, vid: str) -> int:
    """The Credits a ransack of vault ``vid`` takes now: those of its highest filled slot."""
    filled = _module_state(game, vault).get("filled", [])
    slots = [
        slot for (v, slot), f in zip(vault.data["fill"], filled, strict=False) if f and v == vid
    ]
    return vault.data["vaults"][vid]["slots"][max(slots)] if slots else 0


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


# ---------------------------------------------------------------------------
# The board


def space_extras(game, sp) -> dict[str, Any]:
    """The ship features of space ``sp`` and what is on them now."""
    s = game.state
    rules = game.rules
    extra = s.extra
    out: dict[str, Any] = {
        "module": sp.module,
        "command": sp.module in rules.command_modules,
        "checkpoint": sp.checkpoint,
        "hyperlift": sp.hyperlift,
        "telepad": sp.telepad,
        "lockdown": bool(sp.lockdown),
        "sealed": bool(sp.lockdown and sp.hyperlift and extra.get("lockdown")),
        "escape_pods": extra.get("pods", {}).get(sp.id, 0) if sp.escape_pods else None,
        "data_port": None,
        "redemption": sp.redemption,
        "artifact_cost": sp.artifact_cost if sp.id in s.artifacts else None,
        "enter": effects_text(game, sp.enter) if sp.enter else "",
        "vat": None,
        "vaults": [],
    }
    if sp.data_port is not None:
        out["data_port"] = {
            "text": effects_text(game, sp.data_port),
            "used_by": extra.get("ports", {}).get(sp.id),
        }
    vats = _module(game, "cloning-vats")
    if vats is not None and sp.id in vats.data.get("vats", {}):
        clones = _module_state(game, vats).get("vats", {}).get(sp.id, [])
        out["vat"] = {"squares": vats.data["vats"][sp.id], "clones": list(clones)}
    vault = _module(game, "vault")
    if vault is not None:
        for vid, v in vault.data.get("vaults", {}).items():
            if sp.id in v.get("from", ()):
                cubes = vault.count(s, vid)
                out["vaults"].append(
                    {
                        "id": vid,
                        "name": v["name"],
                        "cubes": cubes,
                        "credits": _vault_credits(game, vault, vid),
                        "code": bool(v.get("code")),
                    }
                )
    return out


def ship_view(game) -> dict[str, Any]:
    """The ship as a whole: modules, command codes, crystals, pods, the lockdown."""
    s = game.state
    rules = game.rules
    extra = s.extra
    n = len(s.players)
    lockdown_spaces = [sp.id for sp in game.board.spaces if sp.lockdown]
    return {
        "modules": [
            {"id": m["id"], "name": m.get("name", m["id"]), "command": bool(m.get("command"))}
            for m in game.board.modules
        ],
        "codes_left": extra.get("codes", 0),
        "codes_total": n,
        "crystals_left": extra.get("crystals", 0),
        "crystals_total": rules.bank.get("crystals", 0),
        "pods_left": sum(extra.get("pods", {}).values()),
        "lockdown": bool(extra.get("lockdown")),
        "lockdown_spaces": lockdown_spaces,
        "data_cubes": rules.bank.get("data_cubes", 2),
    }


def rage_extras(game) -> dict[str, Any]:
    """Where the bounty hunters and the lockdown token wait on the rage track."""
    data = game.rules.data.get("rage", {})
    hunters = {int(k): v for k, v in game.state.extra.get("hunters", {}).items() if v}
    lockdown_at = data.get("lockdown")
    return {
        "hunters": {str(k): v for k, v in sorted(hunters.items())},
        "red_zone": list(data.get("red_zone", ())),
        "plaid": data.get("plaid"),
        "lockdown_at": None if game.state.extra.get("lockdown") else lockdown_at,
        "hit_all": game.rules.hit_all,
    }


# ---------------------------------------------------------------------------
# Players


def _fact(fid: str, label: str, value: str, title: str = "") -> dict:
    return {"id": fid, "label": label, "value": value, "title": title or f"{label}: {value}"}


def player_facts(game, p) -> list[dict]:
    """Short public facts about one thief for the player panels, in reading order."""
    s = game.state
    rules = game.rules
    board = game.board
    facts = []
    data = p.extra.get("data", 0)
    hacked = [board.space(x).name for x in p.extra.get("hacked", ())]
    if rules.has_code(p):
        facts.append(
            _fact(
                "code",
                "Command code",
                "✓",
                "Command code: complete (data ports hacked in "
                + ", ".join(hacked or ["?"])
                + "): the command module is open",
            )
        )
    else:
        facts.append(
            _fact(
                "data",
                "Data",
                f"{data} left",
                f"{_plural(data, 'data cube')} left to hack ports with"
                + (f"; hacked: {', '.join(hacked)}" if hacked else "")
                + ". Two ports in two modules make the command code.",
            )
        )
    crystals = rules.crystals_held(p)
    if crystals:
        sixth = sum(1 for t in p.tokens if t.get("crystal"))
        facts.append(
            _fact(
                "crystals",
                "Crystals",
                str(crystals),
                f"{_plural(crystals, 'power crystal')}"
                + (" (the Sixth Crystal counts as one)" if sixth else ""),
            )
        )
    cabinets = getattr(rules, "cabinets", None)
    if cabinets is not None:
        mine = [cabinets[c] for c in p.extra.get("cabinets", ()) if c in cabinets]
        tokens = sum(c["tokens"] for c in mine)
        if mine:
            facts.append(
                _fact(
                    "cabinets",
                    "Cabinets",
                    f"{len(mine)} ({_plural(tokens, 'token')})",
                    "Arcade Cabinets: "
                    + ", ".join(f"{c['name']} ({_plural(c['tokens'], 'token')})" for c in mine),
                )
            )
        if s.players[s.current] is p and p.is_in and not s.over:
            shot = rules.skill_shot(p)
            steps = ", ".join(f"{need} → +{k}" for need, k in rules.data.get("skill_shot", ()))
            facts.append(
                _fact(
                    "skill-shot",
                    "Skill made",
                    f"{p.skill_generated}" + (f" (Shot +{shot})" if shot else ""),
                    f"Skill generated this turn: {p.skill_generated}, spent or not. "
                    f"Skill Shot: {steps} tokens at a Redemption space.",
                )
            )
    theater = _module(game, "danger-theater")
    if theater is not None:
        pos = _module_state(game, theater).get("contestants", {}).get(p.colour, 0)
        spot = theater.data["track"][pos]
        sword = spot["level"] >= theater.data["per_turn_level"]
        facts.append(
            _fact(
                "theater",
                "Danger Vision",
                f"{spot['points']} pts · L{spot['level']}",
                f"Danger Theater: space {pos} of {len(theater.data['track']) - 1}, "
                f"{spot['points']} points, level {spot['level']}"
                + (" (+1 Sword each turn)" if sword else "")
                + (
                    " (ignores security checkpoints)"
                    if spot["level"] >= theater.data["no_checkpoints_level"]
                    else ""
                ),
            )
        )
    track = _module(game, "race-track")
    if track is not None:
        st = _module_state(game, track)
        standings = st.get("standings", [])
        if p.colour in standings:
            i = standings.index(p.colour)
            value = f"{_ordinal(i + 1)} · {track.data['standings'][i]} pts"
            title = f"Race Track: finished {_ordinal(i + 1)}, {track.data['standings'][i]} points"
        else:
            node = st.get("racers", {}).get(p.colour, track.data.get("start"))
            value = _race_node(node)
            title = f"Race Track: the racer is at {_race_node(node)}; not finished yet"
        facts.append(_fact("race", "Race", value, title))
    research = p.extra.get("research", ())
    if research:
        tokens = _research_tokens(game)
        names = [tokens.get(t, {}).get("name", t) for t in research]
        facts.append(
            _fact(
                "research",
                "Research",
                ", ".join(names),
                "Research tokens (a bonus once a turn when you play a reserve card): "
                + "; ".join(
                    f"{tokens.get(t, {}).get('name', t)}: "
                    f"{effects_text(game, tokens.get(t, {}).get('bonus', ()))}"
                    for t in research
                ),
            )
        )
    vats = _module(game, "cloning-vats")
    if vats is not None:
        where = [
            board.space(sid).name
            for sid, cubes in _module_state(game, vats).get("vats", {}).items()
            if p.colour in cubes
        ]
        if where:
            facts.append(
                _fact(
                    "clones",
                    "Clones",
                    str(len(where)),
                    "Clones in the Cloning Vats (each takes a bounty hunter's hit): "
                    + ", ".join(where),
                )
            )
    marks = p.extra.get("marks", 0)
    if marks:
        facts.append(
            _fact(
                "marks",
                "Marked",
                str(marks),
                f"{_plural(marks, 'damage')} marked with black cubes (no cubes were left)",
            )
        )
    return facts


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _race_node(node: str | None) -> str:
    return (node or "start").replace("-", " ")


# ---------------------------------------------------------------------------
# Table panels


def panels(game) -> list[dict]:
    """The ship's shared state as small panels: ``{id, title, rows: [{label, value,
    colour?, title?}], note?}``, drawn generically by the front end."""
    s = game.state
    ship = ship_view(game)
    colours = [p.colour for p in s.players]
    sealed = ", ".join(game.board.space(x).name for x in ship["lockdown_spaces"])
    rows = [
        {
            "label": "Command codes left",
            "value": f"{ship['codes_left']} of {ship['codes_total']}",
            "title": "Hack two data ports in two modules to take one",
        },
        {
            "label": "Power crystals left",
            "value": f"{ship['crystals_left']} of {ship['crystals_total']}",
        },
        {"label": "Escape pods left", "value": str(ship["pods_left"])},
        {
            "label": "Lockdown",
            "value": f"sealed: {sealed}" if ship["lockdown"] else "not yet",
            "title": "At the end of the red zone the lockdown token seals a hyperlift",
        },
    ]
    out = [{"id": "ship", "title": "The ship", "rows": rows}]
    theater = _module(game, "danger-theater")
    if theater is not None:
        track = theater.data["track"]
        out.append(
            {
                "id": "danger-theater",
                "title": "Danger Theater",
                "note": f"Once a turn, after making {theater.data['clank_needed']}+ Clank!, "
                "thrill the audience: your contestant moves up one space.",
                "rows": [
                    {
                        "label": "Points by space",
                        "value": " · ".join(str(t["points"]) for t in track),
                    },
                    {
                        "label": f"Level {theater.data['per_turn_level']}",
                        "value": effects_text(game, theater.data["per_turn"]) + " a turn",
                    },
                    {
                        "label": f"Level {theater.data['no_checkpoints_level']}",
                        "value": "no checkpoint stops",
                    },
                ],
            }
        )
    race = _module(game, "race-track")
    if race is not None:
        st = _module_state(game, race)
        standings = st.get("standings", [])
        rows = []
        for c in colours:
            if c in standings:
                i = standings.index(c)
                value = f"finished {_ordinal(i + 1)} ({race.data['standings'][i]} pts)"
            else:
                value = _race_node(st.get("racers", {}).get(c))
            rows.append({"label": c.capitalize(), "colour": c, "value": value})
        points = race.data["standings"]
        free = [str(pts) for who, pts in zip(standings, points, strict=False) if who is None]
        out.append(
            {
                "id": "race-track",
                "title": "Race Track",
                "note": "Standings left: " + (", ".join(free) + " pts" if free else "none"),
                "rows": rows,
            }
        )
    lab = _module(game, "research-lab")
    if lab is not None:
        taken = _module_state(game, lab).get("taken", {})
        rows = []
        for tid, token in lab.data.get("tokens", {}).items():
            who = taken.get(tid)
            rows.append(
                {
                    "label": token["name"],
                    "value": who.capitalize() if who else "on its port",
                    "colour": who,
                    "title": effects_text(game, token.get("bonus", ())),
                }
            )
        out.append({"id": "research-lab", "title": "Research Lab", "rows": rows})
    vault = _module(game, "vault")
    if vault is not None:
        rows = []
        for vid, v in vault.data.get("vaults", {}).items():
            cubes = vault.count(s, vid)
            rows.append(
                {
                    "label": v["name"] + (" (code)" if v.get("code") else ""),
                    "value": f"{cubes}/{len(v['slots'])} filled"
                    + (f" · {_vault_credits(game, vault, vid)} Credits" if cubes else ""),
                    "title": "Credits by filled slot: " + ", ".join(map(str, v["slots"])),
                }
            )
        out.append(
            {
                "id": "vault",
                "title": "Vault",
                "note": f"Ransack from a connected space: {vault.data['ransack_clank']} Clank!",
                "rows": rows,
            }
        )
    return out


def cabinets_view(game, seat, why) -> list[dict] | None:
    """Arcade Cabinets: each with its condition, tokens, copies left and owners.

    ``why(action)`` gives the reason a claim is not possible for the viewer now.
    """
    rules = game.rules
    cabinets = getattr(rules, "cabinets", None)
    if not cabinets:
        return None
    s = game.state
    out = []
    for cid, cab in cabinets.items():
        owners = [p.colour for p in s.players if cid in p.extra.get("cabinets", ())]
        reason = why(_claim(cid))
        out.append(
            {
                "id": cid,
                "name": cab["name"],
                "tokens": cab["tokens"],
                "text": cab.get("text", ""),
                "left": s.extra.get("cabinets", {}).get(cid, 0),
                "owners": owners,
                "legal": reason is None,
                "why": reason,
            }
        )
    return out


def _claim(cid: str) -> A.Action:
    return A.action_from_dict({"kind": "claim-cabinet", "cabinet": cid})


# ---------------------------------------------------------------------------
# Actions in words


def action_label(game, action: A.Action) -> str | None:
    """A label for an action of these editions (``None``: not one of theirs)."""
    s = game.state
    p = s.player
    board = game.board
    rules = game.rules
    k = action.kind
    if k == "hack-port":
        here = board.space(p.space)
        text = effects_text(game, here.data_port or ())
        last = p.extra.get("data", 0) == 1 and not rules.has_code(p)
        return f"Hack the data port in {here.name} ({text})" + (
            ": completes your command code" if last else ""
        )
    if k == "hyperlift":
        return f"Ride the hyperlift to {board.space(action.to).name}"
    if k == "telepad":
        return f"Beam by telepad to {board.space(action.to).name}"
    if k == "claim-cabinet":
        cab = getattr(rules, "cabinets", {}).get(action.cabinet)
        if cab is None:
            return None
        tokens = _plural(cab["tokens"], "token")
        if action.using == "sixth-crystal":
            return f"Claim {cab['name']} ({tokens}), giving up the Sixth Crystal"
        if "consume_crystal" in cab["condition"]:
            return f"Claim {cab['name']} ({tokens}), consuming a power crystal"
        if "waste_boots" in cab["condition"]:
            n = cab["condition"]["waste_boots"]
            return f"Claim {cab['name']} ({tokens}), wasting {n} Boots"
        return f"Claim the {cab['name']} Arcade Cabinet ({tokens})"
    if k == "steal-artifact":
        value = s.artifacts.get(action.space)
        cost = getattr(rules, "token_costs", {}).get(action.space)
        have = rules.token_total(s, p)
        return f"Steal the {value}-point artifact ({cost} tokens; you have {have})"
    if k == "thrill":
        theater = _module(game, "danger-theater")
        if theater is None:
            return "Thrill the audience"
        pos = _module_state(game, theater).get("contestants", {}).get(p.colour, 0)
        track = theater.data["track"]
        nxt = track[min(pos + 1, len(track) - 1)]
        return (
            f"Thrill the Danger Theater audience (Danger Vision {_plural(nxt['points'], 'point')})"
        )
    if k == "clone":
        return f"Leave a clone in {board.space(p.space).name} (1 Clank! cube)"
    if k == "ransack":
        vault = _module(game, "vault")
        if vault is None:
            return None
        if action.vault not in vault.data["vaults"]:
            return None
        v = vault.data["vaults"][action.vault]
        credits = _vault_credits(game, vault, action.vault)
        return f"Ransack the {v['name']} (+{credits} Credits, {vault.data['ransack_clank']} Clank!)"
    return None


def notes(game) -> list[str]:
    """Facts the actions by the map need: the token total at a Redemption space."""
    rules = game.rules
    p = game.state.player
    at_counter = getattr(rules, "redemptions", None) and p.space in rules.redemptions
    if at_counter and p.is_in and not p.artifacts:
        return [f"Tokens here: {token_breakdown(game)}"]
    return []


def token_breakdown(game) -> str:
    """The current thief's token total at a Redemption space, in words."""
    rules = game.rules
    p = game.state.player
    if not hasattr(rules, "token_total"):
        return ""
    cab = rules.cabinet_tokens(p)
    shot = rules.skill_shot(p)
    bonus = rules.redemptions.get(p.space) or 0
    parts = [f"{cab} from cabinets"]
    if shot:
        parts.append(f"{shot} Skill Shot")
    if bonus:
        parts.append(f"{bonus} here")
    return f"you have {rules.token_total(game.state, p)}: " + " + ".join(parts)


def action_space(game, action: A.Action) -> str | None:
    """The space an action is about (where it takes you or what it takes), if any."""
    for name in ("to", "space"):
        value = getattr(action, name, None)
        if isinstance(value, str) and value in game.board:
            return value
    return None


# ---------------------------------------------------------------------------
# Routes
