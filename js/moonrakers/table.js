// Moonrakers' table: the whole view of an edition with no map (layout "table").
// Drawn from the view the kernel builds for the person's seat
// (clankwidget/widget/parts/moonrakers.py): Dispatch, the negotiation, the execution,
// the hand and secret objectives, the Armory, the captains and the log. Every control
// is a button with a data-intent (or, disabled, a data-why), handled by input.js; the
// offer form builds one offer or counter intent, which the kernel checks.

import { focusedIn, h, morphChildren } from "../dom.js";
import { pawnBadge } from "../pawn.js";
import { keyOf, TABLE_KEYS } from "../keys.js";
import { button } from "../panels/buttons.js";
import { bubble, headButtons, headStatus } from "../panels/header.js";
import { passScreen } from "../panels/pass.js";
import { loadBox, replayBar } from "../panels/replay.js";
import { sincePanel } from "../panels/since.js";
import { cap, logClass } from "../text.js";
import { KIND_WORDS, clampTerms, dealIntent, diceDistribution, expectedHazards, focusPanel, hazardText, progress, proposal, termsText } from "./logic.js";
import { headToHeadMark, overloadPanel, removeLabel } from "./overload.js";

/** @typedef {import("../types.js").Ctx} Ctx */
/** @typedef {import("./logic.js").Terms} Terms */
/** @typedef {{key: string, seat: number|null, terms: Terms}} Draft */

/** The offer being written, per widget (kept across redraws of the same negotiation). */
const drafts = /** @type {WeakMap<Element, Draft>} */ (new WeakMap());

/**
 * Draw the table into the widget's root, keeping the keyboard focus where it was.
 * @param {Ctx} ctx @param {any} view
 */
export function drawTable(ctx, view) {
  const { root } = ctx;
  const active = /** @type {HTMLElement|null} */ (focusedIn(root));
  const hadFocus = !!active && root.contains(active);
  const focusKey = hadFocus && active ? active.getAttribute("data-key") : null;
  const groupKeys = focusKey
    ? [...root.querySelectorAll(`[data-key^="${CSS.escape(groupOf(focusKey))}:"]`)].map((e) => e.getAttribute("data-key") || "")
    : [];
  const logEl = root.querySelector(".cw-log ol");
  const logAtBottom = !logEl || logEl.scrollHeight - logEl.scrollTop - logEl.clientHeight < 30;
  root.classList.toggle("cw-busy", !!ctx.model.get("busy"));
  root.classList.add("cw-mr");
  // in place (keyed nodes kept), so a click between mouse-down and mouse-up always counts
  morphChildren(root, tableParts(ctx, view));
  const newLog = root.querySelector(".cw-log ol");
  if (newLog && logAtBottom) newLog.scrollTop = newLog.scrollHeight;
  if (hadFocus && !root.contains(focusedIn(root))) {
    // The focused control is gone (a button that did its job): see nextFocus. Never a
    // control of another kind that took its place (a second Enter on "Call on Blue"
    // must not press "Stop playing"), so the table itself when nothing fits.
    const target = nextFocus(root, focusKey, groupKeys);
    (target || root).focus({ preventScroll: true });
  }
}

/**
 * Where the focus goes when the focused control is gone: its namesake; else a control of
 * the same kind (the next call-on, a card of the hand), as near its place as can be; else
 * the first playable card; else null (the table).
 * @param {HTMLElement} root @param {string|null} key the gone control's data-key
 * @param {string[]} before the data-keys of its kind before the redraw
 * @returns {HTMLElement|null}
 */
export function nextFocus(root, key, before) {
  /** @param {string} sel */
  const one = (sel) => {
    const el = root.querySelector(sel);
    return el instanceof HTMLElement ? el : null;
  };
  if (key) {
    const same = one(`[data-key="${CSS.escape(key)}"]`);
    if (same) return same;
    const group = groupOf(key);
    const now = /** @type {HTMLElement[]} */ ([...root.querySelectorAll(`[data-key^="${CSS.escape(group)}:"]`)]);
    if (now.length) return now[Math.max(0, Math.min(before.indexOf(key), now.length - 1))];
  }
  return one('[data-action="play"]:not([aria-disabled])');
}

/** A control's kind, from its data-key: "act:call-on:1" is "act:call-on", "hand:2" "hand". @param {string} key */
export function groupOf(key) {
  const i = key.lastIndexOf(":");
  return i > 0 ? key.slice(0, i) : key;
}

/** @param {Ctx} ctx @param {any} view @returns {HTMLElement[]} */
export function tableParts(ctx, view) {
  const focus = focusPanel(view.phase);
  // Hot-seat: between two people's turns only the captains show, and the hand-over
  if (view.pass_to) return [head(ctx, view), captainsBar(view), passScreen(view)];
  return [
    head(ctx, view),
    captainsBar(view),
    sincePanel(view, { points: "prestige", gold: "credits" }),
    view.is_over ? overBanner(view) : null,
    h(
      "div",
      { class: "cw-mr-main" },
      dispatchPanel(view, focus === "dispatch"),
      h("div", { class: "cw-mr-side" }, phasePanel(ctx, view), actionsBar(view)),
    ),
    h("div", { class: "cw-mr-mine" }, handPanel(view), objectivesPanel(view)),
    armoryPanel(view, focus === "armory"),
    overloadPanel(view),
    logPanel(view),
    bubble(ctx.ui.bubble),
  ].filter((x) => x !== null);
}

/** @param {Ctx} ctx @param {any} view */
function head(ctx, view) {
  const { model, ui } = ctx;
  const actor = view.captains[view.actor];
  const { text, level } = headStatus(ctx, view.hint);
  return h(
    "header",
    { class: "cw-head" },
    h(
      "div",
      { class: "cw-title" },
      h("strong", { text: view.title }),
      h("span", { class: "cw-turnno", text: `Turn ${view.turn}` }),
      h(
        "span",
        { class: "cw-turn-who" },
        pawnBadge(view.leader_colour, 20),
        view.captains[view.leader].you ? "You lead" : `${cap(view.leader_colour)} leads`,
      ),
      view.is_over
        ? h("span", { class: "cw-turn-who", text: "Game over" })
        : h(
            "span",
            { class: "cw-mr-phase", "data-role": "phase" },
            actor.you ? "You: " : `${cap(actor.colour)}: `,
            view.phase_text,
            model.get("busy") ? h("span", { class: "cw-spinner", "aria-hidden": "true" }) : null,
          ),
    ),
    headButtons(ctx, view, "nothing to undo"),
    h("div", { class: `cw-status cw-status-${level}`, role: "status", "aria-live": "polite", "data-role": "status", text }),
    replayBar(view),
    ui.loadOpen ? loadBox(ui.saves, view.save_where) : null,
    ui.helpOpen ? helpBox() : null,
  );
}

function helpBox() {
  return h(
    "div",
    { class: "cw-help", role: "note", "aria-label": "Keyboard shortcuts", "data-role": "key-legend" },
    h("dl", {}, TABLE_KEYS.map(([k, v]) => [h("dt", {}, h("kbd", { text: k })), h("dd", { text: v })])),
  );
}

/** @param {any} view */
function captainsBar(view) {
  return h(
    "section",
    { class: "cw-mr-captains", "aria-label": "Captains" },
    view.captains.map((/** @type {any} */ c) => {
      const pct = Math.min(100, (100 * c.prestige) / (view.win || 10));
      const who = c.you ? "You" : `${cap(c.colour)}${c.bot ? ` (${c.bot} bot)` : ""}`;
      return h(
        "div",
        {
          class: `cw-mr-captain${c.acting ? " cw-mr-acting" : ""}${c.leader ? " cw-mr-leader" : ""}`,
          "data-role": "captain",
          "data-colour": c.colour,
          "aria-label": `${who}: ${c.prestige} prestige, ${c.credits} credits, ${c.parts.length} parts${c.leader ? ", leader" : ""}`,
        },
        h("div", { class: "cw-mr-capname" }, pawnBadge(c.colour, 18), h("strong", { text: who }), c.leader ? h("span", { class: "cw-mr-tag", text: "leader" }) : null),
        h(
          "div",
          { class: "cw-mr-track", title: `${c.prestige} of ${view.win} prestige to win` },
          h("span", { class: "cw-mr-trackfill", style: `width:${pct}%` }),
          h("span", { class: "cw-mr-trackval", text: `${c.prestige} / ${view.win} prestige` }),
        ),
        h("div", { class: "cw-mr-facts" }, `${c.credits} cr · hand ${c.hand_count} · deck ${c.deck} · discard ${c.discard} · ${c.objectives} secret`),
        h(
          "div",
          { class: "cw-mr-parts", title: "Command terminal: installed ship parts" },
          Array.from({ length: view.max_parts }, (_, i) => {
            const p = c.parts[i];
            const title = p ? `${p.name}: ${p.text}` : "Free ship-part slot: a part bought at the Armory goes here";
            return h("span", { class: `cw-mr-slot${p ? "" : " cw-mr-slot-empty"}`, title, text: p ? p.name : "free" });
          }),
        ),
        c.claimed.length ? h("div", { class: "cw-mr-facts", text: `Claimed: ${c.claimed.join(", ")}` }) : null,
      );
    }),
  );
}

/** @param {any} view */
function overBanner(view) {
  return h("div", { class: "cw-mr-over", role: "alert", text: view.hint });
}

/** @param {Record<string, number>} req */
function reqChips(req) {
  return Object.entries(req).map(([k, v]) => h("span", { class: `cw-mr-req cw-mr-req-${k}`, text: `${v} ${KIND_WORDS[k] || k}` }));
}

/** @param {any} view @param {boolean} focus */
function dispatchPanel(view, focus) {
  return h(
    "section",
    { class: `cw-mr-dispatch${focus ? " cw-mr-focus" : ""}`, "aria-label": "Dispatch: contracts on offer" },
    h("h4", { text: `Dispatch · ${view.armory.decks.contract_deck} contracts in the deck` }),
    h(
      "ol",
      { class: "cw-mr-contracts" },
      view.dispatch.map((/** @type {any} */ c) => {
        const odds = hazardText(c.hazards);
        const exp = expectedHazards(c.hazards);
        const showChoose = c.choose.legal || view.phase === "plan";
        return h(
          "li",
          {
            class: `cw-mr-contract cw-mr-kind-${c.kind}${c.chosen ? " cw-mr-chosen" : ""}${c.tried ? " cw-mr-tried" : ""}`,
            "data-role": "contract",
            "data-slot": c.slot,
            title: `${c.name}. Needs ${c.requires_text}. Pays ${c.reward_text}. ${c.dice} hazard ${c.dice === 1 ? "die" : "dice"}: ${odds}`,
          },
          h("div", { class: "cw-mr-ctop" }, h("span", { class: "cw-mr-kind", text: cap(c.kind) }), h("strong", { text: c.name })),
          headToHeadMark(c),
          h("div", { class: "cw-mr-reqs" }, reqChips(c.requires)),
          h("div", { class: "cw-mr-reward", text: `Pays ${c.reward_text}` }),
          h(
            "div",
            { class: "cw-mr-dice", "data-role": "odds" },
            h("span", { class: "cw-mr-die", text: c.dice ? `${c.dice} ${c.dice === 1 ? "die" : "dice"}` : "no dice" }),
            c.dice ? h("span", { class: "cw-dim", text: ` ${odds} (≈${exp.toFixed(1)} expected)` }) : null,
          ),
          c.alone === null || c.alone === undefined
            ? null
            : h("div", {
                class: "cw-mr-alone",
                "data-role": "alone",
                title: "The chance the cards in your hand and draw pile meet it without help, played as well as possible",
                text: `Your cards alone: ${Math.round(c.alone * 100)}%`,
              }),
          c.tried ? h("div", { class: "cw-mr-note", text: "negotiation failed this turn" }) : null,
          h(
            "div",
            { class: "cw-mr-cbtns" },
            showChoose
              ? button("choose-contract", c.chosen ? "Chosen" : "Choose", {
                  enabled: c.choose.legal,
                  why: c.choose.why,
                  intent: c.choose.intent,
                  cls: c.choose.legal ? "cw-primary" : "",
                  keyName: `contract:${c.slot}`,
                  key: c.slot < 9 ? String(c.slot + 1) : undefined,
                  extra: { "data-slot": c.slot },
                })
              : null,
            c.swap.legal || view.phase === "plan"
              ? button("swap-contract", "Swap (1 cr)", {
                  enabled: c.swap.legal,
                  why: c.swap.why,
                  intent: c.swap.intent,
                  cls: "cw-quiet",
                  keyName: `swap:${c.slot}`,
                })
              : null,
          ),
        );
      }),
    ),
  );
}

/** @param {Ctx} ctx @param {any} view */
function phasePanel(ctx, view) {
  if (view.keep) return keepPanel(view);
  if (view.deal) return dealPanel(ctx, view);
  if (view.execution) return executionPanel(view);
  if (view.refit)
    return h(
      "section",
      { class: "cw-mr-phasebox cw-mr-focus", "aria-label": "Bonus part" },
      h("h4", { text: "Bonus part" }),
      h("p", { text: `${cap(view.refit.colour)} won ${view.refit.part.name} (${view.refit.part.text}) but the terminal is full.` }),
    );
  return h(
    "section",
    { class: "cw-mr-phasebox", "aria-label": "This turn" },
    h("h4", { text: cap(view.phase_text) }),
    h("p", { class: "cw-dim", text: view.hint }),
  );
}

/** @param {any} view */
function keepPanel(view) {
  return h(
    "section",
    { class: "cw-mr-phasebox cw-mr-focus", "aria-label": "Objectives to put back" },
    h("h4", { text: `Put back ${view.keep.drop} objective${view.keep.drop === 1 ? "" : "s"}` }),
    h(
      "ul",
      { class: "cw-mr-list" },
      view.keep.among.map((/** @type {any} */ o, /** @type {number} */ i) =>
        h(
          "li",
          {},
          button("drop-objective", `Put back ${o.name}`, { enabled: true, intent: o.intent, keyName: `drop:${i}` }),
          h("span", { class: "cw-dim", text: ` ${o.text}` }),
        ),
      ),
    ),
  );
}

/**
 * The negotiation: what is left to share, the deals agreed, the open offer, and the form
 * to make an offer (the leader) or a counter-offer (whoever answers).
 * @param {Ctx} ctx @param {any} view
 */
function dealPanel(ctx, view) {
  const deal = view.deal;
  const contract = view.dispatch[deal.contract];
  const rows = [];
  rows.push(h("p", { class: "cw-mr-left", text: `Left for the leader: ${termsText(deal.left)}` }));
  if (deal.deals.length)
    rows.push(
      h(
        "ul",
        { class: "cw-mr-list", "aria-label": "Deals agreed" },
        deal.deals.map((/** @type {any} */ d) => h("li", {}, pawnBadge(d.colour, 14), ` ${cap(d.colour)} joins: ${d.terms_text}`)),
      ),
    );
  const offer = deal.offer;
  if (offer)
    rows.push(
      h(
        "div",
        { class: "cw-mr-offer", "data-role": "open-offer" },
        pawnBadge(offer.by_colour, 16),
        ` ${cap(offer.by_colour)} ${offer.counters ? "counters" : "offers"} ${cap(offer.colour)}: ${offer.terms_text}`,
        h("span", { class: "cw-dim", text: ` (${offer.counters_left} counter${offer.counters_left === 1 ? "" : "s"} left)` }),
      ),
    );
  if (deal.can_offer && deal.invitable.length) rows.push(offerForm(ctx, view, null));
  else if (deal.can_counter && offer) rows.push(offerForm(ctx, view, offer));
  return h(
    "section",
    { class: "cw-mr-phasebox cw-mr-deal cw-mr-focus", "aria-label": "Negotiation", "data-role": "deal" },
    h("h4", { text: `Negotiating: ${contract.name}` }),
    h("div", { class: "cw-mr-reqs" }, reqChips(contract.requires), h("span", { class: "cw-dim", text: ` · pays ${contract.reward_text} · ${contract.dice} ${contract.dice === 1 ? "die" : "dice"}` })),
    rows,
  );
}

/** Drawings of the offer form so far (its key; see offerForm). */
let formDrawings = 0;

/**
 * The offer form: a captain to invite (offers only) and the four terms, kept within what
 * the contract has left; its button carries the intent as the terms change.
 * @param {Ctx} ctx @param {any} view @param {any|null} counter the open offer to counter
 */
function offerForm(ctx, view, counter) {
  const deal = view.deal;
  const left = counter ? counter.left : deal.left;
  const key = counter
    ? `counter:${deal.contract}:${counter.counters}`
    : `offer:${deal.contract}:${deal.invitable.map((/** @type {any} */ c) => c.seat).join(",")}`;
  let draft = drafts.get(ctx.root);
  if (!draft || draft.key !== key) {
    const seat = counter ? null : deal.invitable[0].seat;
    const terms = counter ? clampTerms(counter.terms, left) : proposal(left, view.captains.length - 1);
    draft = { key, seat, terms };
    drafts.set(ctx.root, draft);
  }
  const d = draft;
  const send = button(counter ? "counter" : "offer", counter ? "Send counter-offer" : "Send offer", {
    enabled: true,
    intent: dealIntent(d.seat, d.terms),
    cls: "cw-primary",
    keyName: "deal:send",
    key: "Enter",
    extra: { "data-submit": "" },
  });
  const summary = h("p", { class: "cw-mr-summary", "data-role": "offer-summary" });
  const refresh = () => {
    d.terms = clampTerms(d.terms, left);
    send.setAttribute("data-intent", JSON.stringify(dealIntent(d.seat, d.terms)));
    const exp = expectedHazards(diceDistribution(view.die || [0], d.terms.dice));
    const to = d.seat === null ? "" : `${cap(view.captains[d.seat].colour)} gets `;
    summary.textContent = `${to}${termsText(d.terms)}${d.terms.dice ? ` (≈${exp.toFixed(2)} hazards expected)` : ""}.`;
  };
  const fields = [];
  if (!counter) {
    fields.push(
      h(
        "label",
        { class: "cw-mr-field" },
        "Invite ",
        (() => {
          const sel = /** @type {HTMLSelectElement} */ (
            h(
              "select",
              { "data-key": "deal:seat", "aria-label": "Captain to invite" },
              deal.invitable.map((/** @type {any} */ c) =>
                h("option", { value: c.seat, selected: c.seat === d.seat, text: cap(c.colour) }),
              ),
            )
          );
          sel.addEventListener("change", () => {
            d.seat = Number(sel.value);
            refresh();
          });
          return sel;
        })(),
      ),
    );
  }
  for (const k of /** @type {(keyof Terms)[]} */ (["prestige", "credits", "bonus", "dice"])) {
    const top = k === "bonus" ? Math.min(1, left.bonus) : left[k];
    const input = /** @type {HTMLInputElement} */ (
      h("input", {
        type: "number",
        min: 0,
        max: top,
        step: 1,
        value: d.terms[k],
        disabled: top <= 0,
        "data-key": `deal:${k}`,
        "data-term": k,
        "aria-label": k === "bonus" ? "Bonus card (0 or 1)" : `${cap(k)} (0 to ${top})`,
      })
    );
    input.addEventListener("input", () => {
      d.terms = { ...d.terms, [k]: Number(input.value) };
      refresh();
    });
    input.addEventListener("change", () => {
      input.value = String(clampTerms(d.terms, left)[k]);
    });
    fields.push(h("label", { class: "cw-mr-field" }, k === "bonus" ? "bonus card " : `${k} `, input, h("span", { class: "cw-dim", text: `/ ${top}` })));
  }
  refresh();
  return h(
    "div",
    {
      class: "cw-mr-form",
      role: "group",
      "aria-label": counter ? "Counter-offer" : "Make an offer",
      "data-role": "offer-form",
      "data-form": "",
      // a new key each drawing: the form is replaced whole, never morphed, because its
      // inputs' listeners hold this drawing's draft and limits
      "data-key": `offer-form:${++formDrawings}`,
    },
    h("div", { class: "cw-mr-fields" }, fields),
    summary,
    send,
  );
}

/** @param {any} view */
function executionPanel(view) {
  const exe = view.execution;
  return h(
    "section",
    { class: "cw-mr-phasebox cw-mr-focus", "aria-label": "Execution", "data-role": "execution" },
    h("h4", { text: `Executing: ${view.contract}` }),
    h(
      "div",
      { class: "cw-mr-progress", "aria-label": "Requirements" },
      progress(exe.requires, exe.met).map((r) =>
        h("span", { class: `cw-mr-req cw-mr-req-${r.kind}${r.done ? " cw-mr-done" : ""}`, text: `${r.label} ${r.met}/${r.need}${r.done ? " ✓" : ""}` }),
      ),
    ),
    h(
      "ul",
      { class: "cw-mr-list" },
      exe.captains.map((/** @type {any} */ c) =>
        h(
          "li",
          { class: c.seat === exe.playing ? "cw-mr-acting" : "", "data-role": "exec-captain", "data-colour": c.colour },
          pawnBadge(c.colour, 14),
          h("strong", { text: ` ${cap(c.colour)}` }),
          ` · rolled ${c.dice} ${c.dice === 1 ? "die" : "dice"}: `,
          h("span", { class: c.exposed ? "cw-mr-bad" : "", "data-role": "hazards", text: `${c.rolled} hazard${c.rolled === 1 ? "" : "s"}, ${c.blocks} blocked` }),
          c.seat === exe.playing ? ` · ${c.actions} action${c.actions === 1 ? "" : "s"} left` : exe.waiting.includes(c.seat) ? " · waiting" : " · done",
          c.played.length ? h("div", { class: "cw-dim", text: `played: ${c.played.map((/** @type {any} */ x) => x.name).join(", ")}` }) : null,
        ),
      ),
    ),
  );
}

/** @param {any} view */
function actionsBar(view) {
  const acts = view.actions || [];
  if (!acts.length) return null;
  return h(
    "section",
    { class: "cw-actions cw-mr-actions", role: "group", "aria-label": "Actions", "data-role": "actions" },
    acts.map((/** @type {any} */ a) =>
      button(a.intent.kind, a.label, {
        enabled: true,
        intent: a.intent,
        key: keyOf(a.intent.kind),
        cls: ["launch", "accept", "end-turn"].includes(a.intent.kind) ? "cw-primary" : "",
        // keyed by what it does: a button that now does something else is a new one,
        // and the focus of the one that did its job never passes to it
        keyName: `act:${actKey(a.intent)}`,
      }),
    ),
  );
}

/**
 * An action's key: its kind, a colon, its arguments ("call-on:2", "refit:-1", "launch:"),
 * so that groupOf gives its kind.
 * @param {Record<string, any>} intent
 */
export function actKey(intent) {
  const { kind, ...args } = intent;
  return `${kind}:${Object.values(args).join(":")}`;
}

/** @param {any} view */
function handPanel(view) {
  const me = view.seat === null ? null : view.captains[view.seat];
  if (!me) return null;
  return h(
    "section",
    { class: "cw-mr-hand", "aria-label": "Your hand" },
    h("h4", { text: `Your hand (${view.hand.length})` }),
    view.hand.length
      ? h(
          "div",
          { class: "cw-mr-cards" },
          view.hand.map((/** @type {any} */ c, /** @type {number} */ i) =>
            h(
              "button",
              {
                type: "button",
                class: `cw-mr-card cw-mr-card-${c.kind}${c.legal ? " cw-mr-playable" : " cw-disabled"}`,
                "data-action": "play",
                "data-intent": JSON.stringify({ kind: "play", card: c.id }),
                "aria-disabled": c.legal ? null : "true",
                "data-why": c.legal ? null : c.why,
                "data-key": `hand:${i}`,
                "data-card": c.id,
                "aria-label": `${c.name}: ${c.text}${c.legal ? "" : `. Not possible: ${c.why}`}`,
                title: c.legal ? `Play ${c.name}` : c.why,
              },
              h("strong", { text: c.name }),
              h("span", { class: "cw-mr-cardtext", text: c.text }),
            ),
          ),
        )
      : h("p", { class: "cw-dim cw-empty", text: "No cards in hand." }),
  );
}

/** @param {any} view */
function objectivesPanel(view) {
  if (view.seat === null) return null;
  return h(
    "section",
    { class: "cw-mr-objectives", "aria-label": "Your secret objectives" },
    h("h4", { text: "Secret objectives" }),
    view.objectives.length
      ? h(
          "ul",
          { class: "cw-mr-list" },
          view.objectives.map((/** @type {any} */ o, /** @type {number} */ i) =>
            h(
              "li",
              {},
              h("strong", { text: o.name }),
              h("span", { class: "cw-dim", text: ` ${o.text} ` }),
              o.claimable ? button("claim-objective", "Reveal (+1 prestige)", { enabled: true, intent: o.intent, cls: "cw-primary", keyName: `obj:${i}` }) : null,
            ),
          ),
        )
      : h("p", { class: "cw-dim cw-empty", text: "None kept." }),
  );
}

/** @param {any} view @param {boolean} focus */
function armoryPanel(view, focus) {
  const a = view.armory;
  const buying = view.phase === "buy" && view.you_act;
  /** @param {any} item @param {string} action @param {string} keyName */
  const buy = (item, action, keyName) =>
    buying || item.legal ? button(action, `Buy (${item.cost} cr)`, { enabled: item.legal, why: item.why, intent: item.intent, keyName }) : null;
  /** @param {string} offer @param {number} slot */
  const repl = (offer, slot) => {
    const r = a.replace[offer][slot];
    return buying && r && r.legal ? button("replace-offer", removeLabel(view), { enabled: true, intent: r.intent, cls: "cw-quiet", keyName: `repl:${offer}:${slot}` }) : null;
  };
  return h(
    "section",
    { class: `cw-mr-armory${focus ? " cw-mr-focus" : ""}`, "aria-label": "The Armory" },
    h("h4", { text: "Armory" }),
    h(
      "div",
      { class: "cw-mr-shelf" },
      h("h5", { text: `Ship parts (${a.decks.part_deck} in the deck)` }),
      h(
        "ul",
        { class: "cw-mr-items" },
        a.parts.map((/** @type {any} */ p) =>
          h(
            "li",
            { "data-role": "part" },
            h("strong", { text: p.name }),
            h("span", { class: "cw-dim", text: ` ${p.cost} cr · ${p.text}` }),
            h("span", { class: "cw-mr-ibtns" }, buy(p, "buy-part", `part:${p.slot}`), repl("parts", p.slot)),
          ),
        ),
      ),
      h("h5", { text: `Crew (${a.decks.crew_deck} in the deck)` }),
      h(
        "ul",
        { class: "cw-mr-items" },
        a.crew.map((/** @type {any} */ c) =>
          h(
            "li",
            { "data-role": "crew" },
            h("strong", { text: c.name }),
            h("span", { class: "cw-dim", text: ` ${c.cost} cr · ${c.text}` }),
            h("span", { class: "cw-mr-ibtns" }, buy(c, "buy-crew", `crew:${c.slot}`), repl("crew", c.slot)),
          ),
        ),
      ),
      h("h5", { text: "Action cards (the tray, not for sale)" }),
      h(
        "ul",
        { class: "cw-mr-items" },
        a.supply.map((/** @type {any} */ c) =>
          h(
            "li",
            { "data-role": "supply" },
            h("strong", { text: c.name }),
            h("span", { class: "cw-dim", text: ` ${c.text} · ${c.count} left` }),
          ),
        ),
      ),
    ),
  );
}

/** @param {any} view */
function logPanel(view) {
  const colours = new Set(view.captains.map((/** @type {any} */ c) => c.colour));
  const start = view.log_total - view.log.length;
  return h(
    "section",
    { class: "cw-foot" },
    h(
      "div",
      { class: "cw-log", "data-role": "log" },
      h("h4", { text: "Log" }),
      h(
        "ol",
        { start: start + 1, "aria-label": "Game log", tabindex: "0", "data-key": "log" },
        view.log.map((/** @type {any} */ line) =>
          h("li", { class: logClass(line.kind), "data-kind": line.kind }, line.actor && colours.has(line.actor) ? pawnBadge(line.actor, 14) : null, line.text),
        ),
      ),
    ),
  );
}
