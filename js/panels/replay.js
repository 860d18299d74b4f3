// Save, load and replay: the header's file buttons, and the bar that steps or scrubs
// through a game (the board and the log show the game as it was at that step).

import { h } from "../dom.js";
import { cap } from "../text.js";
import { button } from "./buttons.js";

/** The largest file the view sends to be loaded (the kernel checks it again). */
export const MAX_LOAD_BYTES = 4 * 2 ** 20;

/** @param {any} view */
export function fileButtons(view, loadOpen = false) {
  const replaying = !!view.replay;
  // The kernel writes saves next to the notebook (a save holds every hidden card, so it
  // never comes to the browser); a board served as an app may have saving off.
  const saving = view.can_save !== false;
  const where = view.save_where || "next to the notebook";
  const off = "saving is off on this board";
  return [
    button("save", "Save", {
      enabled: saving && !replaying,
      why: saving ? "leave the replay first" : off,
      intent: { kind: "save" },
      extra: saving && !replaying ? { title: `Save the game as a .json file ${where}` } : {},
    }),
    button("save-position", "Save position", {
      enabled: saving,
      why: off,
      intent: { kind: "save-position" },
      cls: "cw-quiet",
      extra: saving
        ? { title: `Save the situation shown as a position to hand out (a .json file ${where})` }
        : {},
    }),
    button("load", "Load", {
      enabled: true,
      intent: null,
      expanded: loadOpen,
      extra: { title: "Open a saved game or a position (a .json file)" },
    }),
    h("input", {
      type: "file",
      accept: ".json,application/json",
      class: "cw-hidden",
      "data-role": "load-file",
      "aria-label": "Open a saved game or a position (a .json file)",
      tabindex: "-1",
    }),
    replaying
      ? null
      : button("replay", "Replay", {
          enabled: true,
          intent: { kind: "replay", step: 0 },
          cls: "cw-quiet",
        }),
  ];
}

/**
 * What Load offers: the saves in the board's save folder (the kernel lists them: `saves`
 * is null until its reply comes) and a file from the person's computer.
 * @param {string[]|null} saves @param {string|null} [saveWhere] where saves go, in words
 */
export function loadBox(saves, saveWhere) {
  const where = saveWhere || "next to the notebook";
  /** @param {string} text */
  const note = (text) => h("p", { class: "cw-loadnote", text });
  /** @param {string} name */
  const item = (name) =>
    h(
      "li",
      {},
      h("button", {
        type: "button",
        class: "cw-btn cw-quiet",
        "data-action": "load-saved",
        "data-intent": JSON.stringify({ kind: "load-saved", name }),
        text: name,
      }),
    );
  let listed;
  if (saves === null) listed = note(`Looking for saves ${where}…`);
  else if (saves.length === 0) listed = note(`No saves ${where} yet.`);
  else {
    const what = `Saves ${where}, newest first`;
    listed = [note(`${what}:`), h("ul", { class: "cw-loadlist", "aria-label": what }, saves.map(item))];
  }
  return h(
    "div",
    { class: "cw-load", role: "group", "aria-label": "Open a save or a position", "data-role": "load-box" },
    listed,
    h(
      "div",
      { class: "cw-loadfoot" },
      h("button", { type: "button", class: "cw-btn", "data-action": "load-pick", text: "From your computer…" }),
      h("button", { type: "button", class: "cw-btn cw-quiet", "data-action": "load-close", text: "Close" }),
    ),
  );
}

/** @param {any} view */
export function replayBar(view) {
  const r = view.replay;
  if (!r) return null;
  /** @param {string} action @param {string} text @param {number} step @param {string} why */
  const stepBtn = (action, text, step, why) =>
    button(action, text, {
      enabled: step >= 0 && step <= r.total && step !== r.step,
      why,
      intent: { kind: "replay", step },
      cls: "cw-small",
    });
  return h(
    "section",
    { class: "cw-replay", role: "group", "aria-label": "Replay", "data-role": "replay" },
    stepBtn("replay-first", "⏮ Start", 0, "this is the start"),
    stepBtn("replay-back", "◀ Back", r.step - 1, "this is the start"),
    h("input", {
      type: "range",
      min: "0",
      max: String(r.total),
      value: String(r.step),
      class: "cw-replay-scrub",
      "data-role": "replay-scrub",
      "data-key": "replay-scrub",
      "aria-label": `Replay step, ${r.step} of ${r.total}`,
    }),
    stepBtn("replay-next", "Next ▶", r.step + 1, "this is the end"),
    stepBtn("replay-last", "End ⏭", r.total, "this is the end"),
    h("span", {
      class: "cw-replay-where",
      "data-role": "replay-step",
      text: `Step ${r.step} of ${r.total}${r.next ? ` · next: ${cap(r.who)} ${r.next}` : " · the end"}`,
    }),
    button("replay-exit", "Leave replay", {
      enabled: true,
      intent: { kind: "replay-exit" },
      cls: "cw-quiet",
    }),
  );
}
