// The players: one card each with damage, Clank!, gold, score, piles, facts and loot;
// beside them the boss's panel and the edition's shared panels.

import { h } from "../dom.js";
import { icon, iconName } from "../icons.js";
import { pal, pawnBadge } from "../pawn.js";
import { cap, termsOf } from "../text.js";
import { hasFeature } from "../protocol.js";
import { dragonPanel } from "./dragon.js";
import { panelsRow } from "./shared.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */

/** @param {Ctx} ctx @param {any} view */
export function tableBar(ctx, view) {
  // the boss, its rage and its bag, for an edition that has them
  const bag = hasFeature(view, "bag");
  return h(
    "section",
    { class: "cw-table", "aria-label": `Players and the ${termsOf(view).boss.toLowerCase()}` },
    h(
      "div",
      { class: `cw-players cw-players-${view.players.length}` },
      view.players.map((/** @type {PlayerView} */ p) => playerCard(p, view)),
    ),
    view.panels && view.panels.length
      ? h("div", { class: "cw-side" }, bag ? dragonPanel(ctx, view) : null, panelsRow(view))
      : bag
        ? dragonPanel(ctx, view)
        : null,
  );
}

/** @param {PlayerView} p @param {any} view */
export function playerCard(p, view) {
  const c = pal(p.colour);
  const current = !view.is_over && view.current === p.seat;
  const name = `${cap(p.colour)}${p.you ? " (you)" : p.bot ? ` · ${p.bot} bot` : ""}`;
  const who = p.you ? "you" : p.bot ? `${p.bot} bot` : "";
  const status = p.status === "in" ? "" : p.status === "escaped" ? "escaped" : "knocked out";
  const meter = h(
    "div",
    { class: "cw-meter", role: "img", "aria-label": `Damage ${p.damage} of ${p.health}` },
    Array.from({ length: p.health }, (_, i) =>
      h("span", {
        class: `cw-meter-cell${i < p.damage ? " cw-hit" : ""}${i === p.health - 1 ? " cw-last" : ""}`,
        style: i < p.damage ? `--c:${c.fill}` : "",
      }),
    ),
  );
  const won = view.is_over && view.winners.includes(p.colour);
  return h(
    "div",
    {
      class: `cw-player${current ? " cw-current" : ""}${p.you ? " cw-you" : ""}${status ? " cw-gone" : ""}${won ? " cw-winner" : ""}`,
      style: `--c:${c.fill}`,
      "data-player": p.colour,
      "aria-label": `${name}: ${p.score} points, damage ${p.damage} of ${p.health}, ${p.clank} Clank! in the area, ${p.gold} ${termsOf(view).gold.toLowerCase()}${status ? ", " + status : ""}${(p.facts || []).map((/** @type {any} */ f) => `, ${f.label} ${f.value}`).join("")}`,
      role: "group",
    },
    h(
      "div",
      { class: "cw-player-name" },
      pawnBadge(p.colour, 20),
      h("span", { text: cap(p.colour) }),
      who ? h("span", { class: "cw-who", text: who }) : null,
      h(
        "span",
        { class: "cw-tags" },
        current ? h("span", { class: "cw-tag", text: "to play" }) : null,
        status ? h("span", { class: "cw-tag cw-tag-out", text: status }) : null,
        won ? h("span", { class: "cw-tag cw-tag-win", text: "winner" }) : null,
      ),
    ),
    h(
      "div",
      { class: "cw-player-meter" },
      icon("heart", 14),
      meter,
      h("span", { class: "cw-num", text: `${p.health - p.damage}` }),
    ),
    h(
      "div",
      { class: "cw-player-stats" },
      stat("clank", p.clank, "Clank! cubes in the area"),
      stat("gold", p.gold, termsOf(view).gold),
      h(
        "span",
        { class: "cw-stat", title: "Score so far" },
        h("span", { class: "cw-score", text: `${p.score}` }),
        h("small", { text: "pts" }),
      ),
      h("span", { class: "cw-stat cw-dim", title: "Cubes left in supply", text: `${p.supply} cubes` }),
      h("span", {
        class: "cw-stat cw-dim",
        title:
          p.discard_cards && p.discard_cards.length
            ? `Your discard pile: ${p.discard_cards.join(", ")}`
            : "Cards in the draw pile, the discard pile and the hand",
        text: `${p.deck} deck · ${p.discard} discard · ${p.hand_count} hand`,
      }),
    ),
    p.facts && p.facts.length
      ? h(
          "div",
          { class: "cw-player-facts" },
          p.facts.map((/** @type {any} */ f) =>
            h(
              "span",
              { class: `cw-fact cw-fact-${f.id}`, title: f.title, "data-fact": f.id },
              f.icon ? icon(iconName(f.icon), 13) : null,
              h("span", { class: "cw-fact-label", text: f.label }),
              h("span", { class: "cw-fact-value", text: f.value }),
              f.meter ? gauge(f.meter, f.label) : null,
            ),
          ),
        )
      : null,
    p.artifacts.length || p.tokens.length
      ? h(
          "div",
          { class: "cw-player-loot" },
          p.artifacts.map((v) =>
            h(
              "span",
              { class: "cw-chip cw-chip-art", title: `Artifact worth ${v}` },
              icon("artifact", 13),
              `${v}`,
            ),
          ),
          // a token already shown as a fact of the panel (a command code) gets no chip
          p.tokens
            .filter((t) => !hasFact(p, t.kind))
            .map((t) =>
            h(
              "span",
              {
                class: "cw-chip",
                title: `${t.name}${t.points ? `, ${t.points} points` : ""}${t.use ? `: ${t.use}` : ""}`,
              },
              t.name + (t.points ? ` ${t.points}` : ""),
            ),
          ),
        )
      : null,
  );
}

/** @param {PlayerView} p @param {string} id */
export function hasFact(p, id) {
  return (p.facts || []).some((/** @type {any} */ f) => f.id === id);
}

/** @param {IconName} name @param {number} n @param {string} title */
export function stat(name, n, title) {
  return h(
    "span",
    { class: "cw-stat", title },
    icon(name, 14),
    h("span", { class: "cw-num", text: `${n}` }),
  );
}

/**
 * A count toward thresholds, as a bar with its marks (a fact's `meter`): the part
 * reached is filled, each mark is a tick with its label, lit once reached.
 * @param {{value: number, max: number, marks: {at: number, label: string}[]}} m
 * @param {string} label
 */
export function gauge(m, label) {
  const max = Math.max(1, m.max, m.value);
  const pct = (/** @type {number} */ n) => `${Math.min(100, (100 * n) / max)}%`;
  return h(
    "span",
    {
      class: "cw-gauge",
      role: "meter",
      "aria-label": `${label}: ${m.value}; marks at ${m.marks.map((k) => `${k.at} (${k.label})`).join(", ")}`,
      "aria-valuemin": "0",
      "aria-valuemax": String(max),
      "aria-valuenow": String(m.value),
      "data-role": "gauge",
    },
    h("span", { class: "cw-gauge-fill", style: `width: ${pct(m.value)}` }),
    m.marks.map((k) =>
      h(
        "span",
        {
          class: `cw-gauge-mark${m.value >= k.at ? " cw-gauge-hit" : ""}`,
          style: `left: ${pct(k.at)}`,
          "data-at": k.at,
          title: `${k.at}: ${k.label}`,
        },
        h("span", { class: "cw-gauge-label", text: `${k.at}` }),
      ),
    ),
  );
}
