// clankwidget board: the one renderer of a Clank! game, drawn as SVG and HTML from the
// state the kernel syncs (traits `board`, `view`, `status`, `busy`). The view never
// decides a rule: it sends intents ({kind, ...}) with model.send and shows the replies.
// This is the entry point esbuild bundles into clankwidget/static/board.js.

import { focusedIn, h, morph, morphChildren } from "./dom.js";
import { boxSize, fitRoomNames } from "./geometry.js";
import { drawTable } from "./moonrakers/table.js";
import { attachInput } from "./input.js";
import { boardPanel } from "./map/board.js";
import { actionsPanel } from "./panels/actions.js";
import { handPanel } from "./panels/cards.js";
import { footPanel } from "./panels/foot.js";
import { bubble, header } from "./panels/header.js";
import { passScreen } from "./panels/pass.js";
import { inspector } from "./panels/inspector.js";
import { tableBar } from "./panels/players.js";
import { shopPanel } from "./panels/shop.js";
import { sincePanel } from "./panels/since.js";
import { choicePanel, turnBar } from "./panels/turn.js";
import { newUiState, takeReply } from "./protocol.js";

/** @typedef {import("./types.js").Ctx} Ctx */
/** @typedef {import("./types.js").BoardView} BoardView */
/** @typedef {import("./types.js").Intent} Intent */
/** @typedef {{model: any, el: HTMLElement}} RenderProps */

/** @param {RenderProps} props */
function render({ model, el }) {
  // The root takes the keyboard focus when any part of it is clicked (tabindex), so
  // keys pressed after a click on a panel's background reach the widget, not the
  // notebook; JupyterLab runs no shortcut for a key pressed inside it (the attribute).
  const root = h("div", {
    class: "cw",
    tabindex: "0",
    role: "application",
    "aria-roledescription": "game board",
    "aria-label": "Clank! game board: click it or Tab into it to use its keys",
    "data-lm-suppress-shortcuts": "true",
  });
  el.classList.add("cw-host");
  el.append(root);

  const ui = newUiState();
  /** @type {Ctx} */
  const ctx = {
    model,
    root,
    ui,
    box: { w: 92, h: 52, fs: 11.5 },
    send: (intent) => {
      ui.local = null;
      model.send(intent);
    },
  };

  /** @type {number} */
  let frame = 0;
  /** @type {number} */
  let tableFrame = 0;

  /**
   * Redraw the widget from the synced state, keeping the keyboard focus where it was.
   * @param {boolean|"table"} [onlyMap] redraw just the map (true) or the players and
   *   dragon bar ("table"), for hover and focus changes
   */
  const draw = (onlyMap = false) => {
    if (!onlyMap) {
      if (frame) cancelAnimationFrame(frame);
      if (tableFrame) cancelAnimationFrame(tableFrame);
      frame = tableFrame = 0;
    }
    const board = /** @type {BoardView} */ (model.get("board"));
    const view = model.get("view");
    if (view && view.layout === "table") {
      // an edition with no map (Moonrakers): its own table, drawn whole
      drawTable(ctx, view);
      return;
    }
    if (!board || !board.spaces || !view || !view.players) {
      root.replaceChildren(h("div", { class: "cw-loading", text: "Loading the game…" }));
      return;
    }
    ctx.box = boxSize(board);
    const active = /** @type {HTMLElement|null} */ (focusedIn(root));
    const wasIn = !!active && root.contains(active);
    const focusKey = active && wasIn ? active.getAttribute("data-key") : null;
    // Where the focus was within its group (hand, row, ...), to land nearby if it goes.
    const group = focusKey ? focusKey.split(":")[0] : null;
    const inGroup = group ? [...root.querySelectorAll(`[data-key^="${CSS.escape(group)}:"]`)] : [];
    const groupIndex = active ? inGroup.indexOf(active) : -1;

    const oldMap = root.querySelector(".cw-board");
    const oldTable = root.querySelector(".cw-table");
    const oldScroll = root.querySelector(".cw-mapscroll");
    const scroll = oldScroll
      ? { left: oldScroll.scrollLeft, width: oldScroll.scrollWidth, client: oldScroll.clientWidth }
      : null;
    if (onlyMap === "table" && oldTable) {
      morph(oldTable, tableBar(ctx, view));
    } else if (onlyMap && oldMap) {
      // In place: the room under the pointer stays the same element (a click counts).
      const map = /** @type {Element} */ (morph(oldMap, boardPanel(ctx, board, view)));
      fitRoomNames(map, ctx.box);
      const oldInspect = root.querySelector(".cw-inspect");
      if (oldInspect) morph(oldInspect, inspector(ctx, view, board));
    } else {
      const logEl = root.querySelector(".cw-log ol");
      const logAtBottom = !logEl || logEl.scrollHeight - logEl.scrollTop - logEl.clientHeight < 30;
      root.classList.toggle("cw-busy", !!model.get("busy"));
      // The map, and beside it (two columns when the output is wide) or under it in a
      // bar that stays in view, what a turn needs: the choice, actions, pool, End turn
      // and the hand; then the market.
      const parts = [
        header(ctx, view, board),
        tableBar(ctx, view),
        sincePanel(view, { names: new Map(board.spaces.map((sp) => [sp.id, sp.name])) }),
        h(
          "div",
          { class: "cw-body" },
          boardPanel(ctx, board, view),
          h(
            "div",
            { class: "cw-side" },
            h(
              "div",
              { class: "cw-dock" },
              choicePanel(view),
              inspector(ctx, view, board),
              actionsPanel(view, board),
              turnBar(view),
            ),
            handPanel(view),
            shopPanel(view),
          ),
        ),
        footPanel(view),
        bubble(ui.bubble),
      ];
      // Redraw in place (keyed by id): what did not change stays the same element.
      // Hot-seat: between two people's turns only the table shows, and a screen that
      // hands the board over (the view holds nobody's hand meanwhile).
      const shown = view.pass_to ? [parts[0], parts[1], passScreen(view)] : parts;
      morphChildren(root, /** @type {Node[]} */ (shown.filter(Boolean)));
      fitRoomNames(root, ctx.box);
      const newLog = root.querySelector(".cw-log ol");
      if (newLog && logAtBottom) newLog.scrollTop = newLog.scrollHeight;
    }
    keepMapScroll(scroll, view);
    if (wasIn && active && root.contains(active)) {
      // Still here, but a redraw that had to move it (or a node around it) dropped its
      // focus: give it back, or the keys that follow go to the notebook.
      if (focusedIn(root) !== active) active.focus({ preventScroll: true });
      if (focusedIn(root) !== active) root.focus({ preventScroll: true });
    } else if (focusKey) {
      let target = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (!target && groupIndex >= 0) {
        const now = root.querySelectorAll(`[data-key^="${CSS.escape(group || "")}:"]`);
        target = now.length
          ? now[Math.min(groupIndex, now.length - 1)]
          : root.querySelector('[data-key="btn:end-turn"]');
      }
      if (target instanceof HTMLElement || target instanceof SVGElement) target.focus({ preventScroll: true });
      else root.focus({ preventScroll: true }); // keep the keys from the notebook
    }
  };

  /**
   * Put the map's sideways scroll back where it was after a redraw (scaled if the zoom
   * changed), and bring the person's pawn into view when it has moved out of sight or
   * when the person's turn starts (else the view stays where the person scrolled it).
   * @param {{left: number, width: number, client: number}|null} before @param {any} view
   */
  function keepMapScroll(before, view) {
    const cur = view.players[view.current];
    const turn = cur && cur.you && !view.is_over ? `${view.turn}:${view.current}` : null;
    if (turn !== ui.pawnTurn) {
      ui.pawnTurn = turn;
      if (turn) ui.pawnSpace = null; // a turn of yours begins: look for your pawn
    }
    const sc = /** @type {HTMLElement|null} */ (root.querySelector(".cw-mapscroll"));
    if (!sc || sc.scrollWidth <= sc.clientWidth + 1) return;
    if (before && before.width) {
      const centre = (before.left + before.client / 2) / before.width;
      sc.scrollLeft = Math.max(0, centre * sc.scrollWidth - sc.clientWidth / 2);
    }
    const me = view.seat === null ? null : view.players[view.seat];
    const who = me && me.status === "in" ? me : view.players[view.current];
    if (!who || who.space === ui.pawnSpace) return;
    ui.pawnSpace = who.space;
    const node = sc.querySelector(`[data-space-id="${CSS.escape(who.space)}"]`);
    if (!(node instanceof SVGGraphicsElement)) return;
    const r = node.getBoundingClientRect();
    const s0 = sc.getBoundingClientRect();
    if (r.left < s0.left + 20 || r.right > s0.right - 20)
      sc.scrollLeft += r.left + r.width / 2 - (s0.left + s0.width / 2);
  }

  /** Redraw the players and dragon bar at the next frame. */
  const drawTableSoon = () => {
    if (!tableFrame) {
      tableFrame = requestAnimationFrame(() => {
        tableFrame = 0;
        draw("table");
      });
    }
  };

  /** Redraw the map at the next frame (never inside a focus or pointer event). */
  const drawMapSoon = () => {
    if (!frame) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        draw(true);
      });
    }
  };

  const input = attachInput(ctx, { draw: () => draw(), drawMapSoon, drawTableSoon });

  // The map's size follows the room it has: the output's width is known only once it is
  // on the page (0 at the first drawing), and a notebook can be narrowed or widened.
  let width = 0;
  const resized = new ResizeObserver(() => {
    if (!root.clientWidth || root.clientWidth === width) return;
    width = root.clientWidth;
    if (root.querySelector(".cw-mapscroll")) drawMapSoon();
  });
  resized.observe(root);

  /**
   * A refusal of the intent a click sent: shown by the control clicked. It comes twice,
   * in the status trait (with its seq) and in the reply (seq -1), in either order: the
   * first places the bubble, the status tells which status line it stands for.
   * @param {string} text @param {number} seq
   */
  const refused = (text, seq) => {
    const b = ui.bubbled;
    if (ui.clicked) {
      input.bubbleAt(text, ui.clicked, seq);
      ui.clicked = null;
    } else if (b && b.seq === -1 && b.text === text) b.seq = seq;
  };

  /** @param {any} msg */
  const onMsg = (msg) => {
    if (msg && msg.kind === "error" && typeof msg.message === "string") refused(msg.message, -1);
    else if (msg && msg.kind === "ok") ui.clicked = null;
    const what = takeReply(ui, msg);
    if (what === "map") drawMapSoon();
    else if (what === "table") drawTableSoon();
    else if (what === "all") draw();
  };
  const redraw = () => draw();
  const onView = () => {
    const v = model.get("view");
    if (v && !v.is_over) ui.overHidden = false;
    if (v && v.is_over) {
      // The end: nothing of the game in progress stays open over the final scores.
      ui.oddsOpen = ui.oddsHover = ui.helpOpen = false;
      ui.hover = ui.target = null;
      ui.bubble = null;
    }
    if (v && v.turn === 1 && v.log_total <= 2) ui.mapFocus = null;
    if (ui.oddsOpen || ui.oddsHover) model.send({ kind: "hover-bag" });
    if (ui.hover) model.send({ kind: "hover-space", id: ui.hover });
    draw();
  };
  const onStatus = () => {
    const st = model.get("status");
    if (st && st.level === "error" && st.text) refused(st.text, st.seq);
    draw();
  };
  model.on("change:view", onView);
  model.on("change:board", redraw);
  model.on("change:status", onStatus);
  model.on("change:busy", redraw);
  model.on("msg:custom", onMsg);
  draw();

  return () => {
    input.detach();
    resized.disconnect();
    model.off("change:view", onView);
    model.off("change:board", redraw);
    model.off("change:status", onStatus);
    model.off("change:busy", redraw);
    model.off("msg:custom", onMsg);
    window.clearTimeout(ui.hoverTimer);
    window.clearTimeout(ui.bubbleTimer);
    if (frame) cancelAnimationFrame(frame);
    if (tableFrame) cancelAnimationFrame(tableFrame);
  };
}

export default { render };
