// The foot: the rooms reachable this turn and the game log.

import { h } from "../dom.js";
import { pawnBadge } from "../pawn.js";
import { cap, costText, logClass, termsOf } from "../text.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */
/** @typedef {import("../types.js").LogLine} LogLine */

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
    view.log.map((/** @type {LogLine} */ line) =>
      h(
        "li",
        { class: logClass(line.kind), "data-kind": line.kind },
        line.actor && colours.has(line.actor) ? pawnBadge(line.actor, 14) : null,
        line.text,
      ),
    ),
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
