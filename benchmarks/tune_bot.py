"""Tune an eleven-weight bot against the PettingZoo environment (the cross-entropy method),
then seat it in tournaments against the three built-in levels. Seeded: the same run each time.

    NUMBA_CACHE_DIR=/tmp/numba-cache python benchmarks/tune_bot.py   # a few minutes
"""

import sys
import time
from pathlib import Path

import numpy as np

from clankwidget import actions as A
from clankwidget.bots import Bot, make_bot
from clankwidget.env import ClankEnv
from clankwidget.paths import distance_table
from clankwidget.simulate import tournament

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _harness as H

KINDS = [
    "play",
    "acquire",
    "defeat",
    "acquire-reserve",
    "defeat-reserve",
    "buy",
    "move",
    "take-artifact",
    "end-turn",
]
N = len(KINDS) + 2  # a weight per kind, then: progress toward the goal, points of a card


class LinearPolicy:
    """Scores each legal action: a weight for its kind, plus (for a move) the boots it saves
    toward the goal, plus (for a card from the row) its points. Reads only the observation."""

    def __init__(self, env: ClankEnv, theta):
        self.env, self.theta = env, np.asarray(theta, float)
        board = env.unwrapped.game.board
        self.dist = distance_table(board)  # fewest boots, every space to every space
        self.start = board.space_ids.index(board.start)
        self.paths = board.paths
        self.index = {sid: i for i, sid in enumerate(board.space_ids)}
        self.L = env.observation_layout
        self.cards = list(env.unwrapped.game.cards.cards.values())

    def act(self, obs):
        x, mask, L, th = obs["observation"], obs["action_mask"], self.L, self.theta
        here = int(np.argmax(x[L["p0.space"]]))
        if x[L["p0.numbers"]][8] == 0:  # no artifact yet: the nearest one is the goal
            left = np.flatnonzero(x[L["artifacts_on_board"]])
            goal = left[np.argmin(self.dist[here, left])] if len(left) else self.start
        else:
            goal = self.start
        row = x[L["row"]].reshape(-1, len(self.cards))
        best, best_score = None, -np.inf
        for i in np.flatnonzero(mask):
            a = self.env.decode(int(i))
            k = KINDS.index(a.kind) if a.kind in KINDS else None
            score = th[k] if k is not None else 0.0
            if isinstance(a, A.Move):
                p = self.paths[a.path]
                to = self.index[p.other_end(self.env.unwrapped.game.board.space_ids[here])]
                score += th[-2] * (self.dist[here, goal] - self.dist[to, goal])
            elif isinstance(a, A.Acquire | A.Defeat):
                score += th[-1] * self.cards[int(np.argmax(row[a.slot]))].points
            if score > best_score:
                best, best_score = int(i), score
        return best


def play(theta, opponent, seed):
    """One game: the policy in seat 0 against a built-in bot; (my score - theirs), won."""
    env = ClankEnv("clank", players=2)
    env.reset(seed=seed)
    me, them = LinearPolicy(env, theta), make_bot(opponent, seed=seed)
    game = env.unwrapped.game
    while not game.is_over:
        if env.agent_selection == "player_0":
            env.step(me.act(env.observe("player_0")))
        else:
            env.step(env.encode(them.choose(game)))
    mine, theirs = game.scores().values()
    return (mine - theirs) / 100, env.rewards["player_0"] > 0


def fitness(theta, seeds, opponent="greedy"):
    return np.mean([s + w for s, w in (play(theta, opponent, seed) for seed in seeds)])


def tune(iterations=6, population=12, games=4, seed=0):
    """Cross-entropy method: sample weights, keep the best quarter, refit, repeat."""
    rng = np.random.default_rng(seed)
    mean, sd = np.zeros(N), np.full(N, 2.0)
    for it in range(iterations):
        pop = rng.normal(mean, sd, size=(population, N))
        seeds = rng.integers(2**31, size=games)  # the same games for every candidate
        scores = np.array([fitness(t, seeds) for t in pop])
        elite = pop[np.argsort(scores)[-population // 4 :]]
        mean, sd = elite.mean(0), elite.std(0) + 0.1
        print(f"iteration {it}: best {scores.max():+.2f}, mean {scores.mean():+.2f}")
    return mean


class TunedBot(Bot):
    """The tuned weights as a Bot, so that tournament() can seat it."""

    name = "tuned"
    theta = None  # set after tuning

    def choose(self, game):
        if getattr(self, "_game", None) is not game:  # a new game: watch it
            self._game, self._env = game, ClankEnv(game.edition, players=len(game.players))
            self._env.watch(game)
            self._policy = LinearPolicy(self._env, self.theta)
        seat = self._env.possible_agents[game.state.current]
        return self._env.decode(self._policy.act(self._env.observe(seat)))


if __name__ == "__main__":
    args = H.parser(__doc__, quick="2 small tuning rounds, 20 games a table").parse_args()
    t = time.perf_counter()
    TunedBot.theta = tune(iterations=2, population=6, games=2) if args.quick else tune()
    names = [*KINDS, "toward", "points"]
    print("weights:", ", ".join(f"{k} {w:+.2f}" for k, w in zip(names, TunedBot.theta)))
    print(f"tuned in {time.perf_counter() - t:.0f} s")
    t = time.perf_counter()
    for level in ("random", "greedy", "planner"):  # head to head, 100 seeded games each
        result = tournament([TunedBot, level], games=20 if args.quick else 100, seed=1)
        print("\n".join(result.table_rows()))
    print(f"tournaments in {time.perf_counter() - t:.0f} s")
