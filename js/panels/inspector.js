// The inspector line in the dock: the room under the pointer or focus.

import { h } from "../dom.js";
import { costText, plural, termsOf } from "../text.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */

/**
 * The inspector line in the dock: the room under the pointer or focus, what is in it,
 * and what reaching it costs this turn (the route is drawn on the map).
 * @param {Ctx} ctx @param {any} view @param {BoardView} board
 */
export function inspector(ctx, view, board) {
  const { ui } = ctx;
  const sp = ui.hover ? board.spaces.find((x) => x.id === ui.hover) : null;
  if (!sp) {
    return h(
      "div",
      { class: "cw-inspect cw-dim", "data-role": "route" },
      view.moves && view.moves.length
        ? `Lit ${termsOf(view).spaces} can be reached this turn: point at one (or focus it with Tab and the arrow keys) to see the way and its cost.`
        : `Point at a ${termsOf(view).space} to see what is in it and how far it is.`,
    );
  }
  const byId = new Map(board.spaces.map((x) => [x.id, x]));
  const reply = ui.route && ui.route.id === ui.hover ? ui.route : null;
  /** @type {MoveView|undefined} */
  const move = (view.moves || []).find((/** @type {MoveView} */ m) => m.id === ui.hover);
  const T = termsOf(view);
  const facts = sp.words || [];
  let how = null;
  if (move) {
    const opts = reply && reply.options.length ? reply.options : move.options;
    const via = move.route.slice(0, -1).map((st) => (byId.get(st.space) || { name: st.space }).name);
    how = h(
      "span",
      { class: "cw-inspect-how" },
      h("strong", { text: "This turn: " }),
      opts.map((/** @type {any} */ o, /** @type {number} */ i) => [
        i ? " or " : "",
        h("span", { class: "cw-opt", text: costText(o) }),
        typeof o.survive === "number"
          ? h("span", {
              class: `cw-survive${o.survive < 0.8 ? " cw-survive-low" : ""}`,
              "data-role": "survive",
              title: "The chance you are still standing after the next attack if you go this way",
              text: ` (alive after the next attack: ${Math.round(o.survive * 100)}%)`,
            })
          : null,
      ]),
      via.length ? ` · via ${via.join(", ")}` : "",
      h("span", { class: "cw-dim", text: " · click or press Enter to walk there" }),
    );
  } else if (reply && reply.distance === 0) {
    how = h("span", { text: "You are here." });
  } else if (reply && typeof reply.distance === "number") {
    how = h("span", {
      "data-role": "far",
      text: `out of reach this turn: ${plural(reply.distance, "boot")} away over several turns (the way is drawn faint)`,
    });
  } else if (reply && reply.distance === null) {
    how = h("span", { class: "cw-dim", text: `No way there from your ${T.space}.` });
  }
  return h(
    "div",
    {
      class: `cw-inspect${move ? " cw-inspect-reach" : ""}`,
      role: "status",
      "aria-live": "polite",
      "data-role": "route",
    },
    h("strong", { class: "cw-inspect-name", text: sp.name }),
    facts.length ? h("span", { class: "cw-dim", text: ` (${facts.join(", ")})` }) : null,
    how ? [" — ", how] : null,
    sp.note ? h("span", { class: "cw-note", text: ` ${sp.note}` }) : null,
  );
}
