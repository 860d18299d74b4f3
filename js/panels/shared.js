// The edition's shared state as small panels of rows (the ship, its modules...).

import { h } from "../dom.js";
import { pawnBadge } from "../pawn.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */

/**
 * The edition's shared state, one small panel each (the ship, its modules), as the
 * view lists them: a title, rows of label and value, and a note.
 * @param {any} view
 */
export function panelsRow(view) {
  const panels = view.panels || [];
  if (!panels.length) return null;
  return h(
    "section",
    { class: "cw-panels", "aria-label": panels.map((/** @type {any} */ p) => p.title).join(", ") },
    panels.map((/** @type {any} */ p) =>
      h(
        "div",
        { class: `cw-panel cw-panel-${p.id}`, role: "group", "aria-label": p.title, "data-panel": p.id },
        h("h4", { text: p.title }),
        h(
          "div",
          { class: "cw-panel-rows", role: "list" },
          p.rows.map((/** @type {any} */ r) =>
            h(
              "div",
              { class: "cw-panel-row", role: "listitem", title: r.title || null },
              h("span", { class: "cw-panel-k" }, r.colour ? pawnBadge(r.colour, 13) : null, r.label),
              h("span", { class: "cw-panel-v", text: r.value }),
            ),
          ),
        ),
        p.note ? h("p", { class: "cw-dim cw-small-text", text: p.note }) : null,
      ),
    ),
  );
}
