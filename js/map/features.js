// What a space holds, in words (for screen readers and the inspector) and as badges (for
// its top edge): pure functions of the synced space.

import { cap, plural } from "../text.js";

/** @typedef {import("../icons.js").IconName} IconName */
/** @typedef {[IconName, string|null, string[]?]} Badge */

/**
 * A ship space's own features: words for screen readers and the inspector, badges for
 * its top edge, and (for the person's own space) what can be done there.
 * @param {any} sp @param {any} view
 * @returns {{words: string[], badges: Badge[], here: string}}
 */
export function shipFeatures(sp, view) {
  /** @type {string[]} */
  const words = [];
  /** @type {Badge[]} */
  const badges = [];
  if (sp.module === undefined) return { words, badges, here: "" };
  if (sp.begin) words.push("every thief starts here");
  if (sp.escape_pods !== null && sp.escape_pods !== undefined) {
    words.push(`escape pods: ${sp.escape_pods} left (reach them with an artifact to escape)`);
    badges.push(["pod", `${sp.escape_pods}`]);
  }
  if (sp.checkpoint) {
    words.push("security checkpoint: entering ends your movement");
    badges.push(["checkpoint", null]);
  }
  if (sp.hyperlift) {
    if (sp.sealed) {
      words.push("hyperlift sealed by the lockdown token");
      badges.push(["lockdown", null]);
    } else {
      const later = sp.lockdown ? "; the lockdown will seal it" : "";
      words.push(`hyperlift: ride to any other hyperlift (no Boots; no more walking this turn)${later}`);
      badges.push(["lift", null]);
    }
  }
  if (sp.telepad) {
    words.push("telepad: with a TelePass, beam to any other telepad");
    badges.push(["telepad", null]);
  }
  if (sp.data_port) {
    const by = sp.data_port.used_by;
    words.push(`data port (${sp.data_port.text}): ${by ? `used by ${cap(by)}` : "free"}`);
    badges.push(["port", null, by ? [by] : []]);
  }
  if (sp.redemption !== null && sp.redemption !== undefined) {
    words.push(`Redemption space${sp.redemption ? ` (+${sp.redemption} tokens)` : ""}: steal an artifact with your tokens`);
    badges.push(["ticket", sp.redemption ? `+${sp.redemption}` : null]);
  }
  if (sp.vat) {
    words.push(
      `cloning vat (${sp.vat.clones.length} of ${sp.vat.squares} squares taken${sp.vat.clones.length ? `: ${sp.vat.clones.map(cap).join(", ")}` : ""})`,
    );
    badges.push(["vat", null, sp.vat.clones]);
  }
  for (const v of sp.vaults || []) {
    words.push(
      `ransack the ${v.name} from here${v.code ? " (needs a command code)" : ""}: ${v.cubes ? `${v.credits} Credits now` : "empty"}`,
    );
    badges.push(["vault", v.cubes ? `+${v.credits}` : "0"]);
  }
  if (sp.enter) {
    words.push(`entering: ${sp.enter}`);
    const m = /\+(\d+) Clank!/.exec(sp.enter);
    badges.push(["clank", m ? `+${m[1]}` : "!"]);
  }
  if (sp.command) words.push("command module: needs a command code");
  const acts = (view.actions || []).filter((/** @type {any} */ a) => a.where === "here");
  const here = acts.length ? `here you can: ${acts.map((/** @type {any} */ a) => a.label).join("; ")} (press H)` : "";
  return { words, badges, here };
}
