// Input: mouse, keyboard and focus on the widget, turned into intents or UI changes.
// The view never decides a rule: a disabled control says why; everything else is sent.

import { focusedIn } from "./dom.js";
import { mapZoom, neighbour, nextZoom } from "./geometry.js";
import { keyAction } from "./keys.js";
import { mapWidth } from "./map/zoom.js";
import { keysState } from "./panels/header.js";
import { MAX_LOAD_BYTES } from "./panels/replay.js";
import { intentOf } from "./protocol.js";

/** @typedef {import("./types.js").Ctx} Ctx */

/**
 * @typedef {{draw: () => void, drawMapSoon: () => void, drawTableSoon: () => void}} Drawers
 */

/**
 * Listen to the widget's root for clicks, pointer moves, focus and keys.
 * @param {Ctx} ctx @param {Drawers} drawers
 * @returns {{setHover: (id: string|null) => void, bubbleAt: (text: string, anchor: Element|null, seq?: number|null) => void, detach: () => void}}
 */
export function attachInput(ctx, { draw, drawMapSoon, drawTableSoon }) {
  const { model, root, ui, send } = ctx;

  /**
   * Show `text` in a bubble by `anchor` (the control clicked) for a few seconds; with no
   * anchor on the page, close the bubble (the status line says it).
   * @param {string} text @param {Element|null} anchor
   * @param {number|null} [seq] the kernel status it shows (-1: still to come), null: the view's
   */
  const bubbleAt = (text, anchor, seq = null) => {
    window.clearTimeout(ui.bubbleTimer);
    ui.bubble = null;
    ui.bubbled = null;
    if (!anchor || !anchor.isConnected || !root.contains(anchor)) return;
    const r = anchor.getBoundingClientRect();
    const r0 = root.getBoundingClientRect();
    const x = Math.max(8, Math.min(r0.width - 260, r.left - r0.left));
    ui.bubble = { text, x, y: r.bottom - r0.top + 6 };
    ui.bubbled = { text, seq };
    ui.bubbleTimer = window.setTimeout(() => {
      ui.bubble = null;
      draw();
    }, 4500);
  };

  /** @param {string} text @param {string} [level] @param {Element|null} [anchor] */
  const sayLocal = (text, level = "info", anchor = null) => {
    ui.local = { text, level };
    ui.lastSeq = (model.get("status") || {}).seq;
    bubbleAt(text, anchor);
    draw();
  };

  /** @param {Element} target */
  const activate = (target) => {
    const action = target.getAttribute("data-action");
    if (target.getAttribute("aria-disabled") === "true") {
      if (action === "inspect") {
        const id = target.getAttribute("data-space-id");
        const view = model.get("view");
        const me = view && view.seat !== null ? view.players[view.seat] : null;
        // Your own space: its actions are in the panel by the map; go there.
        if (me && me.space === id && focusActions()) return;
        setHover(id);
        return;
      }
      sayLocal(`Not possible: ${target.getAttribute("data-why") || "not now"}`, "error", target);
      return;
    }
    if (action === "new-game") {
      const view = model.get("view");
      if (view && !view.is_over && ui.confirmNew < Date.now()) {
        ui.confirmNew = Date.now() + 4000;
        sayLocal("Press New game again to abandon this game and start a new one.");
        setTimeout(draw, 4100);
        return;
      }
      ui.confirmNew = 0;
      send({ kind: "new-game" });
      return;
    }
    if (action === "hide-over") {
      ui.overHidden = true;
      draw();
      return;
    }
    if (action === "load") {
      // the saves next to the notebook (the kernel lists them) and a file from here
      ui.loadOpen = !ui.loadOpen;
      if (ui.loadOpen) {
        ui.saves = null;
        send({ kind: "list-saves" });
      }
      draw();
      return;
    }
    if (action === "load-close") {
      ui.loadOpen = false;
      draw();
      const load = root.querySelector('[data-action="load"]');
      if (load instanceof HTMLElement) load.focus();
      return;
    }
    if (action === "load-pick") {
      const input = root.querySelector('[data-role="load-file"]');
      if (input instanceof HTMLInputElement) {
        ui.clicked = root.querySelector('[data-action="load"]');
        ui.loadOpen = false;
        input.value = "";
        input.click();
        draw();
      }
      return;
    }
    if (action === "load-saved") {
      ui.loadOpen = false;
      ui.clicked = root.querySelector('[data-action="load"]');
      const intent = intentOf(action, target.getAttribute("data-intent"), null);
      if (intent) send(intent);
      draw();
      return;
    }
    if (action === "help") {
      ui.helpOpen = !ui.helpOpen;
      draw();
      return;
    }
    if (action === "zoom-in" || action === "zoom-out" || action === "zoom-fit") {
      const board = model.get("board");
      if (!board) return;
      ui.zoom = nextZoom(mapZoom(board.width, mapWidth(root), ui.zoom).level, action);
      ui.pawnSpace = null; // bring the pawn back into view at the new size
      draw();
      return;
    }
    if (action === "hover-bag") {
      ui.oddsOpen = !ui.oddsOpen;
      if (ui.oddsOpen) {
        ui.odds = null;
        send({ kind: "hover-bag" });
      }
      draw();
      return;
    }
    const intent = intentOf(action, target.getAttribute("data-intent"), target.getAttribute("data-space-id"));
    if (intent) {
      ui.clicked = target; // a refusal from the kernel is shown by it
      ui.bubble = null;
      send(intent);
    }
  };

  /** Focus the first action of the actions panel; false when there is none. */
  const focusActions = () => {
    const first = root.querySelector('.cw-actions [data-key^="act:"]');
    if (first instanceof HTMLElement) {
      first.focus();
      return true;
    }
    return false;
  };

  /** @param {string|null} id */
  const setHover = (id) => {
    if (ui.hover === id) return;
    ui.hover = id;
    window.clearTimeout(ui.hoverTimer);
    if (id) {
      ui.hoverTimer = window.setTimeout(() => model.send({ kind: "hover-space", id }), 60);
    }
    drawMapSoon();
  };

  /**
   * Ring the space an action button is about (a lift's far end, an artifact) on the map.
   * Only the map is redrawn, so nothing else moves under the pointer.
   * @param {string|null} id
   */
  const setTarget = (id) => {
    if (ui.target === id) return;
    ui.target = id;
    drawMapSoon();
  };

  /** @param {MouseEvent} event */
  const onClick = (event) => {
    const target = /** @type {Element} */ (event.target).closest("[data-action]");
    if (!target || !root.contains(target)) return;
    event.preventDefault();
    activate(target);
  };

  /** @param {MouseEvent} event */
  const onOver = (event) => {
    const el = /** @type {Element} */ (event.target);
    const target = el.closest("[data-space-id]");
    if (target && target.closest(".cw-map")) setHover(target.getAttribute("data-space-id"));
    const act = el.closest("[data-target-space]");
    if (act) setTarget(act.getAttribute("data-target-space"));
    // Pointing at the bag (its row, its Odds button) shows the odds; the rest of the
    // dragon panel does not, so they never open over a control by chance.
    if (el.closest(".cw-bag-row") && !ui.oddsHover) {
      ui.oddsHover = true;
      if (!ui.oddsOpen) {
        model.send({ kind: "hover-bag" });
        drawTableSoon();
      }
    }
  };

  /** @param {MouseEvent} event */
  const onOut = (event) => {
    const to = /** @type {Element|null} */ (event.relatedTarget);
    if (ui.target && !(to && to.closest && to.closest("[data-target-space]"))) setTarget(null);
    if (to && to.closest && to.closest(".cw-map [data-space-id]")) return;
    const from = /** @type {Element} */ (event.target).closest(".cw-map [data-space-id]");
    if (from) setHover(null);
    if (ui.oddsHover && !(to && to.closest && to.closest(".cw-bag-row, .cw-odds"))) {
      ui.oddsHover = false;
      if (!ui.oddsOpen) drawTableSoon();
    }
  };

  /** @param {FocusEvent} event */
  const onFocus = (event) => {
    showKeys();
    const target = /** @type {Element} */ (event.target);
    if (target && target.closest) {
      const sp = target.closest(".cw-map [data-space-id]");
      if (sp) {
        ui.mapFocus = sp.getAttribute("data-space-id");
        setHover(ui.mapFocus);
      }
      const act = target.closest("[data-target-space]");
      setTarget(act ? act.getAttribute("data-target-space") : null);
    }
  };

  /** Show whether the widget has the keyboard (no redraw: the indicator alone). */
  const showKeys = () => {
    const focused = focusedIn(root);
    const active = !!focused && root.contains(focused);
    if (active === ui.keysActive) return;
    ui.keysActive = active;
    const old = root.querySelector('[data-role="keys-state"]');
    if (old) old.replaceWith(keysState(active));
  };

  /** @param {FocusEvent} event */
  const onFocusOut = (event) => {
    const to = /** @type {Node|null} */ (event.relatedTarget);
    // Focus moving within the widget (or a redraw) keeps the keys; leaving it frees them.
    if (!(to && root.contains(to))) window.setTimeout(showKeys, 0);
  };

  /** @param {MouseEvent} event */
  const onDown = (event) => {
    // A press on the board's background (text, a panel) focuses the board itself, so
    // the notebook never gets the keys that follow.
    const target = /** @type {Element} */ (event.target);
    if (!target.closest || !target.closest("button, [tabindex], input, select, textarea, a[href]"))
      root.focus({ preventScroll: true });
    else if (target.closest("[tabindex]") === root) root.focus({ preventScroll: true });
  };

  /** @param {KeyboardEvent} event @param {Element} target the focused element it came to */
  const onKey = (event, target) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const view = model.get("view");
    if (!view) return;
    const roomEl = target.closest && target.closest(".cw-map [data-space-id]");
    if (
      (event.key === "Enter" || event.key === " ") &&
      target.getAttribute &&
      target.getAttribute("role") === "button" &&
      target.tagName !== "BUTTON"
    ) {
      event.preventDefault();
      event.stopPropagation();
      activate(target);
      return;
    }
    if (roomEl && event.key.startsWith("Arrow")) {
      event.preventDefault();
      event.stopPropagation();
      focusNeighbour(roomEl.getAttribute("data-space-id"), event.key);
      return;
    }
    const form = target.closest && target.closest("[data-form]");
    if (form && event.key === "Enter" && (target.tagName === "INPUT" || target.tagName === "SELECT")) {
      // Enter in a field of a form (the offer form) sends it, as its button would.
      const submit = form.querySelector("[data-submit]");
      if (submit) activate(submit);
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (target.tagName === "INPUT" || target.tagName === "TEXTAREA") return;
    const what = keyAction(event.key);
    if (!what) return;
    if ("click" in what) {
      const node = root.querySelector(what.click);
      if (node) activate(node);
    } else if ("focus" in what) {
      const node = root.querySelector(what.focus);
      if (node instanceof HTMLElement) node.focus();
      else sayLocal("Nothing to go to right now.");
    } else if ("actions" in what) {
      if (!focusActions()) sayLocal("Nothing to do in this space right now.");
    } else {
      ui.oddsOpen = false;
      ui.helpOpen = false;
      ui.loadOpen = false;
      setHover(null);
      draw();
    }
    event.preventDefault();
    event.stopPropagation();
  };

  /** A file chosen to load: read it and send it (the kernel checks everything). */
  /** @param {Event} event */
  const onChange = (event) => {
    const input = event.target;
    if (input instanceof HTMLSelectElement && input.getAttribute("data-role") === "bot-speed") {
      send({ kind: "bot-speed", speed: input.value });
      return;
    }
    if (!(input instanceof HTMLInputElement) || input.getAttribute("data-role") !== "load-file") return;
    const file = input.files && input.files[0];
    if (!file) return;
    const anchor = root.querySelector('[data-action="load"]');
    if (file.size > MAX_LOAD_BYTES) {
      sayLocal(`Not loaded: ${file.name} is ${file.size} bytes, over ${MAX_LOAD_BYTES}`, "error", anchor);
      return;
    }
    file.text().then(
      (text) => {
        ui.clicked = anchor;
        send({ kind: "load", text });
      },
      (err) => sayLocal(`Could not read ${file.name}: ${err}`, "error", anchor),
    );
  };

  /** @type {number|undefined} */
  let scrubTimer;
  /** The replay's slider: show the step it is dragged to (the latest, after a pause). */
  /** @param {Event} event */
  const onInput = (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.getAttribute("data-role") !== "replay-scrub") return;
    window.clearTimeout(scrubTimer);
    scrubTimer = window.setTimeout(() => send({ kind: "replay", step: Number(input.value) }), 60);
  };

  /** @param {string|null} id @param {string} key */
  const focusNeighbour = (id, key) => {
    const board = model.get("board");
    const best = neighbour(board.spaces, id, key);
    if (best) {
      const node = root.querySelector(`.cw-map [data-space-id="${CSS.escape(best.id)}"]`);
      if (node instanceof SVGElement) node.focus();
    }
  };

  root.addEventListener("click", onClick);
  root.addEventListener("mouseover", onOver);
  root.addEventListener("mouseout", onOut);
  root.addEventListener("focusin", onFocus);
  /**
   * Every key pressed in the widget is the widget's: it is handled here, before the
   * page's own shortcuts see it (JupyterLab's and Notebook 7's listen on the document
   * while capturing, and a notebook's command-mode keys match any focused element in an
   * output, so in Notebook 7 "D D" deleted the cell, "M" made it Markdown). Stopping it at
   * the window leaves the browser's own doing (typing, Tab, a button's Enter) alone.
   * @param {KeyboardEvent} event
   */
  const onWindowKey = (event) => {
    const target = event.composedPath()[0]; // in a shadow root (marimo) too
    if (!(target instanceof Element) || !root.contains(target)) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.key === "Tab") return;
    onKey(event, target);
    event.stopPropagation();
  };
  window.addEventListener("keydown", onWindowKey, true);
  root.addEventListener("change", onChange);
  root.addEventListener("input", onInput);
  root.addEventListener("focusout", onFocusOut);
  root.addEventListener("mousedown", onDown);
  return { setHover, bubbleAt, detach: () => window.removeEventListener("keydown", onWindowKey, true) };
}
