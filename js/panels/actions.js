// The actions panel: the edition's own actions of the person's space and of the turn,
// straight from the view's legal actions, and what the engine refuses here and why.

import { h } from "../dom.js";
import { icon, iconName } from "../icons.js";
import { termsOf } from "../text.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */

/**
 * The actions of the edition that are neither cards nor moves: those of the person's
 * space (hack a port, ride a lift, steal an artifact...) and those of the turn (thrill
 * the audience, claim a cabinet...), straight from the view's legal actions; and, in
 * words, what the engine refuses here and why.
 * @param {any} view @param {BoardView} board
 */
export function actionsPanel(view, board) {
  const me = view.seat === null ? null : view.players[view.seat];
  if (!me) return null;
  const legal = (view.actions || []).filter(
    (/** @type {any} */ a) => a.where === "here" || a.where === "now" || !a.where,
  );
  const blocked = view.blocked || [];
  const notes = view.notes || [];
  if (!legal.length && !blocked.length) return null;
  const T = termsOf(view);
  const none = !legal.length;
  const sp = board.spaces.find((x) => x.id === me.space);
  const here = legal.filter((/** @type {any} */ a) => a.where === "here");
  const now = legal.filter((/** @type {any} */ a) => a.where !== "here");
  const btn = (/** @type {any} */ a, /** @type {number} */ i) =>
    h(
      "button",
      {
        type: "button",
        class: `cw-btn cw-actbtn cw-act-${a.intent.kind}`,
        "data-action": a.intent.kind,
        "data-intent": JSON.stringify(a.intent),
        "data-key": `act:${i}`,
        "data-target-space": a.space || null,
        "aria-label": a.label,
        title: a.label,
      },
      a.icon ? icon(iconName(a.icon), 16) : null,
      h("span", { text: a.label }),
    );
  let i = 0;
  return h(
    "section",
    {
      class: `cw-actions${none ? " cw-actions-none" : ""}`,
      role: "group",
      "aria-label": `Actions in ${sp ? sp.name : `your ${T.space}`} and this turn`,
      "data-role": "actions",
    },
    here.length
      ? h(
          "div",
          { class: "cw-actgroup" },
          h("h4", { text: `Here: ${sp ? sp.name : ""}` }),
          h("div", { class: "cw-actbtns" }, here.map((/** @type {any} */ a) => btn(a, i++))),
        )
      : null,
    now.length
      ? h(
          "div",
          { class: "cw-actgroup" },
          h("h4", { text: "This turn" }),
          h("div", { class: "cw-actbtns" }, now.map((/** @type {any} */ a) => btn(a, i++))),
        )
      : null,
    notes.length
      ? h(
          "p",
          { class: "cw-actnotes" },
          notes.map((/** @type {string} */ n) => h("span", { text: n })),
        )
      : null,
    blocked.length
      ? h(
          "ul",
          { class: "cw-blocked", "aria-label": "Not possible now" },
          blocked.map((/** @type {any} */ b) =>
            h("li", {}, h("strong", { text: b.label }), h("span", { class: "cw-dim", text: ` — ${b.why}` })),
          ),
        )
      : null,
  );
}
