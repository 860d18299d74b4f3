// One room (space) of the map: its box, name, feature badges, artifact, pawns and, when
// reachable this turn, the cost of the cheapest way there.

import { s } from "../dom.js";
import { nameWidth, wrapName } from "../geometry.js";
import { iconName, svgIcon } from "../icons.js";
import { pawn } from "../pawn.js";
import { cap, costText } from "../text.js";
import { hereActions } from "./features.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").Space} Space */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../icons.js").IconName} IconName */
/** @typedef {import("../types.js").Badge} Badge */

/**
 * @param {Ctx} ctx @param {Space} sp @param {MoveView|null} move @param {PlayerView|null} me
 * @param {PlayerView[]} pawns @param {any} view
 */
export function room(ctx, sp, move, me, pawns, view) {
  const { ui, box } = ctx;
  const W = box.w;
  const H = box.h;
  // One tab stop for the whole map (roving tabindex): arrow keys move between rooms.
  const roving = ui.mapFocus || (me && me.status === "in" ? me.space : view.players[view.current].space);
  const here = me && me.status === "in" && me.space === sp.id;
  const hovered = ui.hover === sp.id;
  const hereActs = here ? hereActions(view) : "";
  const cls = [
    "cw-room",
    ...(sp.marks || []).map((/** @type {string} */ m) => `cw-room-${m}`),
    move ? "cw-reachable" : "",
    here ? "cw-here" : "",
    hovered ? "cw-hovered" : "",
    ui.target === sp.id ? "cw-targeted" : "",
    hereActs ? "cw-has-actions" : "",
  ].join(" ");
  const features = [...(sp.words || [])];
  for (const p of pawns) features.push(`${cap(p.colour)}${p.you ? " (you)" : ""} is here`);
  if (hereActs) features.push(hereActs);
  let cost = "";
  if (move) {
    const o = move.options[0];
    cost = `reachable: ${costText(o)}`;
  }
  const label = [sp.name, ...features, cost].filter(Boolean).join(", ");
  const g = s("g", {
    class: cls,
    transform: `translate(${sp.x} ${sp.y})`,
    "data-space-id": sp.id,
    "data-key": `space:${sp.id}`,
    "data-action": move ? "move-to" : "inspect",
    "data-reachable": move ? "true" : "false",
    tabindex: sp.id === roving ? "0" : "-1",
    role: "button",
    "aria-label": label,
    "aria-disabled": move ? null : "true",
  });
  g.append(s("title", { text: [label, sp.note].filter(Boolean).join(". ") }));
  g.append(s("rect", { x: -W / 2, y: -H / 2, width: W, height: H, rx: 9, class: "cw-room-box" }));
  const lines = wrapName(sp.name, nameWidth(box));
  const fs = box.fs;
  const top = -((lines.length - 1) * (fs + 1)) / 2 - 2;
  const text = s("text", { class: "cw-room-name", "text-anchor": "middle", "font-size": fs });
  lines.forEach((ln, i) =>
    text.append(s("tspan", { x: 0, y: top + i * (fs + 1), "dominant-baseline": "central", text: ln })),
  );
  g.append(text);

  // Feature badges along the top edge.
  /** @type {Badge[]} */
  const feats = sp.badges || [];
  let fx = -W / 2 + 4;
  for (const [name, n, cubes] of feats) {
    const fg = s("g", { class: `cw-feat cw-feat-${name}`, transform: `translate(${fx} ${-H / 2 - 7})` });
    const extra = cubes ? cubes.length * 13 : 0;
    const wdt = (n ? (n.length <= 2 ? 29 : 19 + 6 * n.length) : 17) + extra;
    fg.append(s("rect", { x: 0, y: -1, width: wdt, height: 16, rx: 8, class: "cw-feat-bg" }));
    fg.append(svgIcon(iconName(name), 8, 7, 13));
    if (n) fg.append(s("text", { x: 16, y: 7.5, "dominant-baseline": "central", class: "cw-feat-num", text: n }));
    (cubes || []).forEach((c, i) => fg.append(pawn(c, wdt - extra + 6 + i * 13, 7, 5.6)));
    g.append(fg);
    fx += wdt + 2;
  }
  if (sp.artifact !== null) g.append(artifact(sp, W, H));
  // Pawns along the bottom-left edge (tunnels leave from the middle of each side).
  const gap = pawns.length > 1 ? Math.min(20, (W - 26) / (pawns.length - 1)) : 20;
  pawns.forEach((p, i) => {
    const x = -W / 2 + 13 + i * gap;
    g.append(
      pawn(p.colour, x, H / 2 - 1, 9.5, `${p.you ? "cw-pawn-you" : ""} ${view.current === p.seat ? "cw-pawn-current" : ""}`),
    );
  });
  if (move) g.append(moveCost(move, W, H));
  return g;
}

/**
 * The artifact on a room's top-right corner, with its cost in tokens where it has one.
 * @param {Space} sp @param {number} W @param {number} H
 */
function artifact(sp, W, H) {
  const ag = s("g", { class: "cw-artifact", transform: `translate(${W / 2 - 4} ${-H / 2 - 2})` });
  ag.append(s("circle", { r: 13, class: "cw-artifact-bg" }));
  ag.append(
    s("text", {
      "text-anchor": "middle",
      "dominant-baseline": "central",
      class: "cw-artifact-num",
      text: `${sp.artifact}`,
    }),
  );
  if (sp.artifact_cost != null) {
    // What it costs in tokens at a Redemption space, left of the value.
    const tg = s("g", { class: "cw-artifact-cost", transform: "translate(-44 -7)" });
    tg.append(s("rect", { x: 0, y: 0, width: 30, height: 15, rx: 7.5, class: "cw-feat-bg" }));
    tg.append(svgIcon("ticket", 8, 7.5, 12));
    tg.append(
      s("text", { x: 16, y: 8, "dominant-baseline": "central", class: "cw-feat-num", text: `${sp.artifact_cost}` }),
    );
    ag.append(tg);
  }
  return ag;
}

/**
 * The cheapest way to a reachable room, as a pill on its bottom-right corner.
 * @param {MoveView} move @param {number} W @param {number} H
 */
function moveCost(move, W, H) {
  const o = move.options[0];
  /** @type {[IconName, number][]} */
  const bits = [["boots", o.boots]];
  if (o.swords) bits.push(["swords", o.swords]);
  if (o.damage) bits.push(["heart", o.damage]);
  if (o.teleports) bits.push(["teleport", o.teleports]);
  if (o.lifts) bits.push(["lift", o.lifts]);
  if (o.gold) bits.push(["gold", o.gold]);
  const wdt = bits.length * 21 + 4;
  const cg = s("g", {
    class: "cw-room-cost",
    transform: `translate(${W / 2 + 4 - wdt} ${H / 2 - 7})`,
    "aria-hidden": "true",
  });
  cg.append(s("rect", { x: 0, y: 0, width: wdt, height: 15, rx: 7.5, class: "cw-room-cost-bg" }));
  bits.forEach(([name, n], i) => {
    cg.append(
      s("text", {
        x: 4 + i * 21 + 6,
        y: 8,
        "text-anchor": "end",
        "dominant-baseline": "central",
        class: "cw-room-cost-num",
        text: o.damage && name === "heart" ? `-${n}` : `${n}`,
      }),
    );
    cg.append(svgIcon(name, 4 + i * 21 + 13, 7.5, 11));
  });
  return cg;
}
