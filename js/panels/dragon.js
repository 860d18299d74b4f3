// The boss (the dragon, a ship's boss): rage track, Clank! area, bag, countdown, and the
// odds of the next attack.

import { h } from "../dom.js";
import { icon, iconName } from "../icons.js";
import { pawnBadge } from "../pawn.js";
import { hasFeature } from "../protocol.js";
import { cap, damageBuckets, pct, plural, termsOf } from "../text.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */

/** @param {Ctx} ctx @param {any} view */
export function dragonPanel(ctx, view) {
  const { ui } = ctx;
  const r = view.rage;
  const T = termsOf(view);
  /** @type {Record<string, {icon: string, count: number, title: string}[]>} */
  const tokens = r.tokens || {};
  /** @type {Record<string, string[]>} */
  const zones = r.zones || {};
  const track = h(
    "ol",
    {
      // room above each space for the tokens, when the edition puts tokens on the track
      class: `cw-rage${r.tokens ? " cw-rage-with-tokens" : ""}`,
      "aria-label": `${T.boss} rage: ${r.value} cubes per attack`,
    },
    r.track.map((/** @type {number} */ v, /** @type {number} */ i) => {
      const here = tokens[String(i)] || [];
      const zone = zones[String(i)] || [];
      const notes = [`space ${i + 1}: ${plural(v, "cube")} drawn per attack`];
      for (const t of here) notes.push(t.title);
      if (zone.includes("red")) notes.push("red zone");
      return h(
        "li",
        {
          class: [
            i === r.marker ? "cw-rage-on" : i < r.marker ? "cw-rage-past" : "",
            ...zone.map((z) => `cw-rage-${z}`),
          ].join(" "),
          "aria-current": i === r.marker ? "step" : null,
          title: notes.join("; "),
        },
        `${v}`,
        here.length
          ? h(
              "span",
              { class: "cw-rage-tokens", "aria-hidden": "true" },
              here.map((t) => Array.from({ length: t.count }, () => icon(iconName(t.icon), 10))),
            )
          : null,
      );
    }),
  );
  const colours = view.players.map((/** @type {PlayerView} */ p) => p.colour);
  /** @type {Record<string, {icon: string, name: string, note: string}>} */
  const kinds = view.clank.cube_kinds || {};
  const cubes = (/** @type {Record<string, number>} */ where, /** @type {string[]} */ order) =>
    order
      .filter((c) => (where[c] || 0) > 0)
      .map((c) =>
        h(
          "span",
          {
            class: "cw-cubes",
            title: kinds[c]
              ? `${plural(where[c], kinds[c].name)} (${c}): ${kinds[c].note}`
              : `${where[c]} ${c} cube${where[c] === 1 ? "" : "s"}`,
          },
          c === "black"
            ? h("span", { class: "cw-blackcube", "aria-hidden": "true" })
            : kinds[c]
              ? icon(iconName(kinds[c].icon), 15)
              : pawnBadge(c, 15),
          h("span", { text: `${where[c]}` }),
        ),
      );
  const area = cubes(view.clank.area, [...colours, ...Object.keys(kinds)]);
  const bag = cubes(view.clank.bag, [
    "black",
    ...colours,
    ...Object.keys(view.clank.bag).filter((c) => c !== "black" && !colours.includes(c)),
  ]);
  const cd = view.countdown;
  const countdown =
    hasFeature(view, "countdown") && cd.position !== null && cd.track.length
      ? h(
          "div",
          {
            class: "cw-countdown",
            "aria-label": `Countdown at space ${cd.position} of ${cd.track.length}`,
          },
          h("span", { class: "cw-label", text: "Countdown" }),
          h(
            "ol",
            {},
            cd.track.map((/** @type {number|null} */ v, /** @type {number} */ i) =>
              h("li", {
                class: i + 1 === cd.position ? "cw-rage-on" : i + 1 < cd.position ? "cw-rage-past" : "",
                title: v === null ? "everyone still inside is lost" : `+${v} cubes drawn`,
                text: v === null ? "✕" : `+${v}`,
              }),
            ),
          ),
        )
      : null;
  return h(
    "div",
    { class: "cw-dragon", "aria-label": `The ${T.boss.toLowerCase()}`, role: "group" },
    h(
      "div",
      { class: "cw-dragon-row" },
      icon(iconName(r.icon || "dragon"), 18),
      h("span", { class: "cw-label", text: r.label || "Rage" }),
      track,
      h("span", {
        class: "cw-draws",
        title: "Cubes drawn at the next attack: rage + dangers in the row",
        text: `attack draws ${r.draws}${r.dangers ? ` (${r.value}+${r.dangers} danger)` : ""}`,
      }),
    ),
    h(
      "div",
      { class: "cw-dragon-row" },
      h("span", { class: "cw-label", text: "Clank! area" }),
      area.length ? area : h("span", { class: "cw-dim", text: "empty" }),
    ),
    h(
      "div",
      { class: "cw-dragon-row cw-bag-row", "data-role": "bag" },
      h("span", { class: "cw-label", text: "Bag" }),
      bag,
      h("button", {
        type: "button",
        class: "cw-btn cw-small cw-quiet",
        "data-action": "hover-bag",
        "data-key": "btn:odds",
        "aria-expanded": ui.oddsOpen,
        "aria-label": `Odds of the next ${T.boss_attack} (B)`,
        text: ui.oddsOpen ? "Hide odds" : "Odds",
      }),
      // right after its button (the order a screen reader reads), floating under the row
      !view.is_over && (ui.oddsOpen || ui.oddsHover) ? oddsBox(ctx, view) : null,
    ),
    countdown,
    h("div", {
      class: "cw-dim cw-small-text",
      text: `${T.deck} ${view.dungeon.deck} · discard ${view.dungeon.discard}`,
    }),
  );
}

/** @param {Ctx} ctx @param {any} view */
export function oddsBox(ctx, view) {
  const { ui } = ctx;
  const T = termsOf(view);
  const o = ui.odds;
  // It floats over the board. Shown only while the pointer is on the bag, it lets the
  // pointer through to what is under it; opened with Odds (or B), it stays until closed.
  const cls = `cw-odds${ui.oddsOpen ? "" : " cw-odds-peek"}`;
  if (!o) return h("div", { class: cls, text: "Working out the odds…" });
  if (!o.available) return h("div", { class: cls, text: o.message || "No odds available." });
  return h(
    "div",
    { class: cls, "data-role": "odds" },
    h("div", {
      class: "cw-small-text",
      text: `If the ${T.boss.toLowerCase()} attacked now (${plural(o.draws, "cube")} drawn from the bag):`,
    }),
    h(
      "table",
      {},
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { text: "" }),
          h("th", { text: "damage", title: "Chance of 0, 1, 2, 3 or more damage" }),
          h("th", { text: "avg", title: "Expected damage" }),
          h("th", { text: "KO", title: "Chance of being knocked out" }),
        ),
      ),
      h(
        "tbody",
        {},
        o.players.map((/** @type {any} */ p) => {
          const d = p.damage;
          const parts = damageBuckets(d);
          const bar = h(
            "span",
            {
              class: "cw-oddsbar",
              role: "img",
              "aria-label": parts.map((x, i) => `${pct(x)} ${i === 3 ? "3 or more" : i} damage`).join(", "),
              title: parts.map((x, i) => `${i === 3 ? "3+" : i}: ${pct(x)}`).join("  "),
            },
            parts.map((x, i) =>
              x > 0.005
                ? h("span", {
                    class: `cw-odds-${i}`,
                    style: `flex-grow:${x}`,
                    text: x > 0.14 ? `${i === 3 ? "3+" : i}` : "",
                  })
                : null,
            ),
          );
          return h(
            "tr",
            {},
            h(
              "th",
              {},
              pawnBadge(p.colour, 14),
              " ",
              cap(p.colour),
              p.note ? h("span", { class: "cw-odds-note", title: p.note, text: " *" }) : null,
            ),
            h("td", {}, bar),
            h("td", { text: p.expected.toFixed(2) }),
            h("td", { text: pct(p.knockout) }),
          );
        }),
      ),
    ),
    h("div", {
      class: "cw-dim cw-small-text",
      text: "Bars: chance of 0, 1, 2, 3+ damage (lighter is less).",
    }),
    (o.notes || []).map((/** @type {{icon: string|null, text: string}} */ n) =>
      h("div", { class: "cw-dim cw-small-text" }, n.icon ? icon(iconName(n.icon), 12) : null, n.text),
    ),
  );
}
