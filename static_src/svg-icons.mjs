/**
 * `import { attributes, flipped, shapes } from "svg-icons:back,chevron,..."` (islands/icons.jsx):
 * the icons the islands draw, read at build time from the SVG files the server inlines
 * (templates/includes/icons/{name}.svg, storefront/web/icons.py `icon()`), so an icon has one
 * source. An esbuild plugin (build.mjs); icons.test.js and tests/islands/test_icon_twins.py render
 * every island icon through it and compare it with the server's.
 *
 * Each file is one `<svg>` holding self-closed shapes with plain attribute values, as they are all
 * written; anything else fails the build rather than draw something else. The module gives the
 * `<svg>` attributes (the same for every icon: the islands draw one frame), the names whose file
 * mirrors them in right-to-left pages (`icon--flip-rtl`), and each icon's shapes as
 * [tag, React props]. Whether an island's icon is small (`icon--small`) is the island's choice.
 */
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const ICONS_DIR = path.join("templates", "includes", "icons");
const CLASSES = new Set(["icon", "icon--small", "icon--flip-rtl"]);

const SVG_RE = /^<svg((?:\s+[\w:-]+="[^"&<]*")*)\s*>(.*)<\/svg>\s*$/s;
const SHAPE_RE = /\s*<([a-z]+)((?:\s+[\w:-]+="[^"&<]*")*)\s*\/>/y;
const ATTRIBUTE_RE = /([\w:-]+)="([^"]*)"/g;

/** React's name for an SVG attribute: stroke-width is strokeWidth; aria-* and data-* stay. */
function reactName(name) {
  if (name === "class") return "className";
  return /^(aria|data)-/.test(name) ? name : name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
}

function props(text) {
  return Object.fromEntries([...text.matchAll(ATTRIBUTE_RE)].map(([, name, value]) => [reactName(name), value]));
}

/** One SVG file's { classes, attributes (React props of its <svg>, class left out), shapes }. */
export function parseIcon(text, name) {
  const svg = SVG_RE.exec(text);
  if (!svg) throw new Error(`icon ${name}: not one <svg> element with plain attribute values`);
  const shapes = [];
  let end = 0;
  SHAPE_RE.lastIndex = 0;
  for (let match; (match = SHAPE_RE.exec(svg[2])); end = SHAPE_RE.lastIndex) shapes.push([match[1], props(match[2])]);
  if (!shapes.length || svg[2].slice(end).trim()) throw new Error(`icon ${name}: only self-closed shapes may be inside <svg>`);
  const { className = "", ...attributes } = props(svg[1]);
  const classes = className.split(/\s+/).filter(Boolean);
  const unknown = classes.filter((name) => !CLASSES.has(name));
  if (unknown.length) throw new Error(`icon ${name}: the islands do not draw the classes ${unknown.join(" ")}`);
  return { classes, attributes, shapes };
}

/** The module's source for these icon names. */
export async function iconsModule(root, names) {
  const icons = {};
  for (const name of names) {
    if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`icon name ${JSON.stringify(name)}`);
    icons[name] = parseIcon(await readFile(path.join(root, ICONS_DIR, `${name}.svg`), "utf8"), name);
  }
  const frame = JSON.stringify(icons[names[0]].attributes);
  const other = names.find((name) => JSON.stringify(icons[name].attributes) !== frame);
  if (other) throw new Error(`icon ${other}: its <svg> attributes differ from ${names[0]}'s`);
  return [
    `export const attributes = ${frame};`,
    `export const flipped = ${JSON.stringify(names.filter((name) => icons[name].classes.includes("icon--flip-rtl")))};`,
    `export const shapes = ${JSON.stringify(Object.fromEntries(names.map((name) => [name, icons[name].shapes])))};`,
  ].join("\n");
}

/** The esbuild plugin: `svg-icons:a,b,c` is the module of icons a, b and c. */
export function svgIcons(root) {
  return {
    name: "svg-icons",
    setup(build) {
      // The names, not a file path: esbuild hashes a plugin module's path into chunk names, and
      // every checkout must build the same names (see build.mjs).
      build.onResolve({ filter: /^svg-icons:/ }, (args) => ({ path: args.path.slice("svg-icons:".length), namespace: "svg-icons" }));
      build.onLoad({ filter: /.*/, namespace: "svg-icons" }, async (args) => {
        const names = args.path.split(",");
        return {
          contents: await iconsModule(root, names),
          loader: "js",
          watchFiles: names.map((name) => path.join(root, ICONS_DIR, `${name}.svg`)),
        };
      });
    },
  };
}

/**
 * For the tests: every icon islands/icons.jsx draws, as React renders it (`<Icon name small>`,
 * small when the server's file is), with the file the server inlines: { name: { island, server } }.
 */
export async function renderIslandIcons(root) {
  const esbuild = await import("esbuild");
  const source = await readFile(path.join(root, "static_src", "islands", "icons.jsx"), "utf8");
  const names = /"svg-icons:([^"]+)"/.exec(source)[1].split(",");
  const out = path.join(root, ".build", `icons-${process.pid}-${Date.now()}.mjs`);
  await esbuild.build({
    entryPoints: ["static_src/islands/icons.jsx"],
    absWorkingDir: root,
    outfile: out,
    bundle: true,
    format: "esm",
    platform: "node",
    jsx: "automatic",
    packages: "external", // the checkout's React, the one react-dom/server renders with
    plugins: [svgIcons(root)],
    logLevel: "warning",
  });
  try {
    const { Icon } = await import(pathToFileURL(out).href);
    const { createElement } = await import("react");
    const { renderToStaticMarkup } = await import("react-dom/server");
    const icons = {};
    for (const name of names) {
      const server = await readFile(path.join(root, ICONS_DIR, `${name}.svg`), "utf8");
      const small = parseIcon(server, name).classes.includes("icon--small");
      icons[name] = { island: renderToStaticMarkup(createElement(Icon, { name, small })), server };
    }
    return icons;
  } finally {
    await rm(out, { force: true });
  }
}
