// The map's legend.

import { h } from "../dom.js";
import { icon } from "../icons.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */

/** @param {any} view */
export function legend(view) {
  const item = (/** @type {IconName} */ name, /** @type {string} */ text) =>
    h("li", {}, icon(name, 14), text);
  if (view.ship) {
    return h(
      "details",
      { class: "cw-legend" },
      h("summary", { text: "Legend" }),
      h(
        "ul",
        {},
        item("boots", "extra Boots to walk"),
        item("monster", "enemy: a Sword or a damage"),
        item("lock", "padlock: needs a Master Key"),
        item("code", "into the command module: needs a command code"),
        item("port", "data port (a cube on it: used)"),
        item("lift", "hyperlift"),
        item("telepad", "telepad (needs a TelePass)"),
        item("checkpoint", "security checkpoint: stop"),
        item("lockdown", "lockdown token: hyperlift sealed"),
        item("pod", "escape pods left"),
        item("artifact", "artifact (points)"),
        item("ticket", "tokens: artifact cost / Redemption bonus"),
        item("secret", "minor secrets (face down)"),
        item("secretMajor", "major secrets (face down)"),
        item("market", "market"),
        item("vat", "cloning vat"),
        item("vault", "ransack a vault (Credits)"),
        item("clank", "Clank! on entering"),
        item("hunter", "bounty hunter (red cube)"),
        h(
          "li",
          {},
          h("span", { class: "cw-legend-arrow", "aria-hidden": "true", text: "➤" }),
          "one-way path",
        ),
      ),
    );
  }
  return h(
    "details",
    { class: "cw-legend" },
    h("summary", { text: "Legend" }),
    h(
      "ul",
      {},
      item("boots", "extra boots to walk"),
      item("monster", "monster: a sword or a damage"),
      item("lock", "locked: needs a Master Key"),
      item("artifact", "artifact (points)"),
      item("secret", "minor secrets (face down)"),
      item("secretMajor", "major secrets (face down)"),
      item("idol", "monkey idols"),
      item("crystal", "crystal cave: stop"),
      item("market", "market"),
      item("heart", "heals"),
      item("gold", "gold on entering"),
      item("exit", "exit"),
      h(
        "li",
        {},
        h("span", { class: "cw-legend-arrow", "aria-hidden": "true", text: "➤" }),
        "one-way tunnel",
      ),
    ),
  );
}
