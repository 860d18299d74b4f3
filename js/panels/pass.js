/**
 * The hot-seat hand-over, shared by every edition's table: between two people's turns the
 * view holds nobody's hand, and this screen says who takes the board next.
 */

import { h } from "../dom.js";

/** Who plays next, and their "ready" (the kernel checks it). @param {any} view */
export function passScreen(view) {
  const who = view.pass_to.charAt(0).toUpperCase() + view.pass_to.slice(1);
  return h(
    "section",
    { class: "cw-pass", role: "dialog", "aria-label": `Pass to ${who}`, "data-role": "pass" },
    h("h3", { text: `Pass the board to ${who}` }),
    h("p", { text: "The last hand is hidden. When you have the board, show yours:" }),
    h("button", {
      type: "button",
      class: "cw-btn cw-primary",
      "data-action": "ready",
      "data-key": "btn:ready",
      "data-intent": JSON.stringify({ kind: "ready" }),
      "aria-label": `I am ${who}: show my hand`,
      text: `I am ${who}: show my hand`,
    }),
  );
}
