// Words: capitals, plurals, the edition's terms and the cost of a move, as pure functions.

/** @param {string} s */
export const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** @param {number} n @param {string} one @param {string} [many] */
export const plural = (n, one, many) => `${n} ${n === 1 ? one : many || one + "s"}`;

/** Default words (Clank!); the view's `terms` replace them for other editions. */
export const DEFAULT_TERMS = {
  gold: "Gold",
  boss: "Dragon",
  boss_attack: "dragon attack",
  row: "Dungeon row",
  deck: "Dungeon deck",
  space: "room",
  spaces: "rooms",
  place: "dungeon",
  map: "The dungeon",
  cubes: "cubes",
};

/** @param {any} view @returns {typeof DEFAULT_TERMS} */
export const termsOf = (view) => ({ ...DEFAULT_TERMS, ...((view && view.terms) || {}) });

/** @param {import("./types.js").MoveOption} o */
export function costText(o) {
  const parts = [plural(o.boots, "boot")];
  if (o.swords) parts.push(plural(o.swords, "sword"));
  if (o.damage) parts.push(`${o.damage} damage`);
  if (o.teleports) parts.push(plural(o.teleports, "teleport"));
  if (o.lifts) parts.push(o.lifts === 1 ? "a lift ride" : `${o.lifts} lift rides`);
  if (o.coaches) parts.push(o.coaches === 1 ? "a coach ride" : `${o.coaches} coach rides`);
  if (o.gold) parts.push(`${o.gold} gold`);
  return parts.join(", ");
}

/**
 * A coach ride in words, for its title and screen readers: "Coach ride from North Road
 * Coach Stop to Deepway Coach Stop: 1 boot and 4 Gold".
 * @param {string} from @param {string} to @param {number} fare @param {string} gold the edition's word
 */
export function rideText(from, to, fare, gold) {
  return `Coach ride from ${from} to ${to}: 1 boot${fare ? ` and ${fare} ${gold}` : ""}`;
}

/** A percentage, rounded: 0.256 -> "26%". @param {number} x */
export const pct = (x) => `${Math.round((x || 0) * 100)}%`;

/**
 * Damage chances folded to four buckets: 0, 1, 2, and 3 or more.
 * @param {number[]} d probability of 0, 1, 2, ... damage
 */
export function damageBuckets(d) {
  return [d[0] || 0, d[1] || 0, d[2] || 0, d.slice(3).reduce((a, b) => a + b, 0)];
}

/** Log event kinds drawn as a turn's heading, and those drawn as an attack or its outcome. */
const LOG_TURN = new Set(["turn"]);
const LOG_ATTACK = new Set(["attack", "knockout", "countdown", "game-over"]);

/**
 * The CSS classes of a log line of kind `kind` (the engine's structured event).
 * @param {string} kind
 */
export function logClass(kind) {
  const base = `cw-log-${kind}`;
  if (LOG_TURN.has(kind) || kind === "attack" || !LOG_ATTACK.has(kind)) return base;
  return `${base} cw-log-attack`;
}
