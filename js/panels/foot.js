// The foot: the rooms reachable this turn and the game log.

import { h } from "../dom.js";
import { pawnBadge } from "../pawn.js";
import { cap, costText, termsOf } from "../text.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */

/** @param {any} view */
export function footPanel(view) {
  const moves = view.moves || [];
  const list = moves.length
    ? h(
        "ul",
        { class: "cw-moves" },
        moves.map((/** @type {MoveView} */ m) =>
          h(
            "li",
            {},
            m.options.map((o, i) =>
              h("button", {
                type: "button",
                class: "cw-movebtn",
                "data-action": "move-to",
                "data-space-id": m.id,
                "data-option": i,
                "data-key": `move:${m.id}:${i}`,
                "data-intent": JSON.stringify(
                  i ? { kind: "move-to", id: m.id, option: i } : { kind: "move-to", id: m.id },
                ),
                "aria-label": `Walk to ${m.name}: ${costText(o)}`,
                text: i ? `… or ${costText(o)}` : `${m.name} · ${costText(o)}`,
              }),
            ),
          ),
        ),
      )
    : h("p", {
        class: "cw-dim cw-empty",
        text:
          view.current === view.seat && !view.is_over
            ? "Play Boots to move (or you are done moving)."
            : "—",
      });
  const colours = new Set(view.players.map((/** @type {PlayerView} */ p) => p.colour));
  const start = view.log_total - view.log.length;
  const log = h(
    "ol",
    { start: start + 1, "aria-label": "Game log", tabindex: "0", "data-key": "log" },
    view.log.map((/** @type {string} */ line) => {
      const first = line.split(/[\s']/)[0].toLowerCase();
      const turn = /^— .* —$/.test(line);
      const attack = /cubes? drawn|dragon attack|boss attack|bounty hunters? strike|knocked out|Game over/i.test(line);
      return h(
        "li",
        { class: turn ? "cw-log-turn" : attack ? "cw-log-attack" : "" },
        colours.has(first) ? pawnBadge(first, 14) : null,
        line,
      );
    }),
  );
  return h(
    "section",
    { class: "cw-foot" },
    h(
      "div",
      {
        class: "cw-reach",
        role: "group",
        "aria-label": `${cap(termsOf(view).spaces)} you can reach this turn`,
      },
      h("h4", { text: `${cap(termsOf(view).spaces)} you can reach this turn` }),
      list,
    ),
    h("div", { class: "cw-log", "data-role": "log" }, h("h4", { text: "Log" }), log),
  );
}
