// Board geometry as pure functions: room boxes, where tunnels meet rooms, room names in
// lines, module areas, map zoom and the nearest room in a direction.

/** @typedef {import("./types.js").BoardView} BoardView */
/** @typedef {import("./types.js").Space} Space */
/** @typedef {import("./types.js").RoomBox} RoomBox */

/** Space around the board inside the map's SVG, in board units. */
export const MARGIN = 36;

/** @type {WeakMap<object, RoomBox>} */
const BOX_CACHE = new WeakMap();

/**
 * The room box: the largest (at most 92 x 52) that leaves a 6-unit gap between any two
 * rooms, so a crowded board (a ship) gets narrower rooms; `fs` is the name's font size.
 * @param {BoardView} board
 * @returns {RoomBox}
 */
export function boxSize(board) {
  const cached = BOX_CACHE.get(board);
  if (cached) return cached;
  const h = 52;
  let w = 92;
  const sp = board.spaces;
  for (let i = 0; i < sp.length; i++)
    for (let j = i + 1; j < sp.length; j++) {
      if (Math.abs(sp[i].y - sp[j].y) < h + 6) w = Math.min(w, Math.abs(sp[i].x - sp[j].x) - 6);
    }
  const width = Math.max(64, w);
  const out = { w: width, h, fs: width < 90 ? 12.5 : 11.5 };
  BOX_CACHE.set(board, out);
  return out;
}

/**
 * Where the edge of a room's rectangle meets the line towards (tx, ty).
 * @param {{x: number, y: number}} sp @param {number} tx @param {number} ty @param {RoomBox} box
 */
export function rectEdge(sp, tx, ty, box) {
  const dx = tx - sp.x;
  const dy = ty - sp.y;
  if (!dx && !dy) return { x: sp.x, y: sp.y };
  const sx = box.w / 2 / Math.abs(dx || 1e-9);
  const sy = box.h / 2 / Math.abs(dy || 1e-9);
  const k = Math.min(sx, sy, 1);
  return { x: sp.x + dx * k, y: sp.y + dy * k };
}

/** How many characters of a room name fit on one line of the box. @param {RoomBox} box */
export const nameWidth = (box) => Math.round((box.w - 8) / (box.fs * 0.55));

/**
 * Split a room name into at most three short lines of about `width` characters.
 * @param {string} name @param {number} width
 */
export function wrapName(name, width) {
  const words = name.split(/\s+/);
  /** @type {string[]} */
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
    const head = lines.slice(0, 2);
    head.push(lines.slice(2).join(" "));
    return head;
  }
  return lines;
}

/**
 * Squeeze room-name lines that are wider than their room (measured, so any font works).
 * @param {Element} root @param {RoomBox} box
 */
export function fitRoomNames(root, box) {
  const max = box.w - 8;
  for (const tspan of root.querySelectorAll(".cw-room-name tspan")) {
    const t = /** @type {SVGTextContentElement} */ (/** @type {unknown} */ (tspan));
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

/** @typedef {{x0: number, y0: number, x1: number, y1: number}} Rect */

/**
 * The tinted area of each module of a ship: the box around its spaces, padded, with
 * neighbouring modules sharing the strip between them rather than overlapping.
 * @template M
 * @param {Space[]} spaces @param {Map<string, M>} modules @param {RoomBox} box
 * @returns {(Rect & {m: M})[]}
 */
export function moduleRects(spaces, modules, box) {
  const padX = box.w / 2 + 10;
  const pad = box.h / 2 + 14;
  /** @type {(Rect & {m: M})[]} */
  const areas = [];
  for (const [id, m] of modules) {
    const mine = spaces.filter((sp) => sp.module === id);
    if (!mine.length) continue;
    areas.push({
      m,
      x0: Math.min(...mine.map((sp) => sp.x)) - padX,
      x1: Math.max(...mine.map((sp) => sp.x)) + padX,
      y0: Math.min(...mine.map((sp) => sp.y)) - pad,
      y1: Math.max(...mine.map((sp) => sp.y)) + pad,
    });
  }
  for (let i = 0; i < areas.length; i++)
    for (let j = i + 1; j < areas.length; j++) {
      const a = areas[i];
      const b = areas[j];
      const ox = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const oy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (ox <= -6 || oy <= -6) continue;
      const [lo, hi] = oy < ox ? (a.y0 < b.y0 ? [a, b] : [b, a]) : a.x0 < b.x0 ? [a, b] : [b, a];
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

/**
 * Where a module's name tab goes: the first of a few spots around its area that covers no
 * room and no earlier tab (the last spot when none is free).
 * @param {Rect} area @param {number} tw @param {number} th @param {Rect[]} taken
 * @returns {[number, number]}
 */
export function tabSpot({ x0, y0, x1, y1 }, tw, th, taken) {
  /** @type {[number, number][]} */
  const spots = [
    [x0 + 6, y0 + 5],
    [x0 + 8, y0 - th - 3],
    [x1 - 6 - tw, y0 + 5],
    [x0 + 6, y1 - th - 5],
    [x1 - 6 - tw, y1 - th - 5],
    [x0 + 8, y0 - th / 2],
    [x0 + 8, y1 - th / 2],
    [x0 + 6, y0 + 5],
  ];
  const free = (/** @type {[number, number]} */ [lx, ly]) =>
    !taken.some((b) => lx < b.x1 && lx + tw > b.x0 && ly < b.y1 && ly + th > b.y0);
  return spots.find(free) || spots[spots.length - 1];
}

/** Map zoom levels, in screen pixels per board unit (0: fit the width, see NAMES_MIN). */
export const ZOOMS = [0, 0.6, 0.85, 1.05, 1.3];
export const ZOOM_AUTO = 2;
/**
 * The smallest scale the map is drawn at: the room names stay readable there (about 6 px
 * high); a narrower output scrolls the map sideways (a 700 px window still fits a dungeon).
 */
export const NAMES_MIN = 0.5;

/**
 * How big to draw the map. Every board can be zoomed. By default a board that fits the
 * output is fitted to it; one much wider (a ship) is drawn at a size where names are
 * legible and scrolls sideways. Level 0 fits the width, but never below NAMES_MIN: the
 * names stay on the map at every zoom offered (a long ship in a narrow column scrolls).
 * @param {number} boardWidth @param {number} outputWidth the width the map may take
 * @param {number|null} zoom
 * @returns {{wide: boolean, style: string|null, names: boolean, level: number, scale: number, fits: boolean}}
 */
export function mapZoom(boardWidth, outputWidth, zoom) {
  const W = boardWidth + 2 * MARGIN;
  const avail = Math.max(280, (outputWidth || 960) - 26);
  const fit = avail / W;
  const wide = W * 0.78 > 1100;
  const level = zoom === null ? (wide ? ZOOM_AUTO : 0) : zoom;
  const scale = Math.max(level === 0 ? NAMES_MIN : ZOOMS[level], fit);
  const fits = scale <= fit + 1e-9;
  const style = fits ? "min-width: 0" : `min-width: ${Math.round(W * scale)}px`;
  return { wide, style, names: true, level, scale, fits };
}

/**
 * What the zoom bar says of a map wider than its view (it scrolls sideways, and a
 * scrollbar may be hidden until used), else null.
 * @param {{level: number, fits: boolean}} zoom
 */
export function zoomHint(zoom) {
  if (zoom.fits) return null;
  return zoom.level === 0
    ? "scroll sideways for the rest, or press Larger for bigger names"
    : "wider than the view: scroll sideways for the rest, or press Fit";
}

/**
 * The zoom level after a zoom action ("zoom-in", "zoom-out" or "zoom-fit").
 * @param {number} level @param {string} action
 */
export function nextZoom(level, action) {
  if (action === "zoom-fit") return level === 0 ? ZOOM_AUTO : 0;
  return Math.max(0, Math.min(ZOOMS.length - 1, level + (action === "zoom-in" ? 1 : -1)));
}

/**
 * The space an arrow key leads to from `id`: ahead in that direction, preferring the
 * straightest (distance along + 2.5 x distance across), or null.
 * @param {Space[]} spaces @param {string|null} id @param {string} key
 */
export function neighbour(spaces, id, key) {
  const from = spaces.find((sp) => sp.id === id);
  if (!from) return null;
  /** @type {Record<string, number[]>} */
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

/**
 * Arrowheads along a one-way tunnel from e1 to e2: where (fractions of its length) and
 * at what angle (degrees).
 * @param {{x: number, y: number}} e1 @param {{x: number, y: number}} e2
 */
export function arrowheads(e1, e2) {
  const dx = e2.x - e1.x;
  const dy = e2.y - e1.y;
  const len = Math.hypot(dx, dy) || 1;
  const ang = (Math.atan2(dy / len, dx / len) * 180) / Math.PI;
  return (len > 80 ? [0.22, 0.78] : [0.2]).map((t) => ({ x: e1.x + dx * t, y: e1.y + dy * t, ang }));
}

/**
 * How a coach ride (Clank! Legacy) is drawn: a quadratic Bézier from one stop to the
 * other that bows away from the straight line, so it reads as a ride and not as a tunnel
 * through the rooms between the stops. Of a few depths on either side it takes the one
 * whose curve and coach marker cross the fewest other rooms (shallower first, then the
 * upper or left side), so the marker sits in a gap where the player can read it.
 * @param {{x: number, y: number}} from @param {{x: number, y: number}} to
 * @param {{x: number, y: number}[]} rooms every room on the board (the two stops are skipped)
 * @param {RoomBox} box
 * @returns {{d: string, apex: {x: number, y: number}, control: {x: number, y: number}}}
 */
export function rideArc(from, to, rooms, box) {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  // The unit normal on the upper side (on the left for an upright ride).
  let nx = -dy / len;
  let ny = dx / len;
  if (ny > 0 || (ny === 0 && nx > 0)) [nx, ny] = [-nx, -ny];
  const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const others = rooms.filter((r) => !samePoint(r, from) && !samePoint(r, to));
  let best = null;
  for (const depth of RIDE_DEPTHS) {
    const bow = Math.max(RIDE_MIN_BOW, depth * len);
    for (const side of [1, -1]) {
      const apex = { x: mid.x + side * nx * bow, y: mid.y + side * ny * bow };
      const control = { x: mid.x + 2 * side * nx * bow, y: mid.y + 2 * side * ny * bow };
      const cost = rideCrossings(from, control, to, apex, others, box);
      if (!best || cost < best.cost) best = { cost, apex, control };
    }
  }
  const { apex, control } = /** @type {NonNullable<typeof best>} */ (best);
  return { d: `M${from.x},${from.y} Q${control.x},${control.y} ${to.x},${to.y}`, apex, control };
}

/** How far a ride bows, as fractions of its length, tried in this order. */
const RIDE_DEPTHS = [0.16, 0.24, 0.32];
/** The least a ride bows, in board units, so a short ride still curves. */
const RIDE_MIN_BOW = 30;
/** Half the coach marker's width and height, in board units. */
export const RIDE_MARKER = { w: 23, h: 11 };

/** @param {{x: number, y: number}} a @param {{x: number, y: number}} b */
const samePoint = (a, b) => a.x === b.x && a.y === b.y;

/**
 * How badly a ride's curve crosses other rooms: samples of the curve inside a room, plus
 * a heavy count for a marker (at the apex) that would cover one.
 * @param {{x: number, y: number}} p0 @param {{x: number, y: number}} c @param {{x: number, y: number}} p2
 * @param {{x: number, y: number}} apex @param {{x: number, y: number}[]} rooms @param {RoomBox} box
 */
function rideCrossings(p0, c, p2, apex, rooms, box) {
  const inside = (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ padW, /** @type {number} */ padH) =>
    rooms.some((r) => Math.abs(x - r.x) < box.w / 2 + padW && Math.abs(y - r.y) < box.h / 2 + padH);
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
