// Built from js/ by esbuild (npm run build): edit the sources there, not this file.

// js/dom.js
var SVG_NS = "http://www.w3.org/2000/svg";
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}
function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return (
    /** @type {SVGElement} */
    node
  );
}
function focusedIn(node) {
  const tree = node.getRootNode();
  return tree instanceof ShadowRoot ? tree.activeElement : document.activeElement;
}
function setAttrs(node, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === void 0 || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else node.setAttribute(k, v === true ? "true" : String(v));
  }
}
function append(node, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === void 0 || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}
function keyOf(node) {
  if (!(node instanceof Element)) return null;
  const k = node.getAttribute("data-key") || node.getAttribute("data-space-id") || node.getAttribute("data-path");
  return k === null ? null : `${node.nodeName}|${k}`;
}
function kindOf(node) {
  if (!(node instanceof Element)) return `~${node.nodeName}`;
  const cls = (node.getAttribute("class") || "").trim().split(/\s+/)[0];
  return `~${node.nodeName}.${cls}`;
}
function morph(from, to) {
  if (from.nodeType !== to.nodeType || from.nodeName !== to.nodeName || keyOf(from) !== keyOf(to)) {
    from.parentNode?.replaceChild(to, from);
    return to;
  }
  if (!(from instanceof Element) || !(to instanceof Element)) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return from;
  }
  const own = (name) => name === "open" && from.nodeName === "DETAILS";
  for (const { name } of [...from.attributes])
    if (!to.hasAttribute(name) && !own(name)) from.removeAttribute(name);
  for (const { name, value } of [...to.attributes])
    if (from.getAttribute(name) !== value && !own(name)) from.setAttribute(name, value);
  if (from instanceof HTMLInputElement && from.type !== "file" && to instanceof HTMLInputElement)
    from.value = to.value;
  morphChildren(from, [...to.childNodes]);
  return from;
}
function morphChildren(parent, children) {
  const old = [...parent.childNodes];
  const keyed = /* @__PURE__ */ new Map();
  for (const node of old) {
    const k = keyOf(node) ?? kindOf(node);
    const list = keyed.get(k);
    if (list) list.push(node);
    else keyed.set(k, [node]);
  }
  const at = new Map(old.map((node, i) => [node, i]));
  const kept = /* @__PURE__ */ new Set();
  const nodes = children.map((child) => {
    const match = keyed.get(keyOf(child) ?? kindOf(child))?.shift();
    if (match && match.nodeName === child.nodeName && match.nodeType === child.nodeType) {
      kept.add(match);
      return morph(match, child);
    }
    return child;
  });
  for (const node of old) if (!kept.has(node) && node.parentNode === parent) parent.removeChild(node);
  const stay = stayPut(nodes.map((node) => kept.has(node) ? at.get(node) ?? -1 : -1));
  let next = null;
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i];
    if (!stay.has(i) && (node.parentNode !== parent || node.nextSibling !== next))
      parent.insertBefore(node, next);
    next = node;
  }
}
function stayPut(was) {
  const tails = [];
  const prev = new Array(was.length).fill(-1);
  was.forEach((v, i) => {
    if (v < 0) return;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (was[tails[mid]] < v) lo = mid + 1;
      else hi = mid;
    }
    prev[i] = lo ? tails[lo - 1] : -1;
    tails[lo] = i;
  });
  const stay = /* @__PURE__ */ new Set();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) stay.add(i);
  return stay;
}

// js/geometry.js
var MARGIN = 36;
var BOX_CACHE = /* @__PURE__ */ new WeakMap();
function boxSize(board) {
  const cached = BOX_CACHE.get(board);
  if (cached) return cached;
  const h2 = 52;
  let w = 92;
  const sp = board.spaces;
  for (let i = 0; i < sp.length; i++)
    for (let j = i + 1; j < sp.length; j++) {
      if (Math.abs(sp[i].y - sp[j].y) < h2 + 6) w = Math.min(w, Math.abs(sp[i].x - sp[j].x) - 6);
    }
  const width = Math.max(64, w);
  const out = { w: width, h: h2, fs: width < 90 ? 12.5 : 11.5 };
  BOX_CACHE.set(board, out);
  return out;
}
function rectEdge(sp, tx, ty, box) {
  const dx = tx - sp.x;
  const dy = ty - sp.y;
  if (!dx && !dy) return { x: sp.x, y: sp.y };
  const sx = box.w / 2 / Math.abs(dx || 1e-9);
  const sy = box.h / 2 / Math.abs(dy || 1e-9);
  const k = Math.min(sx, sy, 1);
  return { x: sp.x + dx * k, y: sp.y + dy * k };
}
var nameWidth = (box) => Math.round((box.w - 8) / (box.fs * 0.55));
function wrapName(name, width) {
  const words = name.split(/\s+/);
  const lines = [];
  let line = "";
  for (const w of words) {
    if (!line) line = w;
    else if ((line + " " + w).length <= width) line += " " + w;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  if (lines.length > 3) {
    const head2 = lines.slice(0, 2);
    head2.push(lines.slice(2).join(" "));
    return head2;
  }
  return lines;
}
function fitRoomNames(root, box) {
  const max = box.w - 8;
  for (const tspan of root.querySelectorAll(".cw-room-name tspan")) {
    const t = (
      /** @type {SVGTextContentElement} */
      /** @type {unknown} */
      tspan
    );
    let width = 0;
    try {
      width = t.getComputedTextLength();
    } catch (_) {
      continue;
    }
    if (width > max) {
      t.setAttribute("textLength", String(max));
      t.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}
function moduleRects(spaces, modules, box) {
  const padX = box.w / 2 + 10;
  const pad = box.h / 2 + 14;
  const areas = [];
  for (const [id, m] of modules) {
    const mine = spaces.filter((sp) => sp.module === id);
    if (!mine.length) continue;
    areas.push({
      m,
      x0: Math.min(...mine.map((sp) => sp.x)) - padX,
      x1: Math.max(...mine.map((sp) => sp.x)) + padX,
      y0: Math.min(...mine.map((sp) => sp.y)) - pad,
      y1: Math.max(...mine.map((sp) => sp.y)) + pad
    });
  }
  for (let i = 0; i < areas.length; i++)
    for (let j = i + 1; j < areas.length; j++) {
      const a = areas[i];
      const b = areas[j];
      const ox = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const oy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (ox <= -6 || oy <= -6) continue;
      const [lo, hi] = oy < ox ? a.y0 < b.y0 ? [a, b] : [b, a] : a.x0 < b.x0 ? [a, b] : [b, a];
      if (oy < ox) {
        const mid = (Math.min(a.y1, b.y1) + Math.max(a.y0, b.y0)) / 2;
        lo.y1 = mid - 3;
        hi.y0 = mid + 3;
      } else {
        const mid = (Math.min(a.x1, b.x1) + Math.max(a.x0, b.x0)) / 2;
        lo.x1 = mid - 3;
        hi.x0 = mid + 3;
      }
    }
  return areas;
}
function tabSpot({ x0, y0, x1, y1 }, tw, th, taken) {
  const spots = [
    [x0 + 6, y0 + 5],
    [x0 + 8, y0 - th - 3],
    [x1 - 6 - tw, y0 + 5],
    [x0 + 6, y1 - th - 5],
    [x1 - 6 - tw, y1 - th - 5],
    [x0 + 8, y0 - th / 2],
    [x0 + 8, y1 - th / 2],
    [x0 + 6, y0 + 5]
  ];
  const free = ([lx, ly]) => !taken.some((b) => lx < b.x1 && lx + tw > b.x0 && ly < b.y1 && ly + th > b.y0);
  return spots.find(free) || spots[spots.length - 1];
}
var ZOOMS = [0, 0.6, 0.85, 1.05, 1.3];
var ZOOM_AUTO = 2;
var NAMES_MIN = 0.5;
function mapZoom(boardWidth, outputWidth, zoom) {
  const W = boardWidth + 2 * MARGIN;
  const avail = Math.max(280, (outputWidth || 960) - 26);
  const fit = avail / W;
  const wide = W * 0.78 > 1100;
  const level = zoom === null ? wide ? ZOOM_AUTO : 0 : zoom;
  const scale = Math.max(level === 0 ? NAMES_MIN : ZOOMS[level], fit);
  const fits = scale <= fit + 1e-9;
  const style = fits ? "min-width: 0" : `min-width: ${Math.round(W * scale)}px`;
  return { wide, style, names: true, level, scale, fits };
}
function zoomHint(zoom) {
  if (zoom.fits) return null;
  return zoom.level === 0 ? "scroll sideways for the rest, or press Larger for bigger names" : "wider than the view: scroll sideways for the rest, or press Fit";
}
function nextZoom(level, action) {
  if (action === "zoom-fit") return level === 0 ? ZOOM_AUTO : 0;
  return Math.max(0, Math.min(ZOOMS.length - 1, level + (action === "zoom-in" ? 1 : -1)));
}
function neighbour(spaces, id, key) {
  const from = spaces.find((sp) => sp.id === id);
  if (!from) return null;
  const dirs = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
  const dir = dirs[key];
  if (!dir) return null;
  let best = null;
  let bestScore = Infinity;
  for (const sp of spaces) {
    if (sp.id === id) continue;
    const dx = sp.x - from.x;
    const dy = sp.y - from.y;
    const along = dx * dir[0] + dy * dir[1];
    if (along <= 0) continue;
    const across = Math.abs(dx * dir[1] - dy * dir[0]);
    const score = along + 2.5 * across;
    if (score < bestScore) {
      bestScore = score;
      best = sp;
    }
  }
  return best;
}
function arrowheads(e1, e2) {
  const dx = e2.x - e1.x;
  const dy = e2.y - e1.y;
  const len = Math.hypot(dx, dy) || 1;
  const ang = Math.atan2(dy / len, dx / len) * 180 / Math.PI;
  return (len > 80 ? [0.22, 0.78] : [0.2]).map((t) => ({ x: e1.x + dx * t, y: e1.y + dy * t, ang }));
}
function rideArc(from, to, rooms, box) {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  let nx = -dy / len;
  let ny = dx / len;
  if (ny > 0 || ny === 0 && nx > 0) [nx, ny] = [-nx, -ny];
  const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const others = rooms.filter((r) => !samePoint(r, from) && !samePoint(r, to));
  let best = null;
  for (const depth of RIDE_DEPTHS) {
    const bow = Math.max(RIDE_MIN_BOW, depth * len);
    for (const side of [1, -1]) {
      const apex2 = { x: mid.x + side * nx * bow, y: mid.y + side * ny * bow };
      const control2 = { x: mid.x + 2 * side * nx * bow, y: mid.y + 2 * side * ny * bow };
      const cost = rideCrossings(from, control2, to, apex2, others, box);
      if (!best || cost < best.cost) best = { cost, apex: apex2, control: control2 };
    }
  }
  const { apex, control } = (
    /** @type {NonNullable<typeof best>} */
    best
  );
  return { d: `M${from.x},${from.y} Q${control.x},${control.y} ${to.x},${to.y}`, apex, control };
}
var RIDE_DEPTHS = [0.16, 0.24, 0.32];
var RIDE_MIN_BOW = 30;
var RIDE_MARKER = { w: 23, h: 11 };
var samePoint = (a, b) => a.x === b.x && a.y === b.y;
function rideCrossings(p0, c, p2, apex, rooms, box) {
  const inside = (x, y, padW, padH) => rooms.some((r) => Math.abs(x - r.x) < box.w / 2 + padW && Math.abs(y - r.y) < box.h / 2 + padH);
  let cost = 0;
  for (let i = 1; i < 24; i++) {
    const t = i / 24;
    const u = 1 - t;
    const x = u * u * p0.x + 2 * u * t * c.x + t * t * p2.x;
    const y = u * u * p0.y + 2 * u * t * c.y + t * t * p2.y;
    if (inside(x, y, 4, 4)) cost += 1;
  }
  if (inside(apex.x, apex.y, RIDE_MARKER.w, RIDE_MARKER.h)) cost += 24;
  return cost;
}

// js/pawn.js
var PALETTE = {
  blue: { fill: "#0072B2", ink: "#ffffff", shape: "circle", letter: "B" },
  yellow: { fill: "#F0E442", ink: "#1a1a1a", shape: "square", letter: "Y" },
  green: { fill: "#009E73", ink: "#ffffff", shape: "diamond", letter: "G" },
  purple: { fill: "#CC79A7", ink: "#1a1a1a", shape: "triangle", letter: "P" },
  orange: { fill: "#E69F00", ink: "#1a1a1a", shape: "hexagon", letter: "O" },
  white: { fill: "#ffffff", ink: "#1a1a1a", shape: "pentagon", letter: "W" },
  pink: { fill: "#F5B8D6", ink: "#1a1a1a", shape: "star", letter: "K" },
  teal: { fill: "#56B4E9", ink: "#1a1a1a", shape: "octagon", letter: "T" },
  black: { fill: "#2b2b2b", ink: "#ffffff", shape: "square", letter: "" },
  red: { fill: "#D55E00", ink: "#ffffff", shape: "tridown", letter: "R" }
};
function pal(colour) {
  return PALETTE[colour] || {
    fill: "#999999",
    ink: "#000000",
    shape: "circle",
    letter: colour.slice(0, 1).toUpperCase()
  };
}
function pawn(colour, x, y, r, extraClass = "") {
  const p = pal(colour);
  const g = s("g", { class: `cw-pawn ${extraClass}`, transform: `translate(${x} ${y})` });
  g.append(shapeNode(p.shape, r, { fill: p.fill, stroke: "#1a1a1a", "stroke-width": Math.max(1.2, r / 6) }));
  if (p.letter) {
    g.append(
      s("text", {
        class: "cw-pawn-letter",
        "text-anchor": "middle",
        "dominant-baseline": "central",
        y: p.shape === "triangle" ? r * 0.22 : p.shape === "tridown" ? -r * 0.22 : 0,
        "font-size": r * 1.05,
        fill: p.ink,
        text: p.letter
      })
    );
  }
  return g;
}
function shapeNode(shape, r, attrs) {
  const poly = (n, rot = -90, rr = r) => Array.from({ length: n }, (_, i) => {
    const a = (rot + 360 / n * i) * Math.PI / 180;
    return `${(rr * Math.cos(a)).toFixed(2)},${(rr * Math.sin(a)).toFixed(2)}`;
  }).join(" ");
  switch (shape) {
    case "square":
      return s("rect", {
        x: -r * 0.88,
        y: -r * 0.88,
        width: r * 1.76,
        height: r * 1.76,
        rx: r * 0.18,
        ...attrs
      });
    case "diamond":
      return s("polygon", { points: poly(4, -90, r * 1.12), ...attrs });
    case "triangle":
      return s("polygon", { points: poly(3, -90, r * 1.25), ...attrs });
    case "tridown":
      return s("polygon", { points: poly(3, 90, r * 1.25), ...attrs });
    case "hexagon":
      return s("polygon", { points: poly(6, 0, r * 1.02), ...attrs });
    case "pentagon":
      return s("polygon", { points: poly(5, -90, r * 1.05), ...attrs });
    case "octagon":
      return s("polygon", { points: poly(8, 22.5, r * 1.02), ...attrs });
    case "star": {
      const pts = Array.from({ length: 10 }, (_, i) => {
        const rr = i % 2 ? r * 0.55 : r * 1.2;
        const a = (-90 + 36 * i) * Math.PI / 180;
        return `${(rr * Math.cos(a)).toFixed(2)},${(rr * Math.sin(a)).toFixed(2)}`;
      }).join(" ");
      return s("polygon", { points: pts, ...attrs });
    }
    default:
      return s("circle", { r, ...attrs });
  }
}
function pawnBadge(colour, size = 18) {
  const span = h("span", { class: "cw-pawnbadge", "aria-hidden": "true" });
  const svg = s("svg", { viewBox: "-10 -10 20 20", width: size, height: size });
  svg.append(pawn(colour, 0, 0, 7.4));
  span.append(svg);
  return span;
}

// js/keys.js
var KEY_BUTTONS = {
  e: '[data-action="end-turn"]',
  a: '[data-action="play-all"], [data-action="accept"]',
  u: '[data-action="undo"]',
  r: '[data-action="redo"]',
  n: '.cw-head [data-action="new-game"]',
  t: '[data-action="take-artifact"]',
  b: '[data-action="hover-bag"]',
  x: '[data-action="decline"], [data-action="refuse"]',
  l: '[data-action="launch"]',
  s: '[data-action="stay-at-base"], [data-action="stop-playing"]',
  "?": '[data-action="help"]',
  "+": '[data-action="zoom-in"]',
  "=": '[data-action="zoom-in"]',
  "-": '[data-action="zoom-out"]',
  0: '[data-action="zoom-fit"]'
};
var KEY_FOCUS = {
  c: "[data-form] select, [data-form] input:not([disabled])",
  p: '[data-action="play"]:not([aria-disabled])'
};
function keyOf2(kind) {
  const sel = `[data-action="${kind}"]`;
  for (const [k, selector] of Object.entries(KEY_BUTTONS))
    if (selector.split(", ").includes(sel)) return k.toUpperCase();
  return void 0;
}
var TABLE_KEYS = [
  ["1 - 8", "choose that contract at Dispatch"],
  ["C", "go to the offer form (Enter sends the offer)"],
  ["A / X", "accept / refuse the offer made to you"],
  ["L", "launch"],
  ["P", "go to your first playable card (Enter plays it)"],
  ["S", "stay at base, or stop playing"],
  ["H", "go to the other actions (call on a captain, abandon…)"],
  ["E", "end the turn (after buying)"],
  ["U / R", "undo / redo"],
  ["N", "new game (press twice)"],
  ["Tab / Shift+Tab", "move between contracts, cards and buttons"],
  ["Arrow keys", "in the offer form: change a number"]
];
function keyAction(key) {
  const k = key.length === 1 ? key.toLowerCase() : key;
  if (Object.prototype.hasOwnProperty.call(KEY_BUTTONS, k))
    return { click: KEY_BUTTONS[
      /** @type {keyof typeof KEY_BUTTONS} */
      k
    ] };
  if (Object.prototype.hasOwnProperty.call(KEY_FOCUS, k))
    return { focus: KEY_FOCUS[
      /** @type {keyof typeof KEY_FOCUS} */
      k
    ] };
  if (/^[1-9]$/.test(k)) {
    const i = Number(k) - 1;
    return { click: `[data-action="choose"][data-option="${i}"], [data-action="choose-contract"][data-slot="${i}"]` };
  }
  if (k === "h") return { actions: true };
  if (k === "Escape") return { escape: true };
  return null;
}

// js/panels/buttons.js
function button(action, text, o) {
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
      "aria-expanded": o.expanded === void 0 ? null : o.expanded,
      "data-why": o.enabled ? null : o.why || "not now",
      "aria-label": label,
      title: o.enabled ? o.key ? `${text} (key ${o.key})` : text : o.why || "not now",
      ...o.extra || {}
    },
    text,
    o.key ? h("kbd", { "aria-hidden": "true", text: o.key }) : null
  );
}

// js/text.js
var cap = (s2) => s2 ? s2.charAt(0).toUpperCase() + s2.slice(1) : s2;
var plural = (n, one, many) => `${n} ${n === 1 ? one : many || one + "s"}`;
var DEFAULT_TERMS = {
  gold: "Gold",
  boss: "Dragon",
  boss_attack: "dragon attack",
  row: "Dungeon row",
  deck: "Dungeon deck",
  space: "room",
  spaces: "rooms",
  place: "dungeon",
  map: "The dungeon",
  cubes: "cubes"
};
var termsOf = (view) => ({ ...DEFAULT_TERMS, ...view && view.terms || {} });
function costText(o) {
  const parts = [plural(o.boots, "boot")];
  if (o.swords) parts.push(plural(o.swords, "sword"));
  if (o.damage) parts.push(`${o.damage} damage`);
  if (o.teleports) parts.push(plural(o.teleports, "teleport"));
  if (o.lifts) parts.push(o.lifts === 1 ? "a lift ride" : `${o.lifts} lift rides`);
  if (o.coaches) parts.push(o.coaches === 1 ? "a coach ride" : `${o.coaches} coach rides`);
  if (o.gold) parts.push(`${o.gold} gold`);
  return parts.join(", ");
}
function rideText(from, to, fare, gold) {
  return `Coach ride from ${from} to ${to}: 1 boot${fare ? ` and ${fare} ${gold}` : ""}`;
}
var pct = (x) => `${Math.round((x || 0) * 100)}%`;
function damageBuckets(d) {
  return [d[0] || 0, d[1] || 0, d[2] || 0, d.slice(3).reduce((a, b) => a + b, 0)];
}
var LOG_TURN = /* @__PURE__ */ new Set(["turn"]);
var LOG_ATTACK = /* @__PURE__ */ new Set(["attack", "knockout", "countdown", "game-over"]);
function logClass(kind) {
  const base = `cw-log-${kind}`;
  if (LOG_TURN.has(kind) || kind === "attack" || !LOG_ATTACK.has(kind)) return base;
  return `${base} cw-log-attack`;
}

// js/panels/replay.js
var MAX_LOAD_BYTES = 4 * 2 ** 20;
function fileButtons(view, loadOpen = false) {
  const replaying = !!view.replay;
  const saving = view.can_save !== false;
  const where = view.save_where || "next to the notebook";
  const off = "saving is off on this board";
  return [
    button("save", "Save", {
      enabled: saving && !replaying,
      why: saving ? "leave the replay first" : off,
      intent: { kind: "save" },
      extra: saving && !replaying ? { title: `Save the game as a .json file ${where}` } : {}
    }),
    button("save-position", "Save position", {
      enabled: saving,
      why: off,
      intent: { kind: "save-position" },
      cls: "cw-quiet",
      extra: saving ? { title: `Save the situation shown as a position to hand out (a .json file ${where})` } : {}
    }),
    button("load", "Load", {
      enabled: true,
      intent: null,
      expanded: loadOpen,
      extra: { title: "Open a saved game or a position (a .json file)" }
    }),
    h("input", {
      type: "file",
      accept: ".json,application/json",
      class: "cw-hidden",
      "data-role": "load-file",
      "aria-label": "Open a saved game or a position (a .json file)",
      tabindex: "-1"
    }),
    replaying ? null : button("replay", "Replay", {
      enabled: true,
      intent: { kind: "replay", step: 0 },
      cls: "cw-quiet"
    })
  ];
}
function loadBox(saves, saveWhere) {
  const where = saveWhere || "next to the notebook";
  const note = (text) => h("p", { class: "cw-loadnote", text });
  const item = (name) => h(
    "li",
    {},
    h("button", {
      type: "button",
      class: "cw-btn cw-quiet",
      "data-action": "load-saved",
      "data-intent": JSON.stringify({ kind: "load-saved", name }),
      text: name
    })
  );
  let listed;
  if (saves === null) listed = note(`Looking for saves ${where}…`);
  else if (saves.length === 0) listed = note(`No saves ${where} yet.`);
  else {
    const what = `Saves ${where}, newest first`;
    listed = [note(`${what}:`), h("ul", { class: "cw-loadlist", "aria-label": what }, saves.map(item))];
  }
  return h(
    "div",
    { class: "cw-load", role: "group", "aria-label": "Open a save or a position", "data-role": "load-box" },
    listed,
    h(
      "div",
      { class: "cw-loadfoot" },
      h("button", { type: "button", class: "cw-btn", "data-action": "load-pick", text: "From your computer…" }),
      h("button", { type: "button", class: "cw-btn cw-quiet", "data-action": "load-close", text: "Close" })
    )
  );
}
function replayBar(view) {
  const r = view.replay;
  if (!r) return null;
  const stepBtn = (action, text, step, why) => button(action, text, {
    enabled: step >= 0 && step <= r.total && step !== r.step,
    why,
    intent: { kind: "replay", step },
    cls: "cw-small"
  });
  return h(
    "section",
    { class: "cw-replay", role: "group", "aria-label": "Replay", "data-role": "replay" },
    stepBtn("replay-first", "⏮ Start", 0, "this is the start"),
    stepBtn("replay-back", "◀ Back", r.step - 1, "this is the start"),
    h("input", {
      type: "range",
      min: "0",
      max: String(r.total),
      value: String(r.step),
      class: "cw-replay-scrub",
      "data-role": "replay-scrub",
      "data-key": "replay-scrub",
      "aria-label": `Replay step, ${r.step} of ${r.total}`
    }),
    stepBtn("replay-next", "Next ▶", r.step + 1, "this is the end"),
    stepBtn("replay-last", "End ⏭", r.total, "this is the end"),
    h("span", {
      class: "cw-replay-where",
      "data-role": "replay-step",
      text: `Step ${r.step} of ${r.total}${r.next ? ` · next: ${cap(r.who)} ${r.next}` : " · the end"}`
    }),
    button("replay-exit", "Leave replay", {
      enabled: true,
      intent: { kind: "replay-exit" },
      cls: "cw-quiet"
    })
  );
}

// js/panels/since.js
function sinceBits(p, words) {
  const names = words.names || /* @__PURE__ */ new Map();
  const who = `${cap(p.colour)} `;
  const own = (t) => t.startsWith(who) ? t.slice(who.length) : t;
  const bits = [];
  if (p.trail && p.trail.length > 1)
    bits.push(`moved to ${p.trail.slice(1).map((id) => names.get(id) || id).join(" → ")}`);
  for (const c of p.contracts || []) bits.push(c.result ? `${own(c.text)}: ${c.result}` : own(c.text));
  if (p.rolled && p.rolled.length)
    bits.push(`rolled ${p.rolled.map((n) => plural(n, "hazard")).join(", then ")}`);
  if (p.gained.length) bits.push(`acquired ${p.gained.join(", ")}`);
  if (p.defeated.length) bits.push(`defeated ${p.defeated.join(", ")}`);
  if (p.bought.length) bits.push(p.bought.map(own).join("; "));
  if (p.artifacts) bits.push(`took ${plural(p.artifacts, "artifact")}`);
  if (p.clank) bits.push(`added ${p.clank} Clank!`);
  const [was, now] = p.damage || [0, 0];
  if (now !== was) bits.push(`${now > was ? "took damage" : "healed"}: ${was} → ${now} on the health meter`);
  const signed = (n, word) => `${n > 0 ? "gained" : "lost"} ${Math.abs(n)} ${word}`;
  if (words.points && p.points) bits.push(signed(p.points, words.points));
  if (words.gold && p.gold) bits.push(signed(p.gold, words.gold));
  return bits;
}
function sincePanel(view, words) {
  const since = view.since;
  if (!since) return null;
  const lines = since.players.map((p) => {
    const bits = sinceBits(p, words);
    return bits.length ? h("li", { "data-colour": p.colour }, pawnBadge(p.colour, 16), ` ${cap(p.colour)} ${bits.join("; ")}.`) : null;
  }).filter(Boolean);
  const attacks = since.attacks.map(
    (a) => h(
      "li",
      { class: "cw-since-attack", "data-role": "since-attack" },
      a.text,
      a.hurt === null ? null : a.hurt.length ? ` → ${a.hurt.map((x) => `${cap(x.colour)} took ${x.damage} damage`).join(", ")}` : " → nobody was hurt"
    )
  );
  if (!lines.length && !attacks.length) return null;
  return h(
    "details",
    { class: "cw-since", open: true, "data-role": "since" },
    h("summary", { text: "Since your last turn" }),
    h("ul", {}, lines, attacks)
  );
}
function botControls(view) {
  if (!(view.players || view.captains).some((p) => p.bot)) return null;
  const speeds = ["slow", "normal", "fast", "instant"];
  return [
    h(
      "select",
      { class: "cw-select", "data-role": "bot-speed", "aria-label": "Bots' speed", title: "Bots' speed" },
      speeds.map((s2) => h("option", { value: s2, selected: view.bot_speed === s2, text: `Bots: ${s2}` }))
    ),
    view.busy ? button("skip-bots", "Skip to my turn", { enabled: true, intent: { kind: "skip-bots" }, cls: "cw-small" }) : null
  ];
}

// js/panels/header.js
function header(ctx, view, board) {
  const { model, ui } = ctx;
  const me = view.seat === null ? null : view.players[view.seat];
  const cur = view.players[view.current];
  const who = view.is_over ? h("span", { class: "cw-turn-who", text: "Game over" }) : h(
    "span",
    { class: "cw-turn-who" },
    pawnBadge(cur.colour, 20),
    cur.you ? "Your turn" : `${cap(cur.colour)} to play${cur.bot ? ` (${cur.bot} bot)` : ""}`,
    model.get("busy") ? h("span", { class: "cw-spinner", "aria-hidden": "true" }) : null
  );
  const { text, level } = headStatus(ctx, view.hint);
  return h(
    "header",
    { class: "cw-head" },
    h(
      "div",
      { class: "cw-title" },
      h("strong", { text: board.title }),
      h("span", { class: "cw-turnno", text: `Turn ${view.turn}` }),
      who
    ),
    headButtons(ctx, view, "nothing to undo this turn"),
    h("div", {
      class: `cw-status cw-status-${level}`,
      role: "status",
      "aria-live": "polite",
      "data-role": "status",
      text
    }),
    replayBar(view),
    ui.loadOpen ? loadBox(ui.saves, view.save_where) : null,
    ui.helpOpen ? helpBox(view) : null,
    me && me.status !== "in" && !view.is_over ? h("div", {
      class: "cw-out",
      text: me.status === "escaped" ? "You escaped! The others play on." : "You were knocked out. The others play on."
    }) : null
  );
}
function headButtons(ctx, view, undoWhy) {
  const { ui } = ctx;
  const { newLabel } = headStatus(ctx, view.hint);
  return h(
    "div",
    { class: "cw-headbtns" },
    h(
      "div",
      { class: "cw-btngroup", role: "group", "aria-label": "Game" },
      button("undo", "Undo", {
        key: "U",
        enabled: view.can_undo,
        why: undoWhy,
        intent: { kind: "undo" }
      }),
      button("redo", "Redo", {
        key: "R",
        enabled: view.can_redo,
        why: "nothing to redo",
        intent: { kind: "redo" }
      }),
      button("new-game", newLabel, {
        key: "N",
        enabled: true,
        intent: null,
        cls: ui.confirmNew > Date.now() ? "cw-warn" : ""
      }),
      botControls(view)
    ),
    h(
      "div",
      { class: "cw-btngroup", role: "group", "aria-label": "Files and keys" },
      fileButtons(view, ui.loadOpen),
      h(
        "span",
        { class: "cw-btngroup" },
        // the keyboard's state and its help stay together
        keysState(ui.keysActive),
        button("help", ui.helpOpen ? "Hide keys" : "Keys", {
          key: "?",
          enabled: true,
          intent: null,
          cls: "cw-quiet",
          expanded: ui.helpOpen
        })
      )
    )
  );
}
function headStatus(ctx, hint) {
  const { model, ui } = ctx;
  const st = model.get("status") || {};
  const local = ui.local && (!st.text || ui.lastSeq === st.seq) ? ui.local : null;
  const b = ui.bubbled;
  const shown = local ? b && b.seq === null && b.text === local.text ? null : local : st.text && !(b && b.seq === st.seq) ? st : null;
  return {
    text: shown ? shown.text : hint,
    level: shown ? shown.level : "hint",
    newLabel: ui.confirmNew > Date.now() ? "Confirm: new game?" : "New game"
  };
}
function bubble(b) {
  if (!b) return null;
  return h("div", {
    class: "cw-bubble",
    role: "alert",
    "data-role": "bubble",
    style: `left: ${Math.round(b.x)}px; top: ${Math.round(b.y)}px`,
    text: b.text
  });
}
function keysState(active) {
  return h("span", {
    class: `cw-keys-state${active ? " cw-keys-on" : ""}`,
    "data-role": "keys-state",
    title: active ? "The board has the keyboard: its keys never reach the notebook" : "Click the board to use its keys",
    text: active ? "Keys active" : "Click for keys"
  });
}
function helpBox(view) {
  const T = termsOf(view);
  const rows = [
    ["Tab / Shift+Tab", `move between cards, ${T.spaces} and buttons`],
    ["Enter or Space", `use the focused card, ${T.space} or button`],
    ["Arrow keys", `on the map: go to the next ${T.space} in that direction`],
    ["A", "play all cards that need no choice"],
    ["P", "go to your first playable card (Enter plays it)"],
    ["E", "end your turn"],
    ["U / R", "undo / redo"],
    ["1 - 9", "pick an option of a choice; X declines"],
    ["T", `take the artifact in your ${T.space}`],
    ["H", `jump to the actions of your ${T.space} (hack, ride, steal…)`],
    ["+ / - / 0", "zoom the map in / out / to fit"],
    ["B", `show the odds of the next ${T.boss_attack}`],
    ["N", "new game (press twice)"]
  ];
  return h(
    "div",
    { class: "cw-help", role: "note", "aria-label": "Keyboard shortcuts" },
    h(
      "dl",
      {},
      rows.map(([k, v]) => [h("dt", {}, h("kbd", { text: k })), h("dd", { text: v })])
    )
  );
}

// js/panels/pass.js
function passScreen(view) {
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
      text: `I am ${who}: show my hand`
    })
  );
}

// js/moonrakers/logic.js
var TERMS = (
  /** @type {const} */
  ["prestige", "credits", "bonus", "dice"]
);
var KIND_WORDS = (
  /** @type {Record<string, string>} */
  {
    damage: "Damage",
    shield: "Shield",
    reactor: "Reactor",
    thruster: "Thruster",
    crew: "Crew"
  }
);
function clampTerms(terms, left) {
  const out = {};
  for (const k of TERMS) {
    const raw = Number(terms && terms[k]);
    const top = Math.max(0, Math.min(k === "bonus" ? 1 : Infinity, Number(left[k]) || 0));
    out[k] = Number.isFinite(raw) ? Math.max(0, Math.min(top, Math.round(raw))) : 0;
  }
  return out;
}
function proposal(left, helpers) {
  const share = Math.floor(left.prestige / (Math.max(1, helpers) + 1));
  return clampTerms({ prestige: Math.max(share, left.prestige ? 1 : 0), credits: 0, bonus: 0, dice: 0 }, left);
}
function dealIntent(seat, terms) {
  const t = { prestige: terms.prestige, credits: terms.credits, bonus: terms.bonus, dice: terms.dice };
  return seat === null ? { kind: "counter", ...t } : { kind: "offer", seat, ...t };
}
function termsText(t) {
  const out = [`${t.prestige} prestige`, `${t.credits} credit${t.credits === 1 ? "" : "s"}`];
  if (t.bonus) out.push("the bonus card");
  out.push(t.dice ? `rolls ${t.dice} ${t.dice === 1 ? "die" : "dice"}` : "rolls no dice");
  return out.join(", ");
}
function progress(requires, met) {
  return Object.entries(requires).map(([kind, need]) => {
    const have = met && met[kind] || 0;
    return { kind, label: KIND_WORDS[kind] || kind, need, met: have, done: have >= need };
  });
}
function hazardText(pmf, top = 2) {
  if (!pmf || !pmf.length || pmf.length === 1 && pmf[0] >= 1) return "no hazard dice";
  const pct2 = (p) => `${Math.round(p * 100)}%`;
  const out = [`no hazard ${pct2(pmf[0])}`];
  for (let k = 1; k < Math.min(top, pmf.length); k++) out.push(`${k}: ${pct2(pmf[k])}`);
  if (pmf.length > top) out.push(`${top}+: ${pct2(pmf.slice(top).reduce((a, b) => a + b, 0))}`);
  return out.join(" · ");
}
function diceDistribution(faces, dice) {
  const top = Math.max(0, ...faces);
  let dist = [1];
  for (let i = 0; i < dice; i++) {
    const next = new Array(dist.length + top).fill(0);
    dist.forEach((p, k) => {
      for (const f of faces) next[k + f] += p / faces.length;
    });
    dist = next;
  }
  return dist;
}
function expectedHazards(pmf) {
  return (pmf || []).reduce((acc, p, k) => acc + k * p, 0);
}
function focusPanel(phase) {
  return (
    /** @type {Record<string, string>} */
    {
      keep: "objectives",
      plan: "dispatch",
      negotiate: "deal",
      respond: "deal",
      execute: "execution",
      refit: "actions",
      buy: "armory"
    }[phase] || "dispatch"
  );
}

// js/moonrakers/overload.js
function removeLabel(view) {
  return view.overload && view.overload.free_removal > 0 ? "Remove (free)" : "Replace (1 cr)";
}
function headToHeadMark(contract) {
  if (!contract.head_to_head) return null;
  return h("div", {
    class: "cw-mr-h2h",
    "data-role": "head-to-head",
    title: "Head to head: no invitation or deal; whoever joins competes, the most requirements met wins it all",
    text: "Head to head"
  });
}
function requirementsMet(requires, met) {
  return Object.entries(requires).reduce((acc, [k, need]) => acc + Math.min(met[k] || 0, need), 0);
}
function overloadPanel(view) {
  const o = view.overload;
  if (!o) return null;
  const buying = view.phase === "buy" && view.you_act;
  return h(
    "section",
    { class: `cw-mr-overload${o.bonus || o.join ? " cw-mr-focus" : ""}`, "aria-label": "Overload", "data-role": "overload" },
    h("h4", { text: "Overload" }),
    o.join ? joinLine(o.join) : null,
    o.standings && view.execution ? standings(view.execution.requires, o.standings) : null,
    o.bonus ? bonusBox(view, o.bonus) : null,
    h("h5", { text: `Advanced action cards (${o.deck} in the deck)` }),
    buying || o.free_removal > 0 ? h("p", {
      class: "cw-dim",
      "data-role": "free-removal",
      text: o.free_removal > 0 ? "Before buying, one card of any offer may be removed for free." : "The free removal is used for this turn."
    }) : null,
    h(
      "ul",
      { class: "cw-mr-items" },
      o.advanced.map((c) => {
        const r = o.replace[c.slot];
        return h(
          "li",
          { "data-role": "advanced" },
          h("strong", { text: c.name }),
          h("span", { class: "cw-dim", text: ` ${c.cost} cr · ${c.text}` }),
          h(
            "span",
            { class: "cw-mr-ibtns" },
            buying || c.legal ? button("buy-action", `Buy (${c.cost} cr)`, { enabled: c.legal, why: c.why, intent: c.intent, keyName: `advanced:${c.slot}` }) : null,
            buying && r && r.legal ? button("replace-offer", removeLabel(view), { enabled: true, intent: r.intent, cls: "cw-quiet", keyName: `repl:advanced:${c.slot}` }) : null
          )
        );
      })
    )
  );
}
function joinLine(join) {
  const joined = join.joined.length ? join.joined.map(cap).join(", ") : "nobody yet";
  return h("p", { "data-role": "join", text: `Head to head · joined: ${joined} · still to answer: ${join.waiting.map(cap).join(", ")}` });
}
function standings(requires, rows) {
  const total = Object.values(requires).reduce((a, b) => a + b, 0);
  return h(
    "ul",
    { class: "cw-mr-list", "aria-label": "Head-to-head standings", "data-role": "standings" },
    rows.map(
      (r) => h("li", {}, pawnBadge(r.colour, 14), ` ${cap(r.colour)}: ${requirementsMet(requires, r.met)} of ${total} requirements met`)
    )
  );
}
function bonusBox(view, bonus) {
  const mine = view.captains[bonus.seat] && view.captains[bonus.seat].you;
  return h(
    "div",
    { class: "cw-mr-bonus", "data-role": "bonus" },
    h("p", { text: mine ? "Your bonus card: take one." : `${cap(bonus.colour)} is choosing a bonus card.` }),
    mine ? h(
      "div",
      { class: "cw-mr-cbtns" },
      bonus.choices.map(
        (c) => button("take-bonus", c.label, { enabled: true, intent: c.intent, keyName: `bonus:${c.choice}` })
      )
    ) : null
  );
}

// js/moonrakers/table.js
var drafts = (
  /** @type {WeakMap<Element, Draft>} */
  /* @__PURE__ */ new WeakMap()
);
function drawTable(ctx, view) {
  const { root } = ctx;
  const active = (
    /** @type {HTMLElement|null} */
    focusedIn(root)
  );
  const hadFocus = !!active && root.contains(active);
  const focusKey = hadFocus && active ? active.getAttribute("data-key") : null;
  const groupKeys = focusKey ? [...root.querySelectorAll(`[data-key^="${CSS.escape(groupOf(focusKey))}:"]`)].map((e) => e.getAttribute("data-key") || "") : [];
  const logEl = root.querySelector(".cw-log ol");
  const logAtBottom = !logEl || logEl.scrollHeight - logEl.scrollTop - logEl.clientHeight < 30;
  root.classList.toggle("cw-busy", !!ctx.model.get("busy"));
  root.classList.add("cw-mr");
  morphChildren(root, tableParts(ctx, view));
  const newLog = root.querySelector(".cw-log ol");
  if (newLog && logAtBottom) newLog.scrollTop = newLog.scrollHeight;
  if (hadFocus && !root.contains(focusedIn(root))) {
    const target = nextFocus(root, focusKey, groupKeys);
    (target || root).focus({ preventScroll: true });
  }
}
function nextFocus(root, key, before) {
  const one = (sel) => {
    const el = root.querySelector(sel);
    return el instanceof HTMLElement ? el : null;
  };
  if (key) {
    const same = one(`[data-key="${CSS.escape(key)}"]`);
    if (same) return same;
    const group = groupOf(key);
    const now = (
      /** @type {HTMLElement[]} */
      [...root.querySelectorAll(`[data-key^="${CSS.escape(group)}:"]`)]
    );
    if (now.length) return now[Math.max(0, Math.min(before.indexOf(key), now.length - 1))];
  }
  return one('[data-action="play"]:not([aria-disabled])');
}
function groupOf(key) {
  const i = key.lastIndexOf(":");
  return i > 0 ? key.slice(0, i) : key;
}
function tableParts(ctx, view) {
  const focus = focusPanel(view.phase);
  if (view.pass_to) return [head(ctx, view), captainsBar(view), passScreen(view)];
  return [
    head(ctx, view),
    captainsBar(view),
    sincePanel(view, { points: "prestige", gold: "credits" }),
    view.is_over ? overBanner(view) : null,
    h(
      "div",
      { class: "cw-mr-main" },
      dispatchPanel(view, focus === "dispatch"),
      h("div", { class: "cw-mr-side" }, phasePanel(ctx, view), actionsBar(view))
    ),
    h("div", { class: "cw-mr-mine" }, handPanel(view), objectivesPanel(view)),
    armoryPanel(view, focus === "armory"),
    overloadPanel(view),
    logPanel(view),
    bubble(ctx.ui.bubble)
  ].filter((x) => x !== null);
}
function head(ctx, view) {
  const { model, ui } = ctx;
  const actor = view.captains[view.actor];
  const { text, level } = headStatus(ctx, view.hint);
  return h(
    "header",
    { class: "cw-head" },
    h(
      "div",
      { class: "cw-title" },
      h("strong", { text: view.title }),
      h("span", { class: "cw-turnno", text: `Turn ${view.turn}` }),
      h(
        "span",
        { class: "cw-turn-who" },
        pawnBadge(view.leader_colour, 20),
        view.captains[view.leader].you ? "You lead" : `${cap(view.leader_colour)} leads`
      ),
      view.is_over ? h("span", { class: "cw-turn-who", text: "Game over" }) : h(
        "span",
        { class: "cw-mr-phase", "data-role": "phase" },
        actor.you ? "You: " : `${cap(actor.colour)}: `,
        view.phase_text,
        model.get("busy") ? h("span", { class: "cw-spinner", "aria-hidden": "true" }) : null
      )
    ),
    headButtons(ctx, view, "nothing to undo"),
    h("div", { class: `cw-status cw-status-${level}`, role: "status", "aria-live": "polite", "data-role": "status", text }),
    replayBar(view),
    ui.loadOpen ? loadBox(ui.saves, view.save_where) : null,
    ui.helpOpen ? helpBox2() : null
  );
}
function helpBox2() {
  return h(
    "div",
    { class: "cw-help", role: "note", "aria-label": "Keyboard shortcuts", "data-role": "key-legend" },
    h("dl", {}, TABLE_KEYS.map(([k, v]) => [h("dt", {}, h("kbd", { text: k })), h("dd", { text: v })]))
  );
}
function captainsBar(view) {
  return h(
    "section",
    { class: "cw-mr-captains", "aria-label": "Captains" },
    view.captains.map((c) => {
      const pct2 = Math.min(100, 100 * c.prestige / (view.win || 10));
      const who = c.you ? "You" : `${cap(c.colour)}${c.bot ? ` (${c.bot} bot)` : ""}`;
      return h(
        "div",
        {
          class: `cw-mr-captain${c.acting ? " cw-mr-acting" : ""}${c.leader ? " cw-mr-leader" : ""}`,
          "data-role": "captain",
          "data-colour": c.colour,
          "aria-label": `${who}: ${c.prestige} prestige, ${c.credits} credits, ${c.parts.length} parts${c.leader ? ", leader" : ""}`
        },
        h("div", { class: "cw-mr-capname" }, pawnBadge(c.colour, 18), h("strong", { text: who }), c.leader ? h("span", { class: "cw-mr-tag", text: "leader" }) : null),
        h(
          "div",
          { class: "cw-mr-track", title: `${c.prestige} of ${view.win} prestige to win` },
          h("span", { class: "cw-mr-trackfill", style: `width:${pct2}%` }),
          h("span", { class: "cw-mr-trackval", text: `${c.prestige} / ${view.win} prestige` })
        ),
        h("div", { class: "cw-mr-facts" }, `${c.credits} cr · hand ${c.hand_count} · deck ${c.deck} · discard ${c.discard} · ${c.objectives} secret`),
        h(
          "div",
          { class: "cw-mr-parts", title: "Command terminal: installed ship parts" },
          Array.from({ length: view.max_parts }, (_, i) => {
            const p = c.parts[i];
            const title = p ? `${p.name}: ${p.text}` : "Free ship-part slot: a part bought at the Armory goes here";
            return h("span", { class: `cw-mr-slot${p ? "" : " cw-mr-slot-empty"}`, title, text: p ? p.name : "free" });
          })
        ),
        c.claimed.length ? h("div", { class: "cw-mr-facts", text: `Claimed: ${c.claimed.join(", ")}` }) : null
      );
    })
  );
}
function overBanner(view) {
  return h("div", { class: "cw-mr-over", role: "alert", text: view.hint });
}
function reqChips(req) {
  return Object.entries(req).map(([k, v]) => h("span", { class: `cw-mr-req cw-mr-req-${k}`, text: `${v} ${KIND_WORDS[k] || k}` }));
}
function dispatchPanel(view, focus) {
  return h(
    "section",
    { class: `cw-mr-dispatch${focus ? " cw-mr-focus" : ""}`, "aria-label": "Dispatch: contracts on offer" },
    h("h4", { text: `Dispatch · ${view.armory.decks.contract_deck} contracts in the deck` }),
    h(
      "ol",
      { class: "cw-mr-contracts" },
      view.dispatch.map((c) => {
        const odds = hazardText(c.hazards);
        const exp = expectedHazards(c.hazards);
        const showChoose = c.choose.legal || view.phase === "plan";
        return h(
          "li",
          {
            class: `cw-mr-contract cw-mr-kind-${c.kind}${c.chosen ? " cw-mr-chosen" : ""}${c.tried ? " cw-mr-tried" : ""}`,
            "data-role": "contract",
            "data-slot": c.slot,
            title: `${c.name}. Needs ${c.requires_text}. Pays ${c.reward_text}. ${c.dice} hazard ${c.dice === 1 ? "die" : "dice"}: ${odds}`
          },
          h("div", { class: "cw-mr-ctop" }, h("span", { class: "cw-mr-kind", text: cap(c.kind) }), h("strong", { text: c.name })),
          headToHeadMark(c),
          h("div", { class: "cw-mr-reqs" }, reqChips(c.requires)),
          h("div", { class: "cw-mr-reward", text: `Pays ${c.reward_text}` }),
          h(
            "div",
            { class: "cw-mr-dice", "data-role": "odds" },
            h("span", { class: "cw-mr-die", text: c.dice ? `${c.dice} ${c.dice === 1 ? "die" : "dice"}` : "no dice" }),
            c.dice ? h("span", { class: "cw-dim", text: ` ${odds} (≈${exp.toFixed(1)} expected)` }) : null
          ),
          c.alone === null || c.alone === void 0 ? null : h("div", {
            class: "cw-mr-alone",
            "data-role": "alone",
            title: "The chance the cards in your hand and draw pile meet it without help, played as well as possible",
            text: `Your cards alone: ${Math.round(c.alone * 100)}%`
          }),
          c.tried ? h("div", { class: "cw-mr-note", text: "negotiation failed this turn" }) : null,
          h(
            "div",
            { class: "cw-mr-cbtns" },
            showChoose ? button("choose-contract", c.chosen ? "Chosen" : "Choose", {
              enabled: c.choose.legal,
              why: c.choose.why,
              intent: c.choose.intent,
              cls: c.choose.legal ? "cw-primary" : "",
              keyName: `contract:${c.slot}`,
              key: c.slot < 9 ? String(c.slot + 1) : void 0,
              extra: { "data-slot": c.slot }
            }) : null,
            c.swap.legal || view.phase === "plan" ? button("swap-contract", "Swap (1 cr)", {
              enabled: c.swap.legal,
              why: c.swap.why,
              intent: c.swap.intent,
              cls: "cw-quiet",
              keyName: `swap:${c.slot}`
            }) : null
          )
        );
      })
    )
  );
}
function phasePanel(ctx, view) {
  if (view.keep) return keepPanel(view);
  if (view.deal) return dealPanel(ctx, view);
  if (view.execution) return executionPanel(view);
  if (view.refit)
    return h(
      "section",
      { class: "cw-mr-phasebox cw-mr-focus", "aria-label": "Bonus part" },
      h("h4", { text: "Bonus part" }),
      h("p", { text: `${cap(view.refit.colour)} won ${view.refit.part.name} (${view.refit.part.text}) but the terminal is full.` })
    );
  return h(
    "section",
    { class: "cw-mr-phasebox", "aria-label": "This turn" },
    h("h4", { text: cap(view.phase_text) }),
    h("p", { class: "cw-dim", text: view.hint })
  );
}
function keepPanel(view) {
  return h(
    "section",
    { class: "cw-mr-phasebox cw-mr-focus", "aria-label": "Objectives to put back" },
    h("h4", { text: `Put back ${view.keep.drop} objective${view.keep.drop === 1 ? "" : "s"}` }),
    h(
      "ul",
      { class: "cw-mr-list" },
      view.keep.among.map(
        (o, i) => h(
          "li",
          {},
          button("drop-objective", `Put back ${o.name}`, { enabled: true, intent: o.intent, keyName: `drop:${i}` }),
          h("span", { class: "cw-dim", text: ` ${o.text}` })
        )
      )
    )
  );
}
function dealPanel(ctx, view) {
  const deal = view.deal;
  const contract = view.dispatch[deal.contract];
  const rows = [];
  rows.push(h("p", { class: "cw-mr-left", text: `Left for the leader: ${termsText(deal.left)}` }));
  if (deal.deals.length)
    rows.push(
      h(
        "ul",
        { class: "cw-mr-list", "aria-label": "Deals agreed" },
        deal.deals.map((d) => h("li", {}, pawnBadge(d.colour, 14), ` ${cap(d.colour)} joins: ${d.terms_text}`))
      )
    );
  const offer = deal.offer;
  if (offer)
    rows.push(
      h(
        "div",
        { class: "cw-mr-offer", "data-role": "open-offer" },
        pawnBadge(offer.by_colour, 16),
        ` ${cap(offer.by_colour)} ${offer.counters ? "counters" : "offers"} ${cap(offer.colour)}: ${offer.terms_text}`,
        h("span", { class: "cw-dim", text: ` (${offer.counters_left} counter${offer.counters_left === 1 ? "" : "s"} left)` })
      )
    );
  if (deal.can_offer && deal.invitable.length) rows.push(offerForm(ctx, view, null));
  else if (deal.can_counter && offer) rows.push(offerForm(ctx, view, offer));
  return h(
    "section",
    { class: "cw-mr-phasebox cw-mr-deal cw-mr-focus", "aria-label": "Negotiation", "data-role": "deal" },
    h("h4", { text: `Negotiating: ${contract.name}` }),
    h("div", { class: "cw-mr-reqs" }, reqChips(contract.requires), h("span", { class: "cw-dim", text: ` · pays ${contract.reward_text} · ${contract.dice} ${contract.dice === 1 ? "die" : "dice"}` })),
    rows
  );
}
var formDrawings = 0;
function offerForm(ctx, view, counter) {
  const deal = view.deal;
  const left = counter ? counter.left : deal.left;
  const key = counter ? `counter:${deal.contract}:${counter.counters}` : `offer:${deal.contract}:${deal.invitable.map((c) => c.seat).join(",")}`;
  let draft = drafts.get(ctx.root);
  if (!draft || draft.key !== key) {
    const seat = counter ? null : deal.invitable[0].seat;
    const terms = counter ? clampTerms(counter.terms, left) : proposal(left, view.captains.length - 1);
    draft = { key, seat, terms };
    drafts.set(ctx.root, draft);
  }
  const d = draft;
  const send = button(counter ? "counter" : "offer", counter ? "Send counter-offer" : "Send offer", {
    enabled: true,
    intent: dealIntent(d.seat, d.terms),
    cls: "cw-primary",
    keyName: "deal:send",
    key: "Enter",
    extra: { "data-submit": "" }
  });
  const summary = h("p", { class: "cw-mr-summary", "data-role": "offer-summary" });
  const refresh = () => {
    d.terms = clampTerms(d.terms, left);
    send.setAttribute("data-intent", JSON.stringify(dealIntent(d.seat, d.terms)));
    const exp = expectedHazards(diceDistribution(view.die || [0], d.terms.dice));
    const to = d.seat === null ? "" : `${cap(view.captains[d.seat].colour)} gets `;
    summary.textContent = `${to}${termsText(d.terms)}${d.terms.dice ? ` (≈${exp.toFixed(2)} hazards expected)` : ""}.`;
  };
  const fields = [];
  if (!counter) {
    fields.push(
      h(
        "label",
        { class: "cw-mr-field" },
        "Invite ",
        (() => {
          const sel = (
            /** @type {HTMLSelectElement} */
            h(
              "select",
              { "data-key": "deal:seat", "aria-label": "Captain to invite" },
              deal.invitable.map(
                (c) => h("option", { value: c.seat, selected: c.seat === d.seat, text: cap(c.colour) })
              )
            )
          );
          sel.addEventListener("change", () => {
            d.seat = Number(sel.value);
            refresh();
          });
          return sel;
        })()
      )
    );
  }
  for (
    const k of
    /** @type {(keyof Terms)[]} */
    ["prestige", "credits", "bonus", "dice"]
  ) {
    const top = k === "bonus" ? Math.min(1, left.bonus) : left[k];
    const input = (
      /** @type {HTMLInputElement} */
      h("input", {
        type: "number",
        min: 0,
        max: top,
        step: 1,
        value: d.terms[k],
        disabled: top <= 0,
        "data-key": `deal:${k}`,
        "data-term": k,
        "aria-label": k === "bonus" ? "Bonus card (0 or 1)" : `${cap(k)} (0 to ${top})`
      })
    );
    input.addEventListener("input", () => {
      d.terms = { ...d.terms, [k]: Number(input.value) };
      refresh();
    });
    input.addEventListener("change", () => {
      input.value = String(clampTerms(d.terms, left)[k]);
    });
    fields.push(h("label", { class: "cw-mr-field" }, k === "bonus" ? "bonus card " : `${k} `, input, h("span", { class: "cw-dim", text: `/ ${top}` })));
  }
  refresh();
  return h(
    "div",
    {
      class: "cw-mr-form",
      role: "group",
      "aria-label": counter ? "Counter-offer" : "Make an offer",
      "data-role": "offer-form",
      "data-form": "",
      // a new key each drawing: the form is replaced whole, never morphed, because its
      // inputs' listeners hold this drawing's draft and limits
      "data-key": `offer-form:${++formDrawings}`
    },
    h("div", { class: "cw-mr-fields" }, fields),
    summary,
    send
  );
}
function executionPanel(view) {
  const exe = view.execution;
  return h(
    "section",
    { class: "cw-mr-phasebox cw-mr-focus", "aria-label": "Execution", "data-role": "execution" },
    h("h4", { text: `Executing: ${view.contract}` }),
    h(
      "div",
      { class: "cw-mr-progress", "aria-label": "Requirements" },
      progress(exe.requires, exe.met).map(
        (r) => h("span", { class: `cw-mr-req cw-mr-req-${r.kind}${r.done ? " cw-mr-done" : ""}`, text: `${r.label} ${r.met}/${r.need}${r.done ? " ✓" : ""}` })
      )
    ),
    h(
      "ul",
      { class: "cw-mr-list" },
      exe.captains.map(
        (c) => h(
          "li",
          { class: c.seat === exe.playing ? "cw-mr-acting" : "", "data-role": "exec-captain", "data-colour": c.colour },
          pawnBadge(c.colour, 14),
          h("strong", { text: ` ${cap(c.colour)}` }),
          ` · rolled ${c.dice} ${c.dice === 1 ? "die" : "dice"}: `,
          h("span", { class: c.exposed ? "cw-mr-bad" : "", "data-role": "hazards", text: `${c.rolled} hazard${c.rolled === 1 ? "" : "s"}, ${c.blocks} blocked` }),
          c.seat === exe.playing ? ` · ${c.actions} action${c.actions === 1 ? "" : "s"} left` : exe.waiting.includes(c.seat) ? " · waiting" : " · done",
          c.played.length ? h("div", { class: "cw-dim", text: `played: ${c.played.map((x) => x.name).join(", ")}` }) : null
        )
      )
    )
  );
}
function actionsBar(view) {
  const acts = view.actions || [];
  if (!acts.length) return null;
  return h(
    "section",
    { class: "cw-actions cw-mr-actions", role: "group", "aria-label": "Actions", "data-role": "actions" },
    acts.map(
      (a) => button(a.intent.kind, a.label, {
        enabled: true,
        intent: a.intent,
        key: keyOf2(a.intent.kind),
        cls: ["launch", "accept", "end-turn"].includes(a.intent.kind) ? "cw-primary" : "",
        // keyed by what it does: a button that now does something else is a new one,
        // and the focus of the one that did its job never passes to it
        keyName: `act:${actKey(a.intent)}`
      })
    )
  );
}
function actKey(intent) {
  const { kind, ...args } = intent;
  return `${kind}:${Object.values(args).join(":")}`;
}
function handPanel(view) {
  const me = view.seat === null ? null : view.captains[view.seat];
  if (!me) return null;
  return h(
    "section",
    { class: "cw-mr-hand", "aria-label": "Your hand" },
    h("h4", { text: `Your hand (${view.hand.length})` }),
    view.hand.length ? h(
      "div",
      { class: "cw-mr-cards" },
      view.hand.map(
        (c, i) => h(
          "button",
          {
            type: "button",
            class: `cw-mr-card cw-mr-card-${c.kind}${c.legal ? " cw-mr-playable" : " cw-disabled"}`,
            "data-action": "play",
            "data-intent": JSON.stringify({ kind: "play", card: c.id }),
            "aria-disabled": c.legal ? null : "true",
            "data-why": c.legal ? null : c.why,
            "data-key": `hand:${i}`,
            "data-card": c.id,
            "aria-label": `${c.name}: ${c.text}${c.legal ? "" : `. Not possible: ${c.why}`}`,
            title: c.legal ? `Play ${c.name}` : c.why
          },
          h("strong", { text: c.name }),
          h("span", { class: "cw-mr-cardtext", text: c.text })
        )
      )
    ) : h("p", { class: "cw-dim cw-empty", text: "No cards in hand." })
  );
}
function objectivesPanel(view) {
  if (view.seat === null) return null;
  return h(
    "section",
    { class: "cw-mr-objectives", "aria-label": "Your secret objectives" },
    h("h4", { text: "Secret objectives" }),
    view.objectives.length ? h(
      "ul",
      { class: "cw-mr-list" },
      view.objectives.map(
        (o, i) => h(
          "li",
          {},
          h("strong", { text: o.name }),
          h("span", { class: "cw-dim", text: ` ${o.text} ` }),
          o.claimable ? button("claim-objective", "Reveal (+1 prestige)", { enabled: true, intent: o.intent, cls: "cw-primary", keyName: `obj:${i}` }) : null
        )
      )
    ) : h("p", { class: "cw-dim cw-empty", text: "None kept." })
  );
}
function armoryPanel(view, focus) {
  const a = view.armory;
  const buying = view.phase === "buy" && view.you_act;
  const buy = (item, action, keyName) => buying || item.legal ? button(action, `Buy (${item.cost} cr)`, { enabled: item.legal, why: item.why, intent: item.intent, keyName }) : null;
  const repl = (offer, slot) => {
    const r = a.replace[offer][slot];
    return buying && r && r.legal ? button("replace-offer", removeLabel(view), { enabled: true, intent: r.intent, cls: "cw-quiet", keyName: `repl:${offer}:${slot}` }) : null;
  };
  return h(
    "section",
    { class: `cw-mr-armory${focus ? " cw-mr-focus" : ""}`, "aria-label": "The Armory" },
    h("h4", { text: "Armory" }),
    h(
      "div",
      { class: "cw-mr-shelf" },
      h("h5", { text: `Ship parts (${a.decks.part_deck} in the deck)` }),
      h(
        "ul",
        { class: "cw-mr-items" },
        a.parts.map(
          (p) => h(
            "li",
            { "data-role": "part" },
            h("strong", { text: p.name }),
            h("span", { class: "cw-dim", text: ` ${p.cost} cr · ${p.text}` }),
            h("span", { class: "cw-mr-ibtns" }, buy(p, "buy-part", `part:${p.slot}`), repl("parts", p.slot))
          )
        )
      ),
      h("h5", { text: `Crew (${a.decks.crew_deck} in the deck)` }),
      h(
        "ul",
        { class: "cw-mr-items" },
        a.crew.map(
          (c) => h(
            "li",
            { "data-role": "crew" },
            h("strong", { text: c.name }),
            h("span", { class: "cw-dim", text: ` ${c.cost} cr · ${c.text}` }),
            h("span", { class: "cw-mr-ibtns" }, buy(c, "buy-crew", `crew:${c.slot}`), repl("crew", c.slot))
          )
        )
      ),
      h("h5", { text: "Action cards (the tray, not for sale)" }),
      h(
        "ul",
        { class: "cw-mr-items" },
        a.supply.map(
          (c) => h(
            "li",
            { "data-role": "supply" },
            h("strong", { text: c.name }),
            h("span", { class: "cw-dim", text: ` ${c.text} · ${c.count} left` })
          )
        )
      )
    )
  );
}
function logPanel(view) {
  const colours = new Set(view.captains.map((c) => c.colour));
  const start = view.log_total - view.log.length;
  return h(
    "section",
    { class: "cw-foot" },
    h(
      "div",
      { class: "cw-log", "data-role": "log" },
      h("h4", { text: "Log" }),
      h(
        "ol",
        { start: start + 1, "aria-label": "Game log", tabindex: "0", "data-key": "log" },
        view.log.map(
          (line) => h("li", { class: logClass(line.kind), "data-kind": line.kind }, line.actor && colours.has(line.actor) ? pawnBadge(line.actor, 14) : null, line.text)
        )
      )
    )
  );
}

// js/map/zoom.js
function mapWidth(root) {
  const sc = root.querySelector(".cw-mapscroll");
  return sc && sc.clientWidth ? sc.clientWidth + 26 : root.clientWidth;
}
function zoomBar(zoom) {
  const pct2 = `${Math.round(zoom.scale * 100)}%`;
  const hint = zoomHint(zoom);
  return h(
    "div",
    { class: "cw-zoom", role: "group", "aria-label": `Map zoom, now ${pct2}` },
    h("button", {
      type: "button",
      class: "cw-btn cw-small cw-quiet",
      "data-action": "zoom-out",
      "data-key": "btn:zoom-out",
      "aria-label": "Zoom the map out (-)",
      title: "Zoom out (-)",
      "aria-disabled": zoom.level <= 0 ? "true" : null,
      "data-why": zoom.level <= 0 ? "the whole map is shown" : null,
      text: "−"
    }),
    h("span", { class: "cw-zoom-pct", text: pct2, "aria-hidden": "true" }),
    h("button", {
      type: "button",
      class: "cw-btn cw-small cw-quiet",
      "data-action": "zoom-in",
      "data-key": "btn:zoom-in",
      "aria-label": "Zoom the map in (+)",
      title: "Zoom in (+)",
      "aria-disabled": zoom.level >= ZOOMS.length - 1 ? "true" : null,
      "data-why": zoom.level >= ZOOMS.length - 1 ? "the map is at its largest" : null,
      text: "+"
    }),
    h("button", {
      type: "button",
      class: "cw-btn cw-small cw-quiet",
      "data-action": "zoom-fit",
      "data-key": "btn:zoom-fit",
      "aria-label": zoom.level === 0 ? "Back to a larger size (0)" : "Fit the map to the width (0)",
      title: zoom.level === 0 ? "Larger (0)" : "Fit (0)",
      text: zoom.level === 0 ? "Larger" : "Fit"
    }),
    hint ? h("span", { class: "cw-dim cw-small-text cw-zoom-more", text: hint }) : null
  );
}

// js/protocol.js
function newUiState() {
  return {
    hover: null,
    route: null,
    odds: null,
    oddsOpen: false,
    helpOpen: false,
    overHidden: false,
    mapFocus: null,
    oddsHover: false,
    confirmNew: 0,
    zoom: null,
    pawnSpace: null,
    pawnTurn: null,
    target: null,
    local: null,
    lastSeq: -1,
    hoverTimer: void 0,
    keysActive: false,
    bubble: null,
    bubbled: null,
    clicked: null,
    bubbleTimer: void 0,
    loadOpen: false,
    saves: null
  };
}
function takeReply(ui, msg) {
  if (!msg || typeof msg !== "object") return null;
  if (msg.kind === "route") {
    ui.route = msg;
    return msg.id === ui.hover ? "map" : null;
  }
  if (msg.kind === "odds") {
    ui.odds = msg;
    return ui.oddsOpen || ui.oddsHover ? "table" : null;
  }
  if (msg.kind === "saves") {
    ui.saves = Array.isArray(msg.names) ? msg.names.filter((n) => typeof n === "string") : [];
    return ui.loadOpen ? "all" : null;
  }
  if (msg.kind === "error") return "all";
  return null;
}
function intentOf(action, raw, spaceId) {
  if (action === "move-to" && !raw) return spaceId ? { kind: "move-to", id: spaceId } : null;
  return raw ? JSON.parse(raw) : null;
}
function hasFeature(view, feature) {
  return !view || !Array.isArray(view.features) || view.features.includes(feature);
}

// js/input.js
function attachInput(ctx, { draw, drawMapSoon, drawTableSoon }) {
  const { model, root, ui, send } = ctx;
  const bubbleAt = (text, anchor, seq = null) => {
    window.clearTimeout(ui.bubbleTimer);
    ui.bubble = null;
    ui.bubbled = null;
    if (!anchor || !anchor.isConnected || !root.contains(anchor)) return;
    const r = anchor.getBoundingClientRect();
    const r0 = root.getBoundingClientRect();
    const x = Math.max(8, Math.min(r0.width - 260, r.left - r0.left));
    ui.bubble = { text, x, y: r.bottom - r0.top + 6 };
    ui.bubbled = { text, seq };
    ui.bubbleTimer = window.setTimeout(() => {
      ui.bubble = null;
      draw();
    }, 4500);
  };
  const sayLocal = (text, level = "info", anchor = null) => {
    ui.local = { text, level };
    ui.lastSeq = (model.get("status") || {}).seq;
    bubbleAt(text, anchor);
    draw();
  };
  const activate = (target) => {
    const action = target.getAttribute("data-action");
    if (target.getAttribute("aria-disabled") === "true") {
      if (action === "inspect") {
        const id = target.getAttribute("data-space-id");
        const view = model.get("view");
        const me = view && view.seat !== null ? view.players[view.seat] : null;
        if (me && me.space === id && focusActions()) return;
        setHover(id);
        return;
      }
      sayLocal(`Not possible: ${target.getAttribute("data-why") || "not now"}`, "error", target);
      return;
    }
    if (action === "new-game") {
      const view = model.get("view");
      if (view && !view.is_over && ui.confirmNew < Date.now()) {
        ui.confirmNew = Date.now() + 4e3;
        sayLocal("Press New game again to abandon this game and start a new one.");
        setTimeout(draw, 4100);
        return;
      }
      ui.confirmNew = 0;
      send({ kind: "new-game" });
      return;
    }
    if (action === "hide-over") {
      ui.overHidden = true;
      draw();
      return;
    }
    if (action === "load") {
      ui.loadOpen = !ui.loadOpen;
      if (ui.loadOpen) {
        ui.saves = null;
        send({ kind: "list-saves" });
      }
      draw();
      return;
    }
    if (action === "load-close") {
      ui.loadOpen = false;
      draw();
      const load = root.querySelector('[data-action="load"]');
      if (load instanceof HTMLElement) load.focus();
      return;
    }
    if (action === "load-pick") {
      const input = root.querySelector('[data-role="load-file"]');
      if (input instanceof HTMLInputElement) {
        ui.clicked = root.querySelector('[data-action="load"]');
        ui.loadOpen = false;
        input.value = "";
        input.click();
        draw();
      }
      return;
    }
    if (action === "load-saved") {
      ui.loadOpen = false;
      ui.clicked = root.querySelector('[data-action="load"]');
      const intent2 = intentOf(action, target.getAttribute("data-intent"), null);
      if (intent2) send(intent2);
      draw();
      return;
    }
    if (action === "help") {
      ui.helpOpen = !ui.helpOpen;
      draw();
      return;
    }
    if (action === "zoom-in" || action === "zoom-out" || action === "zoom-fit") {
      const board = model.get("board");
      if (!board) return;
      ui.zoom = nextZoom(mapZoom(board.width, mapWidth(root), ui.zoom).level, action);
      ui.pawnSpace = null;
      draw();
      return;
    }
    if (action === "hover-bag") {
      ui.oddsOpen = !ui.oddsOpen;
      if (ui.oddsOpen) {
        ui.odds = null;
        send({ kind: "hover-bag" });
      }
      draw();
      return;
    }
    const intent = intentOf(action, target.getAttribute("data-intent"), target.getAttribute("data-space-id"));
    if (intent) {
      ui.clicked = target;
      ui.bubble = null;
      send(intent);
    }
  };
  const focusActions = () => {
    const first = root.querySelector('.cw-actions [data-key^="act:"]');
    if (first instanceof HTMLElement) {
      first.focus();
      return true;
    }
    return false;
  };
  const setHover = (id) => {
    if (ui.hover === id) return;
    ui.hover = id;
    window.clearTimeout(ui.hoverTimer);
    if (id) {
      ui.hoverTimer = window.setTimeout(() => model.send({ kind: "hover-space", id }), 60);
    }
    drawMapSoon();
  };
  const setTarget = (id) => {
    if (ui.target === id) return;
    ui.target = id;
    drawMapSoon();
  };
  const onClick = (event) => {
    const target = (
      /** @type {Element} */
      event.target.closest("[data-action]")
    );
    if (!target || !root.contains(target)) return;
    event.preventDefault();
    activate(target);
  };
  const onOver = (event) => {
    const el = (
      /** @type {Element} */
      event.target
    );
    const target = el.closest("[data-space-id]");
    if (target && target.closest(".cw-map")) setHover(target.getAttribute("data-space-id"));
    const act = el.closest("[data-target-space]");
    if (act) setTarget(act.getAttribute("data-target-space"));
    if (el.closest(".cw-bag-row") && !ui.oddsHover) {
      ui.oddsHover = true;
      if (!ui.oddsOpen) {
        model.send({ kind: "hover-bag" });
        drawTableSoon();
      }
    }
  };
  const onOut = (event) => {
    const to = (
      /** @type {Element|null} */
      event.relatedTarget
    );
    if (ui.target && !(to && to.closest && to.closest("[data-target-space]"))) setTarget(null);
    if (to && to.closest && to.closest(".cw-map [data-space-id]")) return;
    const from = (
      /** @type {Element} */
      event.target.closest(".cw-map [data-space-id]")
    );
    if (from) setHover(null);
    if (ui.oddsHover && !(to && to.closest && to.closest(".cw-bag-row, .cw-odds"))) {
      ui.oddsHover = false;
      if (!ui.oddsOpen) drawTableSoon();
    }
  };
  const onFocus = (event) => {
    showKeys();
    const target = (
      /** @type {Element} */
      event.target
    );
    if (target && target.closest) {
      const sp = target.closest(".cw-map [data-space-id]");
      if (sp) {
        ui.mapFocus = sp.getAttribute("data-space-id");
        setHover(ui.mapFocus);
      }
      const act = target.closest("[data-target-space]");
      setTarget(act ? act.getAttribute("data-target-space") : null);
    }
  };
  const showKeys = () => {
    const focused = focusedIn(root);
    const active = !!focused && root.contains(focused);
    if (active === ui.keysActive) return;
    ui.keysActive = active;
    const old = root.querySelector('[data-role="keys-state"]');
    if (old) old.replaceWith(keysState(active));
  };
  const onFocusOut = (event) => {
    const to = (
      /** @type {Node|null} */
      event.relatedTarget
    );
    if (!(to && root.contains(to))) window.setTimeout(showKeys, 0);
  };
  const onDown = (event) => {
    const target = (
      /** @type {Element} */
      event.target
    );
    if (!target.closest || !target.closest("button, [tabindex], input, select, textarea, a[href]"))
      root.focus({ preventScroll: true });
    else if (target.closest("[tabindex]") === root) root.focus({ preventScroll: true });
  };
  const onKey = (event, target) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const view = model.get("view");
    if (!view) return;
    const roomEl = target.closest && target.closest(".cw-map [data-space-id]");
    if ((event.key === "Enter" || event.key === " ") && target.getAttribute && target.getAttribute("role") === "button" && target.tagName !== "BUTTON") {
      event.preventDefault();
      event.stopPropagation();
      activate(target);
      return;
    }
    if (roomEl && event.key.startsWith("Arrow")) {
      event.preventDefault();
      event.stopPropagation();
      focusNeighbour(roomEl.getAttribute("data-space-id"), event.key);
      return;
    }
    const form = target.closest && target.closest("[data-form]");
    if (form && event.key === "Enter" && (target.tagName === "INPUT" || target.tagName === "SELECT")) {
      const submit = form.querySelector("[data-submit]");
      if (submit) activate(submit);
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (target.tagName === "INPUT" || target.tagName === "TEXTAREA") return;
    const what = keyAction(event.key);
    if (!what) return;
    if ("click" in what) {
      const node = root.querySelector(what.click);
      if (node) activate(node);
    } else if ("focus" in what) {
      const node = root.querySelector(what.focus);
      if (node instanceof HTMLElement) node.focus();
      else sayLocal("Nothing to go to right now.");
    } else if ("actions" in what) {
      if (!focusActions()) sayLocal("Nothing to do in this space right now.");
    } else {
      ui.oddsOpen = false;
      ui.helpOpen = false;
      ui.loadOpen = false;
      setHover(null);
      draw();
    }
    event.preventDefault();
    event.stopPropagation();
  };
  const onChange = (event) => {
    const input = event.target;
    if (input instanceof HTMLSelectElement && input.getAttribute("data-role") === "bot-speed") {
      send({ kind: "bot-speed", speed: input.value });
      return;
    }
    if (!(input instanceof HTMLInputElement) || input.getAttribute("data-role") !== "load-file") return;
    const file = input.files && input.files[0];
    if (!file) return;
    const anchor = root.querySelector('[data-action="load"]');
    if (file.size > MAX_LOAD_BYTES) {
      sayLocal(`Not loaded: ${file.name} is ${file.size} bytes, over ${MAX_LOAD_BYTES}`, "error", anchor);
      return;
    }
    file.text().then(
      (text) => {
        ui.clicked = anchor;
        send({ kind: "load", text });
      },
      (err) => sayLocal(`Could not read ${file.name}: ${err}`, "error", anchor)
    );
  };
  let scrubTimer;
  const onInput = (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.getAttribute("data-role") !== "replay-scrub") return;
    window.clearTimeout(scrubTimer);
    scrubTimer = window.setTimeout(() => send({ kind: "replay", step: Number(input.value) }), 60);
  };
  const focusNeighbour = (id, key) => {
    const board = model.get("board");
    const best = neighbour(board.spaces, id, key);
    if (best) {
      const node = root.querySelector(`.cw-map [data-space-id="${CSS.escape(best.id)}"]`);
      if (node instanceof SVGElement) node.focus();
    }
  };
  root.addEventListener("click", onClick);
  root.addEventListener("mouseover", onOver);
  root.addEventListener("mouseout", onOut);
  root.addEventListener("focusin", onFocus);
  const onWindowKey = (event) => {
    const target = event.composedPath()[0];
    if (!(target instanceof Element) || !root.contains(target)) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.key === "Tab") return;
    onKey(event, target);
    event.stopPropagation();
  };
  window.addEventListener("keydown", onWindowKey, true);
  root.addEventListener("change", onChange);
  root.addEventListener("input", onInput);
  root.addEventListener("focusout", onFocusOut);
  root.addEventListener("mousedown", onDown);
  return { setHover, bubbleAt, detach: () => window.removeEventListener("keydown", onWindowKey, true) };
}

// js/icons.js
var ICONS = {
  skill: '<path d="M8 1.5 14 6.5 8 14.5 2 6.5Z" fill="#2f7fc1" stroke="#164a73" stroke-width="1.2"/><path d="M2 6.5h12M8 1.5 5.5 6.5 8 14.5 10.5 6.5Z" fill="none" stroke="#cfe6f7" stroke-width=".8"/>',
  swords: '<path d="M3 13 12.5 3.5M12.5 3.5l.5-2 -2 .5M4.8 9.6l1.6 1.6M2.5 13.5l1-1" stroke="#7a2b12" stroke-width="2.2" stroke-linecap="round" fill="none"/><path d="M3 13 12.5 3.5" stroke="#e8e8e8" stroke-width=".9"/>',
  boots: '<path d="M5 1.8h4.2v7.4l3.8 1.6c1 .5 1.3 1.2 1.3 2.2V14H3.7V1.8Z" fill="#8a5a2b" stroke="#4a2e12" stroke-width="1.1" stroke-linejoin="round"/><path d="M3.7 12.3h10.6" stroke="#4a2e12" stroke-width="1.1"/>',
  gold: '<circle cx="8" cy="8" r="6.3" fill="#e8b923" stroke="#8a6400" stroke-width="1.3"/><circle cx="8" cy="8" r="3.6" fill="none" stroke="#fff3b0" stroke-width="1.1"/>',
  teleport: '<circle cx="8" cy="8" r="6.2" fill="#efe4ff" stroke="#5b3b9a" stroke-width="1.3"/><path d="M8 3.6a4.4 4.4 0 1 1-4.2 3.2M8 6a2 2 0 1 1-1.9 1.4" fill="none" stroke="#5b3b9a" stroke-width="1.3" stroke-linecap="round"/>',
  heart: '<path d="M8 14.2 2.4 8.6C.6 6.8 1.4 2.6 4.6 2.6 6.3 2.6 7.3 3.8 8 4.8 8.7 3.8 9.7 2.6 11.4 2.6c3.2 0 4 4.2 2.2 6Z" fill="#d4534b" stroke="#7d1f19" stroke-width="1.1"/>',
  clank: '<path d="M2.5 5.2 8 2.3l5.5 2.9v5.7L8 13.8l-5.5-2.9Z" fill="#8d8d8d" stroke="#2b2b2b" stroke-width="1.1" stroke-linejoin="round"/><path d="M2.5 5.2 8 8.1l5.5-2.9M8 8.1v5.7" fill="none" stroke="#2b2b2b" stroke-width="1"/>',
  monster: '<path d="M8 1.6c3.4 0 5.8 2.3 5.8 5.3 0 1.9-.9 3.1-2.1 3.8v2.8H4.3v-2.8C3.1 10 2.2 8.8 2.2 6.9 2.2 3.9 4.6 1.6 8 1.6Z" fill="#D55E00" stroke="#5e1f00" stroke-width="1.1"/><circle cx="5.8" cy="7" r="1.4" fill="#fff"/><circle cx="10.2" cy="7" r="1.4" fill="#fff"/><path d="M6.3 11.2v1.6M8 11.2v1.6M9.7 11.2v1.6" stroke="#5e1f00" stroke-width=".9"/>',
  lock: '<rect x="3" y="7" width="10" height="7.5" rx="1.3" fill="#e8b923" stroke="#5a4300" stroke-width="1.2"/><path d="M5.2 7V5a2.8 2.8 0 0 1 5.6 0v2" fill="none" stroke="#5a4300" stroke-width="1.5"/><circle cx="8" cy="10.5" r="1.1" fill="#5a4300"/>',
  artifact: '<path d="M4 2.5h8l2.5 3.6L8 14.2 1.5 6.1Z" fill="#f2c94c" stroke="#7a5a00" stroke-width="1.2" stroke-linejoin="round"/><path d="M1.5 6.1h13M5.7 2.5 8 14.2l2.3-11.7" fill="none" stroke="#7a5a00" stroke-width=".8"/>',
  market: '<path d="M3.2 5.5h9.6l-.9 8.5H4.1Z" fill="#c98b3c" stroke="#5b3a10" stroke-width="1.2" stroke-linejoin="round"/><path d="M5.6 5.5V4a2.4 2.4 0 0 1 4.8 0v1.5" fill="none" stroke="#5b3a10" stroke-width="1.3"/>',
  crystal: '<path d="M8 1.2 11.5 5 10.2 14.5H5.8L4.5 5Z" fill="#9fd3f5" stroke="#1f5f8a" stroke-width="1.2" stroke-linejoin="round"/><path d="M4.5 5h7M8 1.2v13.3" stroke="#1f5f8a" stroke-width=".8"/>',
  secret: '<rect x="2.5" y="2.5" width="11" height="11" rx="2" fill="#3d3354" stroke="#15101f" stroke-width="1.1"/><path d="M6.3 6.3a1.8 1.8 0 1 1 2.4 1.7c-.5.2-.7.6-.7 1.1v.6" fill="none" stroke="#f4eaff" stroke-width="1.3" stroke-linecap="round"/><circle cx="8" cy="11.4" r=".8" fill="#f4eaff"/>',
  secretMajor: '<rect x="1.5" y="1.5" width="13" height="13" rx="2.5" fill="#7a1f3d" stroke="#f2c94c" stroke-width="1.6"/><path d="M8 3.8 9.2 6.6 12.2 6.8 9.9 8.7 10.7 11.7 8 10 5.3 11.7 6.1 8.7 3.8 6.8 6.8 6.6Z" fill="#f2c94c"/>',
  idol: '<circle cx="8" cy="8.4" r="5.6" fill="#c68d2e" stroke="#5a3a08" stroke-width="1.2"/><circle cx="2.8" cy="7.2" r="1.6" fill="#c68d2e" stroke="#5a3a08"/><circle cx="13.2" cy="7.2" r="1.6" fill="#c68d2e" stroke="#5a3a08"/><circle cx="6.2" cy="7.6" r="1" fill="#2b1a00"/><circle cx="9.8" cy="7.6" r="1" fill="#2b1a00"/><path d="M6 10.8q2 1.4 4 0" fill="none" stroke="#2b1a00" stroke-width="1"/>',
  exit: '<rect x="3" y="1.8" width="10" height="12.4" rx="1" fill="#dfe9d8" stroke="#2f5d23" stroke-width="1.2"/><path d="M5.5 8h6M9 5.5 11.5 8 9 10.5" fill="none" stroke="#2f5d23" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/>',
  dragon: '<path d="M1.8 12.5c1.6-5.5 4.6-8.6 9.4-9.5l-1.4 2.2 3.6-.6-1.8 2.6 2.6.6-3 1.4c-1.9.9-3 2.1-3.4 4.2Z" fill="#b8322a" stroke="#4d0e0a" stroke-width="1" stroke-linejoin="round"/><circle cx="9.6" cy="6.4" r=".8" fill="#fff2a8"/>',
  boss: '<rect x="2.5" y="3" width="11" height="10" rx="2.5" fill="#6b4a8e" stroke="#2a1840" stroke-width="1.1"/><path d="M8 3V1.2M6.5 1.2h3" stroke="#2a1840" stroke-width="1.1"/><rect x="4.2" y="6" width="2.8" height="2.2" rx=".6" fill="#ffd24a"/><rect x="9" y="6" width="2.8" height="2.2" rx=".6" fill="#ffd24a"/><path d="M5 10.8h6" stroke="#f4eaff" stroke-width="1.2" stroke-dasharray="1.2 .8"/>',
  port: '<rect x="3" y="3" width="10" height="10" rx="1.6" fill="#1f6f78" stroke="#0b3338" stroke-width="1.1"/><path d="M5.5 1.2v1.8M8 1.2v1.8M10.5 1.2v1.8M5.5 13v1.8M8 13v1.8M10.5 13v1.8M1.2 5.5h1.8M1.2 8h1.8M1.2 10.5h1.8M13 5.5h1.8M13 8h1.8M13 10.5h1.8" stroke="#0b3338" stroke-width="1.1"/><rect x="5.6" y="5.6" width="4.8" height="4.8" rx=".8" fill="#bff1f4"/>',
  lift: '<rect x="2.5" y="1.5" width="11" height="13" rx="2" fill="#dfe6f2" stroke="#2c3e66" stroke-width="1.2"/><path d="M8 3.4 10.6 6.6H5.4ZM8 12.6 10.6 9.4H5.4Z" fill="#2c3e66"/>',
  telepad: '<ellipse cx="8" cy="11.5" rx="6.3" ry="2.7" fill="#e6dbff" stroke="#4b2f8a" stroke-width="1.2"/><ellipse cx="8" cy="11.5" rx="3" ry="1.2" fill="#4b2f8a"/><path d="M4.5 9.3 5.6 3M11.5 9.3 10.4 3M8 8.8V2" stroke="#8a6ad0" stroke-width="1.1" stroke-linecap="round"/>',
  checkpoint: '<path d="M5.2 1.5h5.6l3.7 3.7v5.6l-3.7 3.7H5.2l-3.7-3.7V5.2Z" fill="#c0392b" stroke="#5a120b" stroke-width="1.1"/><path d="M4.3 8h7.4" stroke="#ffffff" stroke-width="2.2" stroke-linecap="round"/>',
  pod: '<path d="M8 1.3c2.6 1.7 3.9 4.4 3.9 7.6v3.3H4.1V8.9c0-3.2 1.3-5.9 3.9-7.6Z" fill="#e9eef3" stroke="#34495e" stroke-width="1.2" stroke-linejoin="round"/><circle cx="8" cy="7" r="1.7" fill="#56B4E9" stroke="#34495e" stroke-width=".9"/><path d="M5.6 12.3 4.6 15M10.4 12.3l1 2.7M8 12.3V15" stroke="#D55E00" stroke-width="1.3" stroke-linecap="round"/>',
  ticket: '<path d="M1.5 4.5h13v2.2a1.4 1.4 0 0 0 0 2.6v2.2h-13V9.3a1.4 1.4 0 0 0 0-2.6Z" fill="#ffd9a0" stroke="#8a4b00" stroke-width="1.1" stroke-linejoin="round"/><path d="M10.5 4.8v6.4" stroke="#8a4b00" stroke-width=".9" stroke-dasharray="1.1 .9"/>',
  vat: '<path d="M5 1.8h6M6 1.8v4L2.8 12.4c-.6 1.2.2 2.3 1.5 2.3h7.4c1.3 0 2.1-1.1 1.5-2.3L10 5.8v-4" fill="#d9f2e3" stroke="#1e6b45" stroke-width="1.2" stroke-linejoin="round"/><path d="M4 10.5h8l1.2 2.4c.3.7-.1 1.3-.9 1.3H3.7c-.8 0-1.2-.6-.9-1.3Z" fill="#2fa36b"/>',
  vault: '<rect x="1.8" y="2.5" width="12.4" height="11" rx="1.5" fill="#9aa5b1" stroke="#2f3a45" stroke-width="1.2"/><circle cx="8" cy="8" r="3" fill="#dfe5eb" stroke="#2f3a45" stroke-width="1.1"/><path d="M8 5.6v4.8M5.6 8h4.8" stroke="#2f3a45" stroke-width=".9"/>',
  code: '<rect x="2" y="3.5" width="12" height="9" rx="1.5" fill="#fff3c4" stroke="#6b5200" stroke-width="1.2"/><rect x="3.6" y="5.3" width="3.4" height="2.6" rx=".5" fill="#e8b923" stroke="#6b5200" stroke-width=".6"/><path d="M8.4 6h4M8.4 8h4M3.6 10.3h8.8" stroke="#6b5200" stroke-width="1" stroke-linecap="round"/>',
  hunter: '<rect x="2" y="2" width="12" height="12" rx="1.5" fill="#D55E00" stroke="#5e1f00" stroke-width="1.1"/><circle cx="8" cy="8" r="3.4" fill="none" stroke="#ffffff" stroke-width="1.3"/><path d="M8 2.8v2.4M8 10.8v2.4M2.8 8h2.4M10.8 8h2.4" stroke="#ffffff" stroke-width="1.3"/>',
  coach: '<path d="M3.6 4.6 4.6 2.4h6.6l1.1 2.2" fill="none" stroke="#4a2508" stroke-width="1.1" stroke-linejoin="round"/><path d="M2.4 4.6h11.2l.7 6.2H1.7Z" fill="#b5651d" stroke="#4a2508" stroke-width="1.1" stroke-linejoin="round"/><rect x="3.8" y="6" width="3.3" height="2.5" rx=".4" fill="#fff3c4"/><rect x="8.9" y="6" width="3.3" height="2.5" rx=".4" fill="#fff3c4"/><circle cx="4.6" cy="12.6" r="2.1" fill="#3b2a12" stroke="#fffaf0" stroke-width=".9"/><circle cx="11.4" cy="12.6" r="2.1" fill="#3b2a12" stroke="#fffaf0" stroke-width=".9"/>',
  lockdown: '<rect x="1.2" y="3" width="13.6" height="10" rx="1.5" fill="#ffd400" stroke="#1a1a1a" stroke-width="1.1"/><path d="M3 13 9 3M7.5 13l6-10M.8 8.6 4.4 3" stroke="#1a1a1a" stroke-width="1.8"/>'
};
function icon(name, size = 16) {
  const span = h("span", { class: `cw-icon cw-icon-${name}`, "aria-hidden": "true" });
  span.innerHTML = `<svg viewBox="0 0 16 16" width="${size}" height="${size}">${ICONS[name]}</svg>`;
  return span;
}
function svgIcon(name, x, y, size) {
  const g = s("svg", {
    x: x - size / 2,
    y: y - size / 2,
    width: size,
    height: size,
    viewBox: "0 0 16 16",
    "aria-hidden": "true",
    class: "cw-svgicon"
  });
  g.innerHTML = ICONS[name];
  return g;
}
function iconName(name) {
  return Object.prototype.hasOwnProperty.call(ICONS, name) ? (
    /** @type {IconName} */
    name
  ) : "artifact";
}

// js/map/modules.js
function moduleAreas(board, modules, box) {
  const g = s("g", { class: "cw-modules", "aria-hidden": "true" });
  const tabs = s("g", { class: "cw-module-tabs" });
  const taken = board.spaces.map((sp) => ({
    x0: sp.x - box.w / 2 - 2,
    y0: sp.y - box.h / 2 - 10,
    x1: sp.x + box.w / 2 + 2,
    y1: sp.y + box.h / 2 + 10
  }));
  let k = 0;
  for (const area of moduleRects(board.spaces, modules, box)) {
    const { m, x0, y0, x1, y1 } = area;
    const cls = [
      "cw-module",
      `cw-module-${k++ % 4}`,
      m.gated ? "cw-module-command" : "",
      m.gated && !m.open ? "cw-module-sealed" : ""
    ].join(" ");
    g.append(s("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 16, class: cls }));
    const text = m.name;
    const tw = text.length * 6.6 + (m.gated ? 34 : 16);
    const th = 17;
    const [lx, ly] = tabSpot(area, tw, th, taken);
    taken.push({ x0: lx, y0: ly, x1: lx + tw, y1: ly + th });
    const tab = s("g", {
      class: `cw-module-tab${m.gated ? " cw-module-tab-command" : ""}`,
      transform: `translate(${lx} ${ly})`
    });
    tab.append(s("title", { text: m.title || m.name }));
    tab.append(s("rect", { width: tw, height: th, rx: 8.5, class: "cw-module-tab-bg" }));
    if (m.gated) tab.append(svgIcon(m.open ? "code" : "lock", 11, th / 2, 12));
    tab.append(
      s("text", {
        x: m.gated ? 22 : 8,
        y: th / 2 + 0.5,
        "dominant-baseline": "central",
        class: "cw-module-name",
        text
      })
    );
    tabs.append(tab);
  }
  return { regions: g, tabs };
}

// js/map/rides.js
function coachRide(from, to, fare, rooms, box, gold, far) {
  const { d, apex } = rideArc(from, to, rooms, box);
  const words = rideText(from.name, to.name, fare, gold);
  const arc = s(
    "g",
    { class: far ? "cw-ride cw-ride-far" : "cw-ride", "data-role": "coach-ride", "data-from": from.id, "data-to": to.id },
    s("title", { text: words }),
    s("path", { d, class: "cw-ride-casing" }),
    s("path", { d, class: "cw-ride-line" })
  );
  const { w, h: h2 } = RIDE_MARKER;
  const marker = s(
    "g",
    {
      class: "cw-ride-marker",
      "data-role": "coach-marker",
      transform: `translate(${apex.x} ${apex.y})`,
      role: "img",
      "aria-label": words
    },
    s("title", { text: words }),
    s("rect", { x: -w, y: -h2, width: 2 * w, height: 2 * h2, rx: h2, class: "cw-ride-marker-bg" }),
    svgIcon("coach", -w + 10, 0, 16),
    svgIcon("gold", 4, 0, 11),
    s("text", { x: 10.5, y: 0.5, "dominant-baseline": "central", class: "cw-ride-fare", text: `${fare}` })
  );
  return { arc, marker };
}

// js/map/features.js
function hereActions(view) {
  const acts = (view.actions || []).filter((a) => a.where === "here");
  if (!acts.length) return "";
  return `here you can: ${acts.map((a) => a.label).join("; ")} (press H)`;
}

// js/map/room.js
function room(ctx, sp, move, me, pawns, view) {
  const { ui, box } = ctx;
  const W = box.w;
  const H = box.h;
  const roving = ui.mapFocus || (me && me.status === "in" ? me.space : view.players[view.current].space);
  const here = me && me.status === "in" && me.space === sp.id;
  const hovered = ui.hover === sp.id;
  const hereActs = here ? hereActions(view) : "";
  const cls = [
    "cw-room",
    ...(sp.marks || []).map((m) => `cw-room-${m}`),
    move ? "cw-reachable" : "",
    here ? "cw-here" : "",
    hovered ? "cw-hovered" : "",
    ui.target === sp.id ? "cw-targeted" : "",
    hereActs ? "cw-has-actions" : ""
  ].join(" ");
  const features = [...sp.words || []];
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
    "aria-disabled": move ? null : "true"
  });
  g.append(s("title", { text: [label, sp.note].filter(Boolean).join(". ") }));
  g.append(s("rect", { x: -W / 2, y: -H / 2, width: W, height: H, rx: 9, class: "cw-room-box" }));
  const lines = wrapName(sp.name, nameWidth(box));
  const fs = box.fs;
  const top = -((lines.length - 1) * (fs + 1)) / 2 - 2;
  const text = s("text", { class: "cw-room-name", "text-anchor": "middle", "font-size": fs });
  lines.forEach(
    (ln, i) => text.append(s("tspan", { x: 0, y: top + i * (fs + 1), "dominant-baseline": "central", text: ln }))
  );
  g.append(text);
  const feats = sp.badges || [];
  let fx = -W / 2 + 4;
  for (const [name, n, cubes] of feats) {
    const fg = s("g", { class: `cw-feat cw-feat-${name}`, transform: `translate(${fx} ${-H / 2 - 7})` });
    const extra = cubes ? cubes.length * 13 : 0;
    const wdt = (n ? n.length <= 2 ? 29 : 19 + 6 * n.length : 17) + extra;
    fg.append(s("rect", { x: 0, y: -1, width: wdt, height: 16, rx: 8, class: "cw-feat-bg" }));
    fg.append(svgIcon(iconName(name), 8, 7, 13));
    if (n) fg.append(s("text", { x: 16, y: 7.5, "dominant-baseline": "central", class: "cw-feat-num", text: n }));
    (cubes || []).forEach((c, i) => fg.append(pawn(c, wdt - extra + 6 + i * 13, 7, 5.6)));
    g.append(fg);
    fx += wdt + 2;
  }
  if (sp.artifact !== null) g.append(artifact(sp, W, H));
  const gap = pawns.length > 1 ? Math.min(20, (W - 26) / (pawns.length - 1)) : 20;
  pawns.forEach((p, i) => {
    const x = -W / 2 + 13 + i * gap;
    g.append(
      pawn(p.colour, x, H / 2 - 1, 9.5, `${p.you ? "cw-pawn-you" : ""} ${view.current === p.seat ? "cw-pawn-current" : ""}`)
    );
  });
  if (move) g.append(moveCost(move, W, H));
  return g;
}
function artifact(sp, W, H) {
  const ag = s("g", { class: "cw-artifact", transform: `translate(${W / 2 - 4} ${-H / 2 - 2})` });
  ag.append(s("circle", { r: 13, class: "cw-artifact-bg" }));
  ag.append(
    s("text", {
      "text-anchor": "middle",
      "dominant-baseline": "central",
      class: "cw-artifact-num",
      text: `${sp.artifact}`
    })
  );
  if (sp.artifact_cost != null) {
    const tg = s("g", { class: "cw-artifact-cost", transform: "translate(-44 -7)" });
    tg.append(s("rect", { x: 0, y: 0, width: 30, height: 15, rx: 7.5, class: "cw-feat-bg" }));
    tg.append(svgIcon("ticket", 8, 7.5, 12));
    tg.append(
      s("text", { x: 16, y: 8, "dominant-baseline": "central", class: "cw-feat-num", text: `${sp.artifact_cost}` })
    );
    ag.append(tg);
  }
  return ag;
}
function moveCost(move, W, H) {
  const o = move.options[0];
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
    "aria-hidden": "true"
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
        text: o.damage && name === "heart" ? `-${n}` : `${n}`
      })
    );
    cg.append(svgIcon(name, 4 + i * 21 + 13, 7.5, 11));
  });
  return cg;
}

// js/panels/legend.js
function legend(view) {
  const items = view.legend || [];
  return h(
    "details",
    { class: "cw-legend" },
    h("summary", { text: "Legend" }),
    h(
      "ul",
      {},
      items.map(
        (it) => it.icon === "arrow" ? h("li", {}, h("span", { class: "cw-legend-arrow", "aria-hidden": "true", text: "➤" }), it.text) : h("li", {}, icon(iconName(it.icon), 14), it.text)
      )
    )
  );
}

// js/panels/gameover.js
function gameOver(view) {
  const next = view.next_game;
  const rows = view.players.map((p) => ({ p, score: view.scores[p.colour] })).sort((a, b) => b.score - a.score);
  return h(
    "div",
    { class: "cw-gameover", role: "dialog", "aria-label": "Game over", "data-role": "game-over" },
    h("h3", { text: "Game over" }),
    h("p", { class: "cw-dim", text: view.end_reason }),
    h(
      "ol",
      {},
      rows.map(
        ({ p, score }) => h(
          "li",
          { class: view.winners.includes(p.colour) ? "cw-winner" : "" },
          pawnBadge(p.colour, 18),
          `${cap(p.colour)}${p.you ? " (you)" : ""}: ${score} points${p.status === "knocked-out" ? " (knocked out)" : p.status === "escaped" ? " (escaped)" : ""}`
        )
      )
    ),
    breakdownTable(view, rows.map((r) => r.p)),
    next && next.text ? h("p", { class: "cw-dim", "data-role": "next-game", text: next.text }) : null,
    h(
      "div",
      { class: "cw-turnbtns" },
      button("new-game", next ? next.label : "New game", {
        key: "N",
        enabled: next ? next.enabled !== false : true,
        why: next ? next.text : void 0,
        intent: { kind: "new-game" },
        keyName: "btn:new-game-over",
        cls: "cw-primary"
      }),
      button("hide-over", "See the board", { enabled: true, intent: null, cls: "cw-quiet" })
    )
  );
}
function breakdownTable(view, players) {
  const bd = view.breakdown || {};
  const first = bd[players[0]?.colour];
  if (!first) return null;
  const names = [];
  for (const p of players)
    for (const r of (bd[p.colour] || {}).rows || []) if (!names.includes(r.name)) names.push(r.name);
  const pts = (colour, name) => {
    const row = ((bd[colour] || {}).rows || []).find((r) => r.name === name);
    return row ? row.points : 0;
  };
  return h(
    "table",
    { class: "cw-breakdown", "data-role": "score-breakdown", "aria-label": "Points by source" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", text: "Points" }),
        players.map((p) => h("th", { scope: "col", "data-colour": p.colour }, pawnBadge(p.colour, 14), cap(p.colour)))
      )
    ),
    h(
      "tbody",
      {},
      names.map(
        (name) => h(
          "tr",
          { "data-row": name },
          h("th", { scope: "row", text: name }),
          players.map((p) => h("td", { text: String(pts(p.colour, name)) }))
        )
      ),
      h(
        "tr",
        { class: "cw-breakdown-total" },
        h("th", { scope: "row", text: "Total" }),
        players.map(
          (p) => h("td", {
            text: (bd[p.colour] || {}).counts === false ? `${view.scores[p.colour]} (left inside)` : String(view.scores[p.colour])
          })
        )
      )
    )
  );
}

// js/map/board.js
function boardPanel(ctx, board, view) {
  const { ui, box } = ctx;
  const byId = new Map(board.spaces.map((sp) => [sp.id, sp]));
  const moves = new Map((view.moves || []).map((m) => [m.id, m]));
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
    "data-role": "map"
  });
  const modules = new Map((board.modules || []).map((m) => [m.id, m]));
  svg.append(s("rect", { x: -MARGIN, y: -MARGIN, width: W, height: H, class: "cw-map-bg", rx: 14 }));
  if (hasFeature(view, "depths")) svg.append(depths(board, box));
  const areas = modules.size ? moduleAreas(board, modules, box) : null;
  if (areas) svg.append(areas.regions);
  const reply = ui.hover && ui.route && ui.route.id === ui.hover ? ui.route : null;
  const far = !moves.get(ui.hover || "") && reply && reply.far && reply.far.length;
  const preview = ui.hover ? moves.get(ui.hover) || (far ? { route: farRoute(reply) } : void 0) : void 0;
  const previewPaths = /* @__PURE__ */ new Set();
  if (preview) {
    for (const st of preview.route) if (typeof st.path === "number") previewPaths.add(st.path);
  }
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
      previewPaths.has(p.index) ? "cw-on-route" : ""
    ].join(" ");
    tunnels.append(s("line", { x1: e1.x, y1: e1.y, x2: e2.x, y2: e2.y, class: cls, "data-path": p.index }));
    if (p.one_way) {
      for (const { x, y, ang } of arrowheads(e1, e2)) {
        badges.append(
          s("path", {
            d: "M-7,-6 L5,0 L-7,6 Z",
            class: "cw-arrow",
            transform: `translate(${x} ${y}) rotate(${ang})`
          })
        );
      }
    }
    const badge = tunnelBadge(p, e1, e2);
    if (badge) badges.append(badge);
  }
  svg.append(tunnels);
  const rideMarkers = [];
  if (preview && me) {
    let from = byId.get(me.space);
    const pts = from ? [[from.x, from.y]] : [];
    let d = from ? `M${from.x},${from.y}` : "";
    let jumps = "";
    const rides = [];
    for (const st of preview.route) {
      const to = byId.get(st.space);
      if (!to || !from) continue;
      if (st.path === "coach") {
        const ride = coachRide(from, to, st.gold || 0, board.spaces, box, T.gold, Boolean(far));
        rides.push(ride.arc);
        rideMarkers.push(ride.marker);
        d += ` M${to.x},${to.y}`;
      } else if (st.path === "lift" || st.path === "teleport") {
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
  const pawnsAt = /* @__PURE__ */ new Map();
  for (const p of view.players) {
    if (p.status !== "in") continue;
    if (!pawnsAt.has(p.space)) pawnsAt.set(p.space, []);
    pawnsAt.get(p.space).push(p);
  }
  const rooms = s("g", { class: "cw-rooms" });
  for (const sp of board.spaces)
    rooms.append(room(ctx, sp, moves.get(sp.id) || null, me, pawnsAt.get(sp.id) || [], view));
  svg.append(rooms);
  const inner = h("div", { class: "cw-mapinner", style: zoom.style }, svg);
  const wrap = h(
    "div",
    { class: "cw-mapwrap" },
    h("div", { class: "cw-mapscroll", "data-role": "map-scroll" }, inner),
    zoomBar(zoom),
    legend(view),
    view.is_over && !ui.overHidden ? gameOver(view) : null
  );
  return h("section", { class: "cw-board", "aria-label": T.map }, wrap);
}
function farRoute(reply) {
  if (reply.far_steps) return reply.far_steps;
  return reply.far.map((id) => ({ space: id, path: null }));
}
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
        rx: 14
      }),
      s("line", {
        x1: -MARGIN,
        x2: board.width + MARGIN,
        y1: board.depths_line,
        y2: board.depths_line,
        class: "cw-depths-line"
      }),
      s("text", {
        x: board.width + MARGIN - 6,
        y: board.depths_line + 15,
        class: "cw-depths-label",
        "text-anchor": "end",
        text: "DEPTHS ▼"
      }),
      s("text", {
        x: board.width + MARGIN - 6,
        y: board.depths_line - 7,
        class: "cw-surface-label",
        "text-anchor": "end",
        text: "SURFACE ▲"
      })
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
          class: "cw-depths"
        })
      );
    }
  }
  return g;
}
function tunnelBadge(p, e1, e2) {
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
  const across = Math.abs(e2.x - e1.x) > Math.abs(e2.y - e1.y);
  const itemW = (it) => size + (it[1] ? numW : 0);
  const wdt = across ? Math.max(...icons.map(itemW)) + 6 : icons.reduce((a, it) => a + itemW(it) + 1, -1) + 6;
  const hgt = across ? icons.length * (size + 1) - 1 + 6 : size + 6;
  const g = s("g", { class: "cw-badge", transform: `translate(${mx} ${my})` });
  const label = [
    p.locked ? "locked (needs a Master Key)" : "",
    p.gate || "",
    p.boots > 1 ? `${p.boots} boots` : "",
    p.monsters ? `${plural(p.monsters, "monster")}: pay a Sword or take a damage each` : "",
    p.one_way ? "one way" : "",
    p.note
  ].filter(Boolean).join("; ");
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
          text: it[1]
        })
      );
    if (across) cy += size + 1;
    else cx += itemW(it) + 1;
  }
  return g;
}
function trails(view, byId) {
  const g = s("g", { class: "cw-trails", "aria-hidden": "true" });
  for (const p of view.since && view.since.players || []) {
    const pts = p.trail.map((id) => byId.get(id)).filter(Boolean);
    if (pts.length < 2) continue;
    const d = pts.map((sp, i) => `${i ? "L" : "M"}${sp.x},${sp.y}`).join(" ");
    g.append(s("path", { d, class: "cw-trail", stroke: pal(p.colour).fill, "data-trail": p.colour }));
  }
  return g;
}

// js/panels/actions.js
function actionsPanel(view, board) {
  const me = view.seat === null ? null : view.players[view.seat];
  if (!me) return null;
  const legal = (view.actions || []).filter(
    (a) => a.where === "here" || a.where === "now" || !a.where
  );
  const blocked = view.blocked || [];
  const notes = view.notes || [];
  if (!legal.length && !blocked.length) return null;
  const T = termsOf(view);
  const none = !legal.length;
  const sp = board.spaces.find((x) => x.id === me.space);
  const here = legal.filter((a) => a.where === "here");
  const now = legal.filter((a) => a.where !== "here");
  const btn = (a, i2) => h(
    "button",
    {
      type: "button",
      class: `cw-btn cw-actbtn cw-act-${a.intent.kind}`,
      "data-action": a.intent.kind,
      "data-intent": JSON.stringify(a.intent),
      "data-key": `act:${i2}`,
      "data-target-space": a.space || null,
      "aria-label": a.label,
      title: a.label
    },
    a.icon ? icon(iconName(a.icon), 16) : null,
    h("span", { text: a.label })
  );
  let i = 0;
  return h(
    "section",
    {
      class: `cw-actions${none ? " cw-actions-none" : ""}`,
      role: "group",
      "aria-label": `Actions in ${sp ? sp.name : `your ${T.space}`} and this turn`,
      "data-role": "actions"
    },
    here.length ? h(
      "div",
      { class: "cw-actgroup" },
      h("h4", { text: `Here: ${sp ? sp.name : ""}` }),
      h("div", { class: "cw-actbtns" }, here.map((a) => btn(a, i++)))
    ) : null,
    now.length ? h(
      "div",
      { class: "cw-actgroup" },
      h("h4", { text: "This turn" }),
      h("div", { class: "cw-actbtns" }, now.map((a) => btn(a, i++)))
    ) : null,
    notes.length ? h(
      "p",
      { class: "cw-actnotes" },
      notes.map((n) => h("span", { text: n }))
    ) : null,
    blocked.length ? h(
      "ul",
      { class: "cw-blocked", "aria-label": "Not possible now" },
      blocked.map(
        (b) => h("li", {}, h("strong", { text: b.label }), h("span", { class: "cw-dim", text: ` — ${b.why}` }))
      )
    ) : null
  );
}

// js/panels/cards.js
var bossOf = (view) => ({
  name: termsOf(view).boss,
  icon: iconName(view.rage && view.rage.icon || "dragon")
});
function handPanel2(view) {
  const me = view.seat === null ? null : view.players[view.seat];
  const cur = view.players[view.current];
  const legal = view.actions || [];
  const hand = me && me.hand ? me.hand : [];
  const playWho = !view.is_over && cur && !cur.you ? cur : me;
  const inPlay = playWho ? playWho.play : [];
  const handCards = hand.map((c, i) => {
    const ok = legal.some((a) => a.intent.kind === "play" && a.intent.card === c.id);
    const why = view.pending ? "make the choice first" : view.current !== view.seat ? "it is not your turn" : "not now";
    return cardButton(c, {
      boss: bossOf(view),
      action: "play",
      intent: { kind: "play", card: c.id },
      enabled: ok,
      why,
      key: `hand:${i}`,
      verb: "Play"
    });
  });
  return h(
    "section",
    { class: "cw-hands" },
    h(
      "div",
      { class: "cw-hand", role: "group", "aria-label": "Your hand" },
      h("h4", { text: `Your hand (${hand.length})` }),
      h(
        "div",
        { class: "cw-cards" },
        handCards.length ? handCards : h("p", { class: "cw-dim cw-empty", text: me && me.status === "in" ? "No cards in hand." : "" })
      )
    ),
    h(
      "div",
      { class: "cw-inplay", role: "group", "aria-label": "Cards in play" },
      h("h4", {
        text: playWho && !playWho.you ? `In play: ${cap(playWho.colour)} (${inPlay.length})` : `In play (${inPlay.length})`
      }),
      inPlay.length ? h(
        "ul",
        { class: "cw-minis" },
        inPlay.map(
          (c) => h(
            "li",
            { class: `cw-mini cw-banner-${c.banner}`, title: c.flavour || null },
            h("strong", { text: c.name }),
            " ",
            h("span", { text: c.rules.replace(/^Play: /, "").replace(/\.$/, "") })
          )
        )
      ) : h("p", { class: "cw-dim cw-empty", text: "Nothing played yet." })
    )
  );
}
function cardButton(c, o) {
  const cost = c.monster ? `${c.swords} Swords` : `${c.cost} Skill`;
  const rules = c.rules.replace(/\.$/, "") || "no effect";
  const label = `${o.verb} ${c.name}${o.action === "play" ? "" : ` (${cost})`}: ${rules}${o.enabled ? "" : `. Not possible: ${o.why}`}`;
  const node = cardFace(c, {
    key: o.key,
    small: o.small,
    count: o.count,
    showCost: o.action !== "play",
    boss: o.boss
  });
  const btn = h("button", {
    type: "button",
    class: `cw-cardbtn${o.enabled ? "" : " cw-disabled"}`,
    "data-action": o.action,
    "data-card": c.id,
    "data-key": o.key,
    "data-intent": JSON.stringify(o.intent),
    "aria-disabled": o.enabled ? null : "true",
    "data-why": o.enabled ? null : o.why,
    "aria-label": label,
    title: o.enabled ? `${o.verb} ${c.name}` : o.why,
    ...o.extra || {}
  });
  node.removeAttribute("data-key");
  btn.append(node);
  return btn;
}
function cardFace(c, o) {
  const boss = o.boss || { name: "Dragon", icon: "dragon" };
  const flags = [];
  if (c.dragon)
    flags.push(
      h(
        "span",
        { class: "cw-flag cw-flag-dragon", title: `${boss.name} attack when it enters the row` },
        icon(boss.icon, 12),
        boss.name
      )
    );
  if (c.danger)
    flags.push(
      h("span", {
        class: "cw-flag cw-flag-danger",
        title: "Danger: one more cube per attack while in the row",
        text: "Danger"
      })
    );
  if (c.faction)
    flags.push(
      h("span", {
        class: `cw-flag cw-flag-faction cw-faction-${c.faction.toLowerCase().replace(/[^a-z]+/g, "-")}`,
        title: `${c.faction} faction: its bonus needs another ${c.faction} card played this turn`,
        text: c.faction
      })
    );
  if (c.companion) flags.push(h("span", { class: "cw-flag", text: "Companion" }));
  if (c.device) flags.push(h("span", { class: "cw-flag", text: "Device" }));
  if (c.gem) flags.push(h("span", { class: "cw-flag", text: "Gem" }));
  const showCost = o.showCost !== false && (c.monster || c.cost > 0);
  return h(
    "div",
    {
      class: `cw-card cw-banner-${c.banner}${o.small ? " cw-card-small" : ""}`,
      "data-key": o.key || null,
      title: c.flavour || null
    },
    h(
      "div",
      // a name too wide to share its line with the cost takes the line; the cost wraps under it
      { class: "cw-card-top" },
      h("span", { class: "cw-card-name", text: c.name }),
      showCost ? h(
        "span",
        {
          class: `cw-cost ${c.monster ? "cw-cost-swords" : "cw-cost-skill"}`,
          title: c.monster ? `${c.swords} Swords to defeat` : `${c.cost} Skill to acquire`
        },
        icon(c.monster ? "swords" : "skill", 13),
        `${c.monster ? c.swords : c.cost}`
      ) : null
    ),
    h("div", { class: "cw-card-rules", text: c.rules.replace(/^Play: /, "") || "—" }),
    h(
      "div",
      { class: "cw-card-foot" },
      flags,
      c.points ? h("span", { class: "cw-points", title: `${c.points} points at the end` }, `★ ${c.points}`) : null,
      o.count !== void 0 ? h("span", {
        class: "cw-count",
        title: "cards left",
        text: o.count === null ? "∞" : `×${o.count}`
      }) : null
    )
  );
}

// js/panels/foot.js
function footPanel(view) {
  const moves = view.moves || [];
  const list = moves.length ? h(
    "ul",
    { class: "cw-moves" },
    moves.map(
      (m) => h(
        "li",
        {},
        m.options.map(
          (o, i) => h("button", {
            type: "button",
            class: "cw-movebtn",
            "data-action": "move-to",
            "data-space-id": m.id,
            "data-option": i,
            "data-key": `move:${m.id}:${i}`,
            "data-intent": JSON.stringify(
              i ? { kind: "move-to", id: m.id, option: i } : { kind: "move-to", id: m.id }
            ),
            "aria-label": `Walk to ${m.name}: ${costText(o)}`,
            text: i ? `… or ${costText(o)}` : `${m.name} · ${costText(o)}`
          })
        )
      )
    )
  ) : h("p", {
    class: "cw-dim cw-empty",
    text: view.current === view.seat && !view.is_over ? "Play Boots to move (or you are done moving)." : "—"
  });
  const colours = new Set(view.players.map((p) => p.colour));
  const start = view.log_total - view.log.length;
  const log = h(
    "ol",
    { start: start + 1, "aria-label": "Game log", tabindex: "0", "data-key": "log" },
    view.log.map(
      (line) => h(
        "li",
        { class: logClass(line.kind), "data-kind": line.kind },
        line.actor && colours.has(line.actor) ? pawnBadge(line.actor, 14) : null,
        line.text
      )
    )
  );
  return h(
    "section",
    { class: "cw-foot" },
    h(
      "div",
      {
        class: "cw-reach",
        role: "group",
        "aria-label": `${cap(termsOf(view).spaces)} you can reach this turn`
      },
      h("h4", { text: `${cap(termsOf(view).spaces)} you can reach this turn` }),
      list
    ),
    h("div", { class: "cw-log", "data-role": "log" }, h("h4", { text: "Log" }), log)
  );
}

// js/panels/inspector.js
function inspector(ctx, view, board) {
  const { ui } = ctx;
  const sp = ui.hover ? board.spaces.find((x) => x.id === ui.hover) : null;
  if (!sp) {
    return h(
      "div",
      { class: "cw-inspect cw-dim", "data-role": "route" },
      view.moves && view.moves.length ? `Lit ${termsOf(view).spaces} can be reached this turn: point at one (or focus it with Tab and the arrow keys) to see the way and its cost.` : `Point at a ${termsOf(view).space} to see what is in it and how far it is.`
    );
  }
  const byId = new Map(board.spaces.map((x) => [x.id, x]));
  const reply = ui.route && ui.route.id === ui.hover ? ui.route : null;
  const move = (view.moves || []).find((m) => m.id === ui.hover);
  const T = termsOf(view);
  const facts = sp.words || [];
  let how = null;
  if (move) {
    const opts = reply && reply.options.length ? reply.options : move.options;
    const via = move.route.slice(0, -1).map((st) => (byId.get(st.space) || { name: st.space }).name);
    how = h(
      "span",
      { class: "cw-inspect-how" },
      h("strong", { text: "This turn: " }),
      opts.map((o, i) => [
        i ? " or " : "",
        h("span", { class: "cw-opt", text: costText(o) }),
        typeof o.survive === "number" ? h("span", {
          class: `cw-survive${o.survive < 0.8 ? " cw-survive-low" : ""}`,
          "data-role": "survive",
          title: "The chance you are still standing after the next attack if you go this way",
          text: ` (alive after the next attack: ${Math.round(o.survive * 100)}%)`
        }) : null
      ]),
      via.length ? ` · via ${via.join(", ")}` : "",
      h("span", { class: "cw-dim", text: " · click or press Enter to walk there" })
    );
  } else if (reply && reply.distance === 0) {
    how = h("span", { text: "You are here." });
  } else if (reply && typeof reply.distance === "number") {
    how = h("span", {
      "data-role": "far",
      text: `out of reach this turn: ${plural(reply.distance, "boot")} away over several turns (the way is drawn faint)`
    });
  } else if (reply && reply.distance === null) {
    how = h("span", { class: "cw-dim", text: `No way there from your ${T.space}.` });
  }
  return h(
    "div",
    {
      class: `cw-inspect${move ? " cw-inspect-reach" : ""}`,
      role: "status",
      "aria-live": "polite",
      "data-role": "route"
    },
    h("strong", { class: "cw-inspect-name", text: sp.name }),
    facts.length ? h("span", { class: "cw-dim", text: ` (${facts.join(", ")})` }) : null,
    how ? [" — ", how] : null,
    sp.note ? h("span", { class: "cw-note", text: ` ${sp.note}` }) : null
  );
}

// js/panels/dragon.js
function dragonPanel(ctx, view) {
  const { ui } = ctx;
  const r = view.rage;
  const T = termsOf(view);
  const tokens = r.tokens || {};
  const zones = r.zones || {};
  const track = h(
    "ol",
    {
      // room above each space for the tokens, when the edition puts tokens on the track
      class: `cw-rage${r.tokens ? " cw-rage-with-tokens" : ""}`,
      "aria-label": `${T.boss} rage: ${r.value} cubes per attack`
    },
    r.track.map((v, i) => {
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
            ...zone.map((z) => `cw-rage-${z}`)
          ].join(" "),
          "aria-current": i === r.marker ? "step" : null,
          title: notes.join("; ")
        },
        `${v}`,
        here.length ? h(
          "span",
          { class: "cw-rage-tokens", "aria-hidden": "true" },
          here.map((t) => Array.from({ length: t.count }, () => icon(iconName(t.icon), 10)))
        ) : null
      );
    })
  );
  const colours = view.players.map((p) => p.colour);
  const kinds = view.clank.cube_kinds || {};
  const cubes = (where, order) => order.filter((c) => (where[c] || 0) > 0).map(
    (c) => h(
      "span",
      {
        class: "cw-cubes",
        title: kinds[c] ? `${plural(where[c], kinds[c].name)} (${c}): ${kinds[c].note}` : `${where[c]} ${c} cube${where[c] === 1 ? "" : "s"}`
      },
      c === "black" ? h("span", { class: "cw-blackcube", "aria-hidden": "true" }) : kinds[c] ? icon(iconName(kinds[c].icon), 15) : pawnBadge(c, 15),
      h("span", { text: `${where[c]}` })
    )
  );
  const area = cubes(view.clank.area, [...colours, ...Object.keys(kinds)]);
  const bag = cubes(view.clank.bag, [
    "black",
    ...colours,
    ...Object.keys(view.clank.bag).filter((c) => c !== "black" && !colours.includes(c))
  ]);
  const cd = view.countdown;
  const countdown = hasFeature(view, "countdown") && cd.position !== null && cd.track.length ? h(
    "div",
    {
      class: "cw-countdown",
      "aria-label": `Countdown at space ${cd.position} of ${cd.track.length}`
    },
    h("span", { class: "cw-label", text: "Countdown" }),
    h(
      "ol",
      {},
      cd.track.map(
        (v, i) => h("li", {
          class: i + 1 === cd.position ? "cw-rage-on" : i + 1 < cd.position ? "cw-rage-past" : "",
          title: v === null ? "everyone still inside is lost" : `+${v} cubes drawn`,
          text: v === null ? "✕" : `+${v}`
        })
      )
    )
  ) : null;
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
        text: `attack draws ${r.draws}${r.dangers ? ` (${r.value}+${r.dangers} danger)` : ""}`
      })
    ),
    h(
      "div",
      { class: "cw-dragon-row" },
      h("span", { class: "cw-label", text: "Clank! area" }),
      area.length ? area : h("span", { class: "cw-dim", text: "empty" })
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
        text: ui.oddsOpen ? "Hide odds" : "Odds"
      }),
      // right after its button (the order a screen reader reads), floating under the row
      !view.is_over && (ui.oddsOpen || ui.oddsHover) ? oddsBox(ctx, view) : null
    ),
    countdown,
    h("div", {
      class: "cw-dim cw-small-text",
      text: `${T.deck} ${view.dungeon.deck} · discard ${view.dungeon.discard}`
    })
  );
}
function oddsBox(ctx, view) {
  const { ui } = ctx;
  const T = termsOf(view);
  const o = ui.odds;
  const cls = `cw-odds${ui.oddsOpen ? "" : " cw-odds-peek"}`;
  if (!o) return h("div", { class: cls, text: "Working out the odds…" });
  if (!o.available) return h("div", { class: cls, text: o.message || "No odds available." });
  return h(
    "div",
    { class: cls, "data-role": "odds" },
    h("div", {
      class: "cw-small-text",
      text: `If the ${T.boss.toLowerCase()} attacked now (${plural(o.draws, "cube")} drawn from the bag):`
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
          h("th", { text: "KO", title: "Chance of being knocked out" })
        )
      ),
      h(
        "tbody",
        {},
        o.players.map((p) => {
          const d = p.damage;
          const parts = damageBuckets(d);
          const bar = h(
            "span",
            {
              class: "cw-oddsbar",
              role: "img",
              "aria-label": parts.map((x, i) => `${pct(x)} ${i === 3 ? "3 or more" : i} damage`).join(", "),
              title: parts.map((x, i) => `${i === 3 ? "3+" : i}: ${pct(x)}`).join("  ")
            },
            parts.map(
              (x, i) => x > 5e-3 ? h("span", {
                class: `cw-odds-${i}`,
                style: `flex-grow:${x}`,
                text: x > 0.14 ? `${i === 3 ? "3+" : i}` : ""
              }) : null
            )
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
              p.note ? h("span", { class: "cw-odds-note", title: p.note, text: " *" }) : null
            ),
            h("td", {}, bar),
            h("td", { text: p.expected.toFixed(2) }),
            h("td", { text: pct(p.knockout) })
          );
        })
      )
    ),
    h("div", {
      class: "cw-dim cw-small-text",
      text: "Bars: chance of 0, 1, 2, 3+ damage (lighter is less)."
    }),
    (o.notes || []).map(
      (n) => h("div", { class: "cw-dim cw-small-text" }, n.icon ? icon(iconName(n.icon), 12) : null, n.text)
    )
  );
}

// js/panels/shared.js
function panelsRow(view) {
  const panels = view.panels || [];
  if (!panels.length) return null;
  return h(
    "section",
    { class: "cw-panels", "aria-label": panels.map((p) => p.title).join(", ") },
    panels.map(
      (p) => h(
        "div",
        { class: `cw-panel cw-panel-${p.id}`, role: "group", "aria-label": p.title, "data-panel": p.id },
        h("h4", { text: p.title }),
        h(
          "div",
          { class: "cw-panel-rows", role: "list" },
          p.rows.map(
            (r) => h(
              "div",
              { class: "cw-panel-row", role: "listitem", title: r.title || null },
              h("span", { class: "cw-panel-k" }, r.colour ? pawnBadge(r.colour, 13) : null, r.label),
              h("span", { class: "cw-panel-v", text: r.value })
            )
          )
        ),
        p.note ? h("p", { class: "cw-dim cw-small-text", text: p.note }) : null
      )
    )
  );
}

// js/panels/players.js
function tableBar(ctx, view) {
  const bag = hasFeature(view, "bag");
  return h(
    "section",
    { class: "cw-table", "aria-label": `Players and the ${termsOf(view).boss.toLowerCase()}` },
    h(
      "div",
      { class: `cw-players cw-players-${view.players.length}` },
      view.players.map((p) => playerCard(p, view))
    ),
    view.panels && view.panels.length ? h("div", { class: "cw-side" }, bag ? dragonPanel(ctx, view) : null, panelsRow(view)) : bag ? dragonPanel(ctx, view) : null
  );
}
function playerCard(p, view) {
  const c = pal(p.colour);
  const current = !view.is_over && view.current === p.seat;
  const name = `${cap(p.colour)}${p.you ? " (you)" : p.bot ? ` · ${p.bot} bot` : ""}`;
  const who = p.you ? "you" : p.bot ? `${p.bot} bot` : "";
  const status = p.status === "in" ? "" : p.status === "escaped" ? "escaped" : "knocked out";
  const meter = h(
    "div",
    { class: "cw-meter", role: "img", "aria-label": `Damage ${p.damage} of ${p.health}` },
    Array.from(
      { length: p.health },
      (_, i) => h("span", {
        class: `cw-meter-cell${i < p.damage ? " cw-hit" : ""}${i === p.health - 1 ? " cw-last" : ""}`,
        style: i < p.damage ? `--c:${c.fill}` : ""
      })
    )
  );
  const won = view.is_over && view.winners.includes(p.colour);
  return h(
    "div",
    {
      class: `cw-player${current ? " cw-current" : ""}${p.you ? " cw-you" : ""}${status ? " cw-gone" : ""}${won ? " cw-winner" : ""}`,
      style: `--c:${c.fill}`,
      "data-player": p.colour,
      "aria-label": `${name}: ${p.score} points, damage ${p.damage} of ${p.health}, ${p.clank} Clank! in the area, ${p.gold} ${termsOf(view).gold.toLowerCase()}${status ? ", " + status : ""}${(p.facts || []).map((f) => `, ${f.label} ${f.value}`).join("")}`,
      role: "group"
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
        won ? h("span", { class: "cw-tag cw-tag-win", text: "winner" }) : null
      )
    ),
    h(
      "div",
      { class: "cw-player-meter" },
      icon("heart", 14),
      meter,
      h("span", { class: "cw-num", text: `${p.health - p.damage}` })
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
        h("small", { text: "pts" })
      ),
      h("span", { class: "cw-stat cw-dim", title: "Cubes left in supply", text: `${p.supply} cubes` }),
      h("span", {
        class: "cw-stat cw-dim",
        title: p.discard_cards && p.discard_cards.length ? `Your discard pile: ${p.discard_cards.join(", ")}` : "Cards in the draw pile, the discard pile and the hand",
        text: `${p.deck} deck · ${p.discard} discard · ${p.hand_count} hand`
      })
    ),
    p.facts && p.facts.length ? h(
      "div",
      { class: "cw-player-facts" },
      p.facts.map(
        (f) => h(
          "span",
          { class: `cw-fact cw-fact-${f.id}`, title: f.title, "data-fact": f.id },
          f.icon ? icon(iconName(f.icon), 13) : null,
          h("span", { class: "cw-fact-label", text: f.label }),
          h("span", { class: "cw-fact-value", text: f.value }),
          f.meter ? gauge(f.meter, f.label) : null
        )
      )
    ) : null,
    p.artifacts.length || p.tokens.length ? h(
      "div",
      { class: "cw-player-loot" },
      p.artifacts.map(
        (v) => h(
          "span",
          { class: "cw-chip cw-chip-art", title: `Artifact worth ${v}` },
          icon("artifact", 13),
          `${v}`
        )
      ),
      // a token already shown as a fact of the panel (a command code) gets no chip
      p.tokens.filter((t) => !hasFact(p, t.kind)).map(
        (t) => h(
          "span",
          {
            class: "cw-chip",
            title: `${t.name}${t.points ? `, ${t.points} points` : ""}${t.use ? `: ${t.use}` : ""}`
          },
          t.name + (t.points ? ` ${t.points}` : "")
        )
      )
    ) : null
  );
}
function hasFact(p, id) {
  return (p.facts || []).some((f) => f.id === id);
}
function stat(name, n, title) {
  return h(
    "span",
    { class: "cw-stat", title },
    icon(name, 14),
    h("span", { class: "cw-num", text: `${n}` })
  );
}
function gauge(m, label) {
  const max = Math.max(1, m.max, m.value);
  const pct2 = (n) => `${Math.min(100, 100 * n / max)}%`;
  return h(
    "span",
    {
      class: "cw-gauge",
      role: "meter",
      "aria-label": `${label}: ${m.value}; marks at ${m.marks.map((k) => `${k.at} (${k.label})`).join(", ")}`,
      "aria-valuemin": "0",
      "aria-valuemax": String(max),
      "aria-valuenow": String(m.value),
      "data-role": "gauge"
    },
    h("span", { class: "cw-gauge-fill", style: `width: ${pct2(m.value)}` }),
    m.marks.map(
      (k) => h(
        "span",
        {
          class: `cw-gauge-mark${m.value >= k.at ? " cw-gauge-hit" : ""}`,
          style: `left: ${pct2(k.at)}`,
          "data-at": k.at,
          title: `${k.at}: ${k.label}`
        },
        h("span", { class: "cw-gauge-label", text: `${k.at}` })
      )
    )
  );
}

// js/panels/offers.js
function offerStatus(item, me) {
  if (me && item.owners.includes(me)) return "yours";
  if (item.legal) return "claim now (see Actions)";
  return item.left ? "" : "none left";
}
function offersPanels(view) {
  const offers = view.offers || [];
  const me = view.seat === null ? null : view.players[view.seat].colour;
  return offers.map((offer) => {
    const ic = offer.icon ? iconName(offer.icon) : null;
    return h(
      "div",
      {
        class: `cw-offers cw-offers-${offer.id}`,
        role: "group",
        "aria-label": offer.title,
        "data-role": "offers",
        "data-panel": offer.id
      },
      h(
        "h4",
        {},
        `${offer.title} `,
        offer.hint ? h("span", { class: "cw-dim cw-small-text", text: offer.hint }) : null
      ),
      h(
        "ul",
        {},
        offer.items.map((c) => {
          const mine = !!me && c.owners.includes(me);
          const status = offerStatus(c, me);
          return h(
            "li",
            {
              class: `cw-offer${c.legal ? " cw-offer-ready" : ""}${mine ? " cw-offer-mine" : ""}${c.left ? "" : " cw-offer-gone"}`,
              "data-offer": c.id,
              title: c.legal || mine || !c.why ? c.text : `${c.text} Not yet: ${c.why}`
            },
            h("span", { class: "cw-offer-name" }, ic ? icon(ic, 13) : null, ` ${c.name}`),
            h("span", { class: "cw-offer-value", text: c.value }),
            h("span", { class: "cw-offer-text", text: c.text }),
            h(
              "span",
              { class: "cw-offer-meta" },
              `${c.left} left`,
              c.owners.map((o) => pawnBadge(o, 13)),
              status ? h("strong", { text: ` ${status}` }) : null
            )
          );
        })
      )
    );
  });
}

// js/panels/shop.js
function shopPanel(view) {
  const rowCards = view.row.map((c, slot) => {
    if (!c)
      return h("div", {
        class: "cw-card cw-card-empty",
        "aria-label": `Row slot ${slot + 1}: empty`,
        text: "empty"
      });
    const kind = c.monster ? "defeat" : "acquire";
    return cardButton(c, {
      boss: bossOf(view),
      action: kind,
      intent: { kind, slot },
      enabled: !!c.legal,
      why: c.why || "",
      key: `row:${slot}`,
      verb: c.monster ? "Defeat" : "Acquire",
      extra: { "data-slot": slot }
    });
  });
  const reserve = view.reserve.map((c) => {
    const kind = c.monster ? "defeat-reserve" : "acquire-reserve";
    return cardButton(c, {
      boss: bossOf(view),
      action: kind,
      intent: { kind, card: c.id },
      enabled: !!c.legal,
      why: c.why || "",
      key: `reserve:${c.id}`,
      verb: c.monster ? "Defeat" : "Acquire",
      count: c.count,
      small: true
    });
  });
  const m = view.market;
  const T = termsOf(view);
  const items = m.items.map((it) => {
    const owners = it.owned && it.owned.length ? ` · owned by ${it.owned.map(cap).join(", ")}` : "";
    const extra = it.extra ? ` and ${it.extra}` : "";
    const onBuy = it.on_buy ? ` · on buying: ${it.on_buy}` : "";
    return h(
      "button",
      {
        type: "button",
        class: `cw-item${it.legal ? "" : " cw-disabled"}`,
        "data-action": "buy",
        "data-item": it.id,
        "data-key": `buy:${it.id}`,
        "data-intent": JSON.stringify({ kind: "buy", item: it.id }),
        "aria-disabled": it.legal ? null : "true",
        "data-why": it.legal ? null : it.why,
        title: it.legal ? `Buy ${it.name}${extra}${onBuy}` : it.why,
        "aria-label": `Buy ${it.name}: ${it.cost} ${T.gold.toLowerCase()}${extra}, ${it.points} points, ${it.count} left${onBuy}${owners}${it.legal ? "" : `. Not possible: ${it.why}`}`
      },
      h("span", { class: "cw-item-name", text: it.name }),
      h("span", { class: "cw-item-cost" }, icon("gold", 14), `${it.cost}`, it.extra ? h("small", { text: ` ${it.extra}` }) : null),
      h("span", { class: "cw-item-meta", text: `${it.points} pts · ${it.count} left${owners}` })
    );
  });
  return h(
    "section",
    { class: "cw-shop" },
    h(
      "div",
      { class: "cw-row", role: "group", "aria-label": T.row },
      h("h4", { text: T.row }),
      h("div", { class: "cw-cards" }, rowCards)
    ),
    h(
      "div",
      { class: "cw-side-shop" },
      h(
        "div",
        { class: "cw-reserve", role: "group", "aria-label": "Reserve" },
        h("h4", { text: "Reserve" }),
        h("div", { class: "cw-cards cw-cards-small" }, reserve)
      ),
      h(
        "div",
        { class: `cw-market${m.here ? " cw-market-here" : ""}`, role: "group", "aria-label": "Market" },
        h(
          "h4",
          {},
          "Market ",
          h("span", {
            class: "cw-dim cw-small-text",
            text: m.here ? "(you are in a market)" : `(visit a market ${T.space} to buy)`
          })
        ),
        h("div", { class: "cw-items" }, items)
      ),
      offersPanels(view)
    )
  );
}

// js/panels/turn.js
function turnBar(view) {
  const me = view.seat === null ? null : view.players[view.seat];
  if (!me) return h("section", { class: "cw-turnbar cw-dim", text: "Watching the bots play." });
  const legal = view.actions || [];
  const find = (kind) => legal.find((a) => a.intent.kind === kind);
  const pool = h(
    "div",
    {
      class: "cw-pool",
      role: "group",
      "aria-label": `Your pool: ${me.skill} Skill, ${me.swords} Swords, ${me.boots} Boots, ${me.gold} ${termsOf(view).gold}, ${me.teleports} Teleports`
    },
    poolItem("skill", me.skill, "Skill"),
    poolItem("swords", me.swords, "Swords"),
    poolItem("boots", me.boots, "Boots"),
    poolItem("gold", me.gold, termsOf(view).gold, "gold"),
    poolItem("teleport", me.teleports, "Teleports")
  );
  const end = find("end-turn");
  const handLeft = (me.hand || []).length;
  const playable = legal.some((a) => a.intent.kind === "play");
  const art = find("take-artifact");
  const tokens = legal.filter((a) => a.intent.kind === "use-token");
  return h(
    "section",
    { class: "cw-turnbar", "aria-label": "Your turn" },
    pool,
    h(
      "div",
      { class: "cw-turnbtns" },
      button("play-all", "Play all", {
        key: "A",
        enabled: playable,
        why: handLeft ? "not now" : "your hand is empty",
        intent: { kind: "play-all" }
      }),
      art ? button("take-artifact", art.label, { key: "T", enabled: true, intent: art.intent }) : null,
      tokens.map(
        (t) => button("use-token", t.label, {
          enabled: true,
          intent: t.intent,
          keyName: `token:${t.intent.token}`,
          extra: { "data-token": t.intent.token }
        })
      ),
      button("end-turn", "End turn", {
        key: "E",
        enabled: !!end,
        why: view.why && view.why["end-turn"] || "not now",
        intent: { kind: "end-turn" },
        cls: "cw-primary"
      })
    )
  );
}
function poolItem(name, n, label, key = label.toLowerCase()) {
  return h(
    "span",
    { class: `cw-poolitem${n ? "" : " cw-zero"}`, title: label, "data-pool": key },
    icon(name, 20),
    h("span", { class: "cw-poolnum", text: `${n}` }),
    h("span", { class: "cw-poollabel", text: label })
  );
}
function choicePanel(view) {
  const pend = view.pending;
  if (!pend) return null;
  if (!pend.mine) {
    const cur = view.players[view.current];
    return h("section", {
      class: "cw-choice cw-dim",
      text: `${cap(cur.colour)} is choosing: ${pend.prompt}`
    });
  }
  const legal = view.actions || [];
  const decline = legal.find((a) => a.intent.kind === "decline");
  return h(
    "section",
    { class: "cw-choice", role: "group", "aria-label": `Choice: ${pend.prompt}`, "data-role": "choice" },
    h("div", { class: "cw-choice-prompt", text: pend.prompt }),
    h(
      "div",
      { class: "cw-choice-opts" },
      pend.options.map(
        (text, i) => button("choose", `${i < 9 ? `${i + 1}. ` : ""}${text}`, {
          enabled: legal.some(
            (a) => a.intent.kind === "choose" && a.intent.option === i
          ),
          intent: { kind: "choose", option: i },
          keyName: `choose:${i}`,
          extra: { "data-option": i }
        })
      ),
      pend.optional ? button("decline", "Decline", {
        key: "X",
        enabled: !!decline,
        intent: { kind: "decline" },
        cls: "cw-quiet"
      }) : null
    )
  );
}

// js/widget.js
function render({ model, el }) {
  const root = h("div", {
    class: "cw",
    tabindex: "0",
    role: "application",
    "aria-roledescription": "game board",
    "aria-label": "Clank! game board: click it or Tab into it to use its keys",
    "data-lm-suppress-shortcuts": "true"
  });
  el.classList.add("cw-host");
  el.append(root);
  const ui = newUiState();
  const ctx = {
    model,
    root,
    ui,
    box: { w: 92, h: 52, fs: 11.5 },
    send: (intent) => {
      ui.local = null;
      model.send(intent);
    }
  };
  let frame = 0;
  let tableFrame = 0;
  const draw = (onlyMap = false) => {
    if (!onlyMap) {
      if (frame) cancelAnimationFrame(frame);
      if (tableFrame) cancelAnimationFrame(tableFrame);
      frame = tableFrame = 0;
    }
    const board = (
      /** @type {BoardView} */
      model.get("board")
    );
    const view = model.get("view");
    if (view && view.layout === "table") {
      drawTable(ctx, view);
      return;
    }
    if (!board || !board.spaces || !view || !view.players) {
      root.replaceChildren(h("div", { class: "cw-loading", text: "Loading the game…" }));
      return;
    }
    ctx.box = boxSize(board);
    const active = (
      /** @type {HTMLElement|null} */
      focusedIn(root)
    );
    const wasIn = !!active && root.contains(active);
    const focusKey = active && wasIn ? active.getAttribute("data-key") : null;
    const group = focusKey ? focusKey.split(":")[0] : null;
    const inGroup = group ? [...root.querySelectorAll(`[data-key^="${CSS.escape(group)}:"]`)] : [];
    const groupIndex = active ? inGroup.indexOf(active) : -1;
    const oldMap = root.querySelector(".cw-board");
    const oldTable = root.querySelector(".cw-table");
    const oldScroll = root.querySelector(".cw-mapscroll");
    const scroll = oldScroll ? { left: oldScroll.scrollLeft, width: oldScroll.scrollWidth, client: oldScroll.clientWidth } : null;
    if (onlyMap === "table" && oldTable) {
      morph(oldTable, tableBar(ctx, view));
    } else if (onlyMap && oldMap) {
      const map = (
        /** @type {Element} */
        morph(oldMap, boardPanel(ctx, board, view))
      );
      fitRoomNames(map, ctx.box);
      const oldInspect = root.querySelector(".cw-inspect");
      if (oldInspect) morph(oldInspect, inspector(ctx, view, board));
    } else {
      const logEl = root.querySelector(".cw-log ol");
      const logAtBottom = !logEl || logEl.scrollHeight - logEl.scrollTop - logEl.clientHeight < 30;
      root.classList.toggle("cw-busy", !!model.get("busy"));
      const parts = [
        header(ctx, view, board),
        tableBar(ctx, view),
        sincePanel(view, { names: new Map(board.spaces.map((sp) => [sp.id, sp.name])) }),
        h(
          "div",
          { class: "cw-body" },
          boardPanel(ctx, board, view),
          h(
            "div",
            { class: "cw-side" },
            h(
              "div",
              { class: "cw-dock" },
              choicePanel(view),
              inspector(ctx, view, board),
              actionsPanel(view, board),
              turnBar(view)
            ),
            handPanel2(view),
            shopPanel(view)
          )
        ),
        footPanel(view),
        bubble(ui.bubble)
      ];
      const shown = view.pass_to ? [parts[0], parts[1], passScreen(view)] : parts;
      morphChildren(
        root,
        /** @type {Node[]} */
        shown.filter(Boolean)
      );
      fitRoomNames(root, ctx.box);
      const newLog = root.querySelector(".cw-log ol");
      if (newLog && logAtBottom) newLog.scrollTop = newLog.scrollHeight;
    }
    keepMapScroll(scroll, view);
    if (wasIn && active && root.contains(active)) {
      if (focusedIn(root) !== active) active.focus({ preventScroll: true });
      if (focusedIn(root) !== active) root.focus({ preventScroll: true });
    } else if (focusKey) {
      let target = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (!target && groupIndex >= 0) {
        const now = root.querySelectorAll(`[data-key^="${CSS.escape(group || "")}:"]`);
        target = now.length ? now[Math.min(groupIndex, now.length - 1)] : root.querySelector('[data-key="btn:end-turn"]');
      }
      if (target instanceof HTMLElement || target instanceof SVGElement) target.focus({ preventScroll: true });
      else root.focus({ preventScroll: true });
    }
  };
  function keepMapScroll(before, view) {
    const cur = view.players[view.current];
    const turn = cur && cur.you && !view.is_over ? `${view.turn}:${view.current}` : null;
    if (turn !== ui.pawnTurn) {
      ui.pawnTurn = turn;
      if (turn) ui.pawnSpace = null;
    }
    const sc = (
      /** @type {HTMLElement|null} */
      root.querySelector(".cw-mapscroll")
    );
    if (!sc || sc.scrollWidth <= sc.clientWidth + 1) return;
    if (before && before.width) {
      const centre = (before.left + before.client / 2) / before.width;
      sc.scrollLeft = Math.max(0, centre * sc.scrollWidth - sc.clientWidth / 2);
    }
    const me = view.seat === null ? null : view.players[view.seat];
    const who = me && me.status === "in" ? me : view.players[view.current];
    if (!who || who.space === ui.pawnSpace) return;
    ui.pawnSpace = who.space;
    const node = sc.querySelector(`[data-space-id="${CSS.escape(who.space)}"]`);
    if (!(node instanceof SVGGraphicsElement)) return;
    const r = node.getBoundingClientRect();
    const s0 = sc.getBoundingClientRect();
    if (r.left < s0.left + 20 || r.right > s0.right - 20)
      sc.scrollLeft += r.left + r.width / 2 - (s0.left + s0.width / 2);
  }
  const drawTableSoon = () => {
    if (!tableFrame) {
      tableFrame = requestAnimationFrame(() => {
        tableFrame = 0;
        draw("table");
      });
    }
  };
  const drawMapSoon = () => {
    if (!frame) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        draw(true);
      });
    }
  };
  const input = attachInput(ctx, { draw: () => draw(), drawMapSoon, drawTableSoon });
  let width = 0;
  const resized = new ResizeObserver(() => {
    if (!root.clientWidth || root.clientWidth === width) return;
    width = root.clientWidth;
    if (root.querySelector(".cw-mapscroll")) drawMapSoon();
  });
  resized.observe(root);
  const refused = (text, seq) => {
    const b = ui.bubbled;
    if (ui.clicked) {
      input.bubbleAt(text, ui.clicked, seq);
      ui.clicked = null;
    } else if (b && b.seq === -1 && b.text === text) b.seq = seq;
  };
  const onMsg = (msg) => {
    if (msg && msg.kind === "error" && typeof msg.message === "string") refused(msg.message, -1);
    else if (msg && msg.kind === "ok") ui.clicked = null;
    const what = takeReply(ui, msg);
    if (what === "map") drawMapSoon();
    else if (what === "table") drawTableSoon();
    else if (what === "all") draw();
  };
  const redraw = () => draw();
  const onView = () => {
    const v = model.get("view");
    if (v && !v.is_over) ui.overHidden = false;
    if (v && v.is_over) {
      ui.oddsOpen = ui.oddsHover = ui.helpOpen = false;
      ui.hover = ui.target = null;
      ui.bubble = null;
    }
    if (v && v.turn === 1 && v.log_total <= 2) ui.mapFocus = null;
    if (ui.oddsOpen || ui.oddsHover) model.send({ kind: "hover-bag" });
    if (ui.hover) model.send({ kind: "hover-space", id: ui.hover });
    draw();
  };
  const onStatus = () => {
    const st = model.get("status");
    if (st && st.level === "error" && st.text) refused(st.text, st.seq);
    draw();
  };
  model.on("change:view", onView);
  model.on("change:board", redraw);
  model.on("change:status", onStatus);
  model.on("change:busy", redraw);
  model.on("msg:custom", onMsg);
  draw();
  return () => {
    input.detach();
    resized.disconnect();
    model.off("change:view", onView);
    model.off("change:board", redraw);
    model.off("change:status", onStatus);
    model.off("change:busy", redraw);
    model.off("msg:custom", onMsg);
    window.clearTimeout(ui.hoverTimer);
    window.clearTimeout(ui.bubbleTimer);
    if (frame) cancelAnimationFrame(frame);
    if (tableFrame) cancelAnimationFrame(tableFrame);
  };
}
var widget_default = { render };
export {
  widget_default as default
};
