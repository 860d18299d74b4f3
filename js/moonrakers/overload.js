// Moonrakers' Overload option on the table: the advanced action offer (buy, remove),
// the free removal before buying, a head-to-head contract's sign-up and standings, and
// a won bonus card waiting for its captain's choice. Drawn from the view's `overload`
// part (clankwidget/widget/parts/moonrakers.py); without the option every function here
// draws nothing. Buttons carry the kernel's intents, as everywhere on the table.

import { h } from "../dom.js";
import { pawnBadge } from "../pawn.js";
import { button } from "../panels/buttons.js";
import { cap } from "../text.js";

/**
 * The words of a removal button: free while Overload's free removal is left.
 * @param {any} view
 */
export function removeLabel(view) {
  return view.overload && view.overload.free_removal > 0 ? "Remove (free)" : "Replace (1 cr)";
}

/**
 * A head-to-head contract's mark at Dispatch (null for an ordinary one).
 * @param {any} contract
 */
export function headToHeadMark(contract) {
  if (!contract.head_to_head) return null;
  return h("div", {
    class: "cw-mr-h2h",
    "data-role": "head-to-head",
    title: "Head to head: no invitation or deal; whoever joins competes, the most requirements met wins it all",
    text: "Head to head",
  });
}

/**
 * How many requirements a captain met, counted up to what the contract asks.
 * @param {Record<string, number>} requires @param {Record<string, number>} met
 */
export function requirementsMet(requires, met) {
  return Object.entries(requires).reduce((acc, [k, need]) => acc + Math.min(met[k] || 0, need), 0);
}

/**
 * The Overload panel (null without the option).
 * @param {any} view
 */
export function overloadPanel(view) {
  const o = view.overload;
  if (!o) return null;
  const buying = view.phase === "buy" && view.you_act;
  return h(
    "section",
    { class: `cw-mr-overload${o.bonus || o.join ? " cw-mr-focus" : ""}`, "aria-label": "Overload", "data-role": "overload" },
    h("h4", { text: "Overload" }),
    o.join ? joinLine(o.join) : null,
    o.standings && view.execution ? standings(view.execution.requires, o.standings) : null,
    o.bonus ? bonusBox(view, o.bonus) : null,
    h("h5", { text: `Advanced action cards (${o.deck} in the deck)` }),
    buying || o.free_removal > 0
      ? h("p", {
          class: "cw-dim",
          "data-role": "free-removal",
          text: o.free_removal > 0 ? "Before buying, one card of any offer may be removed for free." : "The free removal is used for this turn.",
        })
      : null,
    h(
      "ul",
      { class: "cw-mr-items" },
      o.advanced.map((/** @type {any} */ c) => {
        const r = o.replace[c.slot];
        return h(
          "li",
          { "data-role": "advanced" },
          h("strong", { text: c.name }),
          h("span", { class: "cw-dim", text: ` ${c.cost} cr · ${c.text}` }),
          h(
            "span",
            { class: "cw-mr-ibtns" },
            buying || c.legal
              ? button("buy-action", `Buy (${c.cost} cr)`, { enabled: c.legal, why: c.why, intent: c.intent, keyName: `advanced:${c.slot}` })
              : null,
            buying && r && r.legal
              ? button("replace-offer", removeLabel(view), { enabled: true, intent: r.intent, cls: "cw-quiet", keyName: `repl:advanced:${c.slot}` })
              : null,
          ),
        );
      }),
    ),
  );
}

/** @param {{joined: string[], waiting: string[]}} join */
function joinLine(join) {
  const joined = join.joined.length ? join.joined.map(cap).join(", ") : "nobody yet";
  return h("p", { "data-role": "join", text: `Head to head · joined: ${joined} · still to answer: ${join.waiting.map(cap).join(", ")}` });
}

/** @param {Record<string, number>} requires @param {any[]} rows */
function standings(requires, rows) {
  const total = Object.values(requires).reduce((a, b) => a + b, 0);
  return h(
    "ul",
    { class: "cw-mr-list", "aria-label": "Head-to-head standings", "data-role": "standings" },
    rows.map((/** @type {any} */ r) =>
      h("li", {}, pawnBadge(r.colour, 14), ` ${cap(r.colour)}: ${requirementsMet(requires, r.met)} of ${total} requirements met`),
    ),
  );
}

/** @param {any} view @param {any} bonus */
function bonusBox(view, bonus) {
  const mine = view.captains[bonus.seat] && view.captains[bonus.seat].you;
  return h(
    "div",
    { class: "cw-mr-bonus", "data-role": "bonus" },
    h("p", { text: mine ? "Your bonus card: take one." : `${cap(bonus.colour)} is choosing a bonus card.` }),
    mine
      ? h(
          "div",
          { class: "cw-mr-cbtns" },
          bonus.choices.map((/** @type {any} */ c) =>
            button("take-bonus", c.label, { enabled: true, intent: c.intent, keyName: `bonus:${c.choice}` }),
          ),
        )
      : null,
  );
}
