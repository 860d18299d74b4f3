// The map's legend, as the view lists it ([{icon, text}]; icon "arrow": a one-way arrow).

import { h } from "../dom.js";
import { icon, iconName } from "../icons.js";

/** @param {any} view */
export function legend(view) {
  const items = view.legend || [];
  return h(
    "details",
    { class: "cw-legend" },
    h("summary", { text: "Legend" }),
    h(
      "ul",
      {},
      items.map((/** @type {{icon: string, text: string}} */ it) =>
        it.icon === "arrow"
          ? h("li", {}, h("span", { class: "cw-legend-arrow", "aria-hidden": "true", text: "➤" }), it.text)
          : h("li", {}, icon(iconName(it.icon), 14), it.text),
      ),
    ),
  );
}
