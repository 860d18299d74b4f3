"""The Legacy campaign: what carries from game to game, saves, and refusals."""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from clankwidget import Game
from clankwidget.campaign import Campaign, CampaignError, list_campaigns, load_campaign
from clankwidget.data import board_data_dir
from clankwidget.errors import BoardDataError


def play(game: Game, seed: int = 0) -> Game:
    rng = np.random.default_rng(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    return game


def test_the_shipped_campaign_has_three_games_or_more():
    assert "quillmere-charter" in list_campaigns()
    assert len(load_campaign("quillmere-charter")["games"]) >= 3


def test_the_first_game_starts_from_the_prologue():
    camp = Campaign.start("quillmere-charter")
    nxt = camp.upcoming()
    assert (nxt["number"], nxt["side"], nxt["patron"]) == (1, "day", None)
    game = camp.new_game(players=3, seed=2)
    assert game.rules.options == {"contracts": ["survey-lake", "rainy-day"]}
    assert [c["id"] for c in game.state.extra["contracts"]] == ["survey-lake", "rainy-day"]
    assert game.board.raw == camp.board().raw


def test_contracts_patron_side_and_changes_carry_to_the_next_game():
    camp = Campaign.start()
    seed = next(s for s in range(40) if play(camp.new_game(players=2, seed=s), s).winners())
    game = play(camp.new_game(players=2, seed=seed), seed)
    done = {c["id"] for c in game.state.extra["contracts"] if c["done"]}
    camp.record(game)
    assert camp.next == 1 and camp.patron == "patron-guildmistress"
    assert camp.contracts == [c for c in ("survey-lake", "rainy-day") if c not in done]
    assert camp.results[0]["winners"] == game.winners()
    second = camp.new_game(players=2, seed=5)
    assert second.state.reserve["patron-guildmistress"] == 1
    assert [c["id"] for c in second.state.extra["contracts"]] == [*camp.contracts, "deep-delivery"]
    board = second.board
    assert any({p.a, p.b} == {"reed-landing", "sunken-library"} for p in board.paths)  # ferry
    assert board.space("thornwood").fruit == 0 and board.space("chapel").heal == 0  # night
    assert "thornwood" not in second.state.extra["fruit"]
    # a campaign game saves and replays with its changed map
    assert Game.from_json(second.to_json()).state.to_dict() == second.state.to_dict()


def test_a_whole_campaign_round_trips_through_its_save():
    camp = Campaign.start()
    for i in range(3):
        camp.record(play(camp.new_game(players=3, seed=i), i))
        text = camp.to_json()
        camp = Campaign.from_json(text)
        assert camp.to_json() == text
    assert camp.finished and len(camp.results) == 3
    assert camp.data["games"][2]["prologue"]["side"] == "day" and camp.side == "day"
    with pytest.raises(CampaignError, match="is over"):
        camp.new_game()


def test_record_refuses_a_game_from_elsewhere_or_unfinished():
    camp = Campaign.start()
    with pytest.raises(CampaignError, match="record a finished Legacy game, not a str"):
        Campaign.start().record("my game")
    with pytest.raises(CampaignError, match="finished Legacy game"):
        camp.record(camp.new_game(seed=1))
    with pytest.raises(CampaignError, match="not set up as game 1"):
        camp.record(play(Game.new("legacy", players=3, seed=1)))
    assert camp.next == 0 and camp.results == []


_SHORT_CUT = {"from": "hq", "to": "lip-of-the-hoard", "boots": 1}


@pytest.mark.parametrize(
    ("corrupt", "match"),
    [
        (lambda d: "{not json", "not JSON"),
        (lambda d: {**d, "format": "something-else"}, r"\$\.format"),
        (lambda d: {**d, "version": 9}, "newer"),
        (lambda d: {**d, "next": 2}, r"\$\.next is 2 with 1 results"),
        (lambda d: {**d, "contracts": ["steal-the-moon"]}, "unknown 'steal-the-moon'"),
        (lambda d: {**d, "patron": "mercenary"}, "unknown 'mercenary'"),
        (lambda d: {**d, "side": "dusk"}, "no side 'dusk'"),
        (lambda d: {**d, "campaign": "no-such-campaign"}, "no-such-campaign"),
        (
            lambda d: {**d, "changes": [{"add_path": {"from": "hq", "to": "moon"}}]},
            r"\$\.changes",
        ),
        (lambda d: {**d, "extra": 1}, "unknown field"),
        # what the games played give, no more: a ferry straight to the hoard, a Contract
        # twice, a Patron nobody awarded
        (
            lambda d: {**d, "changes": [*d["changes"], {"add_path": _SHORT_CUT}]},
            "not the map changes of the 1 game",
        ),
        (lambda d: {**d, "contracts": [d["contracts"][0]] * 2}, "each once"),
        (lambda d: {**d, "contracts": ["big-ticket"]}, "the games played gave"),
        (lambda d: {**d, "patron": "patron-hermit"}, "no game played awards 'patron-hermit'"),
        (lambda d: '{"next": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        (lambda d: json.dumps({**d, "note": "x" * 17 * 2**20}), "over 16,777,216"),
        (lambda d: '{"next": 1' + "0" * 5000 + "}", "not JSON"),
    ],
)
def test_a_corrupt_save_is_refused_whole(corrupt, match):
    """(A save with a map, Contracts or a Patron the games played did not give loaded.)"""
    camp = Campaign.start()
    camp.record(play(camp.new_game(players=2, seed=3), 3))
    doc = corrupt(copy.deepcopy(camp.to_dict()))
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(CampaignError, match=match):
        Campaign.from_json(text)


@pytest.mark.parametrize(
    ("fields", "match"),
    [
        ({"next": 2}, r"\$\.next is 2 with 0 results"),
        ({"side": "dusk"}, "no side 'dusk'"),
        ({"contracts": "survey-lake"}, r"\$\.contracts: expected a value of type array"),
        ({"contracts": ["big-ticket"]}, "the games played gave"),
        ({"patron": "patron-hermit"}, "no game played awards 'patron-hermit'"),
        ({"changes": [{"add_path": _SHORT_CUT}]}, "not the map changes of the 0 game"),
        ({"next": 1, "results": [{}]}, r"\$\.results\[0\]"),
    ],
)
def test_a_campaign_made_by_hand_is_checked_as_its_save_is(fields, match):
    """(``Campaign(...)`` took any values, and failed later, or played a game that no
    save could hold.)"""
    with pytest.raises(CampaignError, match=r"Campaign\('quillmere-charter', \.\.\.\) refused"):
        Campaign("quillmere-charter", **fields)
    with pytest.raises(CampaignError, match=match):
        Campaign("quillmere-charter", **fields)


def test_a_campaign_made_by_hand_where_a_group_can_stand_is_its_save():
    with pytest.raises(CampaignError, match="no-such-campaign"):
        Campaign("no-such-campaign")
    camp = Campaign.start()
    camp.record(play(camp.new_game(players=2, seed=3), 3))
    kept = {k: v for k, v in camp.to_dict().items() if k not in ("format", "version")}
    assert Campaign(**kept) == camp == Campaign.from_json(camp.to_json())


def test_bad_campaign_data_names_the_file_and_path(tmp_path):
    doc = json.loads((board_data_dir() / "campaigns" / "quillmere-charter.json").read_text())
    doc["games"][1]["prologue"]["side"] = "dusk"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(BoardDataError, match=r"bad.json.*\$\.games\[1\]\.prologue\.side"):
        load_campaign(bad)
    doc["games"][1]["prologue"]["side"] = "night"
    doc["games"][0]["changes"] = [{"set_space": {"id": "atlantis", "fields": {"heal": 1}}}]
    bad.write_text(json.dumps(doc))
    with pytest.raises(BoardDataError, match="no space 'atlantis'"):
        load_campaign(bad)


def test_a_campaign_starts_by_the_name_its_saves_use(tmp_path):
    """(Started from a file's path, its save named the path, which a save cannot load.)"""
    path = board_data_dir() / "campaigns" / "quillmere-charter.json"
    with pytest.raises(CampaignError, match="start one of quillmere-charter"):
        Campaign.start(str(path))
    camp = Campaign.start("quillmere-charter")
    assert Campaign.from_json(camp.to_json()) == camp


def test_record_refuses_a_game_set_up_without_the_earned_patron():
    camp = Campaign.start()
    camp.record(play(camp.new_game(players=2, seed=3), 3))
    if camp.patron is None:
        pytest.skip("game 1's winner earned no Patron in this seed")
    nxt = camp.upcoming()
    game = Game.new(
        "legacy", board=camp.board(), players=2, seed=4, options={"contracts": nxt["contracts"]}
    )
    with pytest.raises(CampaignError, match="contracts, Patron or map differ"):
        camp.record(play(game, 4))
