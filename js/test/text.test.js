import { describe, expect, it } from "vitest";
import { DEFAULT_TERMS, cap, costText, damageBuckets, logClass, pct, plural, termsOf } from "../text.js";
import { KEY_FOCUS, TABLE_KEYS, keyAction, keyOf } from "../keys.js";
import { sinceBits } from "../panels/since.js";
import { hasFeature, intentOf, newUiState, takeReply } from "../protocol.js";

describe("words", () => {
  it("capitalises and counts", () => {
    expect(cap("blue")).toBe("Blue");
    expect(cap("")).toBe("");
    expect(plural(1, "boot")).toBe("1 boot");
    expect(plural(3, "boot")).toBe("3 boots");
    expect(plural(2, "Skill", "Skill")).toBe("2 Skill");
  });
  it("takes the edition's terms over Clank!'s", () => {
    expect(termsOf(null)).toEqual(DEFAULT_TERMS);
    const t = termsOf({ terms: { gold: "Credits", space: "space" } });
    expect(t.gold).toBe("Credits");
    expect(t.boss).toBe("Dragon");
  });
  it("says what a move costs", () => {
    expect(costText({ boots: 1, swords: 0, damage: 0, teleports: 0 })).toBe("1 boot");
    expect(costText({ boots: 2, swords: 1, damage: 1, teleports: 1, lifts: 2 })).toBe(
      "2 boots, 1 sword, 1 damage, 1 teleport, 2 lift rides",
    );
    expect(costText({ boots: 0, swords: 0, damage: 0, teleports: 0, lifts: 1 })).toBe("0 boots, a lift ride");
    expect(costText({ boots: 2, swords: 0, damage: 0, teleports: 0, coaches: 1, gold: 4 })).toBe(
      "2 boots, a coach ride, 4 gold",
    );
  });
  it("folds damage odds into 0, 1, 2 and 3+", () => {
    expect(damageBuckets([0.5, 0.2, 0.1, 0.1, 0.1])).toEqual([0.5, 0.2, 0.1, expect.closeTo(0.2)]);
    expect(damageBuckets([1])).toEqual([1, 0, 0, 0]);
    expect(pct(0.256)).toBe("26%");
    expect(pct(NaN)).toBe("0%");
  });
});

describe("keys", () => {
  it("maps letters, either case, to their buttons", () => {
    expect(keyAction("e")).toEqual({ click: '[data-action="end-turn"]' });
    expect(keyAction("E")).toEqual({ click: '[data-action="end-turn"]' });
    expect(keyAction("n")).toEqual({ click: '.cw-head [data-action="new-game"]' });
    expect(keyAction("=")).toEqual(keyAction("+"));
    expect(keyAction("0")).toEqual({ click: '[data-action="zoom-fit"]' });
  });
  it("maps digits to the options of a choice, or to the contracts at Dispatch", () => {
    expect(keyAction("1")).toEqual({
      click: '[data-action="choose"][data-option="0"], [data-action="choose-contract"][data-slot="0"]',
    });
    expect(keyAction("9")).toEqual({
      click: '[data-action="choose"][data-option="8"], [data-action="choose-contract"][data-slot="8"]',
    });
  });
  it("serves the table's actions with the same letters, each shown on its button", () => {
    expect(keyAction("a")).toEqual({ click: '[data-action="play-all"], [data-action="accept"]' });
    expect(keyAction("L")).toEqual({ click: '[data-action="launch"]' });
    expect(keyOf("accept")).toBe("A");
    expect(keyOf("refuse")).toBe("X");
    expect(keyOf("stop-playing")).toBe("S");
    expect(keyOf("end-turn")).toBe("E");
    expect(keyOf("abandon")).toBeUndefined();
    expect(keyOf("play")).toBeUndefined(); // no prefix match with play-all
  });
  it("moves the focus to the offer form or the first playable card", () => {
    expect(keyAction("c")).toEqual({ focus: KEY_FOCUS.c });
    expect(keyAction("p")).toEqual({ focus: '[data-action="play"]:not([aria-disabled])' });
  });
  it("lists every table key in the table's legend", () => {
    const legend = TABLE_KEYS.map(([k]) => k).join(" ");
    for (const k of ["1 - 8", "C", "A / X", "L", "P", "S", "H", "E"]) expect(legend).toContain(k);
  });
  it("knows H, Escape, and nothing else", () => {
    expect(keyAction("h")).toEqual({ actions: true });
    expect(keyAction("Escape")).toEqual({ escape: true });
    expect(keyAction("q")).toBeNull();
    expect(keyAction("Tab")).toBeNull();
    expect(keyAction("constructor")).toBeNull();
  });
});

describe("protocol", () => {
  it("keeps a route reply and redraws the map only for the hovered space", () => {
    const ui = newUiState();
    ui.hover = "crypt";
    expect(takeReply(ui, { kind: "route", id: "crypt" })).toBe("map");
    expect(takeReply(ui, { kind: "route", id: "hall" })).toBeNull();
    expect(ui.route.id).toBe("hall");
  });
  it("keeps the odds and redraws the table only while they show", () => {
    const ui = newUiState();
    expect(takeReply(ui, { kind: "odds", draws: 3 })).toBeNull();
    ui.oddsOpen = true;
    expect(takeReply(ui, { kind: "odds", draws: 4 })).toBe("table");
    expect(ui.odds.draws).toBe(4);
  });
  it("keeps the saves Load lists, only names, and redraws while the box is open", () => {
    const ui = newUiState();
    expect(takeReply(ui, { kind: "saves", names: ["clank-clank-seed1-turn2.json"] })).toBeNull();
    ui.loadOpen = true;
    expect(takeReply(ui, { kind: "saves", names: ["a.json", 5, null, "b.json"] })).toBe("all");
    expect(ui.saves).toEqual(["a.json", "b.json"]);
    expect(takeReply(ui, { kind: "saves", names: "nope" })).toBe("all");
    expect(ui.saves).toEqual([]);
  });
  it("redraws all on an error and ignores the rest", () => {
    const ui = newUiState();
    expect(takeReply(ui, { kind: "error", message: "no" })).toBe("all");
    expect(takeReply(ui, { kind: "ok" })).toBeNull();
    expect(takeReply(ui, null)).toBeNull();
    expect(takeReply(ui, "route")).toBeNull();
  });
  it("reads a control's intent", () => {
    expect(intentOf("play", '{"kind":"play","card":"burgle"}', null)).toEqual({ kind: "play", card: "burgle" });
    expect(intentOf("move-to", null, "crypt")).toEqual({ kind: "move-to", id: "crypt" });
    expect(intentOf("move-to", '{"kind":"move-to","id":"a","option":1}', "a")).toEqual({
      kind: "move-to",
      id: "a",
      option: 1,
    });
    expect(intentOf("inspect", null, "crypt")).toBeNull();
  });
});

describe("log lines", () => {
  it("take their classes from the engine's event kind, not from the words", () => {
    expect(logClass("turn")).toBe("cw-log-turn");
    expect(logClass("attack")).toBe("cw-log-attack");
    expect(logClass("knockout")).toBe("cw-log-knockout cw-log-attack");
    expect(logClass("game-over")).toContain("cw-log-attack");
    expect(logClass("play")).toBe("cw-log-play");
  });
});

describe("features", () => {
  it("are the edition's list, or all of them for a view without one", () => {
    const view = { features: ["deck", "map", "bag"] };
    expect(hasFeature(view, "bag")).toBe(true);
    expect(hasFeature(view, "countdown")).toBe(false);
    expect(hasFeature({}, "countdown")).toBe(true);
    expect(hasFeature(null, "depths")).toBe(true);
  });
});

describe("since your last turn", () => {
  const base = { trail: [""], gained: [], defeated: [], bought: [], artifacts: 0, clank: 0 };
  it("says what a captain did: contracts and how they went, dice, prestige, credits", () => {
    const p = {
      ...base,
      colour: "yellow",
      bought: ["Yellow buys Deflector Array"],
      contracts: [{ text: "Yellow chooses Map the rift (explore, 2 dice)", result: "success" }],
      rolled: [1, 0],
      points: 2,
      gold: -3,
    };
    expect(sinceBits(p, { points: "prestige", gold: "credits" })).toEqual([
      "chooses Map the rift (explore, 2 dice): success",
      "rolled 1 hazard, then 0 hazards",
      "buys Deflector Array",
      "gained 2 prestige",
      "lost 3 credits",
    ]);
  });
  it("names the rooms of a trail, and leaves out words the layout does not give", () => {
    const p = { ...base, colour: "red", trail: ["a", "b", "c"], points: 4, gold: 2 };
    const names = new Map([["b", "Crypt"]]);
    expect(sinceBits(p, { names })).toEqual(["moved to Crypt → c"]);
  });
  it("says how the health meter moved, either way, and nothing when it stood still", () => {
    const hurt = { ...base, colour: "yellow", clank: 2, damage: [0, 1] };
    expect(sinceBits(hurt, {})).toEqual(["added 2 Clank!", "took damage: 0 → 1 on the health meter"]);
    const healed = { ...base, colour: "green", damage: [4, 2] };
    expect(sinceBits(healed, {})).toEqual(["healed: 4 → 2 on the health meter"]);
    expect(sinceBits({ ...base, colour: "blue", damage: [3, 3] }, {})).toEqual([]);
  });
});
