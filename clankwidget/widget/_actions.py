"""Actions in words and places: the label of each action a player may take, the phrase
for a sentence about it, where the view offers it, and the edition's own actions the
engine refuses here (with the reason)."""

from __future__ import annotations

from ..rules import actions as A
from ..rules.effects import describe
from ._edition import edition_part, terms
from .parts import ViewPart


def action_label(game, action: A.Action, part: ViewPart | None = None) -> str:
    """A short label for a legal action, in words a player reads."""
    part = part or edition_part(game)
    s = game.state
    card = game.rules.card
    board = game.board
    k = action.kind
    if k == "play":
        return f"Play {card(action.card).name}"
    if k in ("acquire", "defeat"):
        c = card(s.row[action.slot])
        if k == "acquire":
            return f"Acquire {c.name} ({c.cost} Skill)"
        return f"Defeat {c.name} ({c.defeat} Swords)"
    if k == "acquire-reserve":
        c = card(action.card)
        return f"Acquire {c.name} ({c.cost} Skill)"
    if k == "defeat-reserve":
        c = card(action.card)
        return f"Defeat {c.name} ({c.defeat} Swords)"
    if k == "buy":
        item = _market_item(part, action.item) or {"name": action.item}
        cost, extra = part.market_price(s.player, item)
        more = f", {extra}" if extra else ""
        return f"Buy {item['name']} ({cost} {terms(game)['gold']}{more})"
    if k == "move":
        path = board.paths[action.path]
        dest = board.space(path.other_end(s.player.space)).name
        cost = f"{path.boots} Boot{'s' if path.boots != 1 else ''}"
        if path.monsters:
            hurt = path.monsters - action.swords
            bits = []
            if action.swords:
                bits.append(f"{action.swords} Sword{'s' if action.swords != 1 else ''}")
            if hurt:
                bits.append(f"{hurt} damage")
            cost += ", " + ", ".join(bits)
        return f"Move to {dest} ({cost})"
    if k == "teleport":
        return f"Teleport to {board.space(action.to).name}"
    if k == "take-artifact":
        value = s.artifacts.get(s.player.space)
        return f"Take the {value}-point artifact" if value is not None else "Take the artifact"
    if k == "use-token":
        token = next((t for t in s.player.tokens if t["id"] == action.token), None)
        if token is None:
            return f"Use {action.token}"
        return f"Use {token['name']} ({describe(token.get('use', ()))})"
    if k == "choose":
        return f"Choose: {s.pending['options'][action.option]}" if s.pending else "Choose"
    if k == "decline":
        return "Decline"
    if k == "end-turn":
        return "End turn"
    return part.action_label(action) or _generic_label(game, action)


# Verbs whose -ing form is not the regular one.
_ING = {
    "Stop": "stopping",
    "Get": "getting",
    "Swap": "swapping",
    "Drop": "dropping",
    "Put": "putting",
    "Let": "letting",
}


def action_words(game, action: A.Action) -> str:
    """What an action does, as a phrase for a sentence: ``"playing Stumble"``.

    Built from :func:`action_label` in the game's present state (for a move, say it
    before the move is made or after it is taken back), falling back to the action's
    kind when the label needs a state the game is no longer in.
    """
    try:
        label = action_label(game, action)
    except Exception:  # a label reads the state: words must never fail
        label = _generic_label(game, action)
    verb, _, rest = label.partition(" ")
    if verb.endswith(":"):  # "Choose: ..." -> "choosing ..."
        verb = verb[:-1]
    if verb in _ING:
        ing = _ING[verb]
    elif verb.endswith("e") and not verb.endswith("ee"):
        ing = verb[:-1].lower() + "ing"
    else:
        ing = verb.lower() + "ing"
    if rest[:1].islower() and rest.split(" ", 1)[0] in ("turn",):
        rest = "the " + rest  # "ending the turn"
    return f"{ing} {rest}".strip()


def _generic_label(game, action: A.Action) -> str:
    """Words for an action kind the view has no phrase for (a new edition's)."""
    words = action.kind.replace("-", " ").capitalize()
    args = []
    for name, value in action.to_dict().items():
        if name == "kind" or value in ("", None):
            continue
        if isinstance(value, str) and game.board is not None and value in game.board:
            value = game.board.space(value).name
        args.append(f"{name.replace('_', ' ')} {value}")
    return words + (f" ({', '.join(args)})" if args else "")


def _market_item(part: ViewPart, item_id: str) -> dict | None:
    return next((m for m in part.market_items() if m["id"] == item_id), None)


def action_space(game, action: A.Action) -> str | None:
    """The space an action is about (where it takes you or what it takes), if any."""
    for name in ("to", "space"):
        value = action.to_dict().get(name)
        if isinstance(value, str) and game.board is not None and value in game.board:
            return value
    return None


#: Where the view offers each kind of action; kinds not named here (an edition's own)
#: go to the actions panel by the map, where the edition's part says ("here" or "now").
_WHERE = {
    "play": "hand",
    "acquire": "row",
    "defeat": "row",
    "acquire-reserve": "reserve",
    "defeat-reserve": "reserve",
    "buy": "market",
    "move": "map",
    "teleport": "map",
    "choose": "choice",
    "decline": "choice",
    "end-turn": "turn",
    "take-artifact": "turn",
    "use-token": "turn",
}


def action_where(part: ViewPart, action: A.Action) -> str:
    """Where the view offers ``action``: the table's place for the shared kinds, the
    edition part's choice ("here" or "now") for its own."""
    if action.kind in _WHERE:
        return _WHERE[action.kind]
    return part.action_where(action.kind)


def blocked_actions(game, part: ViewPart, legal: set) -> list[dict]:
    """The edition's own actions the engine considers here but refuses, with the reason
    (a thief learns why the data port in this space cannot be hacked). One line per
    distinct reason; what the edition offers in its own panels (``offers``) says why
    there."""
    out, seen = [], set()
    try:
        candidates = list(game.rules.candidates(game.state))
    except Exception:  # pragma: no cover - candidates are the engine's own
        return []
    for a in candidates:
        if a in legal or a.kind in part.offered_kinds:
            continue
        if a.kind in _WHERE and a.kind != "take-artifact":
            continue
        reason = game.why_illegal(a)
        if not reason or (a.kind, reason) in seen:
            continue
        seen.add((a.kind, reason))
        label = part.blocked_label(a)
        if label is None:
            try:
                label = action_label(game, a, part)
            except Exception:
                label = _generic_label(game, a)
        out.append({"kind": a.kind, "label": label, "why": reason, "where": action_where(part, a)})
    return out
