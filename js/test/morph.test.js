// Redrawing in place (dom.js): kept nodes move only when their order changed, so the
// element with the keyboard focus is not taken out of the page by a redraw (a browser
// drops the focus of a node that is moved, even for a moment).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { morphChildren as morphDom, stayPut } from "../dom.js";

/** morphChildren on the fake nodes below */
const morphChildren = /** @type {(parent: any, children: any[]) => void} */ (morphDom);

/** @type {FakeNode[]} every node taken out of its parent (moved or removed), in order */
let detached = [];

class FakeNode {
  /** @param {number} type @param {string} name */
  constructor(type, name) {
    this.nodeType = type;
    this.nodeName = name;
    /** @type {FakeNode|null} */
    this.parentNode = null;
    /** @type {FakeNode[]} */
    this.childNodes = [];
    /** @type {string|null} */
    this.nodeValue = null;
  }
  /** @returns {FakeNode|null} */
  get nextSibling() {
    const p = this.parentNode;
    return p ? (p.childNodes[p.childNodes.indexOf(this) + 1] ?? null) : null;
  }
  /** @param {FakeNode} node @param {FakeNode|null} ref */
  insertBefore(node, ref) {
    if (node.parentNode) node.parentNode.removeChild(node);
    const i = ref ? this.childNodes.indexOf(ref) : this.childNodes.length;
    if (i < 0) throw new Error("the reference node is not a child");
    this.childNodes.splice(i, 0, node);
    node.parentNode = this;
    return node;
  }
  /** @param {FakeNode} node */
  removeChild(node) {
    const i = this.childNodes.indexOf(node);
    if (i < 0) throw new Error("not a child");
    this.childNodes.splice(i, 1);
    node.parentNode = null;
    detached.push(node);
    return node;
  }
  /** @param {FakeNode} node */
  append(node) {
    return this.insertBefore(node, null);
  }
  /** @param {FakeNode} to @param {FakeNode} from */
  replaceChild(to, from) {
    this.insertBefore(to, from);
    return this.removeChild(from);
  }
}

class FakeElement extends FakeNode {
  /** @param {string} tag @param {Record<string, string>} [attrs] @param {FakeNode[]} [children] */
  constructor(tag, attrs = {}, children = []) {
    super(1, tag.toUpperCase());
    /** @type {Map<string, string>} */
    this.attrs = new Map(Object.entries(attrs));
    for (const c of children) this.append(c);
  }
  get attributes() {
    return [...this.attrs].map(([name, value]) => ({ name, value }));
  }
  /** @param {string} n */
  getAttribute(n) {
    return this.attrs.has(n) ? /** @type {string} */ (this.attrs.get(n)) : null;
  }
  /** @param {string} n @param {string} v */
  setAttribute(n, v) {
    this.attrs.set(n, v);
  }
  /** @param {string} n */
  removeAttribute(n) {
    this.attrs.delete(n);
  }
  /** @param {string} n */
  hasAttribute(n) {
    return this.attrs.has(n);
  }
}

const g = /** @type {any} */ (globalThis);
const saved = { Element: g.Element, HTMLInputElement: g.HTMLInputElement };
beforeAll(() => {
  g.Element = FakeElement;
  g.HTMLInputElement = class {};
});
afterAll(() => {
  g.Element = saved.Element;
  g.HTMLInputElement = saved.HTMLInputElement;
});

/** @param {string} tag @param {Record<string, string>} [attrs] @param {FakeNode[]} children */
const el = (tag, attrs = {}, ...children) => new FakeElement(tag, attrs, children);

/** A map as board.js draws it: the route preview (when a room is hovered) under the rooms. */
/** @param {string|null} hover @param {boolean} [route] */
const map = (hover, route = false) => [
  el("rect", { class: "cw-map-bg" }),
  el("g", { class: "cw-tunnels" }, el("line", { "data-path": "0" }), el("line", { "data-path": "1" })),
  ...(route ? [el("path", { class: "cw-route-casing" }), el("path", { class: "cw-route" })] : []),
  el("g", { class: "cw-tunnel-badges" }),
  el("g", { class: "cw-trails" }),
  el(
    "g",
    { class: "cw-rooms" },
    ...["a", "b", "c"].map((id) =>
      el("g", { class: `cw-room${hover === id ? " cw-hovered" : ""}`, "data-space-id": id, tabindex: "-1" }),
    ),
  ),
];

/** @param {FakeNode} svg */
const shape = (svg) =>
  svg.childNodes.map((n) => /** @type {FakeElement} */ (n).getAttribute("class")).join(" | ");

describe("redrawing the map in place", () => {
  it("keeps the rooms where they are when the route preview goes, and when it comes", () => {
    const svg = el("svg", {}, ...map("b", true));
    const rooms = svg.childNodes[svg.childNodes.length - 1];
    const focused = rooms.childNodes[2]; // room c, just reached with an arrow key
    detached = [];
    morphChildren(svg, map("c")); // c has no route this turn: the preview goes
    expect(shape(svg)).toBe("cw-map-bg | cw-tunnels | cw-tunnel-badges | cw-trails | cw-rooms");
    expect(svg.childNodes[4]).toBe(rooms);
    expect(rooms.childNodes[2]).toBe(focused);
    expect(/** @type {FakeElement} */ (focused).getAttribute("class")).toBe("cw-room cw-hovered");
    // only the two route paths left the page; nothing that holds the focus moved
    expect(detached.map((n) => /** @type {FakeElement} */ (n).getAttribute("class"))).toEqual([
      "cw-route-casing",
      "cw-route",
    ]);
    morphChildren(svg, map("c", true)); // the kernel's reply: the way there is drawn
    expect(shape(svg)).toBe(
      "cw-map-bg | cw-tunnels | cw-route-casing | cw-route | cw-tunnel-badges | cw-trails | cw-rooms",
    );
    expect(svg.childNodes[6]).toBe(rooms);
    expect(detached).toHaveLength(2);
  });

  it("puts reordered children in the new order, moving the fewest", () => {
    const [a, b, c, d] = ["a", "b", "c", "d"].map((k) => el("li", { "data-key": k }));
    const list = el("ol", {}, a, b, c, d);
    detached = [];
    const e = el("li", { "data-key": "e" });
    morphChildren(list, [...["b", "d", "a"].map((k) => el("li", { "data-key": k })), e]);
    expect(list.childNodes).toEqual([b, d, a, e]);
    // c was removed and a moved (b and d stayed in order); a new node is inserted, not moved
    expect(detached).toEqual([c, a]);
  });
});

describe("which kept nodes stay put", () => {
  it("is the longest run still in order; new nodes (-1) never stay", () => {
    expect([...stayPut([0, 1, 2])].sort()).toEqual([0, 1, 2]);
    expect([...stayPut([-1, 0, -1, 1])].sort()).toEqual([1, 3]);
    expect(stayPut([1, 0]).size).toBe(1);
    expect([...stayPut([3, 0, 1, 2])].sort()).toEqual([1, 2, 3]);
    expect(stayPut([]).size).toBe(0);
    expect(stayPut([-1, -1]).size).toBe(0);
  });
});
