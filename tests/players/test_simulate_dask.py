"""Tournaments on a Dask cluster: a LocalCluster of two worker processes plays the same
seeded games as a local run, record for record. Runs in CI (the test extra installs
``distributed``); elsewhere it skips when ``distributed`` is missing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import clankwidget
from clankwidget.simulate import SimulationError, tournament


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no", "off")


try:
    import distributed
except ImportError:  # pragma: no cover - the test extra installs it
    if _in_ci():
        raise
    pytest.skip(
        "tournaments on a cluster need distributed: pip install -e '.[test]'",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def client():
    # The workers must import the clankwidget under test (a checkout on sys.path, or the
    # editable install): put its folder first on their path.
    root = str(Path(clankwidget.__file__).resolve().parent.parent)
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        env={"PYTHONPATH": path},
    )
    with distributed.Client(cluster) as c:
        files = set(c.run(lambda: __import__("clankwidget").__file__).values())
        assert files == {clankwidget.__file__}, f"the workers import {files}"
        yield c
    cluster.close()


def test_a_cluster_gives_the_local_result(client, capsys):
    kw = {"games": 4, "seed": 5, "mirror": True}
    local = tournament(["greedy", "random"], **kw)
    with distributed.get_task_stream(client) as stream:
        remote = tournament(["greedy", "random"], client=client, progress=True, **kw)
    assert remote.records == local.records
    assert remote.mirror_records == local.mirror_records
    assert remote.table() == local.table() and remote.seat_table() == local.seat_table()
    assert "games: 100%" in capsys.readouterr().err  # the bar followed the results
    # the games ran as several tasks, on both worker processes
    batches = [t for t in stream.data if t["key"].startswith("_run_batch")]
    assert len(batches) > 2 and len({t["worker"] for t in batches}) == 2


def test_a_scheduler_address_works_too(client):
    address = client.scheduler.address
    remote = tournament(["random", "greedy"], games=2, seed=1, client=address)
    assert remote.records == tournament(["random", "greedy"], games=2, seed=1).records


def test_a_game_that_fails_on_a_worker_raises_here(client):
    with pytest.raises(SimulationError, match="did not end within max_steps=3"):
        tournament(["greedy", "random"], games=2, seed=0, client=client, max_steps=3)


def test_an_address_where_no_scheduler_answers_says_so(monkeypatch):
    """(It raised Dask's OSError after 30 s.) A short wait keeps the test quick."""
    import clankwidget.simulate as simulate

    monkeypatch.setattr(simulate, "CONNECT_TIMEOUT", 1)
    with pytest.raises(ConnectionError, match="no Dask scheduler answered at 'tcp://127.0.0.1:1'"):
        tournament(["random", "greedy"], games=2, seed=1, client="tcp://127.0.0.1:1")
