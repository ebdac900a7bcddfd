// Small helpers to build HTML and SVG without a framework.

export const NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element with attributes, appended to `parent` when given. */
export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** The SVG tags a Diagram shape may use. */
const SHAPE_TAGS = new Set(['path', 'circle', 'rect', 'line', 'text', 'g', 'polygon', 'polyline', 'ellipse', 'tspan']);

/**
 * Draws a Diagram shape (`{tag, attrs, text, children}`) into `parent`; `extra` attributes are added
 * (a `class` in `extra` is appended to the shape's own).
 */
export function drawShape(shape, parent, extra = {}) {
  if (!shape || !SHAPE_TAGS.has(shape.tag)) return null;
  const attrs = { ...(shape.attrs || {}) };
  for (const [key, value] of Object.entries(extra)) {
    if (key === 'class' && attrs.class) attrs.class = `${attrs.class} ${value}`;
    else attrs[key] = value;
  }
  const node = el(shape.tag, attrs, parent);
  if (shape.text !== null && shape.text !== undefined) node.textContent = shape.text;
  for (const child of shape.children || []) drawShape(child, node);
  return node;
}

/** Removes every child. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** An HTML element with attributes and children. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'class') node.className = value;
    else if (value === true) node.setAttribute(key, '');
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(
      typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child,
    );
  }
  return node;
}

/** Capitalises a word. */
export function cap(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : '';
}

/** Does the reader ask for less motion? */
export function reducedMotion() {
  return !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
}

/** Resolves after `ms` milliseconds. */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Replaces a node's children, skipping null, undefined and false. */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}
