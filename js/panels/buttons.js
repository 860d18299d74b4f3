// A button with its key, its intent and, when disabled, why.

import { h } from "../dom.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */

/**
 * @param {string} action
 * @param {string} text
 * @param {{key?: string, enabled: boolean, why?: string, intent: Intent|null, cls?: string, keyName?: string, expanded?: boolean, extra?: Record<string, any>}} o
 */
export function button(action, text, o) {
  const label = `${text}${o.key ? ` (${o.key})` : ""}${o.enabled ? "" : `. Not possible: ${o.why || "not now"}`}`;
  return h(
    "button",
    {
      type: "button",
      class: `cw-btn ${o.cls || ""}${o.enabled ? "" : " cw-disabled"}`,
      "data-action": action,
      "data-key": o.keyName || `btn:${action}`,
      "data-intent": o.intent ? JSON.stringify(o.intent) : null,
      "aria-disabled": o.enabled ? null : "true",
      "aria-expanded": o.expanded === undefined ? null : o.expanded,
      "data-why": o.enabled ? null : o.why || "not now",
      "aria-label": label,
      title: o.enabled ? (o.key ? `${text} (key ${o.key})` : text) : o.why || "not now",
      ...(o.extra || {}),
    },
    text,
    o.key ? h("kbd", { "aria-hidden": "true", text: o.key }) : null,
  );
}
