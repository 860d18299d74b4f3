// What can be done in a space: the actions the view offers about the person's own space.
// (What a space holds comes from Python, in words and badges: the view state's `words`,
// `badges` and `marks` of each space, the same for every edition.)

/**
 * The actions about the person's space, in words for the room's label ("" when none).
 * @param {any} view
 */
export function hereActions(view) {
  const acts = (view.actions || []).filter((/** @type {any} */ a) => a.where === "here");
  if (!acts.length) return "";
  return `here you can: ${acts.map((/** @type {any} */ a) => a.label).join("; ")} (press H)`;
}
