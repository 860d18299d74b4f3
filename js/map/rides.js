// Coach rides (Clank! Legacy) on the route being previewed: a dashed arc bowing away from
// the straight line between the two stops, so it is not mistaken for a tunnel through
// the rooms between them, with a coach and the fare at its apex.

import { s } from "../dom.js";
import { RIDE_MARKER, rideArc } from "../geometry.js";
import { svgIcon } from "../icons.js";
import { rideText } from "../text.js";

/** @typedef {import("../types.js").Space} Space */
/** @typedef {import("../types.js").RoomBox} RoomBox */

/**
 * A coach ride's arc (a casing and a dashed line) and its marker, separately: the arc
 * goes under the rooms with the rest of the route, the marker over the tunnel badges.
 * @param {Space} from @param {Space} to @param {number} fare the ride's Gold
 * @param {Space[]} rooms @param {RoomBox} box @param {string} gold the edition's word
 * @param {boolean} far on the way to a space out of reach this turn (drawn fainter)
 * @returns {{arc: SVGElement, marker: SVGElement}}
 */
export function coachRide(from, to, fare, rooms, box, gold, far) {
  const { d, apex } = rideArc(from, to, rooms, box);
  const words = rideText(from.name, to.name, fare, gold);
  const arc = s(
    "g",
    { class: far ? "cw-ride cw-ride-far" : "cw-ride", "data-role": "coach-ride", "data-from": from.id, "data-to": to.id },
    s("title", { text: words }),
    s("path", { d, class: "cw-ride-casing" }),
    s("path", { d, class: "cw-ride-line" }),
  );
  const { w, h } = RIDE_MARKER;
  const marker = s(
    "g",
    {
      class: "cw-ride-marker",
      "data-role": "coach-marker",
      transform: `translate(${apex.x} ${apex.y})`,
      role: "img",
      "aria-label": words,
    },
    s("title", { text: words }),
    s("rect", { x: -w, y: -h, width: 2 * w, height: 2 * h, rx: h, class: "cw-ride-marker-bg" }),
    svgIcon("coach", -w + 10, 0, 16),
    svgIcon("gold", 4, 0, 11),
    s("text", { x: 10.5, y: 0.5, "dominant-baseline": "central", class: "cw-ride-fare", text: `${fare}` }),
  );
  return { arc, marker };
}
