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

/**
 * @param {any} view: with `next_game` on a campaign's board ({label, text, enabled}), the
 * button that records the game and deals the campaign's next
 */
export function gameOver(view) {
  const next = view.next_game;
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
    breakdownTable(view, rows.map((/** @type {any} */ r) => r.p)),
    next && next.text ? h("p", { class: "cw-dim", "data-role": "next-game", text: next.text }) : null,
    h(
      "div",
      { class: "cw-turnbtns" },
      button("new-game", next ? next.label : "New game", {
        key: "N",
        enabled: next ? next.enabled !== false : true,
        why: next ? next.text : undefined,
        intent: { kind: "new-game" },
        keyName: "btn:new-game-over",
        cls: "cw-primary",
      }),
      button("hide-over", "See the board", { enabled: true, intent: null, cls: "cw-quiet" }),
    ),
  );
}

/**
 * The final points of each player by source (the edition's own rows, from the rules),
 * one column per player in the order of the standings.
 * @param {any} view @param {PlayerView[]} players
 */
function breakdownTable(view, players) {
  const bd = view.breakdown || {};
  const first = bd[players[0]?.colour];
  if (!first) return null;
  /** @type {string[]} */
  const names = [];
  for (const p of players)
    for (const r of (bd[p.colour] || {}).rows || []) if (!names.includes(r.name)) names.push(r.name);
  /** @param {string} colour @param {string} name */
  const pts = (colour, name) => {
    const row = ((bd[colour] || {}).rows || []).find((/** @type {any} */ r) => r.name === name);
    return row ? row.points : 0;
  };
  return h(
    "table",
    { class: "cw-breakdown", "data-role": "score-breakdown", "aria-label": "Points by source" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", text: "Points" }),
        players.map((p) => h("th", { scope: "col", "data-colour": p.colour }, pawnBadge(p.colour, 14), cap(p.colour))),
      ),
    ),
    h(
      "tbody",
      {},
      names.map((name) =>
        h(
          "tr",
          { "data-row": name },
          h("th", { scope: "row", text: name }),
          players.map((p) => h("td", { text: String(pts(p.colour, name)) })),
        ),
      ),
      h(
        "tr",
        { class: "cw-breakdown-total" },
        h("th", { scope: "row", text: "Total" }),
        players.map((p) =>
          h("td", {
            text: (bd[p.colour] || {}).counts === false ? `${view.scores[p.colour]} (left inside)` : String(view.scores[p.colour]),
          }),
        ),
      ),
    ),
  );
}
