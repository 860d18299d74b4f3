// The message protocol: intents the view sends, and the replies it reads.
// Every intent is `{kind, ...}` with a kebab-case kind (see clankwidget/widget/__init__.py).

/** @typedef {import("./types.js").Intent} Intent */
/** @typedef {import("./types.js").UiState} UiState */

/** The UI state of a new view. @returns {UiState} */
export function newUiState() {
  return {
    hover: null,
    route: null,
    odds: null,
    oddsOpen: false,
    helpOpen: false,
    overHidden: false,
    mapFocus: null,
    oddsHover: false,
    confirmNew: 0,
    zoom: null,
    pawnSpace: null,
    pawnTurn: null,
    target: null,
    local: null,
    lastSeq: -1,
    hoverTimer: undefined,
    keysActive: false,
    bubble: null,
    bubbled: null,
    clicked: null,
    bubbleTimer: undefined,
    loadOpen: false,
    saves: null,
  };
}

/**
 * Take in a reply from the kernel; says what to redraw: "map", "table", "all" or null.
 * @param {UiState} ui @param {any} msg
 * @returns {"map"|"table"|"all"|null}
 */
export function takeReply(ui, msg) {
  if (!msg || typeof msg !== "object") return null;
  if (msg.kind === "route") {
    ui.route = msg;
    return msg.id === ui.hover ? "map" : null;
  }
  if (msg.kind === "odds") {
    ui.odds = msg;
    return ui.oddsOpen || ui.oddsHover ? "table" : null;
  }
  if (msg.kind === "saves") {
    ui.saves = Array.isArray(msg.names) ? msg.names.filter((/** @type {unknown} */ n) => typeof n === "string") : [];
    return ui.loadOpen ? "all" : null;
  }
  // The status trait carries an error's message too; draw once it has arrived.
  if (msg.kind === "error") return "all";
  return null;
}

/**
 * The intent a clicked element stands for: its `data-intent`, or, for a room reachable
 * this turn, a walk there. Null when it has none.
 * @param {string|null} action @param {string|null} raw @param {string|null} spaceId
 * @returns {Intent|null}
 */
export function intentOf(action, raw, spaceId) {
  if (action === "move-to" && !raw) return spaceId ? { kind: "move-to", id: spaceId } : null;
  return raw ? JSON.parse(raw) : null;
}

/**
 * Whether the edition has `feature` (the view's `features`, from the registry: "map",
 * "bag", "depths", "countdown", "ship"...). The view draws a layer only for an edition
 * that has it. A view without the list (an older kernel) has them all.
 * @param {any} view @param {string} feature
 */
export function hasFeature(view, feature) {
  return !view || !Array.isArray(view.features) || view.features.includes(feature);
}
