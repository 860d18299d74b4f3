// The keyboard: which key does what, as data (the help boxes list the same keys).
// One table for every edition: a key clicks the first button its selector finds, and
// each edition's view has only its own buttons (Play all on a map, Accept at the
// Moonrakers table), so one letter serves both without the view knowing the edition.

/** Keys that click a button, by the key (lower case) and the button's selector. */
export const KEY_BUTTONS = {
  e: '[data-action="end-turn"]',
  a: '[data-action="play-all"], [data-action="accept"]',
  u: '[data-action="undo"]',
  r: '[data-action="redo"]',
  n: '.cw-head [data-action="new-game"]',
  t: '[data-action="take-artifact"]',
  b: '[data-action="hover-bag"]',
  x: '[data-action="decline"], [data-action="refuse"]',
  l: '[data-action="launch"]',
  s: '[data-action="stay-at-base"], [data-action="stop-playing"]',
  "?": '[data-action="help"]',
  "+": '[data-action="zoom-in"]',
  "=": '[data-action="zoom-in"]',
  "-": '[data-action="zoom-out"]',
  0: '[data-action="zoom-fit"]',
};

/** Keys that move the focus: to the offer form's first field, to the first playable card. */
export const KEY_FOCUS = {
  c: '[data-form] select, [data-form] input:not([disabled])',
  p: '[data-action="play"]:not([aria-disabled])',
};

/**
 * The key of a button of action `kind` ("A" for accept), shown on the button; undefined
 * when no key clicks it.
 * @param {string} kind
 */
export function keyOf(kind) {
  const sel = `[data-action="${kind}"]`;
  for (const [k, selector] of Object.entries(KEY_BUTTONS))
    if (selector.split(", ").includes(sel)) return k.toUpperCase();
  return undefined;
}

/** The table's (Moonrakers') keys, for its help box. */
export const TABLE_KEYS = [
  ["1 - 8", "choose that contract at Dispatch"],
  ["C", "go to the offer form (Enter sends the offer)"],
  ["A / X", "accept / refuse the offer made to you"],
  ["L", "launch"],
  ["P", "go to your first playable card (Enter plays it)"],
  ["S", "stay at base, or stop playing"],
  ["H", "go to the other actions (call on a captain, abandon…)"],
  ["E", "end the turn (after buying)"],
  ["U / R", "undo / redo"],
  ["N", "new game (press twice)"],
  ["Tab / Shift+Tab", "move between contracts, cards and buttons"],
  ["Arrow keys", "in the offer form: change a number"],
];

/**
 * What a key press means: click a button (`click`, a selector), move the focus (`focus`,
 * a selector), jump to the actions of the person's space (`actions`), close what is open
 * (`escape`), or nothing (null).
 * @param {string} key the event's `key`
 * @returns {{click: string}|{focus: string}|{actions: true}|{escape: true}|null}
 */
export function keyAction(key) {
  const k = key.length === 1 ? key.toLowerCase() : key;
  if (Object.prototype.hasOwnProperty.call(KEY_BUTTONS, k))
    return { click: KEY_BUTTONS[/** @type {keyof typeof KEY_BUTTONS} */ (k)] };
  if (Object.prototype.hasOwnProperty.call(KEY_FOCUS, k))
    return { focus: KEY_FOCUS[/** @type {keyof typeof KEY_FOCUS} */ (k)] };
  if (/^[1-9]$/.test(k)) {
    const i = Number(k) - 1;
    return { click: `[data-action="choose"][data-option="${i}"], [data-action="choose-contract"][data-slot="${i}"]` };
  }
  if (k === "h") return { actions: true };
  if (k === "Escape") return { escape: true };
  return null;
}
