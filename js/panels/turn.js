// The turn bar (the person's pool, play all, end turn...) and the choice panel.

import { h } from "../dom.js";
import { icon } from "../icons.js";
import { cap, termsOf } from "../text.js";
import { button } from "./buttons.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */

/** @param {any} view */
export function turnBar(view) {
  const me = view.seat === null ? null : view.players[view.seat];
  if (!me) return h("section", { class: "cw-turnbar cw-dim", text: "Watching the bots play." });
  const legal = view.actions || [];
  const find = (/** @type {string} */ kind) => legal.find((/** @type {any} */ a) => a.intent.kind === kind);
  const pool = h(
    "div",
    {
      class: "cw-pool",
      role: "group",
      "aria-label": `Your pool: ${me.skill} Skill, ${me.swords} Swords, ${me.boots} Boots, ${me.gold} ${termsOf(view).gold}, ${me.teleports} Teleports`,
    },
    poolItem("skill", me.skill, "Skill"),
    poolItem("swords", me.swords, "Swords"),
    poolItem("boots", me.boots, "Boots"),
    poolItem("gold", me.gold, termsOf(view).gold, "gold"),
    poolItem("teleport", me.teleports, "Teleports"),
  );
  const end = find("end-turn");
  const handLeft = (me.hand || []).length;
  const playable = legal.some((/** @type {any} */ a) => a.intent.kind === "play");
  const art = find("take-artifact");
  const tokens = legal.filter((/** @type {any} */ a) => a.intent.kind === "use-token");
  return h(
    "section",
    { class: "cw-turnbar", "aria-label": "Your turn" },
    pool,
    h(
      "div",
      { class: "cw-turnbtns" },
      button("play-all", "Play all", {
        key: "A",
        enabled: playable,
        why: handLeft ? "not now" : "your hand is empty",
        intent: { kind: "play-all" },
      }),
      art ? button("take-artifact", art.label, { key: "T", enabled: true, intent: art.intent }) : null,
      tokens.map((/** @type {any} */ t) =>
        button("use-token", t.label, {
          enabled: true,
          intent: t.intent,
          keyName: `token:${t.intent.token}`,
          extra: { "data-token": t.intent.token },
        }),
      ),
      button("end-turn", "End turn", {
        key: "E",
        enabled: !!end,
        why: (view.why && view.why["end-turn"]) || "not now",
        intent: { kind: "end-turn" },
        cls: "cw-primary",
      }),
    ),
  );
}

/** @param {IconName} name @param {number} n @param {string} label @param {string} [key] */
export function poolItem(name, n, label, key = label.toLowerCase()) {
  return h(
    "span",
    { class: `cw-poolitem${n ? "" : " cw-zero"}`, title: label, "data-pool": key },
    icon(name, 20),
    h("span", { class: "cw-poolnum", text: `${n}` }),
    h("span", { class: "cw-poollabel", text: label }),
  );
}

/** @param {any} view */
export function choicePanel(view) {
  const pend = view.pending;
  if (!pend) return null;
  if (!pend.mine) {
    const cur = view.players[view.current];
    return h("section", {
      class: "cw-choice cw-dim",
      text: `${cap(cur.colour)} is choosing: ${pend.prompt}`,
    });
  }
  const legal = view.actions || [];
  const decline = legal.find((/** @type {any} */ a) => a.intent.kind === "decline");
  return h(
    "section",
    { class: "cw-choice", role: "group", "aria-label": `Choice: ${pend.prompt}`, "data-role": "choice" },
    h("div", { class: "cw-choice-prompt", text: pend.prompt }),
    h(
      "div",
      { class: "cw-choice-opts" },
      pend.options.map((/** @type {string} */ text, /** @type {number} */ i) =>
        button("choose", `${i < 9 ? `${i + 1}. ` : ""}${text}`, {
          enabled: legal.some(
            (/** @type {any} */ a) => a.intent.kind === "choose" && a.intent.option === i,
          ),
          intent: { kind: "choose", option: i },
          keyName: `choose:${i}`,
          extra: { "data-option": i },
        }),
      ),
      pend.optional
        ? button("decline", "Decline", {
            key: "X",
            enabled: !!decline,
            intent: { kind: "decline" },
            cls: "cw-quiet",
          })
        : null,
    ),
  );
}
