import { describe, expect, it } from "vitest";
import {
  clampTerms,
  dealIntent,
  diceDistribution,
  expectedHazards,
  focusPanel,
  hazardText,
  progress,
  proposal,
  termsText,
} from "../moonrakers/logic.js";
import { actKey, groupOf } from "../moonrakers/table.js";

const left = { prestige: 3, credits: 2, bonus: 1, dice: 2 };

describe("offer terms", () => {
  it("are kept within what the contract has left, whole and not negative", () => {
    expect(clampTerms({ prestige: 5, credits: -1, bonus: 3, dice: 1.6 }, left)).toEqual({
      prestige: 3,
      credits: 0,
      bonus: 1,
      dice: 2,
    });
    expect(clampTerms({ prestige: "x", credits: "2" }, left)).toEqual({ prestige: 0, credits: 2, bonus: 0, dice: 0 });
    expect(clampTerms({ prestige: 2 }, { prestige: 0, credits: 0, bonus: 0, dice: 0 }).prestige).toBe(0);
  });
  it("start from an equal share of the prestige, at least 1", () => {
    expect(proposal(left, 2)).toEqual({ prestige: 1, credits: 0, bonus: 0, dice: 0 });
    expect(proposal({ ...left, prestige: 6 }, 1)).toMatchObject({ prestige: 3 });
    expect(proposal({ ...left, prestige: 0 }, 1)).toMatchObject({ prestige: 0 });
  });
  it("make an offer to a seat, or a counter-offer", () => {
    const t = { prestige: 1, credits: 0, bonus: 1, dice: 1 };
    expect(dealIntent(2, t)).toEqual({ kind: "offer", seat: 2, prestige: 1, credits: 0, bonus: 1, dice: 1 });
    expect(dealIntent(null, t)).toEqual({ kind: "counter", prestige: 1, credits: 0, bonus: 1, dice: 1 });
    expect(termsText(t)).toBe("1 prestige, 0 credits, the bonus card, rolls 1 die");
    expect(termsText({ prestige: 0, credits: 1, bonus: 0, dice: 0 })).toBe("0 prestige, 1 credit, rolls no dice");
  });
});

describe("requirements and hazards", () => {
  it("show each requirement with what is met", () => {
    expect(progress({ damage: 3, crew: 1 }, { damage: 3, shield: 2 })).toEqual([
      { kind: "damage", label: "Damage", need: 3, met: 3, done: true },
      { kind: "crew", label: "Crew", need: 1, met: 0, done: false },
    ]);
  });
  it("put the dice odds in words and numbers", () => {
    const two = diceDistribution([0, 0, 0, 1, 1, 2], 2);
    expect(two.map((p) => Math.round(p * 3600))).toEqual([900, 1200, 1000, 400, 100]);
    expect(expectedHazards(two)).toBeCloseTo(4 / 3, 12);
    expect(hazardText(two)).toBe("no hazard 25% · 1: 33% · 2+: 42%");
    expect(hazardText([1])).toBe("no hazard dice");
    expect(diceDistribution([0, 1], 0)).toEqual([1]);
  });
  it("point at the panel of the phase", () => {
    expect(focusPanel("respond")).toBe("deal");
    expect(focusPanel("buy")).toBe("armory");
    expect(focusPanel("unknown")).toBe("dispatch");
  });
});

describe("the table's action keys", () => {
  it("name a button by what it does, so a new action is a new button", () => {
    expect(actKey({ kind: "call-on", seat: 1 })).toBe("call-on:1");
    expect(actKey({ kind: "stop-playing" })).toBe("stop-playing:");
    expect(actKey({ kind: "refit", index: -1 })).toBe("refit:-1");
  });
  it("group buttons by their kind: a call-on never passes its focus to Stop playing", () => {
    expect(groupOf(`act:${actKey({ kind: "call-on", seat: 0 })}`)).toBe("act:call-on");
    expect(groupOf(`act:${actKey({ kind: "launch" })}`)).toBe("act:launch");
    expect(groupOf("hand:3")).toBe("hand");
  });
});
