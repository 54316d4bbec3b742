/** A map library's own stylesheet, added to the page once (`href` from build.mjs's ?url). */
const added = new Map();

export function useStylesheet(file, base) {
  const href = new URL(file, base).href;
  if (!added.has(href)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    added.set(
      href,
      new Promise((resolve, reject) => {
        link.onload = resolve;
        link.onerror = () => reject(new Error(`stylesheet ${href} did not load`));
      }),
    );
    document.head.append(link);
  }
  return added.get(href);
}
