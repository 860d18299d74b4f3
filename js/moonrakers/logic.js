// Moonrakers' pure view logic: offer terms, requirement progress, hazard odds in words.
// No DOM here (vitest tests it); the kernel checks every intent built from these.

/** The four terms of a deal, in the order the negotiation panel shows them. */
export const TERMS = /** @type {const} */ (["prestige", "credits", "bonus", "dice"]);

/** @typedef {{prestige: number, credits: number, bonus: number, dice: number}} Terms */

/** Words for the requirement kinds (the engine's keys). */
export const KIND_WORDS = /** @type {Record<string, string>} */ ({
  damage: "Damage",
  shield: "Shield",
  reactor: "Reactor",
  thruster: "Thruster",
  crew: "Crew",
});

/**
 * Terms kept within what the contract has left to share (whole numbers, 0 or more; the
 * bonus 0 or 1). Anything else the person typed becomes the nearest allowed value.
 * @param {Partial<Record<string, any>>} terms @param {Terms} left
 * @returns {Terms}
 */
export function clampTerms(terms, left) {
  /** @type {any} */
  const out = {};
  for (const k of TERMS) {
    const raw = Number(terms && terms[k]);
    const top = Math.max(0, Math.min(k === "bonus" ? 1 : Infinity, Number(left[k]) || 0));
    out[k] = Number.isFinite(raw) ? Math.max(0, Math.min(top, Math.round(raw))) : 0;
  }
  return out;
}

/**
 * A first proposal to a captain: an equal share of the prestige among the leader and
 * `helpers` captains (at least 1 if there is any), no credits, no bonus, no dice.
 * @param {Terms} left @param {number} helpers
 * @returns {Terms}
 */
export function proposal(left, helpers) {
  const share = Math.floor(left.prestige / (Math.max(1, helpers) + 1));
  return clampTerms({ prestige: Math.max(share, left.prestige ? 1 : 0), credits: 0, bonus: 0, dice: 0 }, left);
}

/**
 * The intent of an offer to `seat` (a counter-offer when `seat` is null).
 * @param {number|null} seat @param {Terms} terms
 */
export function dealIntent(seat, terms) {
  const t = { prestige: terms.prestige, credits: terms.credits, bonus: terms.bonus, dice: terms.dice };
  return seat === null ? { kind: "counter", ...t } : { kind: "offer", seat, ...t };
}

/**
 * Terms in words: "2 prestige, 1 credit, the bonus card, rolls 1 die".
 * @param {Terms} t
 */
export function termsText(t) {
  const out = [`${t.prestige} prestige`, `${t.credits} credit${t.credits === 1 ? "" : "s"}`];
  if (t.bonus) out.push("the bonus card");
  out.push(t.dice ? `rolls ${t.dice} ${t.dice === 1 ? "die" : "dice"}` : "rolls no dice");
  return out.join(", ");
}

/**
 * Each requirement of a contract with what is met so far.
 * @param {Record<string, number>} requires @param {Record<string, number>} met
 * @returns {{kind: string, label: string, need: number, met: number, done: boolean}[]}
 */
export function progress(requires, met) {
  return Object.entries(requires).map(([kind, need]) => {
    const have = (met && met[kind]) || 0;
    return { kind, label: KIND_WORDS[kind] || kind, need, met: have, done: have >= need };
  });
}

/**
 * A distribution of hazards in words: "no hazard 44% · 1: 33% · 2+: 22%" (`top` lumps
 * the tail).
 * @param {number[]} pmf @param {number} [top]
 */
export function hazardText(pmf, top = 2) {
  if (!pmf || !pmf.length || (pmf.length === 1 && pmf[0] >= 1)) return "no hazard dice";
  const pct = (/** @type {number} */ p) => `${Math.round(p * 100)}%`;
  const out = [`no hazard ${pct(pmf[0])}`];
  for (let k = 1; k < Math.min(top, pmf.length); k++) out.push(`${k}: ${pct(pmf[k])}`);
  if (pmf.length > top) out.push(`${top}+: ${pct(pmf.slice(top).reduce((a, b) => a + b, 0))}`);
  return out.join(" · ");
}

/**
 * The chance of 0, 1, 2... hazards on `dice` dice whose faces show `faces` hazards (each
 * face equally likely): the offer form's preview. The kernel's odds
 * (clankwidget.odds.hazard_odds) give the contracts' own.
 * @param {number[]} faces @param {number} dice
 * @returns {number[]}
 */
export function diceDistribution(faces, dice) {
  const top = Math.max(0, ...faces);
  let dist = [1];
  for (let i = 0; i < dice; i++) {
    const next = new Array(dist.length + top).fill(0);
    dist.forEach((p, k) => {
      for (const f of faces) next[k + f] += p / faces.length;
    });
    dist = next;
  }
  return dist;
}

/** The expected number of hazards of a distribution. @param {number[]} pmf */
export function expectedHazards(pmf) {
  return (pmf || []).reduce((acc, p, k) => acc + k * p, 0);
}

/**
 * Which of the table's panels to show for a phase (the rest stay, dimmed or hidden).
 * @param {string} phase
 */
export function focusPanel(phase) {
  return (
    /** @type {Record<string, string>} */ ({
      keep: "objectives",
      plan: "dispatch",
      negotiate: "deal",
      respond: "deal",
      execute: "execution",
      refit: "actions",
      buy: "armory",
    })[phase] || "dispatch"
  );
}
