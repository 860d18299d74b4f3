// Small DOM helpers: HTML and SVG elements from a tag, attributes and children.

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Create an HTML element.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...any} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  append(node, children);
  return node;
}

/**
 * Create an SVG element.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...any} children
 * @returns {SVGElement}
 */
export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  append(node, children);
  return /** @type {SVGElement} */ (node);
}

/**
 * The focused element as seen from `node`'s tree: inside a shadow root (marimo draws
 * widgets in one) `document.activeElement` is only the shadow's host.
 * @param {Node} node
 * @returns {Element|null}
 */
export function focusedIn(node) {
  const tree = node.getRootNode();
  return tree instanceof ShadowRoot ? tree.activeElement : document.activeElement;
}

/** @param {Element} node @param {Record<string, any>} attrs */
export function setAttrs(node, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else node.setAttribute(k, v === true ? "true" : String(v));
  }
}

/** @param {Element} node @param {any[]} children */
export function append(node, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/**
 * The key that pairs an old node with a new one when redrawing in place: its
 * `data-key`, `data-space-id` or `data-path` with its tag, or null (paired by position).
 * @param {Node} node
 */
function keyOf(node) {
  if (!(node instanceof Element)) return null;
  const k =
    node.getAttribute("data-key") || node.getAttribute("data-space-id") || node.getAttribute("data-path");
  return k === null ? null : `${node.nodeName}|${k}`;
}

/** An unkeyed node's kind: its tag and first class ("#text" for text). @param {Node} node */
function kindOf(node) {
  if (!(node instanceof Element)) return `~${node.nodeName}`;
  const cls = (node.getAttribute("class") || "").trim().split(/\s+/)[0];
  return `~${node.nodeName}.${cls}`;
}

/**
 * Redraw in place: make `from` (in the page) look like `to` (just built), keeping every
 * node that has a counterpart, so the element under the pointer or with the focus stays
 * the same element (a click between mouse-down and mouse-up still counts). Returns the
 * node now in the page (`to` itself when `from` could not be kept).
 * @param {Node} from @param {Node} to @returns {Node}
 */
export function morph(from, to) {
  if (from.nodeType !== to.nodeType || from.nodeName !== to.nodeName || keyOf(from) !== keyOf(to)) {
    from.parentNode?.replaceChild(to, from);
    return to;
  }
  if (!(from instanceof Element) || !(to instanceof Element)) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return from;
  }
  // A <details> the person opened or closed stays so (its `open` is theirs).
  const own = (/** @type {string} */ name) => name === "open" && from.nodeName === "DETAILS";
  for (const { name } of [...from.attributes])
    if (!to.hasAttribute(name) && !own(name)) from.removeAttribute(name);
  for (const { name, value } of [...to.attributes])
    if (from.getAttribute(name) !== value && !own(name)) from.setAttribute(name, value);
  // A control the person has used keeps its own value: set the live one.
  if (from instanceof HTMLInputElement && from.type !== "file" && to instanceof HTMLInputElement)
    from.value = to.value;
  morphChildren(from, [...to.childNodes]);
  return from;
}

/**
 * Make the children of `parent` (in the page) be `children` (just built), keeping the
 * old nodes that pair with new ones (by key, else by position among unkeyed nodes).
 *
 * Kept nodes are moved only when their order changed, and then the fewest of them
 * (those off the longest run still in order): moving a node takes it out of the page
 * for a moment, and the browser drops the keyboard focus of anything inside it. (A map
 * redraw that took away a route preview used to move the whole group of rooms, so the
 * room just reached with an arrow key lost the focus, and the keys went to the page.)
 * @param {Node} parent @param {Node[]} children
 */
export function morphChildren(parent, children) {
  const old = [...parent.childNodes];
  // Old nodes by key; unkeyed ones by their kind (tag and first class), in order, so a
  // panel that appears or goes does not shift the pairing of those after it.
  /** @type {Map<string, Node[]>} */
  const keyed = new Map();
  for (const node of old) {
    const k = keyOf(node) ?? kindOf(node);
    const list = keyed.get(k);
    if (list) list.push(node);
    else keyed.set(k, [node]);
  }
  /** @type {Map<Node, number>} where each kept old node was */
  const at = new Map(old.map((node, i) => [node, i]));
  /** @type {Set<Node>} */
  const kept = new Set();
  const nodes = children.map((child) => {
    const match = keyed.get(keyOf(child) ?? kindOf(child))?.shift();
    if (match && match.nodeName === child.nodeName && match.nodeType === child.nodeType) {
      kept.add(match);
      return morph(match, child);
    }
    return child;
  });
  // The old nodes that are gone go first, so those kept need not move past them.
  for (const node of old) if (!kept.has(node) && node.parentNode === parent) parent.removeChild(node);
  const stay = stayPut(nodes.map((node) => (kept.has(node) ? (at.get(node) ?? -1) : -1)));
  // From the end: every node not staying goes in before the one after it.
  /** @type {Node|null} */
  let next = null;
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i];
    if (!stay.has(i) && (node.parentNode !== parent || node.nextSibling !== next))
      parent.insertBefore(node, next);
    next = node;
  }
}

/**
 * Which positions keep their node where it is: the longest run of old positions
 * (`-1`: a new node) that is already in order. The others move.
 * @param {number[]} was the old position of the node at each new position, or -1
 * @returns {Set<number>} the new positions whose node stays put
 */
export function stayPut(was) {
  // Longest increasing subsequence (patience sorting), O(n log n).
  /** @type {number[]} */
  const tails = []; // index in `was` of the last element of the best run of each length
  /** @type {number[]} */
  const prev = new Array(was.length).fill(-1);
  was.forEach((v, i) => {
    if (v < 0) return;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (was[tails[mid]] < v) lo = mid + 1;
      else hi = mid;
    }
    prev[i] = lo ? tails[lo - 1] : -1;
    tails[lo] = i;
  });
  /** @type {Set<number>} */
  const stay = new Set();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) stay.add(i);
  return stay;
}
