import { describe, expect, it } from "vitest";
import { RIDE_MARKER, rideArc } from "../geometry.js";
import { rideText } from "../text.js";

const box = { w: 92, h: 52, fs: 11.5 };
/** @param {number} x @param {number} y */
const at = (x, y) => ({ x, y });
/** Whether (x, y) lies inside a room box centred on `r`. @param {{x: number, y: number}} r @param {number} x @param {number} y */
const inRoom = (r, x, y) => Math.abs(x - r.x) < box.w / 2 && Math.abs(y - r.y) < box.h / 2;
/** The point at `t` on the quadratic Bézier p0, c, p2. */
const bezier = (/** @type {any} */ p0, /** @type {any} */ c, /** @type {any} */ p2, /** @type {number} */ t) => ({
  x: (1 - t) ** 2 * p0.x + 2 * (1 - t) * t * c.x + t ** 2 * p2.x,
  y: (1 - t) ** 2 * p0.y + 2 * (1 - t) * t * c.y + t ** 2 * p2.y,
});

describe("rideArc", () => {
  it("is a quadratic curve from stop to stop whose apex lies off the straight line", () => {
    const from = at(100, 300);
    const to = at(500, 300);
    const { d, apex, control } = rideArc(from, to, [from, to], box);
    expect(d).toBe(`M100,300 Q${control.x},${control.y} 500,300`);
    expect(apex).toEqual(bezier(from, control, to, 0.5));
    expect(apex.x).toBe(300);
    expect(Math.abs(apex.y - 300)).toBeGreaterThanOrEqual(0.16 * 400);
  });

  it("bows up (or left, for an upright ride) when nothing is in the way, either direction", () => {
    expect(rideArc(at(0, 0), at(400, 0), [], box).apex.y).toBeLessThan(0);
    expect(rideArc(at(400, 0), at(0, 0), [], box).apex.y).toBeLessThan(0);
    expect(rideArc(at(0, 0), at(0, 400), [], box).apex.x).toBeLessThan(0);
    expect(rideArc(at(0, 400), at(0, 0), [], box).apex.x).toBeLessThan(0);
  });

  it("still curves on a short ride", () => {
    const { apex } = rideArc(at(0, 0), at(60, 0), [], box);
    expect(apex.y).toBeLessThanOrEqual(-30);
  });

  it("goes round the rooms between the stops instead of through them (the Legacy valley)", () => {
    // coach stops in one column with rooms between them, and a column either side
    const north = at(500, 80);
    const deep = at(500, 500);
    const rooms = [north, deep, at(500, 220), at(500, 360)];
    for (const y of [80, 220, 360, 500]) rooms.push(at(360, y), at(640, y));
    const { apex, control } = rideArc(north, deep, rooms, box);
    for (let i = 1; i < 40; i++) {
      const p = bezier(north, control, deep, i / 40);
      const crossed = rooms.filter((r) => r !== north && r !== deep && inRoom(r, p.x, p.y));
      expect(crossed).toEqual([]);
    }
    // the coach marker at the apex sits in the gap between the columns, clear of rooms
    for (const r of rooms)
      expect(
        Math.abs(apex.x - r.x) < box.w / 2 + RIDE_MARKER.w && Math.abs(apex.y - r.y) < box.h / 2 + RIDE_MARKER.h,
      ).toBe(false);
  });

  it("takes the other side when a room stands on the upper one", () => {
    const from = at(0, 0);
    const to = at(400, 0);
    const free = rideArc(from, to, [from, to], box);
    const blocked = rideArc(from, to, [from, to, at(free.apex.x, free.apex.y)], box);
    expect(blocked.apex.y).toBeGreaterThan(0);
  });
});

describe("rideText", () => {
  it("names both stops, the boot and the fare in the edition's word", () => {
    expect(rideText("North Road Coach Stop", "Deepway Coach Stop", 4, "Gold")).toBe(
      "Coach ride from North Road Coach Stop to Deepway Coach Stop: 1 boot and 4 Gold",
    );
    expect(rideText("A", "B", 0, "Gold")).toBe("Coach ride from A to B: 1 boot");
  });
});
