"""The actions Pulsarcade adds: claiming an Arcade Cabinet, stealing an MCP artifact, and
the module actions (thrill the Danger Theater audience, leave a clone, ransack a vault)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from . import actions as A

# ---------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class ClaimCabinet(A.Action):
    """Claim an Arcade Cabinet whose condition you meet. ``using``: for Snack-Man, the
    crystal given up: none named (``""``) gives a power crystal if you have one, else the
    Sixth Crystal; ``"sixth-crystal"`` gives the Sixth Crystal. (``"crystal"``, which could
    only say what no name says, is refused, so that the legal list, which lists what the
    check allows, offers each claim once. With the Sixth Crystal as the only crystal held
    both forms are listed and do the same: a game saved with either must still replay.)"""

    kind: ClassVar[str] = "claim-cabinet"
    cabinet: str
    using: str = ""


@dataclass(frozen=True)
class StealArtifact(A.Action):
    """At a Redemption space, steal the MCP artifact in space ``space`` with your tokens."""

    kind: ClassVar[str] = "steal-artifact"
    space: str


@dataclass(frozen=True)
class Thrill(A.Action):
    """Danger Theater: with 3+ Clank! made this turn, advance your contestant (once a turn)."""

    kind: ClassVar[str] = "thrill"


@dataclass(frozen=True)
class Clone(A.Action):
    """Cloning Vats: leave one of your Clank! cubes in the vat in your space."""

    kind: ClassVar[str] = "clone"


@dataclass(frozen=True)
class Ransack(A.Action):
    """Vault: make 3 Clank! to take the Credits of vault ``vault``'s highest filled slot."""

    kind: ClassVar[str] = "ransack"
    vault: str
