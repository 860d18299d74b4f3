# A marimo app showing the board: `marimo edit tests/browser/apps/marimo_board.py`
# (or `marimo run`). The browser test opens it in Chromium and plays a move.
import marimo

app = marimo.App(width="full")


@app.cell
def _():
    import marimo as mo

    import clankwidget.widget as cww

    game_widget = cww.play(players=2, bots=["greedy"], seed=2, bot_delay=0)
    board = mo.ui.anywidget(game_widget)
    board  # noqa: B018 (marimo shows a cell's last expression)
    return


if __name__ == "__main__":
    app.run()
