"""What the browser may send the board: the intents it knows and the limits on each.

Every message from the view is untrusted. :data:`GAME_KINDS` are the engine's action kinds
(each checked by the rules when applied), :data:`UI_INTENTS` the view's own with their
fields' types; :func:`_payload_problem` refuses a message that is too big, too deep or not
plain JSON before anything reads it.
"""

from __future__ import annotations

from typing import Any

from ..data._files import names
from ..errors import shown
from ..registry import editions
from ..rules import actions as A


def _game_kinds() -> frozenset[str]:
    """Every action kind the engine knows now (an edition registers its own on import)."""
    out, todo = set(), list(A.Action.__subclasses__())
    while todo:
        cls = todo.pop()
        if cls.kind:
            out.add(cls.kind)
        todo.extend(cls.__subclasses__())
    return frozenset(out)


# The editions' own actions (hack-port, hyperlift, claim-cabinet...) are registered when
# their rules module is imported: import them all, so every edition's intents are known.
for _edition in editions(playable=True):
    _edition.rules_class()

#: The engine's action kinds (the intents that are game actions), every edition's.
GAME_KINDS = _game_kinds()

#: UI intents: kind -> {field: (type, required)}.
UI_INTENTS: dict[str, dict[str, tuple[type, bool]]] = {
    "undo": {},
    "redo": {},
    "play-all": {},
    "hover-bag": {},
    "new-game": {"seed": (int, False)},
    "hover-space": {"id": (str, True)},
    "move-to": {"id": (str, True), "option": (int, False)},
    "save": {},
    "save-position": {},
    "list-saves": {},
    "load-saved": {"name": (str, True)},
    "replay": {"step": (int, False)},
    "replay-exit": {},
    "bot-speed": {"speed": (str, True)},
    "skip-bots": {},
    "ready": {},
}

#: Seconds between two bot actions for each speed the view offers.
BOT_SPEEDS = {"slow": 1.0, "normal": 0.4, "fast": 0.1, "instant": 0.0}
# "load" ({"kind": "load", "text": <a save>}) is checked on its own: its text is large.

#: The largest save the view may send (characters); Game.from_json checks the rest.
MAX_LOAD_CHARS = 4 * 2**20

# Limits on what one intent from the browser may hold.
_MAX_NODES = 32
_MAX_STR = 120
_MAX_INT = 2**53


class IntentError(ValueError):
    """An intent the widget refuses; its message is shown in the view."""


def _payload_problem(obj: Any) -> str | None:
    """Why ``obj`` is too big or not plain JSON for an intent (``None`` if it is fine)."""
    stack = [(obj, 0)]
    nodes = 0
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > _MAX_NODES:
            return "the message is too large"
        if depth > 3:
            return "the message is nested too deeply"
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str) or len(k) > _MAX_STR:
                    return "the message has a bad field name"
                stack.append((v, depth + 1))
        elif isinstance(value, list | tuple):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str):
            if len(value) > _MAX_STR:
                return "a text field of the message is too long"
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, int):
            if abs(value) > _MAX_INT:
                return "a number in the message is out of range"
        elif isinstance(value, float):
            pass
        else:
            return f"the message holds a {type(value).__name__}"
    return None


#: The folders of shipped files a position from the browser may name, by its field.
_SHIPPED_FOR = {"board": ("boards",), "cards": ("cards", "moonrakers")}


def _position_refs_problem(position: dict) -> str | None:
    """Why a position sent by the view cannot be opened as it names its board or cards:
    a name that is not a shipped file's. Any other name is read as a path in the
    kernel's folder, so one from the browser could have the kernel read a file there
    (and say whether it exists); a position from the browser names shipped files only,
    or holds them whole (an assembled ship does)."""
    for key, folders in _SHIPPED_FOR.items():
        ref = position.get(key)
        if isinstance(ref, str) and not any(ref in names(folder) for folder in folders):
            return (
                f"not loaded: the position's {key} {shown(ref)} is not a shipped {key} "
                "(a position opened here names shipped files or holds them whole)"
            )
    return None
