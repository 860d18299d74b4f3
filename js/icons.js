// The icons (16x16 viewBox), drawn here so they never depend on an emoji font.

import { h, s } from "./dom.js";

export const ICONS = {
  skill:
    '<path d="M8 1.5 14 6.5 8 14.5 2 6.5Z" fill="#2f7fc1" stroke="#164a73" stroke-width="1.2"/><path d="M2 6.5h12M8 1.5 5.5 6.5 8 14.5 10.5 6.5Z" fill="none" stroke="#cfe6f7" stroke-width=".8"/>',
  swords:
    '<path d="M3 13 12.5 3.5M12.5 3.5l.5-2 -2 .5M4.8 9.6l1.6 1.6M2.5 13.5l1-1" stroke="#7a2b12" stroke-width="2.2" stroke-linecap="round" fill="none"/><path d="M3 13 12.5 3.5" stroke="#e8e8e8" stroke-width=".9"/>',
  boots:
    '<path d="M5 1.8h4.2v7.4l3.8 1.6c1 .5 1.3 1.2 1.3 2.2V14H3.7V1.8Z" fill="#8a5a2b" stroke="#4a2e12" stroke-width="1.1" stroke-linejoin="round"/><path d="M3.7 12.3h10.6" stroke="#4a2e12" stroke-width="1.1"/>',
  gold: '<circle cx="8" cy="8" r="6.3" fill="#e8b923" stroke="#8a6400" stroke-width="1.3"/><circle cx="8" cy="8" r="3.6" fill="none" stroke="#fff3b0" stroke-width="1.1"/>',
  teleport:
    '<circle cx="8" cy="8" r="6.2" fill="#efe4ff" stroke="#5b3b9a" stroke-width="1.3"/><path d="M8 3.6a4.4 4.4 0 1 1-4.2 3.2M8 6a2 2 0 1 1-1.9 1.4" fill="none" stroke="#5b3b9a" stroke-width="1.3" stroke-linecap="round"/>',
  heart:
    '<path d="M8 14.2 2.4 8.6C.6 6.8 1.4 2.6 4.6 2.6 6.3 2.6 7.3 3.8 8 4.8 8.7 3.8 9.7 2.6 11.4 2.6c3.2 0 4 4.2 2.2 6Z" fill="#d4534b" stroke="#7d1f19" stroke-width="1.1"/>',
  clank:
    '<path d="M2.5 5.2 8 2.3l5.5 2.9v5.7L8 13.8l-5.5-2.9Z" fill="#8d8d8d" stroke="#2b2b2b" stroke-width="1.1" stroke-linejoin="round"/><path d="M2.5 5.2 8 8.1l5.5-2.9M8 8.1v5.7" fill="none" stroke="#2b2b2b" stroke-width="1"/>',
  monster:
    '<path d="M8 1.6c3.4 0 5.8 2.3 5.8 5.3 0 1.9-.9 3.1-2.1 3.8v2.8H4.3v-2.8C3.1 10 2.2 8.8 2.2 6.9 2.2 3.9 4.6 1.6 8 1.6Z" fill="#D55E00" stroke="#5e1f00" stroke-width="1.1"/><circle cx="5.8" cy="7" r="1.4" fill="#fff"/><circle cx="10.2" cy="7" r="1.4" fill="#fff"/><path d="M6.3 11.2v1.6M8 11.2v1.6M9.7 11.2v1.6" stroke="#5e1f00" stroke-width=".9"/>',
  lock: '<rect x="3" y="7" width="10" height="7.5" rx="1.3" fill="#e8b923" stroke="#5a4300" stroke-width="1.2"/><path d="M5.2 7V5a2.8 2.8 0 0 1 5.6 0v2" fill="none" stroke="#5a4300" stroke-width="1.5"/><circle cx="8" cy="10.5" r="1.1" fill="#5a4300"/>',
  artifact:
    '<path d="M4 2.5h8l2.5 3.6L8 14.2 1.5 6.1Z" fill="#f2c94c" stroke="#7a5a00" stroke-width="1.2" stroke-linejoin="round"/><path d="M1.5 6.1h13M5.7 2.5 8 14.2l2.3-11.7" fill="none" stroke="#7a5a00" stroke-width=".8"/>',
  market:
    '<path d="M3.2 5.5h9.6l-.9 8.5H4.1Z" fill="#c98b3c" stroke="#5b3a10" stroke-width="1.2" stroke-linejoin="round"/><path d="M5.6 5.5V4a2.4 2.4 0 0 1 4.8 0v1.5" fill="none" stroke="#5b3a10" stroke-width="1.3"/>',
  crystal:
    '<path d="M8 1.2 11.5 5 10.2 14.5H5.8L4.5 5Z" fill="#9fd3f5" stroke="#1f5f8a" stroke-width="1.2" stroke-linejoin="round"/><path d="M4.5 5h7M8 1.2v13.3" stroke="#1f5f8a" stroke-width=".8"/>',
  secret:
    '<rect x="2.5" y="2.5" width="11" height="11" rx="2" fill="#3d3354" stroke="#15101f" stroke-width="1.1"/><path d="M6.3 6.3a1.8 1.8 0 1 1 2.4 1.7c-.5.2-.7.6-.7 1.1v.6" fill="none" stroke="#f4eaff" stroke-width="1.3" stroke-linecap="round"/><circle cx="8" cy="11.4" r=".8" fill="#f4eaff"/>',
  secretMajor:
    '<rect x="1.5" y="1.5" width="13" height="13" rx="2.5" fill="#7a1f3d" stroke="#f2c94c" stroke-width="1.6"/><path d="M8 3.8 9.2 6.6 12.2 6.8 9.9 8.7 10.7 11.7 8 10 5.3 11.7 6.1 8.7 3.8 6.8 6.8 6.6Z" fill="#f2c94c"/>',
  idol: '<circle cx="8" cy="8.4" r="5.6" fill="#c68d2e" stroke="#5a3a08" stroke-width="1.2"/><circle cx="2.8" cy="7.2" r="1.6" fill="#c68d2e" stroke="#5a3a08"/><circle cx="13.2" cy="7.2" r="1.6" fill="#c68d2e" stroke="#5a3a08"/><circle cx="6.2" cy="7.6" r="1" fill="#2b1a00"/><circle cx="9.8" cy="7.6" r="1" fill="#2b1a00"/><path d="M6 10.8q2 1.4 4 0" fill="none" stroke="#2b1a00" stroke-width="1"/>',
  exit: '<rect x="3" y="1.8" width="10" height="12.4" rx="1" fill="#dfe9d8" stroke="#2f5d23" stroke-width="1.2"/><path d="M5.5 8h6M9 5.5 11.5 8 9 10.5" fill="none" stroke="#2f5d23" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/>',
  dragon:
    '<path d="M1.8 12.5c1.6-5.5 4.6-8.6 9.4-9.5l-1.4 2.2 3.6-.6-1.8 2.6 2.6.6-3 1.4c-1.9.9-3 2.1-3.4 4.2Z" fill="#b8322a" stroke="#4d0e0a" stroke-width="1" stroke-linejoin="round"/><circle cx="9.6" cy="6.4" r=".8" fill="#fff2a8"/>',
  boss: '<rect x="2.5" y="3" width="11" height="10" rx="2.5" fill="#6b4a8e" stroke="#2a1840" stroke-width="1.1"/><path d="M8 3V1.2M6.5 1.2h3" stroke="#2a1840" stroke-width="1.1"/><rect x="4.2" y="6" width="2.8" height="2.2" rx=".6" fill="#ffd24a"/><rect x="9" y="6" width="2.8" height="2.2" rx=".6" fill="#ffd24a"/><path d="M5 10.8h6" stroke="#f4eaff" stroke-width="1.2" stroke-dasharray="1.2 .8"/>',
  port: '<rect x="3" y="3" width="10" height="10" rx="1.6" fill="#1f6f78" stroke="#0b3338" stroke-width="1.1"/><path d="M5.5 1.2v1.8M8 1.2v1.8M10.5 1.2v1.8M5.5 13v1.8M8 13v1.8M10.5 13v1.8M1.2 5.5h1.8M1.2 8h1.8M1.2 10.5h1.8M13 5.5h1.8M13 8h1.8M13 10.5h1.8" stroke="#0b3338" stroke-width="1.1"/><rect x="5.6" y="5.6" width="4.8" height="4.8" rx=".8" fill="#bff1f4"/>',
  lift: '<rect x="2.5" y="1.5" width="11" height="13" rx="2" fill="#dfe6f2" stroke="#2c3e66" stroke-width="1.2"/><path d="M8 3.4 10.6 6.6H5.4ZM8 12.6 10.6 9.4H5.4Z" fill="#2c3e66"/>',
  telepad:
    '<ellipse cx="8" cy="11.5" rx="6.3" ry="2.7" fill="#e6dbff" stroke="#4b2f8a" stroke-width="1.2"/><ellipse cx="8" cy="11.5" rx="3" ry="1.2" fill="#4b2f8a"/><path d="M4.5 9.3 5.6 3M11.5 9.3 10.4 3M8 8.8V2" stroke="#8a6ad0" stroke-width="1.1" stroke-linecap="round"/>',
  checkpoint:
    '<path d="M5.2 1.5h5.6l3.7 3.7v5.6l-3.7 3.7H5.2l-3.7-3.7V5.2Z" fill="#c0392b" stroke="#5a120b" stroke-width="1.1"/><path d="M4.3 8h7.4" stroke="#ffffff" stroke-width="2.2" stroke-linecap="round"/>',
  pod: '<path d="M8 1.3c2.6 1.7 3.9 4.4 3.9 7.6v3.3H4.1V8.9c0-3.2 1.3-5.9 3.9-7.6Z" fill="#e9eef3" stroke="#34495e" stroke-width="1.2" stroke-linejoin="round"/><circle cx="8" cy="7" r="1.7" fill="#56B4E9" stroke="#34495e" stroke-width=".9"/><path d="M5.6 12.3 4.6 15M10.4 12.3l1 2.7M8 12.3V15" stroke="#D55E00" stroke-width="1.3" stroke-linecap="round"/>',
  ticket:
    '<path d="M1.5 4.5h13v2.2a1.4 1.4 0 0 0 0 2.6v2.2h-13V9.3a1.4 1.4 0 0 0 0-2.6Z" fill="#ffd9a0" stroke="#8a4b00" stroke-width="1.1" stroke-linejoin="round"/><path d="M10.5 4.8v6.4" stroke="#8a4b00" stroke-width=".9" stroke-dasharray="1.1 .9"/>',
  vat: '<path d="M5 1.8h6M6 1.8v4L2.8 12.4c-.6 1.2.2 2.3 1.5 2.3h7.4c1.3 0 2.1-1.1 1.5-2.3L10 5.8v-4" fill="#d9f2e3" stroke="#1e6b45" stroke-width="1.2" stroke-linejoin="round"/><path d="M4 10.5h8l1.2 2.4c.3.7-.1 1.3-.9 1.3H3.7c-.8 0-1.2-.6-.9-1.3Z" fill="#2fa36b"/>',
  vault:
    '<rect x="1.8" y="2.5" width="12.4" height="11" rx="1.5" fill="#9aa5b1" stroke="#2f3a45" stroke-width="1.2"/><circle cx="8" cy="8" r="3" fill="#dfe5eb" stroke="#2f3a45" stroke-width="1.1"/><path d="M8 5.6v4.8M5.6 8h4.8" stroke="#2f3a45" stroke-width=".9"/>',
  code: '<rect x="2" y="3.5" width="12" height="9" rx="1.5" fill="#fff3c4" stroke="#6b5200" stroke-width="1.2"/><rect x="3.6" y="5.3" width="3.4" height="2.6" rx=".5" fill="#e8b923" stroke="#6b5200" stroke-width=".6"/><path d="M8.4 6h4M8.4 8h4M3.6 10.3h8.8" stroke="#6b5200" stroke-width="1" stroke-linecap="round"/>',
  hunter:
    '<rect x="2" y="2" width="12" height="12" rx="1.5" fill="#D55E00" stroke="#5e1f00" stroke-width="1.1"/><circle cx="8" cy="8" r="3.4" fill="none" stroke="#ffffff" stroke-width="1.3"/><path d="M8 2.8v2.4M8 10.8v2.4M2.8 8h2.4M10.8 8h2.4" stroke="#ffffff" stroke-width="1.3"/>',
  coach:
    '<path d="M3.6 4.6 4.6 2.4h6.6l1.1 2.2" fill="none" stroke="#4a2508" stroke-width="1.1" stroke-linejoin="round"/><path d="M2.4 4.6h11.2l.7 6.2H1.7Z" fill="#b5651d" stroke="#4a2508" stroke-width="1.1" stroke-linejoin="round"/><rect x="3.8" y="6" width="3.3" height="2.5" rx=".4" fill="#fff3c4"/><rect x="8.9" y="6" width="3.3" height="2.5" rx=".4" fill="#fff3c4"/><circle cx="4.6" cy="12.6" r="2.1" fill="#3b2a12" stroke="#fffaf0" stroke-width=".9"/><circle cx="11.4" cy="12.6" r="2.1" fill="#3b2a12" stroke="#fffaf0" stroke-width=".9"/>',
  lockdown:
    '<rect x="1.2" y="3" width="13.6" height="10" rx="1.5" fill="#ffd400" stroke="#1a1a1a" stroke-width="1.1"/><path d="M3 13 9 3M7.5 13l6-10M.8 8.6 4.4 3" stroke="#1a1a1a" stroke-width="1.8"/>',
};

/**
 * An inline icon (HTML).
 * @param {keyof typeof ICONS} name
 * @param {number} [size]
 */
export function icon(name, size = 16) {
  const span = h("span", { class: `cw-icon cw-icon-${name}`, "aria-hidden": "true" });
  span.innerHTML = `<svg viewBox="0 0 16 16" width="${size}" height="${size}">${ICONS[name]}</svg>`;
  return span;
}

/**
 * An icon inside the board SVG, centred on (x, y).
 * @param {keyof typeof ICONS} name @param {number} x @param {number} y @param {number} size
 */
export function svgIcon(name, x, y, size) {
  const g = s("svg", {
    x: x - size / 2,
    y: y - size / 2,
    width: size,
    height: size,
    viewBox: "0 0 16 16",
    "aria-hidden": "true",
    class: "cw-svgicon",
  });
  g.innerHTML = ICONS[name];
  return g;
}

/** @typedef {keyof typeof ICONS} IconName */

/**
 * An icon name from the synced state, as one of ours (an unknown name, say from a new
 * edition, gets the artifact's, so nothing breaks).
 * @param {string} name
 * @returns {IconName}
 */
export function iconName(name) {
  return Object.prototype.hasOwnProperty.call(ICONS, name) ? /** @type {IconName} */ (name) : "artifact";
}
