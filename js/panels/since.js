// "Since your last turn": what the others and the dragon did while you waited (from the
// kernel's summary of the game's structured events), and the bots' speed.

import { h } from "../dom.js";
import { pawnBadge } from "../pawn.js";
import { cap, plural } from "../text.js";
import { button } from "./buttons.js";

/**
 * @typedef {{names?: Map<string, string>, points?: string, gold?: string}} SinceWords
 * `names`: the map's space names (its trails); `points`, `gold`: the words for the points
 * and gold gained (only a layout that names them shows them).
 */

/**
 * What one other player did, in words (pure; the front end's tests call it).
 * @param {any} p a player of the kernel's summary @param {SinceWords} words
 * @returns {string[]}
 */
export function sinceBits(p, words) {
  const names = words.names || new Map();
  const who = `${cap(p.colour)} `;
  /** A log line about this player without their name (the summary's line starts with it). @param {string} t */
  const own = (t) => (t.startsWith(who) ? t.slice(who.length) : t);
  const bits = [];
  if (p.trail && p.trail.length > 1)
    bits.push(`moved to ${p.trail.slice(1).map((/** @type {string} */ id) => names.get(id) || id).join(" → ")}`);
  for (const c of p.contracts || []) bits.push(c.result ? `${own(c.text)}: ${c.result}` : own(c.text));
  if (p.rolled && p.rolled.length)
    bits.push(`rolled ${p.rolled.map((/** @type {number} */ n) => plural(n, "hazard")).join(", then ")}`);
  if (p.gained.length) bits.push(`acquired ${p.gained.join(", ")}`);
  if (p.defeated.length) bits.push(`defeated ${p.defeated.join(", ")}`);
  if (p.bought.length) bits.push(p.bought.map(own).join("; "));
  if (p.artifacts) bits.push(`took ${plural(p.artifacts, "artifact")}`);
  if (p.clank) bits.push(`added ${p.clank} Clank!`);
  const [was, now] = p.damage || [0, 0];
  if (now !== was) bits.push(`${now > was ? "took damage" : "healed"}: ${was} → ${now} on the health meter`);
  /** @param {number} n @param {string} word */
  const signed = (n, word) => `${n > 0 ? "gained" : "lost"} ${Math.abs(n)} ${word}`;
  if (words.points && p.points) bits.push(signed(p.points, words.points));
  if (words.gold && p.gold) bits.push(signed(p.gold, words.gold));
  return bits;
}

/** @param {any} view @param {SinceWords} words */
export function sincePanel(view, words) {
  const since = view.since;
  if (!since) return null;
  const lines = since.players
    .map((/** @type {any} */ p) => {
      const bits = sinceBits(p, words);
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
      a.hurt === null
        ? null
        : a.hurt.length
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
  if (!(view.players || view.captains).some((/** @type {any} */ p) => p.bot)) return null;
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
