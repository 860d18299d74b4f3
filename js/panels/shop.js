// The shop: the row, the reserve, the market and the edition's offers beside it.

import { h } from "../dom.js";
import { icon } from "../icons.js";
import { cap, termsOf } from "../text.js";
import { bossOf, cardButton } from "./cards.js";
import { offersPanels } from "./offers.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */

/** @param {any} view */
export function shopPanel(view) {
  const rowCards = view.row.map((/** @type {CardView|null} */ c, /** @type {number} */ slot) => {
    if (!c)
      return h("div", {
        class: "cw-card cw-card-empty",
        "aria-label": `Row slot ${slot + 1}: empty`,
        text: "empty",
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
      extra: { "data-slot": slot },
    });
  });
  const reserve = view.reserve.map((/** @type {CardView} */ c) => {
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
      small: true,
    });
  });
  const m = view.market;
  const T = termsOf(view);
  const items = m.items.map((/** @type {any} */ it) => {
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
        "aria-label": `Buy ${it.name}: ${it.cost} ${T.gold.toLowerCase()}${extra}, ${it.points} points, ${it.count} left${onBuy}${owners}${it.legal ? "" : `. Not possible: ${it.why}`}`,
      },
      h("span", { class: "cw-item-name", text: it.name }),
      h("span", { class: "cw-item-cost" }, icon("gold", 14), `${it.cost}`, it.extra ? h("small", { text: ` ${it.extra}` }) : null),
      h("span", { class: "cw-item-meta", text: `${it.points} pts · ${it.count} left${owners}` }),
    );
  });
  return h(
    "section",
    { class: "cw-shop" },
    h(
      "div",
      { class: "cw-row", role: "group", "aria-label": T.row },
      h("h4", { text: T.row }),
      h("div", { class: "cw-cards" }, rowCards),
    ),
    h(
      "div",
      { class: "cw-side-shop" },
      h(
        "div",
        { class: "cw-reserve", role: "group", "aria-label": "Reserve" },
        h("h4", { text: "Reserve" }),
        h("div", { class: "cw-cards cw-cards-small" }, reserve),
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
            text: m.here ? "(you are in a market)" : `(visit a market ${T.space} to buy)`,
          }),
        ),
        h("div", { class: "cw-items" }, items),
      ),
      offersPanels(view),
    ),
  );
}
