import { describe, expect, it } from "vitest";
import { headToHeadMark, overloadPanel, removeLabel, requirementsMet } from "../moonrakers/overload.js";

describe("Overload on the table", () => {
  it("counts requirements met up to what the contract asks", () => {
    expect(requirementsMet({ reactor: 3, thruster: 1 }, { reactor: 5, thruster: 0 })).toBe(3);
    expect(requirementsMet({ damage: 2 }, {})).toBe(0);
  });
  it("calls the removal free while Overload's free removal is left", () => {
    expect(removeLabel({ overload: { free_removal: 1 } })).toBe("Remove (free)");
    expect(removeLabel({ overload: { free_removal: 0 } })).toBe("Replace (1 cr)");
    expect(removeLabel({ overload: null })).toBe("Replace (1 cr)");
  });
  it("draws nothing without the option or for an ordinary contract", () => {
    expect(overloadPanel({ overload: null })).toBeNull();
    expect(headToHeadMark({ head_to_head: false })).toBeNull();
  });
});
