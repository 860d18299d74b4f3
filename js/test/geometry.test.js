import { describe, expect, it } from "vitest";
import {
  MARGIN,
  ZOOMS,
  ZOOM_AUTO,
  arrowheads,
  boxSize,
  mapZoom,
  NAMES_MIN,
  moduleRects,
  nameWidth,
  neighbour,
  nextZoom,
  rectEdge,
  tabSpot,
  wrapName,
  zoomHint,
} from "../geometry.js";

/** @param {string} id @param {number} x @param {number} y @param {Record<string, any>} [more] */
const sp = (id, x, y, more = {}) =>
  /** @type {any} */ ({ id, name: id, x, y, ...more });

describe("boxSize", () => {
  it("is 92 x 52 on a roomy board", () => {
    const board = /** @type {any} */ ({ spaces: [sp("a", 0, 0), sp("b", 300, 0)] });
    expect(boxSize(board)).toEqual({ w: 92, h: 52, fs: 11.5 });
  });
  it("narrows rooms side by side so a 6-unit gap stays, with a larger name font", () => {
    const board = /** @type {any} */ ({ spaces: [sp("a", 0, 0), sp("b", 80, 10)] });
    expect(boxSize(board)).toEqual({ w: 74, h: 52, fs: 12.5 });
  });
  it("ignores rooms on other rows and never goes under 64", () => {
    const far = /** @type {any} */ ({ spaces: [sp("a", 0, 0), sp("b", 10, 100)] });
    expect(boxSize(far).w).toBe(92);
    const tight = /** @type {any} */ ({ spaces: [sp("a", 0, 0), sp("b", 20, 0)] });
    expect(boxSize(tight).w).toBe(64);
  });
  it("caches per board object", () => {
    const board = /** @type {any} */ ({ spaces: [sp("a", 0, 0)] });
    expect(boxSize(board)).toBe(boxSize(board));
  });
});

describe("rectEdge", () => {
  const box = { w: 92, h: 52, fs: 11.5 };
  it("meets the side of the box along a horizontal line", () => {
    expect(rectEdge({ x: 0, y: 0 }, 200, 0, box)).toEqual({ x: 46, y: 0 });
  });
  it("meets the top or bottom along a steep line", () => {
    const e = rectEdge({ x: 0, y: 0 }, 10, 200, box);
    expect(e.y).toBeCloseTo(26);
    expect(e.x).toBeCloseTo(1.3);
  });
  it("stays at the target when it is inside the box, and at the centre for itself", () => {
    expect(rectEdge({ x: 0, y: 0 }, 10, 5, box)).toEqual({ x: 10, y: 5 });
    expect(rectEdge({ x: 3, y: 4 }, 3, 4, box)).toEqual({ x: 3, y: 4 });
  });
});

describe("wrapName", () => {
  it("keeps a short name on one line", () => {
    expect(wrapName("Crypt", 14)).toEqual(["Crypt"]);
  });
  it("breaks between words at the width", () => {
    expect(wrapName("The Great Hall of Kings", 10)).toEqual(["The Great", "Hall of", "Kings"]);
  });
  it("puts everything past the second line on the third", () => {
    expect(wrapName("a b c d e f", 1)).toEqual(["a", "b", "c d e f"]);
  });
  it("fits about as many characters as the box allows", () => {
    expect(nameWidth({ w: 92, h: 52, fs: 11.5 })).toBe(13);
    expect(nameWidth({ w: 64, h: 52, fs: 12.5 })).toBe(8);
  });
});

describe("moduleRects", () => {
  const box = { w: 80, h: 52, fs: 12.5 };
  it("pads the box around a module's spaces", () => {
    const spaces = [sp("a", 0, 0, { module: "m" }), sp("b", 200, 100, { module: "m" })];
    const [r] = moduleRects(spaces, new Map([["m", { name: "M" }]]), box);
    expect(r).toMatchObject({ x0: -50, x1: 250, y0: -40, y1: 140 });
  });
  it("splits the strip between two overlapping neighbours", () => {
    const spaces = [sp("a", 0, 0, { module: "l" }), sp("b", 90, 0, { module: "r" })];
    const [l, r] = moduleRects(spaces, new Map([["l", 1], ["r", 2]]), box);
    expect(l.x1).toBe(42);
    expect(r.x0).toBe(48);
    expect(l.m).toBe(1);
  });
  it("leaves out a module with no space", () => {
    expect(moduleRects([sp("a", 0, 0)], new Map([["m", 1]]), box)).toEqual([]);
  });
});

describe("tabSpot", () => {
  const area = { x0: 0, y0: 0, x1: 300, y1: 200 };
  it("takes the top-left corner when it is free", () => {
    expect(tabSpot(area, 50, 17, [])).toEqual([6, 5]);
  });
  it("moves above the area when a room covers the corner", () => {
    expect(tabSpot(area, 50, 17, [{ x0: 0, y0: 0, x1: 60, y1: 30 }])).toEqual([8, -20]);
  });
  it("falls back to the last spot when none is free", () => {
    const all = [{ x0: -1000, y0: -1000, x1: 1000, y1: 1000 }];
    expect(tabSpot(area, 50, 17, all)).toEqual([6, 5]);
  });
});

describe("mapZoom", () => {
  it("fits a board that fits the output, names shown", () => {
    const z = mapZoom(900, 1000, null);
    expect(z.wide).toBe(false);
    expect(z).toMatchObject({ style: "min-width: 0", level: 0, names: true, fits: true });
    expect(z.scale).toBeCloseTo(974 / (900 + 2 * MARGIN));
  });
  it("zooms any board in, and never below the scale where names are readable", () => {
    const z = mapZoom(1000, 700, ZOOM_AUTO);
    expect(z.fits).toBe(false);
    expect(z.style).toBe(`min-width: ${Math.round((1000 + 2 * MARGIN) * ZOOMS[ZOOM_AUTO])}px`);
    const narrow = mapZoom(1000, 400, 0);
    expect(narrow.scale).toBe(NAMES_MIN);
    expect(narrow.names).toBe(true);
  });
  it("draws a wide board at a legible size that scrolls", () => {
    const z = mapZoom(3000, 1000, null);
    expect(z).toMatchObject({ wide: true, level: ZOOM_AUTO, names: true });
    expect(z.style).toBe(`min-width: ${Math.round((3000 + 2 * MARGIN) * ZOOMS[ZOOM_AUTO])}px`);
  });
  it("shows a wide board as small as names allow at level 0, names kept", () => {
    const z = mapZoom(3000, 1000, 0);
    expect(z.style).toBe(`min-width: ${Math.round((3000 + 2 * MARGIN) * NAMES_MIN)}px`);
    expect(z.names).toBe(true);
  });
  it("steps the zoom within its levels", () => {
    expect(nextZoom(ZOOMS.length - 1, "zoom-in")).toBe(ZOOMS.length - 1);
    expect(nextZoom(0, "zoom-out")).toBe(0);
    expect(nextZoom(2, "zoom-in")).toBe(3);
    expect(nextZoom(0, "zoom-fit")).toBe(ZOOM_AUTO);
    expect(nextZoom(3, "zoom-fit")).toBe(0);
  });
});

describe("neighbour", () => {
  const spaces = [sp("c", 0, 0), sp("right", 100, 10), sp("far", 300, 0), sp("up", 5, -80), sp("diag", 60, -60)];
  it("picks the nearest space ahead, preferring the straight line", () => {
    expect(neighbour(spaces, "c", "ArrowRight")?.id).toBe("right");
    expect(neighbour(spaces, "c", "ArrowUp")?.id).toBe("up");
  });
  it("finds nothing behind the edge, for other keys or an unknown space", () => {
    expect(neighbour(spaces, "c", "ArrowLeft")).toBeNull();
    expect(neighbour(spaces, "c", "Enter")).toBeNull();
    expect(neighbour(spaces, "nowhere", "ArrowUp")).toBeNull();
  });
});

describe("arrowheads", () => {
  it("puts one arrow on a short tunnel and two on a long one, pointing a to b", () => {
    expect(arrowheads({ x: 0, y: 0 }, { x: 50, y: 0 })).toEqual([{ x: 10, y: 0, ang: 0 }]);
    const two = arrowheads({ x: 0, y: 0 }, { x: 0, y: 100 });
    expect(two.map((a) => a.y)).toEqual([22, 78]);
    expect(two[0].ang).toBe(90);
  });
});

describe("zoomHint", () => {
  it("says nothing when the map fits its view", () => {
    expect(zoomHint(mapZoom(900, 1000, null))).toBeNull();
  });
  it("says a wider map scrolls sideways, and that Fit shows more of it", () => {
    const ship = mapZoom(3000, 1000, null);
    expect(ship.fits).toBe(false);
    expect(zoomHint(ship)).toMatch(/scroll sideways.*press Fit/);
  });
  it("says a map that scrolls even at the smallest legible size does so, without Fit", () => {
    const long = mapZoom(3000, 500, 0);
    expect(long.fits).toBe(false);
    expect(zoomHint(long)).toMatch(/scroll sideways/);
    expect(zoomHint(long)).not.toMatch(/Fit/);
    expect(zoomHint(long)).toMatch(/press Larger/); // the way to bigger names
    expect(zoomHint(mapZoom(3000, 2000, 0))).toBeNull(); // fitted whole
  });
});
