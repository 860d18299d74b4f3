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
  /** @type {Set<Node>} */
  const kept = new Set();
  children.forEach((child, i) => {
    const match = keyed.get(keyOf(child) ?? kindOf(child))?.shift();
    let node = child;
    if (match && match.nodeName === child.nodeName && match.nodeType === child.nodeType) {
      kept.add(match);
      node = morph(match, child);
    }
    const here = parent.childNodes[i];
    if (here !== node) parent.insertBefore(node, here || null);
  });
  for (const node of old) if (!kept.has(node) && node.parentNode === parent) parent.removeChild(node);
}
