"""Clank! In! Space!'s part of the view state: the ship.

Data ports and command codes, the sealed command module, hyperlifts and telepads, the
lockdown token, security checkpoints, escape pods, power crystals, bounty hunters on the
rage track and in the bag, the Black Market's prices, card factions. Pure reads of the
engine (see :mod:`clankwidget.widget.parts`).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from ...registry import vocabulary
from ...rules import actions as A
from . import ViewPart, fact, plural

__all__ = ["ShipPart", "ship_part"]


class ShipPart(ViewPart):
    """The view of a game played aboard an assembled ship."""

    # -- words and cards -------------------------------------------------------------

    def effects_text(self, effects) -> str:
        from ...rules.space import describe_space

        return ", ".join(
            p for p in (describe_space([e], self.game.rules.factions) for e in effects) if p
        )

    def card_extra(self, card_id: str) -> dict[str, Any]:
        rules = self.game.rules
        faction = rules.faction_of(card_id)
        return {"faction": rules.factions.get(faction, faction) if faction else None}

    # -- the map ------------------------------------------------------------------------

    def space(self, sp) -> dict[str, Any]:
        s = self.game.state
        extra = s.extra
        command = sp.module in self.game.rules.command_modules
        sealed = bool(sp.lockdown and sp.hyperlift and extra.get("lockdown"))
        out: dict[str, Any] = {
            "start": False,  # where everyone starts ("begin"): not an exit aboard a ship
            "begin": sp.start,
            "module": sp.module,
            "command": command,
            "checkpoint": sp.checkpoint,
            "hyperlift": sp.hyperlift,
            "telepad": sp.telepad,
            "lockdown": bool(sp.lockdown),
            "sealed": sealed,
            "escape_pods": extra.get("pods", {}).get(sp.id, 0) if sp.escape_pods else None,
            "data_port": None,
            "enter": self.effects_text(sp.enter) if sp.enter else "",
        }
        words: list[str] = []
        badges: list[list] = []
        if sp.start:
            words.append("every thief starts here")
        if out["escape_pods"] is not None:
            pods = out["escape_pods"]
            words.append(f"escape pods: {pods} left (reach them with an artifact to escape)")
            badges.append(["pod", str(pods), []])
        if sp.checkpoint:
            words.append("security checkpoint: entering ends your movement")
            badges.append(["checkpoint", None, []])
        if sp.hyperlift:
            if sealed:
                words.append("hyperlift sealed by the lockdown token")
                badges.append(["lockdown", None, []])
            else:
                later = "; the lockdown will seal it" if sp.lockdown else ""
                words.append(
                    "hyperlift: ride to any other hyperlift (no Boots; no more walking this "
                    f"turn){later}"
                )
                badges.append(["lift", None, []])
        if sp.telepad:
            words.append("telepad: with a TelePass, beam to any other telepad")
            badges.append(["telepad", None, []])
        if sp.data_port is not None:
            text = self.effects_text(sp.data_port)
            by = extra.get("ports", {}).get(sp.id)
            out["data_port"] = {"text": text, "used_by": by}
            words.append(f"data port ({text}): {'used by ' + by.capitalize() if by else 'free'}")
            badges.append(["port", None, [by] if by else []])
        more = self.space_more(sp)
        words += more.pop("words", [])
        badges += more.pop("badges", [])
        out.update(more)
        if out["enter"]:
            words.append(f"entering: {out['enter']}")
            clank = re.search(r"\+(\d+) Clank!", out["enter"])
            badges.append(["clank", f"+{clank.group(1)}" if clank else "!", []])
        marks = []
        if command:
            words.append("command module: needs a command code")
            marks.append("command")
        if sealed:
            marks.append("sealed")
        out.update(words=words, badges=badges, marks=marks)
        return out

    def space_more(self, sp) -> dict[str, Any]:
        """More of a space for an edition built on this one (keys, ``words``, ``badges``)."""
        return {}

    def path_gate(self, path) -> str | None:
        board = self.game.board
        a, b = board.space(path.a), board.space(path.b)
        command = self.game.rules.command_modules
        if (a.module in command) != (b.module in command):
            return "into the command module: needs a command code"
        return None

    def module_open(self, module: dict, seat: int | None) -> bool:
        if seat is None:
            return False
        return bool(self.game.rules.has_code(self.game.state.players[seat]))

    def module_title(self, module: dict, is_open: bool) -> str:
        name = module.get("name", module["id"])
        if not module.get("command"):
            return name
        if is_open:
            return f"{name}: open to you (you have a command code)"
        return f"{name}: sealed: needs a command code"

    def legend(self) -> list[dict]:
        return [
            {"icon": icon, "text": text}
            for icon, text in (
                ("boots", "extra Boots to walk"),
                ("monster", "enemy: a Sword or a damage"),
                ("lock", "padlock: needs a Master Key"),
                ("code", "into the command module: needs a command code"),
                ("port", "data port (a cube on it: used)"),
                ("lift", "hyperlift"),
                ("telepad", "telepad (needs a TelePass)"),
                ("checkpoint", "security checkpoint: stop"),
                ("lockdown", "lockdown token: hyperlift sealed"),
                ("pod", "escape pods left"),
                ("artifact", "artifact (points)"),
                ("ticket", "tokens: artifact cost / Redemption bonus"),
                ("secret", "minor secrets (face down)"),
                ("secretMajor", "major secrets (face down)"),
                ("market", "market"),
                ("vat", "cloning vat"),
                ("vault", "ransack a vault (Credits)"),
                ("clank", "Clank! on entering"),
                ("hunter", "bounty hunter (red cube)"),
                ("arrow", "one-way path"),
            )
        ]

    # -- players and the table ----------------------------------------------------------

    def player_facts(self, p) -> list[dict]:
        rules = self.game.rules
        board = self.game.board
        facts = []
        data = p.extra.get("data", 0)
        hacked = [board.space(x).name for x in p.extra.get("hacked", ())]
        if rules.has_code(p):
            facts.append(
                fact(
                    "code",
                    "Command code",
                    "✓",
                    "Command code: complete (data ports hacked in "
                    + ", ".join(hacked or ["?"])
                    + "): the command module is open",
                    icon="code",
                )
            )
        else:
            facts.append(
                fact(
                    "data",
                    "Data",
                    f"{data} left",
                    f"{plural(data, 'data cube')} left to hack ports with"
                    + (f"; hacked: {', '.join(hacked)}" if hacked else "")
                    + ". Two ports in two modules make the command code.",
                    icon="port",
                )
            )
        crystals = rules.crystals_held(p)
        if crystals:
            sixth = sum(1 for t in p.tokens if t.get("crystal"))
            facts.append(
                fact(
                    "crystals",
                    "Crystals",
                    str(crystals),
                    f"{plural(crystals, 'power crystal')}"
                    + (" (the Sixth Crystal counts as one)" if sixth else ""),
                    icon="crystal",
                )
            )
        facts += self.more_facts(p)
        marks = p.extra.get("marks", 0)
        if marks:
            facts.append(
                fact(
                    "marks",
                    "Marked",
                    str(marks),
                    f"{plural(marks, 'damage')} marked with black cubes (no cubes were left)",
                    icon="heart",
                )
            )
        return facts

    def more_facts(self, p) -> list[dict]:
        """More facts for an edition built on this one (before the marks)."""
        return []

    def ship(self) -> dict[str, Any]:
        """The ship as a whole: modules, command codes, crystals, pods, the lockdown."""
        s = self.game.state
        rules = self.game.rules
        extra = s.extra
        return {
            "modules": [
                {"id": m["id"], "name": m.get("name", m["id"]), "command": bool(m.get("command"))}
                for m in self.game.board.modules
            ],
            "codes_left": extra.get("codes", 0),
            "codes_total": len(s.players),
            "crystals_left": extra.get("crystals", 0),
            "crystals_total": rules.bank.get("crystals", 0),
            "pods_left": sum(extra.get("pods", {}).values()),
            "lockdown": bool(extra.get("lockdown")),
            "lockdown_spaces": [sp.id for sp in self.game.board.spaces if sp.lockdown],
            "data_cubes": rules.bank.get("data_cubes", 2),
        }

    def extra(self) -> dict[str, Any]:
        return {"ship": self.ship()}

    def panels(self) -> list[dict]:
        ship = self.ship()
        sealed = ", ".join(self.game.board.space(x).name for x in ship["lockdown_spaces"])
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
        return [{"id": "ship", "title": "The ship", "rows": rows}]

    def rage(self) -> dict[str, Any]:
        game = self.game
        data = game.rules.data.get("rage", {})
        hunters = {int(k): v for k, v in game.state.extra.get("hunters", {}).items() if v}
        lockdown_at = None if game.state.extra.get("lockdown") else data.get("lockdown")
        tokens: dict[str, list] = {}
        for i, k in sorted(hunters.items()):
            wait = "waits" if k == 1 else "wait"
            tokens[str(i)] = [
                {
                    "icon": "hunter",
                    "count": k,
                    "title": f"{plural(k, 'bounty hunter')} {wait} here "
                    "(red cubes join the Clank! area)",
                }
            ]
        if lockdown_at is not None:
            tokens.setdefault(str(lockdown_at), []).append(
                {"icon": "lockdown", "count": 1, "title": "the lockdown token waits here"}
            )
        zones: dict[str, list] = {}
        for i in data.get("red_zone", ()):
            zones.setdefault(str(i), []).append("red")
        if data.get("plaid") is not None:
            zones.setdefault(str(data["plaid"]), []).append("plaid")
        return {
            "icon": "boss",
            "label": f"{vocabulary(game.edition).get('boss', 'Boss')}'s rage",
            "tokens": tokens,
            "zones": zones,
            "hunters": {str(k): v for k, v in sorted(hunters.items())},
            "lockdown_at": lockdown_at,
            "hit_all": game.rules.hit_all,
        }

    def cube_kinds(self) -> dict[str, dict]:
        colour = self.game.rules.hit_all
        if not colour:
            return {}
        return {
            colour: {
                "icon": "hunter",
                "name": "bounty hunter cube",
                "note": "each one drawn hurts every thief aboard",
            }
        }

    def odds_notes(self, reply: dict) -> list[dict]:
        hit = reply.get("hit_all")
        if not hit:
            return []
        text = (
            f" {plural(hit['cubes'], 'bounty hunter cube')} in play: each one drawn hurts "
            "every thief aboard (counted above)."
        )
        clones = False
        for p in reply.get("players", ()):
            if p.get("clones"):
                clones = True
                p["note"] = (
                    f"{plural(p['clones'], 'clone')} in the Cloning Vats take the first bounty "
                    "hunter hits (counted in these odds)"
                )
        if clones:
            text += " * A clone takes a hunter's hit instead (counted above)."
        return [{"icon": "hunter", "text": text}]

    # -- the market ---------------------------------------------------------------------

    def market_price(self, p, item: dict) -> tuple[int, str]:
        if p is not None:
            try:
                found = self.game.rules.market_price(self.game.state, p, item)
            except Exception:  # a price is a label: never let it break the view
                found = None
            if found is not None:
                cost, extra = found
                return int(cost), (self.effects_text(extra) if extra else "")
        return int(item.get("cost", 7)), ""

    def market_extra(self, item: dict, extra: str) -> dict[str, Any]:
        out: dict[str, Any] = {
            "extra": extra,
            "owned": [
                p.colour
                for p in self.game.state.players
                if any(t.get("kind") == "market" and t.get("id") == item["id"] for t in p.tokens)
            ],
        }
        if item.get("buy"):
            out["on_buy"] = self.effects_text(item["buy"])
        return out

    # -- actions ------------------------------------------------------------------------

    _HERE = frozenset({"hack-port", "hyperlift", "telepad"})
    _ICONS: ClassVar[dict[str, str]] = {
        "hack-port": "port",
        "hyperlift": "lift",
        "telepad": "telepad",
    }
    _BLOCKED: ClassVar[dict[str, str]] = {
        "hack-port": "Hack the data port",
        "hyperlift": "Ride the hyperlift",
        "telepad": "Beam by telepad",
    }

    def action_where(self, kind: str) -> str:
        return "here" if kind in self._HERE else "now"

    def action_icon(self, kind: str) -> str | None:
        return self._ICONS.get(kind)

    def blocked_label(self, action: A.Action) -> str | None:
        return self._BLOCKED.get(action.kind)

    def action_label(self, action: A.Action) -> str | None:
        s = self.game.state
        p = s.player
        board = self.game.board
        k = action.kind
        if k == "hack-port":
            here = board.space(p.space)
            text = self.effects_text(here.data_port or ())
            last = p.extra.get("data", 0) == 1 and not self.game.rules.has_code(p)
            return f"Hack the data port in {here.name} ({text})" + (
                ": completes your command code" if last else ""
            )
        if k == "hyperlift":
            return f"Ride the hyperlift to {board.space(action.to).name}"
        if k == "telepad":
            return f"Beam by telepad to {board.space(action.to).name}"
        return None


def ship_part(game) -> ShipPart:
    """Clank! In! Space!'s part (the registry's ``view`` of the edition)."""
    return ShipPart(game)
