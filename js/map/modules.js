// The module areas of a ship: a tinted region behind each module's spaces, named on a tab
// where it covers no space; a gated module (the command module) marked sealed or open.

import { s } from "../dom.js";
import { moduleRects, tabSpot } from "../geometry.js";
import { svgIcon } from "../icons.js";

/**
 * @param {import("../types.js").BoardView} board
 * @param {Map<string, any>} modules @param {import("../types.js").RoomBox} box
 */
export function moduleAreas(board, modules, box) {
  const g = s("g", { class: "cw-modules", "aria-hidden": "true" });
  const tabs = s("g", { class: "cw-module-tabs" });
  /** @type {import("../geometry.js").Rect[]} */
  const taken = board.spaces.map((sp) => ({
    x0: sp.x - box.w / 2 - 2,
    y0: sp.y - box.h / 2 - 10,
    x1: sp.x + box.w / 2 + 2,
    y1: sp.y + box.h / 2 + 10,
  }));
  let k = 0;
  for (const area of moduleRects(board.spaces, modules, box)) {
    const { m, x0, y0, x1, y1 } = area;
    const cls = [
      "cw-module",
      `cw-module-${k++ % 4}`,
      m.gated ? "cw-module-command" : "",
      m.gated && !m.open ? "cw-module-sealed" : "",
    ].join(" ");
    g.append(s("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 16, class: cls }));
    const text = m.name;
    const tw = text.length * 6.6 + (m.gated ? 34 : 16);
    const th = 17;
    const [lx, ly] = tabSpot(area, tw, th, taken);
    taken.push({ x0: lx, y0: ly, x1: lx + tw, y1: ly + th });
    const tab = s("g", {
      class: `cw-module-tab${m.gated ? " cw-module-tab-command" : ""}`,
      transform: `translate(${lx} ${ly})`,
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
        text,
      }),
    );
    tabs.append(tab);
  }
  return { regions: g, tabs };
}
