// "Since your last turn": what the others and the dragon did while you waited (from the
// kernel's summary of the game's structured events), and the bots' speed.

import { h } from "../dom.js";
import { pawnBadge } from "../pawn.js";
import { cap, plural } from "../text.js";
import { button } from "./buttons.js";

/** @param {any} view @param {import("../types.js").BoardView} board */
export function sincePanel(view, board) {
  const since = view.since;
  if (!since) return null;
  const names = new Map(board.spaces.map((sp) => [sp.id, sp.name]));
  const lines = since.players
    .map((/** @type {any} */ p) => {
      const bits = [];
      if (p.trail.length > 1)
        bits.push(`moved to ${p.trail.slice(1).map((/** @type {string} */ id) => names.get(id) || id).join(" → ")}`);
      if (p.gained.length) bits.push(`acquired ${p.gained.join(", ")}`);
      if (p.defeated.length) bits.push(`defeated ${p.defeated.join(", ")}`);
      if (p.bought.length) bits.push(p.bought.join("; "));
      if (p.artifacts) bits.push(`took ${plural(p.artifacts, "artifact")}`);
      if (p.clank) bits.push(`added ${p.clank} Clank!`);
      return bits.length
        ? h("li", { "data-colour": p.colour }, pawnBadge(p.colour, 16), ` ${cap(p.colour)} ${bits.join("; ")}.`)
        : null;
    })
    .filter(Boolean);
  const attacks = since.attacks.map((/** @type {any} */ a) =>
    h(
      "li",
      { class: "cw-since-attack", "data-role": "since-attack" },
      a.text,
      a.hurt.length
        ? ` → ${a.hurt.map((/** @type {any} */ x) => `${cap(x.colour)} took ${x.damage} damage`).join(", ")}`
        : " → nobody was hurt",
    ),
  );
  if (!lines.length && !attacks.length) return null;
  return h(
    "details",
    { class: "cw-since", open: true, "data-role": "since" },
    h("summary", { text: "Since your last turn" }),
    h("ul", {}, lines, attacks),
  );
}

/** The bots' speed, and a skip to the person's turn while they play. @param {any} view */
export function botControls(view) {
  if (!view.players.some((/** @type {any} */ p) => p.bot)) return null;
  const speeds = ["slow", "normal", "fast", "instant"];
  return [
    h(
      "select",
      { class: "cw-select", "data-role": "bot-speed", "aria-label": "Bots' speed", title: "Bots' speed" },
      speeds.map((s) => h("option", { value: s, selected: view.bot_speed === s, text: `Bots: ${s}` })),
    ),
    view.busy
      ? button("skip-bots", "Skip to my turn", { enabled: true, intent: { kind: "skip-bots" }, cls: "cw-small" })
      : null,
  ];
}
