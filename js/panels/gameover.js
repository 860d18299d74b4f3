// The game-over box over the map: final scores and a new game.

import { h } from "../dom.js";
import { pawnBadge } from "../pawn.js";
import { cap } from "../text.js";
import { button } from "./buttons.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */

/** @param {any} view */
export function gameOver(view) {
  const rows = view.players
    .map((/** @type {PlayerView} */ p) => ({ p, score: view.scores[p.colour] }))
    .sort((/** @type {any} */ a, /** @type {any} */ b) => b.score - a.score);
  return h(
    "div",
    { class: "cw-gameover", role: "dialog", "aria-label": "Game over", "data-role": "game-over" },
    h("h3", { text: "Game over" }),
    h("p", { class: "cw-dim", text: view.end_reason }),
    h(
      "ol",
      {},
      rows.map((/** @type {{p: PlayerView, score: number}} */ { p, score }) =>
        h(
          "li",
          { class: view.winners.includes(p.colour) ? "cw-winner" : "" },
          pawnBadge(p.colour, 18),
          `${cap(p.colour)}${p.you ? " (you)" : ""}: ${score} points${p.status === "knocked-out" ? " (knocked out)" : p.status === "escaped" ? " (escaped)" : ""}`,
        ),
      ),
    ),
    h(
      "div",
      { class: "cw-turnbtns" },
      button("new-game", "New game", {
        key: "N",
        enabled: true,
        intent: { kind: "new-game" },
        keyName: "btn:new-game-over",
        cls: "cw-primary",
      }),
      button("hide-over", "See the board", { enabled: true, intent: null, cls: "cw-quiet" }),
    ),
  );
}
