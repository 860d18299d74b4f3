// The keyboard: which key does what, as data (the help box lists the same keys).

/** Keys that click a button, by the key (lower case) and the button's selector. */
export const KEY_BUTTONS = {
  e: '[data-action="end-turn"]',
  a: '[data-action="play-all"]',
  u: '[data-action="undo"]',
  r: '[data-action="redo"]',
  n: '.cw-head [data-action="new-game"]',
  t: '[data-action="take-artifact"]',
  b: '[data-action="hover-bag"]',
  x: '[data-action="decline"]',
  "?": '[data-action="help"]',
  "+": '[data-action="zoom-in"]',
  "=": '[data-action="zoom-in"]',
  "-": '[data-action="zoom-out"]',
  0: '[data-action="zoom-fit"]',
};

/**
 * What a key press means: click a button (`click`, a selector), jump to the actions of the
 * person's space (`actions`), close what is open (`escape`), or nothing (null).
 * @param {string} key the event's `key`
 * @returns {{click: string}|{actions: true}|{escape: true}|null}
 */
export function keyAction(key) {
  const k = key.length === 1 ? key.toLowerCase() : key;
  if (Object.prototype.hasOwnProperty.call(KEY_BUTTONS, k))
    return { click: KEY_BUTTONS[/** @type {keyof typeof KEY_BUTTONS} */ (k)] };
  if (/^[1-9]$/.test(k)) return { click: `[data-action="choose"][data-option="${Number(k) - 1}"]` };
  if (k === "h") return { actions: true };
  if (k === "Escape") return { escape: true };
  return null;
}
