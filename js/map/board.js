// The map: backdrop, Depths, module areas, tunnels with their badges, the route being
// previewed and the rooms, as one SVG; with the zoom bar, the legend and the game-over box.

import { h, s } from "../dom.js";
import { MARGIN, arrowheads, mapZoom, rectEdge } from "../geometry.js";
import { svgIcon } from "../icons.js";
import { pal } from "../pawn.js";
import { hasFeature } from "../protocol.js";
import { plural, termsOf } from "../text.js";
import { moduleAreas } from "./modules.js";
import { coachRide } from "./rides.js";
import { room } from "./room.js";
import { mapWidth, zoomBar } from "./zoom.js";
import { legend } from "../panels/legend.js";
import { gameOver } from "../panels/gameover.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").PathView} PathView */
/** @typedef {import("../types.js").Space} Space */
/** @typedef {import("../icons.js").IconName} IconName */

/** @param {Ctx} ctx @param {BoardView} board @param {any} view */
export function boardPanel(ctx, board, view) {
  const { ui, box } = ctx;
  const byId = new Map(board.spaces.map((sp) => [sp.id, sp]));
  /** @type {Map<string, MoveView>} */
  const moves = new Map((view.moves || []).map((/** @type {MoveView} */ m) => [m.id, m]));
  const me = view.seat === null ? null : view.players[view.seat];
  const W = board.width + 2 * MARGIN;
  const H = board.height + 2 * MARGIN;
  const T = termsOf(view);
  const zoom = mapZoom(board.width, mapWidth(ctx.root), ui.zoom);
  const svg = s("svg", {
    class: `cw-map${zoom.names ? "" : " cw-map-nonames"}`,
    viewBox: `${-MARGIN} ${-MARGIN} ${W} ${H}`,
    role: "group",
    "aria-label": `Map of ${board.title}. ${moves.size ? `${moves.size} ${T.spaces} reachable this turn: use arrow keys or Tab.` : ""}`,
    "data-role": "map",
  });
  /** @type {Map<string, any>} */
  const modules = new Map((board.modules || []).map((/** @type {any} */ m) => [m.id, m]));
  // Backdrop and the Depths.
  svg.append(s("rect", { x: -MARGIN, y: -MARGIN, width: W, height: H, class: "cw-map-bg", rx: 14 }));
  if (hasFeature(view, "depths")) svg.append(depths(board, box));

  const areas = modules.size ? moduleAreas(board, modules, box) : null;
  if (areas) svg.append(areas.regions);

  // The route being previewed: this turn's, or the way to a space out of reach this turn
  // (the kernel's fewest-boots way over several turns, drawn fainter).
  const reply = ui.hover && ui.route && ui.route.id === ui.hover ? ui.route : null;
  const far = !moves.get(ui.hover || "") && reply && reply.far && reply.far.length;
  const preview = ui.hover ? moves.get(ui.hover) || (far ? { route: farRoute(reply) } : undefined) : undefined;
  /** @type {Set<number>} */
  const previewPaths = new Set();
  if (preview) for (const st of preview.route) if (typeof st.path === "number") previewPaths.add(st.path);

  // Tunnels.
  const tunnels = s("g", { class: "cw-tunnels" });
  const badges = s("g", { class: "cw-tunnel-badges" });
  for (const p of board.paths) {
    const a = byId.get(p.a);
    const b = byId.get(p.b);
    if (!a || !b) continue;
    const e1 = rectEdge(a, b.x, b.y, box);
    const e2 = rectEdge(b, a.x, a.y, box);
    const cls = [
      "cw-tunnel",
      p.locked ? "cw-locked" : "",
      p.water ? "cw-water" : "",
      previewPaths.has(p.index) ? "cw-on-route" : "",
    ].join(" ");
    tunnels.append(s("line", { x1: e1.x, y1: e1.y, x2: e2.x, y2: e2.y, class: cls, "data-path": p.index }));
    if (p.one_way) {
      // Arrowheads along the tunnel, pointing from a to b.
      for (const { x, y, ang } of arrowheads(e1, e2)) {
        badges.append(
          s("path", {
            d: "M-7,-6 L5,0 L-7,6 Z",
            class: "cw-arrow",
            transform: `translate(${x} ${y}) rotate(${ang})`,
          }),
        );
      }
    }
    const badge = tunnelBadge(p, e1, e2);
    if (badge) badges.append(badge);
  }
  svg.append(tunnels);

  // Route overlay (drawn over the tunnels, under the rooms).
  /** @type {SVGElement[]} */
  const rideMarkers = [];
  if (preview && me) {
    let from = byId.get(me.space);
    const pts = from ? [[from.x, from.y]] : [];
    let d = from ? `M${from.x},${from.y}` : "";
    let jumps = "";
    /** @type {SVGElement[]} */
    const rides = [];
    for (const st of preview.route) {
      const to = byId.get(st.space);
      if (!to || !from) continue;
      if (st.path === "coach") {
        // A coach ride: an arc with its coach and fare, not a line through the rooms.
        const ride = coachRide(from, to, st.gold || 0, board.spaces, box, T.gold, Boolean(far));
        rides.push(ride.arc);
        rideMarkers.push(ride.marker);
        d += ` M${to.x},${to.y}`;
      } else if (st.path === "lift" || st.path === "teleport") {
        // A hyperlift, telepad or teleport: a dashed jump, not a walk along a path.
        jumps += `M${from.x},${from.y} L${to.x},${to.y} `;
        d += ` M${to.x},${to.y}`;
      } else d += ` L${to.x},${to.y}`;
      pts.push([to.x, to.y]);
      from = to;
    }
    if (pts.length > 1) {
      const cls = far ? "cw-route cw-route-far" : "cw-route";
      svg.append(s("path", { d, class: "cw-route-casing" }), s("path", { d, class: cls, "data-role": far ? "far-route" : "route-line" }));
      if (jumps) svg.append(s("path", { d: jumps, class: "cw-route cw-route-jump" }));
      svg.append(...rides);
    }
  }
  svg.append(badges, ...rideMarkers);
  if (areas) svg.append(areas.tabs);
  svg.append(trails(view, byId));

  // Rooms.
  const pawnsAt = new Map();
  for (const p of view.players) {
    if (p.status !== "in") continue;
    if (!pawnsAt.has(p.space)) pawnsAt.set(p.space, []);
    pawnsAt.get(p.space).push(p);
  }
  const rooms = s("g", { class: "cw-rooms" });
  for (const sp of board.spaces)
    rooms.append(room(ctx, sp, moves.get(sp.id) || null, me, pawnsAt.get(sp.id) || [], view));
  svg.append(rooms);

  // The map keeps a legible size: on a narrow output it scrolls sideways instead.
  const inner = h("div", { class: "cw-mapinner", style: zoom.style }, svg);
  const wrap = h(
    "div",
    { class: "cw-mapwrap" },
    h("div", { class: "cw-mapscroll", "data-role": "map-scroll" }, inner),
    zoomBar(zoom),
    legend(view),
    view.is_over && !ui.overHidden ? gameOver(view) : null,
  );
  return h("section", { class: "cw-board", "aria-label": T.map }, wrap);
}

/**
 * The way to a space out of reach this turn, from the kernel's reply: its steps where it
 * says which are coach rides (`far_steps`), else the spaces walked through.
 * @param {any} reply
 * @returns {MoveView["route"]}
 */
function farRoute(reply) {
  if (reply.far_steps) return reply.far_steps;
  return reply.far.map((/** @type {string} */ id) => ({ space: id, path: null }));
}

/**
 * The Depths: below a line across the board, or a shaded box around each deep room.
 * @param {BoardView} board @param {import("../types.js").RoomBox} box
 */
function depths(board, box) {
  const W = board.width + 2 * MARGIN;
  const g = s("g", { class: "cw-depths-layer" });
  if (board.depths_line !== null) {
    g.append(
      s("rect", {
        x: -MARGIN,
        y: board.depths_line,
        width: W,
        height: board.height + MARGIN - board.depths_line,
        class: "cw-depths",
        rx: 14,
      }),
      s("line", {
        x1: -MARGIN,
        x2: board.width + MARGIN,
        y1: board.depths_line,
        y2: board.depths_line,
        class: "cw-depths-line",
      }),
      s("text", {
        x: board.width + MARGIN - 6,
        y: board.depths_line + 15,
        class: "cw-depths-label",
        "text-anchor": "end",
        text: "DEPTHS ▼",
      }),
      s("text", {
        x: board.width + MARGIN - 6,
        y: board.depths_line - 7,
        class: "cw-surface-label",
        "text-anchor": "end",
        text: "SURFACE ▲",
      }),
    );
  } else {
    for (const sp of board.spaces.filter((x) => x.depths)) {
      g.append(
        s("rect", {
          x: sp.x - box.w / 2 - 14,
          y: sp.y - box.h / 2 - 14,
          width: box.w + 28,
          height: box.h + 28,
          rx: 18,
          class: "cw-depths",
        }),
      );
    }
  }
  return g;
}

/**
 * The badge in the middle of a tunnel: padlock, gate (a command code), extra boots, monsters.
 * @param {PathView} p @param {{x: number, y: number}} e1 @param {{x: number, y: number}} e2
 */
function tunnelBadge(p, e1, e2) {
  /** @type {[IconName, string|null][]} */
  const icons = [];
  if (p.locked) icons.push(["lock", null]);
  if (p.gate) icons.push(["code", null]);
  if (p.boots > 1) icons.push(["boots", `${p.boots}`]);
  for (let i = 0; i < p.monsters; i++) icons.push(["monster", null]);
  if (!icons.length) return null;
  const mx = (e1.x + e2.x) / 2;
  const my = (e1.y + e2.y) / 2;
  const size = 15;
  const numW = 8;
  // Lay the icons across the tunnel, where there is room between two rooms.
  const across = Math.abs(e2.x - e1.x) > Math.abs(e2.y - e1.y);
  const itemW = (/** @type {[string, string|null]} */ it) => size + (it[1] ? numW : 0);
  const wdt = across ? Math.max(...icons.map(itemW)) + 6 : icons.reduce((a, it) => a + itemW(it) + 1, -1) + 6;
  const hgt = across ? icons.length * (size + 1) - 1 + 6 : size + 6;
  const g = s("g", { class: "cw-badge", transform: `translate(${mx} ${my})` });
  const label = [
    p.locked ? "locked (needs a Master Key)" : "",
    p.gate || "",
    p.boots > 1 ? `${p.boots} boots` : "",
    p.monsters ? `${plural(p.monsters, "monster")}: pay a Sword or take a damage each` : "",
    p.one_way ? "one way" : "",
    p.note,
  ]
    .filter(Boolean)
    .join("; ");
  g.append(s("title", { text: label }));
  g.append(s("rect", { x: -wdt / 2, y: -hgt / 2, width: wdt, height: hgt, rx: 6, class: "cw-badge-bg" }));
  let cx = -wdt / 2 + 3;
  let cy = -hgt / 2 + 3;
  for (const it of icons) {
    const x0 = across ? -itemW(it) / 2 : cx;
    g.append(svgIcon(it[0], x0 + size / 2, cy + size / 2, size));
    if (it[1])
      g.append(
        s("text", {
          x: x0 + size + 0.5,
          y: cy + size / 2 + 0.5,
          "dominant-baseline": "central",
          class: "cw-badge-num",
          text: it[1],
        }),
      );
    if (across) cy += size + 1;
    else cx += itemW(it) + 1;
  }
  return g;
}

/**
 * The others' moves since the person's last turn, as dashed trails in their colours.
 * @param {any} view @param {Map<string, Space>} byId
 */
function trails(view, byId) {
  const g = s("g", { class: "cw-trails", "aria-hidden": "true" });
  for (const p of (view.since && view.since.players) || []) {
    const pts = p.trail.map((/** @type {string} */ id) => byId.get(id)).filter(Boolean);
    if (pts.length < 2) continue;
    const d = pts.map((/** @type {Space} */ sp, /** @type {number} */ i) => `${i ? "L" : "M"}${sp.x},${sp.y}`).join(" ");
    g.append(s("path", { d, class: "cw-trail", stroke: pal(p.colour).fill, "data-trail": p.colour }));
  }
  return g;
}
