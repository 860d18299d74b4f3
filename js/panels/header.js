// The header: title, turn, whose turn it is, undo / redo / new game / keys, the status
// line and the keyboard help.

import { h } from "../dom.js";
import { pawnBadge } from "../pawn.js";
import { cap, termsOf } from "../text.js";
import { button } from "./buttons.js";
import { fileButtons, loadBox, replayBar } from "./replay.js";
import { botControls } from "./since.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("../types.js").BoardView} BoardView */
/** @typedef {import("../types.js").PlayerView} PlayerView */
/** @typedef {import("../types.js").CardView} CardView */
/** @typedef {import("../types.js").MoveView} MoveView */
/** @typedef {import("../types.js").Intent} Intent */
/** @typedef {import("../icons.js").IconName} IconName */

/** @param {Ctx} ctx @param {any} view @param {BoardView} board */
export function header(ctx, view, board) {
  const { model, ui } = ctx;
  const me = view.seat === null ? null : view.players[view.seat];
  const cur = view.players[view.current];
  const who = view.is_over
    ? h("span", { class: "cw-turn-who", text: "Game over" })
    : h(
        "span",
        { class: "cw-turn-who" },
        pawnBadge(cur.colour, 20),
        cur.you ? "Your turn" : `${cap(cur.colour)} to play${cur.bot ? ` (${cur.bot} bot)` : ""}`,
        model.get("busy") ? h("span", { class: "cw-spinner", "aria-hidden": "true" }) : null,
      );
  const { text, level } = headStatus(ctx, view.hint);
  return h(
    "header",
    { class: "cw-head" },
    h(
      "div",
      { class: "cw-title" },
      h("strong", { text: board.title }),
      h("span", { class: "cw-turnno", text: `Turn ${view.turn}` }),
      who,
    ),
    headButtons(ctx, view, "nothing to undo this turn"),
    h("div", {
      class: `cw-status cw-status-${level}`,
      role: "status",
      "aria-live": "polite",
      "data-role": "status",
      text,
    }),
    replayBar(view),
    ui.loadOpen ? loadBox(ui.saves, view.save_where) : null,
    ui.helpOpen ? helpBox(view) : null,
    me && me.status !== "in" && !view.is_over
      ? h("div", {
          class: "cw-out",
          text:
            me.status === "escaped"
              ? "You escaped! The others play on."
              : "You were knocked out. The others play on.",
        })
      : null,
  );
}

/**
 * The header's buttons, in two groups that wrap onto a new row as wholes (never one
 * button left alone on a row): the game's (undo, redo, new game, the bots' speed) and
 * the files' and keys' (save, load, replay, the keyboard). Shared by every edition.
 * @param {Ctx} ctx @param {any} view @param {string} undoWhy why Undo is off when it is
 */
export function headButtons(ctx, view, undoWhy) {
  const { ui } = ctx;
  const { newLabel } = headStatus(ctx, view.hint);
  return h(
    "div",
    { class: "cw-headbtns" },
    h(
      "div",
      { class: "cw-btngroup", role: "group", "aria-label": "Game" },
      button("undo", "Undo", {
        key: "U",
        enabled: view.can_undo,
        why: undoWhy,
        intent: { kind: "undo" },
      }),
      button("redo", "Redo", {
        key: "R",
        enabled: view.can_redo,
        why: "nothing to redo",
        intent: { kind: "redo" },
      }),
      button("new-game", newLabel, {
        key: "N",
        enabled: true,
        intent: null,
        cls: ui.confirmNew > Date.now() ? "cw-warn" : "",
      }),
      botControls(view),
    ),
    h(
      "div",
      { class: "cw-btngroup", role: "group", "aria-label": "Files and keys" },
      fileButtons(view, ui.loadOpen),
      h(
        "span",
        { class: "cw-btngroup" }, // the keyboard's state and its help stay together
        keysState(ui.keysActive),
        button("help", ui.helpOpen ? "Hide keys" : "Keys", {
          key: "?",
          enabled: true,
          intent: null,
          cls: "cw-quiet",
          expanded: ui.helpOpen,
        }),
      ),
    ),
  );
}

/**
 * What the status line says (the kernel's last message, or a refusal shown here, or the
 * view's hint) and the New game button's label: shared by every edition's header.
 * @param {Ctx} ctx @param {string} hint
 * @returns {{text: string, level: string, newLabel: string}}
 */
export function headStatus(ctx, hint) {
  const { model, ui } = ctx;
  const st = model.get("status") || {};
  const local = ui.local && (!st.text || ui.lastSeq === st.seq) ? ui.local : null;
  // A refusal shown in a bubble by the control clicked is not repeated here: shown (and
  // read out) once, where the person looks.
  const b = ui.bubbled;
  const shown = local
    ? b && b.seq === null && b.text === local.text
      ? null
      : local
    : st.text && !(b && b.seq === st.seq)
      ? st
      : null;
  return {
    text: shown ? shown.text : hint,
    level: shown ? shown.level : "hint",
    newLabel: ui.confirmNew > Date.now() ? "Confirm: new game?" : "New game",
  };
}

/**
 * A refusal shown next to the control that was clicked (then not in the status line).
 * Its role "alert" has screen readers read it out at once.
 * @param {{text: string, x: number, y: number}|null} b
 */
export function bubble(b) {
  if (!b) return null;
  return h("div", {
    class: "cw-bubble",
    role: "alert",
    "data-role": "bubble",
    style: `left: ${Math.round(b.x)}px; top: ${Math.round(b.y)}px`,
    text: b.text,
  });
}

/**
 * Whether the widget has the keyboard (its keys then never reach the notebook).
 * @param {boolean} active
 */
export function keysState(active) {
  return h("span", {
    class: `cw-keys-state${active ? " cw-keys-on" : ""}`,
    "data-role": "keys-state",
    title: active
      ? "The board has the keyboard: its keys never reach the notebook"
      : "Click the board to use its keys",
    text: active ? "Keys active" : "Click for keys",
  });
}

/** @param {any} view */
export function helpBox(view) {
  const T = termsOf(view);
  const rows = [
    ["Tab / Shift+Tab", `move between cards, ${T.spaces} and buttons`],
    ["Enter or Space", `use the focused card, ${T.space} or button`],
    ["Arrow keys", `on the map: go to the next ${T.space} in that direction`],
    ["A", "play all cards that need no choice"],
    ["P", "go to your first playable card (Enter plays it)"],
    ["E", "end your turn"],
    ["U / R", "undo / redo"],
    ["1 - 9", "pick an option of a choice; X declines"],
    ["T", `take the artifact in your ${T.space}`],
    ["H", `jump to the actions of your ${T.space} (hack, ride, steal…)`],
    ["+ / - / 0", "zoom the map in / out / to fit"],
    ["B", `show the odds of the next ${T.boss_attack}`],
    ["N", "new game (press twice)"],
  ];
  return h(
    "div",
    { class: "cw-help", role: "note", "aria-label": "Keyboard shortcuts" },
    h(
      "dl",
      {},
      rows.map(([k, v]) => [h("dt", {}, h("kbd", { text: k })), h("dd", { text: v })]),
    ),
  );
}
