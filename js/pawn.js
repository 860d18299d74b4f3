// Player colours and pawns: each colour has its own shape and letter (never colour alone).

import { h, s } from "./dom.js";

/**
 * Player colours: Okabe-Ito hues, each with its own pawn shape and letter (never colour alone).
 * @type {Record<string, {fill: string, ink: string, shape: string, letter: string}>}
 */
export const PALETTE = {
  blue: { fill: "#0072B2", ink: "#ffffff", shape: "circle", letter: "B" },
  yellow: { fill: "#F0E442", ink: "#1a1a1a", shape: "square", letter: "Y" },
  green: { fill: "#009E73", ink: "#ffffff", shape: "diamond", letter: "G" },
  purple: { fill: "#CC79A7", ink: "#1a1a1a", shape: "triangle", letter: "P" },
  orange: { fill: "#E69F00", ink: "#1a1a1a", shape: "hexagon", letter: "O" },
  white: { fill: "#ffffff", ink: "#1a1a1a", shape: "pentagon", letter: "W" },
  pink: { fill: "#F5B8D6", ink: "#1a1a1a", shape: "star", letter: "K" },
  teal: { fill: "#56B4E9", ink: "#1a1a1a", shape: "octagon", letter: "T" },
  black: { fill: "#2b2b2b", ink: "#ffffff", shape: "square", letter: "" },
  red: { fill: "#D55E00", ink: "#ffffff", shape: "tridown", letter: "R" },
};

/** @param {string} colour */
export function pal(colour) {
  return (
    PALETTE[colour] || {
      fill: "#999999",
      ink: "#000000",
      shape: "circle",
      letter: colour.slice(0, 1).toUpperCase(),
    }
  );
}


/**
 * A pawn shape as an SVG group centred on (x, y).
 * @param {string} colour @param {number} x @param {number} y @param {number} r @param {string} [extraClass]
 */
export function pawn(colour, x, y, r, extraClass = "") {
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
        text: p.letter,
      }),
    );
  }
  return g;
}

/**
 * @param {string} shape @param {number} r @param {Record<string, any>} attrs
 * @returns {SVGElement}
 */
export function shapeNode(shape, r, attrs) {
  const poly = (/** @type {number} */ n, rot = -90, rr = r) =>
    Array.from({ length: n }, (_, i) => {
      const a = ((rot + (360 / n) * i) * Math.PI) / 180;
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
        ...attrs,
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
        const a = ((-90 + 36 * i) * Math.PI) / 180;
        return `${(rr * Math.cos(a)).toFixed(2)},${(rr * Math.sin(a)).toFixed(2)}`;
      }).join(" ");
      return s("polygon", { points: pts, ...attrs });
    }
    default:
      return s("circle", { r, ...attrs });
  }
}

/**
 * A small pawn as inline HTML (for panels and the log).
 * @param {string} colour @param {number} [size]
 */
export function pawnBadge(colour, size = 18) {
  const span = h("span", { class: "cw-pawnbadge", "aria-hidden": "true" });
  const svg = s("svg", { viewBox: "-10 -10 20 20", width: size, height: size });
  svg.append(pawn(colour, 0, 0, 7.4));
  span.append(svg);
  return span;
}

