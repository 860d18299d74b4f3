"""A Clank! Legacy campaign: what carries from one game to the next.

A campaign is data (``board_data/campaigns/*.json``, schema ``campaign.schema.json``): its
board sides, and its games in order, each with a prologue (the board side to use from now
on, the Contracts it gives), the Patron its winner earns and the permanent changes the
map takes after it. :class:`Campaign` is where a group stands in one::

    >>> from clankwidget.campaign import Campaign
    >>> camp = Campaign.start("quillmere-charter")
    >>> game = camp.new_game(players=3, seed=7)      # game 1, from the prologue
    >>> # ... play it to the end ...
    >>> camp.record(game)                            # doctest: +SKIP
    >>> text = camp.to_json()                        # save between sessions
    >>> camp = Campaign.from_json(text)              # and carry on

On the board, ``clankwidget.play(campaign=camp, bots=["greedy"])`` plays the next game;
once it is over, New game records it and deals the one after
(:class:`~clankwidget.widget.CampaignBoard`).

What carries (the Legacy refresher's set-up): the Contracts nobody completed (kept, in a
row above the board) plus those the next prologue gives; the Patron earned (a one-card
Reserve pile in every later game; a later Patron replaces an earlier one); the board side
chosen by the last prologue that named one; every permanent change to the map, in order.
The results of each game are kept for the record.

A save is versioned JSON (``format: "clankwidget-campaign-save"``, checked against
``campaign.schema.json#/$defs/save``), and a corrupt one raises :class:`CampaignError`
before any campaign object exists; a campaign made by hand (``Campaign(...)``) is checked
as its save would be. Readings where the source is silent: kept Contracts
are those not completed; a Patron goes to the campaign (not to one player) when a game's
winner earns it; a game with no winner (everyone lost) earns no Patron.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .data import Board, check, check_plain, load_board, load_cards
from .data._files import mtime, names, read_json, resolve
from .errors import BoardDataError, SaveError, shown
from .game import MAX_SAVE_BYTES, Game, json_indent

__all__ = ["CAMPAIGN_VERSION", "Campaign", "CampaignError", "list_campaigns", "load_campaign"]

CAMPAIGN_VERSION = 1


class CampaignError(SaveError):
    """A campaign save that cannot be loaded, or a game recorded out of turn. Nothing is
    changed or half-loaded when it is raised."""


def list_campaigns() -> list[str]:
    """Names of the shipped campaigns, for :meth:`Campaign.start`."""
    return names("campaigns")


def load_campaign(name_or_path: str | Path) -> dict:
    """A campaign's data by name or path, checked (schema, then its ids: sides, boards,
    contracts, patrons and the changes applied in turn to every side's board)."""
    path = resolve(name_or_path, "campaigns", "campaign")
    return copy.deepcopy(_load(str(path), mtime(path)))


@cache
def _load(path: str, stamp: float) -> dict:
    doc = read_json(Path(path))
    check_plain(doc, path)
    check("campaign", doc, path)
    _shipped(doc["cards"], "cards", "card set", path, "$.cards")
    cards = load_cards(doc["cards"])
    legacy = cards.raw.get("legacy") or {}
    contracts = {c["id"] for c in legacy.get("contracts", ())}
    patrons = set(legacy.get("patrons", ()))
    for name, side in doc["sides"].items():
        _shipped(side["board"], "boards", "board", path, f"$.sides.{name}.board")
        _board(side["board"], side.get("changes", ()), path, f"$.sides.{name}")
    changes: list = []
    for i, g in enumerate(doc["games"]):
        at = f"$.games[{i}]"
        side = g["prologue"].get("side")
        if side is not None and side not in doc["sides"]:
            raise BoardDataError(
                path, f"{at}.prologue.side", f"expected one of $.sides, got {side!r}"
            )
        for j, c in enumerate(g["prologue"].get("contracts", ())):
            if c not in contracts:
                raise BoardDataError(
                    path, f"{at}.prologue.contracts[{j}]", f"expected a contract of {cards.id!r}"
                )
        if "patron" in g and g["patron"] not in patrons:
            raise BoardDataError(path, f"{at}.patron", f"expected a patron of {cards.id!r}")
        changes += g.get("changes", [])
        for s in doc["sides"].values():
            _board(s["board"], [*s.get("changes", ()), *changes], path, f"{at}.changes")
    if doc["games"][0]["prologue"].get("side") is None:
        raise BoardDataError(path, "$.games[0].prologue.side", "the first prologue picks a side")
    return doc


def _shipped(name: str, folder: str, kind: str, source: str, where: str) -> None:
    """Refuse ``name`` at ``where`` unless it is a shipped file's (the schema takes names
    only: a campaign is played from the shipped board and cards)."""
    if name not in names(folder):
        raise BoardDataError(
            source,
            where,
            f"expected the name of a shipped {kind} (board_data/{folder}), got {shown(name)}",
        )


def _board(name: str, changes, source: str, where: str) -> Board:
    """Board ``name`` with the campaign's ``changes`` applied (a new, validated board)."""
    doc = copy.deepcopy(load_board(name).raw)
    for change in changes:
        if "add_path" in change:
            doc["paths"].append(dict(change["add_path"]))
        else:
            spec = change["set_space"]
            space = next((s for s in doc["spaces"] if s["id"] == spec["id"]), None)
            if space is None:
                raise BoardDataError(source, where, f"no space {spec['id']!r} on {name!r}")
            space.update(spec["fields"])
    if not changes:
        return load_board(name)
    try:
        return Board.from_dict(doc, source=f"{source} {where} (board {name!r} changed)")
    except BoardDataError as exc:
        raise BoardDataError(source, where, f"the changed board is refused: {exc}") from None


@dataclass
class Campaign:
    """Where a group stands in a campaign (see the module docstring)."""

    campaign: str
    next: int = 0
    side: str | None = None
    contracts: list[str] = field(default_factory=list)
    patron: str | None = None
    changes: list[dict] = field(default_factory=list)
    results: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        # one made by hand is checked as its save would be (nothing else makes a campaign
        # that is not where a group can stand)
        _check_save(self._doc(), f"Campaign({shown(self.campaign)}, ...) refused")

    @classmethod
    def start(cls, name: str = "quillmere-charter") -> Campaign:
        """A campaign at its first game. ``name`` is a shipped campaign's
        (:func:`list_campaigns`): a save names its campaign, and loads it by that name."""
        if name not in list_campaigns():
            raise CampaignError(
                f"no campaign {shown(name)} to start: a save names its campaign, so start "
                f"one of {', '.join(list_campaigns())} (load_campaign reads any file)"
            )
        return cls(campaign=name)

    @property
    def data(self) -> dict:
        return load_campaign(self.campaign)

    @property
    def finished(self) -> bool:
        return self.next >= len(self.data["games"])

    def upcoming(self) -> dict:
        """What the next game starts from: its title, prologue text, board side, the
        Contracts in play (kept, then given) and the Patron in the Reserve."""
        if self.finished:
            raise CampaignError(f"the campaign {self.campaign!r} is over")
        game = self.data["games"][self.next]
        prologue = game["prologue"]
        given = [c for c in prologue.get("contracts", ()) if c not in self.contracts]
        return {
            "number": self.next + 1,
            "title": game["title"],
            "text": prologue.get("text", ""),
            "side": prologue.get("side", self.side),
            "contracts": [*self.contracts, *given],
            "patron": self.patron,
        }

    def board(self) -> Board:
        """The map of the next game: its side's board with every permanent change."""
        data, side = self.data, self.upcoming()["side"]
        spec = data["sides"][side]
        return _board(
            spec["board"],
            [*spec.get("changes", ()), *self.changes],
            self.campaign,
            f"$.sides.{side}",
        )

    def new_game(self, players=3, seed: int | None = None) -> Game:
        """The next game of the campaign, set up from what carries."""
        nxt = self.upcoming()
        options: dict[str, Any] = {"contracts": nxt["contracts"]}
        if nxt["patron"]:
            options["patron"] = nxt["patron"]
        return Game.new(
            "legacy",
            board=self.board(),
            players=players,
            seed=seed,
            cards=self.data["cards"],
            options=options,
        )

    def record(self, game: Game) -> None:
        """Carry a finished game's outcome into the campaign (it must be the next game)."""
        nxt = self.upcoming()
        if not isinstance(game, Game):
            raise CampaignError(f"record a finished Legacy game, not a {type(game).__name__}")
        if game.edition != "legacy" or not game.is_over:
            raise CampaignError("record a finished Legacy game of this campaign")
        options = game.rules.options
        if (
            options.get("contracts", []) != nxt["contracts"]
            or options.get("patron") != nxt["patron"]
            or game.board.raw != self.board().raw
        ):
            raise CampaignError(
                f"this game was not set up as game {nxt['number']} of {self.campaign!r} "
                "(its contracts, Patron or map differ): start it with campaign.new_game()"
            )
        spec = self.data["games"][self.next]
        done = {c["id"]: c["done"] for c in game.state.extra["contracts"] if c["done"]}
        winners = game.winners()
        self.results.append(
            {
                "title": spec["title"],
                "scores": dict(game.scores()),
                "winners": list(winners),
                "completed": done,
            }
        )
        self.side = nxt["side"]
        self.contracts = [c for c in nxt["contracts"] if c not in done]
        if spec.get("patron") and winners:
            self.patron = spec["patron"]
        self.changes = [*self.changes, *copy.deepcopy(spec.get("changes", []))]
        self.next += 1

    # -- saves -------------------------------------------------------------------------

    def to_dict(self) -> dict:
        return copy.deepcopy(self._doc())

    def _doc(self) -> dict:
        """The save as a dict, sharing this campaign's lists (:meth:`to_dict` copies it)."""
        fields = {k: getattr(self, k) for k in _FIELDS}
        return {"format": "clankwidget-campaign-save", "version": CAMPAIGN_VERSION, **fields}

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=json_indent(indent))

    @classmethod
    def from_json(cls, text: str | bytes) -> Campaign:
        """A campaign from its save; a corrupt or foreign save raises :class:`CampaignError`
        (nothing is half-loaded)."""
        if isinstance(text, str | bytes | bytearray) and len(text) > MAX_SAVE_BYTES:
            unit = "characters" if isinstance(text, str) else "bytes"
            raise CampaignError(
                f"not loaded: the campaign save is {len(text):,} {unit}, over {MAX_SAVE_BYTES:,}"
            )
        try:
            doc = json.loads(text)
        except RecursionError:
            raise CampaignError("corrupt campaign save: the JSON is nested too deeply") from None
        except (ValueError, TypeError) as exc:
            raise CampaignError(f"corrupt campaign save: not JSON ({exc})") from None
        return cls.from_dict(doc)

    @classmethod
    def from_dict(cls, doc: Any) -> Campaign:
        if isinstance(doc, dict) and doc.get("format") == "clankwidget-campaign-save":
            version = doc.get("version")
            if isinstance(version, int) and version > CAMPAIGN_VERSION:
                raise CampaignError(
                    f"campaign save version {version} is newer than this clankwidget "
                    f"reads ({CAMPAIGN_VERSION})"
                )
        _check_save(doc, "corrupt campaign save")
        return _unchecked(copy.deepcopy(doc))  # (checked just above, once)


#: what a campaign is, in the order of its save
_FIELDS = ("campaign", "next", "side", "contracts", "patron", "changes", "results")


def _check_save(doc: Any, label: str) -> None:
    """Refuse (a :class:`CampaignError` starting ``label``) a campaign save, or a campaign
    made by hand as its save, that is not where a group can stand: the schema, the
    campaign it names, where it is (``next`` game, one result for each game played, the
    side), the Contracts and Patron it carries, its history, and a next game the rules
    can set up."""
    try:
        check_plain(doc, "<campaign save>")
        check("campaign-save", doc, "<campaign save>")
        data = load_campaign(doc["campaign"])
    except (BoardDataError, FileNotFoundError) as exc:
        raise CampaignError(f"{label}: {exc}") from None
    legacy = load_cards(data["cards"]).raw["legacy"]
    if doc["next"] > len(data["games"]) or len(doc["results"]) != doc["next"]:
        raise CampaignError(
            f"{label}: $.next is {doc['next']} with {len(doc['results'])} results for a "
            f"campaign of {len(data['games'])} games"
        )
    if doc["side"] is not None and doc["side"] not in data["sides"]:
        raise CampaignError(f"{label}: $.side: no side {doc['side']!r}")
    known = {c["id"] for c in legacy["contracts"]}
    bad = [c for c in doc["contracts"] if c not in known]
    if bad:
        raise CampaignError(f"{label}: $.contracts: unknown {bad[0]!r}")
    if doc["patron"] is not None and doc["patron"] not in legacy["patrons"]:
        raise CampaignError(f"{label}: $.patron: unknown {doc['patron']!r}")
    _check_history(doc, data, label)
    if doc["next"] < len(data["games"]):  # the next game is one the rules can set up
        try:
            _unchecked(doc).new_game(players=2, seed=0)
        except ValueError as exc:
            raise CampaignError(f"{label}: $.changes: {exc}") from None


def _unchecked(doc: dict) -> Campaign:
    """The campaign of a save that :func:`_check_save` passed, sharing its lists (not
    checked again: ``Campaign(...)`` would)."""
    camp = object.__new__(Campaign)
    camp.__dict__.update({k: doc[k] for k in _FIELDS})
    return camp


def _check_history(doc: dict, data: dict, label: str) -> None:
    """What a save carries is what the games played so far give: their map changes in
    order, Contracts their prologues gave (each once), a Patron one of them awards."""
    played = data["games"][: doc["next"]]
    changes = [change for game in played for change in game.get("changes", ())]
    if doc["changes"] != changes:
        raise CampaignError(
            f"{label}: $.changes: not the map changes of the {doc['next']} game(s) played"
        )
    given = {c for game in played for c in game["prologue"].get("contracts", ())}
    if len(set(doc["contracts"])) != len(doc["contracts"]) or not given >= set(doc["contracts"]):
        raise CampaignError(
            f"{label}: $.contracts: expected Contracts the games played gave, each once"
        )
    if doc["patron"] is not None and doc["patron"] not in {g.get("patron") for g in played}:
        raise CampaignError(f"{label}: $.patron: no game played awards {doc['patron']!r}")
