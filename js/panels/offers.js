// The edition's offers beside the market (Pulsarcade's Arcade Cabinets...): each item's
// condition, value, copies left and owners, and whether the person could take it now
// (the taking itself is an action of the actions panel).

import { h } from "../dom.js";
import { icon, iconName } from "../icons.js";
import { pawnBadge } from "../pawn.js";

/**
 * @typedef {{id: string, name: string, value: string, text: string, left: number,
 *   owners: string[], legal: boolean, why: string|null}} OfferItem
 * @typedef {{id: string, title: string, hint?: string, icon?: string, items: OfferItem[]}} Offer
 */

/**
 * What an offer item says about itself: "yours", "claim now (see Actions)", "none left"
 * or nothing.
 * @param {OfferItem} item @param {string|null} me the viewer's colour
 */
export function offerStatus(item, me) {
  if (me && item.owners.includes(me)) return "yours";
  if (item.legal) return "claim now (see Actions)";
  return item.left ? "" : "none left";
}

/** @param {any} view */
export function offersPanels(view) {
  /** @type {Offer[]} */
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
        "data-panel": offer.id,
      },
      h(
        "h4",
        {},
        `${offer.title} `,
        offer.hint ? h("span", { class: "cw-dim cw-small-text", text: offer.hint }) : null,
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
              title: c.legal || mine || !c.why ? c.text : `${c.text} Not yet: ${c.why}`,
            },
            h("span", { class: "cw-offer-name" }, ic ? icon(ic, 13) : null, ` ${c.name}`),
            h("span", { class: "cw-offer-value", text: c.value }),
            h("span", { class: "cw-offer-text", text: c.text }),
            h(
              "span",
              { class: "cw-offer-meta" },
              `${c.left} left`,
              c.owners.map((o) => pawnBadge(o, 13)),
              status ? h("strong", { text: ` ${status}` }) : null,
            ),
          );
        }),
      ),
    );
  });
}
