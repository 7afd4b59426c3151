/** DOM helpers shared by the studio's views. Text always goes in as textContent, never HTML. */

/** A new element with a class and text content. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, cls = "", text = ""): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}
