// Cards: a card's face, a card as a button, and the hand with the cards in play.

import { h } from "../dom.js";
import { icon, iconName } from "../icons.js";
import { cap, termsOf } from "../text.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */
/** @typedef {{name: string, icon: IconName}} Boss */

/**
 * The boss a "dragon" card calls (the edition's word for it and its icon).
 * @param {any} view
 * @returns {Boss}
 */
export const bossOf = (view) => ({
  name: termsOf(view).boss,
  icon: iconName((view.rage && view.rage.icon) || "dragon"),
});

/** @param {any} view */
export function handPanel(view) {
  const me = view.seat === null ? null : view.players[view.seat];
  const cur = view.players[view.current];
  const legal = view.actions || [];
  const hand = me && me.hand ? me.hand : [];
  const playWho = !view.is_over && cur && !cur.you ? cur : me;
  const inPlay = playWho ? playWho.play : [];
  const handCards = hand.map((/** @type {CardView} */ c, /** @type {number} */ i) => {
    const ok = legal.some((/** @type {any} */ a) => a.intent.kind === "play" && a.intent.card === c.id);
    const why = view.pending
      ? "make the choice first"
      : view.current !== view.seat
        ? "it is not your turn"
        : "not now";
    return cardButton(c, {
      boss: bossOf(view),
      action: "play",
      intent: { kind: "play", card: c.id },
      enabled: ok,
      why,
      key: `hand:${i}`,
      verb: "Play",
    });
  });
  return h(
    "section",
    { class: "cw-hands" },
    h(
      "div",
      { class: "cw-hand", role: "group", "aria-label": "Your hand" },
      h("h4", { text: `Your hand (${hand.length})` }),
      h(
        "div",
        { class: "cw-cards" },
        handCards.length
          ? handCards
          : h("p", { class: "cw-dim cw-empty", text: me && me.status === "in" ? "No cards in hand." : "" }),
      ),
    ),
    h(
      "div",
      { class: "cw-inplay", role: "group", "aria-label": "Cards in play" },
      h("h4", {
        text:
          playWho && !playWho.you
            ? `In play: ${cap(playWho.colour)} (${inPlay.length})`
            : `In play (${inPlay.length})`,
      }),
      inPlay.length
        ? h(
            "ul",
            { class: "cw-minis" },
            inPlay.map((/** @type {CardView} */ c) =>
              h(
                "li",
                { class: `cw-mini cw-banner-${c.banner}`, title: c.flavour || null },
                h("strong", { text: c.name }),
                " ",
                h("span", { text: c.rules.replace(/^Play: /, "").replace(/\.$/, "") }),
              ),
            ),
          )
        : h("p", { class: "cw-dim cw-empty", text: "Nothing played yet." }),
    ),
  );
}

/**
 * A card that can be used (a button).
 * @param {CardView} c
 * @param {{action: string, intent: Intent, enabled: boolean, why: string, key: string, verb: string, extra?: Record<string, any>, count?: number|null, small?: boolean, boss?: Boss}} o
 */
export function cardButton(c, o) {
  const cost = c.monster ? `${c.swords} Swords` : `${c.cost} Skill`;
  const rules = c.rules.replace(/\.$/, "") || "no effect";
  const label = `${o.verb} ${c.name}${o.action === "play" ? "" : ` (${cost})`}: ${rules}${o.enabled ? "" : `. Not possible: ${o.why}`}`;
  const node = cardFace(c, {
    key: o.key,
    small: o.small,
    count: o.count,
    showCost: o.action !== "play",
    boss: o.boss,
  });
  const btn = h("button", {
    type: "button",
    class: `cw-cardbtn${o.enabled ? "" : " cw-disabled"}`,
    "data-action": o.action,
    "data-card": c.id,
    "data-key": o.key,
    "data-intent": JSON.stringify(o.intent),
    "aria-disabled": o.enabled ? null : "true",
    "data-why": o.enabled ? null : o.why,
    "aria-label": label,
    title: o.enabled ? `${o.verb} ${c.name}` : o.why,
    ...(o.extra || {}),
  });
  node.removeAttribute("data-key");
  btn.append(node);
  return btn;
}

/**
 * The face of a card.
 * @param {CardView} c
 * @param {{key?: string, small?: boolean, count?: number|null, showCost?: boolean, boss?: Boss}} o
 */
export function cardFace(c, o) {
  const boss = o.boss || { name: "Dragon", icon: "dragon" };
  const flags = [];
  if (c.dragon)
    flags.push(
      h(
        "span",
        { class: "cw-flag cw-flag-dragon", title: `${boss.name} attack when it enters the row` },
        icon(boss.icon, 12),
        boss.name,
      ),
    );
  if (c.danger)
    flags.push(
      h("span", {
        class: "cw-flag cw-flag-danger",
        title: "Danger: one more cube per attack while in the row",
        text: "Danger",
      }),
    );
  if (c.faction)
    flags.push(
      h("span", {
        class: `cw-flag cw-flag-faction cw-faction-${c.faction.toLowerCase().replace(/[^a-z]+/g, "-")}`,
        title: `${c.faction} faction: its bonus needs another ${c.faction} card played this turn`,
        text: c.faction,
      }),
    );
  if (c.companion) flags.push(h("span", { class: "cw-flag", text: "Companion" }));
  if (c.device) flags.push(h("span", { class: "cw-flag", text: "Device" }));
  if (c.gem) flags.push(h("span", { class: "cw-flag", text: "Gem" }));
  const showCost = o.showCost !== false && (c.monster || c.cost > 0);
  return h(
    "div",
    {
      class: `cw-card cw-banner-${c.banner}${o.small ? " cw-card-small" : ""}`,
      "data-key": o.key || null,
      title: c.flavour || null,
    },
    h(
      "div",
      // a name too wide to share its line with the cost takes the line; the cost wraps under it
      { class: "cw-card-top" },
      h("span", { class: "cw-card-name", text: c.name }),
      showCost
        ? h(
            "span",
            {
              class: `cw-cost ${c.monster ? "cw-cost-swords" : "cw-cost-skill"}`,
              title: c.monster ? `${c.swords} Swords to defeat` : `${c.cost} Skill to acquire`,
            },
            icon(c.monster ? "swords" : "skill", 13),
            `${c.monster ? c.swords : c.cost}`,
          )
        : null,
    ),
    h("div", { class: "cw-card-rules", text: c.rules.replace(/^Play: /, "") || "—" }),
    h(
      "div",
      { class: "cw-card-foot" },
      flags,
      c.points
        ? h("span", { class: "cw-points", title: `${c.points} points at the end` }, `★ ${c.points}`)
        : null,
      o.count !== undefined
        ? h("span", {
            class: "cw-count",
            title: "cards left",
            text: o.count === null ? "∞" : `×${o.count}`,
          })
        : null,
    ),
  );
}
