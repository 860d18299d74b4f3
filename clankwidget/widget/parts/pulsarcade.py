"""Pulsarcade's part of the view state, on top of the ship's.

Arcade Cabinets and the Skill Shot, Redemption spaces and artifacts bought with tokens,
and the modules of the expansion: the Danger Theater, the Race Track, the Research Lab,
the Vault and the Cloning Vats. Pure reads of the engine.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...rules import actions as A
from . import fact, plural
from .ship import ShipPart

__all__ = ["PulsarcadePart", "pulsarcade_part"]


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _race_node(node: str | None) -> str:
    return (node or "start").replace("-", " ")


class PulsarcadePart(ShipPart):
    """The view of a Pulsarcade game: the ship's, plus the cabinets and the modules."""

    def _module(self, kind: str):
        return self.game.rules.module(kind)

    def _state(self, m) -> dict:
        return self.game.state.extra.get("modules", {}).get(m.id, {})

    def _research_tokens(self) -> dict:
        lab = self._module("research-lab")
        return lab.data.get("tokens", {}) if lab is not None else {}

    def _vault_credits(self, vault, vid: str) -> int:
        """The Credits a ransack of vault ``vid`` takes now: those of its highest filled slot."""
        filled = self._state(vault).get("filled", [])
        slots = [
            slot for (v, slot), f in zip(vault.data["fill"], filled, strict=False) if f and v == vid
        ]
        return vault.data["vaults"][vid]["slots"][max(slots)] if slots else 0

    def effects_text(self, effects) -> str:
        tokens = self._research_tokens()
        parts = []
        for e in effects:
            key, value = next(iter(e.items()))
            if key == "research" and value in tokens:
                parts.append(f"take the {tokens[value]['name']} Research token")
            else:
                parts.append(super().effects_text([e]))
        return ", ".join(p for p in parts if p)

    # -- the map ------------------------------------------------------------------------

    def space_more(self, sp) -> dict[str, Any]:
        s = self.game.state
        out: dict[str, Any] = {
            "redemption": sp.redemption,
            "artifact_cost": sp.artifact_cost if sp.id in s.artifacts else None,
            "vat": None,
            "vaults": [],
        }
        words: list[str] = []
        badges: list[list] = []
        if sp.redemption is not None:
            bonus = f" (+{sp.redemption} tokens)" if sp.redemption else ""
            words.append(f"Redemption space{bonus}: steal an artifact with your tokens")
            badges.append(["ticket", f"+{sp.redemption}" if sp.redemption else None, []])
        vats = self._module("cloning-vats")
        if vats is not None and sp.id in vats.data.get("vats", {}):
            clones = list(self._state(vats).get("vats", {}).get(sp.id, []))
            out["vat"] = {"squares": vats.data["vats"][sp.id], "clones": clones}
            who = f": {', '.join(c.capitalize() for c in clones)}" if clones else ""
            words.append(
                f"cloning vat ({len(clones)} of {vats.data['vats'][sp.id]} squares taken{who})"
            )
            badges.append(["vat", None, clones])
        vault = self._module("vault")
        if vault is not None:
            for vid, v in vault.data.get("vaults", {}).items():
                if sp.id not in v.get("from", ()):
                    continue
                cubes = vault.count(s, vid)
                credits = self._vault_credits(vault, vid)
                out["vaults"].append(
                    {
                        "id": vid,
                        "name": v["name"],
                        "cubes": cubes,
                        "credits": credits,
                        "code": bool(v.get("code")),
                    }
                )
                code = " (needs a command code)" if v.get("code") else ""
                now = f"{credits} Credits now" if cubes else "empty"
                words.append(f"ransack the {v['name']} from here{code}: {now}")
                badges.append(["vault", f"+{credits}" if cubes else "0", []])
        out.update(words=words, badges=badges)
        return out

    # -- players and the table ----------------------------------------------------------

    def more_facts(self, p) -> list[dict]:
        s = self.game.state
        rules = self.game.rules
        board = self.game.board
        facts = []
        cabinets = rules.cabinets
        mine = [cabinets[c] for c in p.extra.get("cabinets", ()) if c in cabinets]
        if mine:
            tokens = sum(c["tokens"] for c in mine)
            facts.append(
                fact(
                    "cabinets",
                    "Cabinets",
                    f"{len(mine)} ({plural(tokens, 'token')})",
                    "Arcade Cabinets: "
                    + ", ".join(f"{c['name']} ({plural(c['tokens'], 'token')})" for c in mine),
                    icon="ticket",
                )
            )
        if s.players[s.current] is p and p.is_in and not s.over:
            shot = rules.skill_shot(p)
            levels = list(rules.data.get("skill_shot", ()))
            steps = ", ".join(f"{need} → +{k}" for need, k in levels)
            top = max((need for need, _ in levels), default=0)
            facts.append(
                fact(
                    "skill-shot",
                    "Skill Shot",
                    f"{p.skill_generated}" + (f" (+{shot})" if shot else ""),
                    f"Skill generated this turn: {p.skill_generated}, spent or not. "
                    f"Skill Shot: {steps} tokens at a Redemption space.",
                    icon="skill",
                    meter={
                        "value": p.skill_generated,
                        "max": top + 2,
                        "marks": [{"at": need, "label": f"+{k}"} for need, k in levels],
                    },
                )
            )
        theater = self._module("danger-theater")
        if theater is not None:
            pos = self._state(theater).get("contestants", {}).get(p.colour, 0)
            spot = theater.data["track"][pos]
            sword = spot["level"] >= theater.data["per_turn_level"]
            calm = spot["level"] >= theater.data["no_checkpoints_level"]
            facts.append(
                fact(
                    "theater",
                    "Danger Vision",
                    f"{spot['points']} pts · L{spot['level']}",
                    f"Danger Theater: space {pos} of {len(theater.data['track']) - 1}, "
                    f"{spot['points']} points, level {spot['level']}"
                    + (" (+1 Sword each turn)" if sword else "")
                    + (" (ignores security checkpoints)" if calm else ""),
                    icon="clank",
                )
            )
        track = self._module("race-track")
        if track is not None:
            st = self._state(track)
            standings = st.get("standings", [])
            if p.colour in standings:
                i = standings.index(p.colour)
                points = track.data["standings"][i]
                value = f"{_ordinal(i + 1)} · {points} pts"
                title = f"Race Track: finished {_ordinal(i + 1)}, {points} points"
            else:
                node = st.get("racers", {}).get(p.colour, track.data.get("start"))
                value = _race_node(node)
                title = f"Race Track: the racer is at {_race_node(node)}; not finished yet"
            facts.append(fact("race", "Race", value, title, icon="boots"))
        research = p.extra.get("research", ())
        if research:
            tokens = self._research_tokens()
            names = [tokens.get(t, {}).get("name", t) for t in research]
            facts.append(
                fact(
                    "research",
                    "Research",
                    ", ".join(names),
                    "Research tokens (a bonus once a turn when you play a reserve card): "
                    + "; ".join(
                        f"{tokens.get(t, {}).get('name', t)}: "
                        f"{self.effects_text(tokens.get(t, {}).get('bonus', ()))}"
                        for t in research
                    ),
                    icon="secret",
                )
            )
        vats = self._module("cloning-vats")
        if vats is not None:
            where = [
                board.space(sid).name
                for sid, cubes in self._state(vats).get("vats", {}).items()
                if p.colour in cubes
            ]
            if where:
                facts.append(
                    fact(
                        "clones",
                        "Clones",
                        str(len(where)),
                        "Clones in the Cloning Vats (each takes a bounty hunter's hit): "
                        + ", ".join(where),
                        icon="vat",
                    )
                )
        return facts

    def panels(self) -> list[dict]:
        out = super().panels()
        s = self.game.state
        theater = self._module("danger-theater")
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
                            "value": self.effects_text(theater.data["per_turn"]) + " a turn",
                        },
                        {
                            "label": f"Level {theater.data['no_checkpoints_level']}",
                            "value": "no checkpoint stops",
                        },
                    ],
                }
            )
        race = self._module("race-track")
        if race is not None:
            st = self._state(race)
            standings = st.get("standings", [])
            rows = []
            for c in (p.colour for p in s.players):
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
        lab = self._module("research-lab")
        if lab is not None:
            taken = self._state(lab).get("taken", {})
            rows = []
            for tid, token in lab.data.get("tokens", {}).items():
                who = taken.get(tid)
                rows.append(
                    {
                        "label": token["name"],
                        "value": who.capitalize() if who else "on its port",
                        "colour": who,
                        "title": self.effects_text(token.get("bonus", ())),
                    }
                )
            out.append({"id": "research-lab", "title": "Research Lab", "rows": rows})
        vault = self._module("vault")
        if vault is not None:
            rows = []
            for vid, v in vault.data.get("vaults", {}).items():
                cubes = vault.count(s, vid)
                credits = f" · {self._vault_credits(vault, vid)} Credits" if cubes else ""
                rows.append(
                    {
                        "label": v["name"] + (" (code)" if v.get("code") else ""),
                        "value": f"{cubes}/{len(v['slots'])} filled{credits}",
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

    def cabinets(self, why) -> list[dict]:
        """Arcade Cabinets: each with its condition, tokens, copies left and owners;
        ``why(action)`` gives the reason a claim is not possible for the viewer now."""
        s = self.game.state
        out = []
        for cid, cab in self.game.rules.cabinets.items():
            reason = why(A.action_from_dict({"kind": "claim-cabinet", "cabinet": cid}))
            out.append(
                {
                    "id": cid,
                    "name": cab["name"],
                    "tokens": cab["tokens"],
                    "value": plural(cab["tokens"], "token"),
                    "text": cab.get("text", ""),
                    "left": s.extra.get("cabinets", {}).get(cid, 0),
                    "owners": [p.colour for p in s.players if cid in p.extra.get("cabinets", ())],
                    "legal": reason is None,
                    "why": reason,
                }
            )
        return out

    def offers(self, seat: int | None, why) -> list[dict]:
        return [
            {
                "id": "cabinets",
                "title": "Arcade Cabinets",
                "hint": "(claim when you meet the condition)",
                "icon": "ticket",
                "items": self.cabinets(why),
            }
        ]

    # -- actions ------------------------------------------------------------------------

    offered_kinds = frozenset({"claim-cabinet"})
    _HERE = ShipPart._HERE | {"clone", "ransack", "steal-artifact"}
    _ICONS: ClassVar[dict[str, str]] = {
        **ShipPart._ICONS,
        "claim-cabinet": "ticket",
        "steal-artifact": "artifact",
        "thrill": "clank",
        "clone": "vat",
        "ransack": "vault",
    }
    _BLOCKED: ClassVar[dict[str, str]] = {
        **ShipPart._BLOCKED,
        "clone": "Leave a clone",
        "thrill": "Thrill the audience",
    }

    def blocked_label(self, action: A.Action) -> str | None:
        if action.kind == "steal-artifact":
            value = self.game.state.artifacts.get(action.space)
            return f"Steal the {value}-point artifact"
        return super().blocked_label(action)

    def action_label(self, action: A.Action) -> str | None:
        s = self.game.state
        p = s.player
        rules = self.game.rules
        k = action.kind
        if k == "claim-cabinet":
            cab = rules.cabinets.get(action.cabinet)
            if cab is None:
                return None
            tokens = plural(cab["tokens"], "token")
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
            cost = rules.token_costs.get(action.space)
            have = rules.token_total(s, p)
            return f"Steal the {value}-point artifact ({cost} tokens; you have {have})"
        if k == "thrill":
            theater = self._module("danger-theater")
            if theater is None:
                return "Thrill the audience"
            pos = self._state(theater).get("contestants", {}).get(p.colour, 0)
            track = theater.data["track"]
            nxt = track[min(pos + 1, len(track) - 1)]
            points = plural(nxt["points"], "point")
            return f"Thrill the Danger Theater audience (Danger Vision {points})"
        if k == "clone":
            return f"Leave a clone in {self.game.board.space(p.space).name} (1 Clank! cube)"
        if k == "ransack":
            vault = self._module("vault")
            if vault is None or action.vault not in vault.data["vaults"]:
                return None
            v = vault.data["vaults"][action.vault]
            credits = self._vault_credits(vault, action.vault)
            clank = vault.data["ransack_clank"]
            return f"Ransack the {v['name']} (+{credits} Credits, {clank} Clank!)"
        return super().action_label(action)

    def notes(self) -> list[str]:
        """The token total at a Redemption space."""
        p = self.game.state.player
        if p.space in self.game.rules.redemptions and p.is_in and not p.artifacts:
            return [f"Tokens here: {self.token_breakdown()}"]
        return []

    def token_breakdown(self) -> str:
        """The current thief's token total at a Redemption space, in words."""
        rules = self.game.rules
        p = self.game.state.player
        cab = rules.cabinet_tokens(p)
        shot = rules.skill_shot(p)
        bonus = rules.redemptions.get(p.space) or 0
        parts = [f"{cab} from cabinets"]
        if shot:
            parts.append(f"{shot} Skill Shot")
        if bonus:
            parts.append(f"{bonus} here")
        return f"you have {rules.token_total(self.game.state, p)}: " + " + ".join(parts)


def pulsarcade_part(game) -> PulsarcadePart:
    """Pulsarcade's part (the registry's ``view`` of the edition)."""
    return PulsarcadePart(game)
