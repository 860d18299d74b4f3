"""Every widget test runs in a folder of its own: a board's Save and Save position write
their files into the working folder (next to the notebook), and a test must never leave
one in the checkout."""

import pytest


@pytest.fixture(autouse=True)
def _own_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
