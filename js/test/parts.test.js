import { describe, expect, it } from "vitest";
import { ICONS, iconName } from "../icons.js";
import { hereActions } from "../map/features.js";
import { offerStatus } from "../panels/offers.js";

describe("icons named by the view state", () => {
  it("are ours, or the artifact's for a name we do not know", () => {
    expect(iconName("hunter")).toBe("hunter");
    expect(iconName("no-such-icon")).toBe("artifact");
    expect(iconName("toString")).toBe("artifact");
    expect(Object.keys(ICONS)).toContain("vault");
  });
});

describe("what can be done here", () => {
  it("lists the actions about the person's space only", () => {
    const view = {
      actions: [
        { where: "here", label: "Hack the data port" },
        { where: "now", label: "Thrill the audience" },
        { where: "here", label: "Ride the hyperlift to Aft" },
      ],
    };
    expect(hereActions(view)).toBe("here you can: Hack the data port; Ride the hyperlift to Aft (press H)");
    expect(hereActions({ actions: [{ where: "turn", label: "End turn" }] })).toBe("");
    expect(hereActions({})).toBe("");
  });
});

describe("an offer's status", () => {
  const item = { id: "ping", name: "Ping", value: "1 token", text: "", left: 2, owners: ["blue"], legal: false, why: "no" };
  it("is yours, claimable, gone or nothing", () => {
    expect(offerStatus(item, "blue")).toBe("yours");
    expect(offerStatus({ ...item, owners: [], legal: true }, "blue")).toBe("claim now (see Actions)");
    expect(offerStatus({ ...item, owners: [], left: 0 }, "blue")).toBe("none left");
    expect(offerStatus({ ...item, owners: [] }, null)).toBe("");
  });
});
