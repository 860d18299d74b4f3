// The map's zoom bar (shown for a wide board, a ship): out, in, whole map / legible.

import { h } from "../dom.js";
import { ZOOMS, zoomHint } from "../geometry.js";

/**
 * The width the map may take in the widget: its scroll area's, once drawn (a column
 * when the widget is wide), else the whole widget's.
 * @param {HTMLElement} root
 */
export function mapWidth(root) {
  const sc = root.querySelector(".cw-mapscroll");
  return sc && sc.clientWidth ? sc.clientWidth + 26 : root.clientWidth;
}

/** @param {{level: number, scale: number, names: boolean, fits: boolean}} zoom */
export function zoomBar(zoom) {
  const pct = `${Math.round(zoom.scale * 100)}%`;
  const hint = zoomHint(zoom);
  return h(
    "div",
    { class: "cw-zoom", role: "group", "aria-label": `Map zoom, now ${pct}` },
    h("button", {
      type: "button",
      class: "cw-btn cw-small cw-quiet",
      "data-action": "zoom-out",
      "data-key": "btn:zoom-out",
      "aria-label": "Zoom the map out (-)",
      title: "Zoom out (-)",
      "aria-disabled": zoom.level <= 0 ? "true" : null,
      "data-why": zoom.level <= 0 ? "the whole map is shown" : null,
      text: "−",
    }),
    h("span", { class: "cw-zoom-pct", text: pct, "aria-hidden": "true" }),
    h("button", {
      type: "button",
      class: "cw-btn cw-small cw-quiet",
      "data-action": "zoom-in",
      "data-key": "btn:zoom-in",
      "aria-label": "Zoom the map in (+)",
      title: "Zoom in (+)",
      "aria-disabled": zoom.level >= ZOOMS.length - 1 ? "true" : null,
      "data-why": zoom.level >= ZOOMS.length - 1 ? "the map is at its largest" : null,
      text: "+",
    }),
    h("button", {
      type: "button",
      class: "cw-btn cw-small cw-quiet",
      "data-action": "zoom-fit",
      "data-key": "btn:zoom-fit",
      "aria-label": zoom.level === 0 ? "Back to a larger size (0)" : "Fit the map to the width (0)",
      title: zoom.level === 0 ? "Larger (0)" : "Fit (0)",
      text: zoom.level === 0 ? "Larger" : "Fit",
    }),
    hint ? h("span", { class: "cw-dim cw-small-text cw-zoom-more", text: hint }) : null,
  );
}
