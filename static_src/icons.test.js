/**
 * The islands draw the server's icons: every icon islands/icons.jsx names, rendered by React, is
 * the SVG file storefront/web/icons.py inlines (React closes shapes with </path> where the file
 * writes <path/>: the same elements). tests/islands/test_icon_twins.py holds it to icon() too.
 */
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";
import { parseIcon, renderIslandIcons } from "./svg-icons.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const icons = await renderIslandIcons(root);
const closed = (markup) => markup.replace(/><\/(?!svg>)[a-z]+>/g, "/>");

for (const [name, { island, server }] of Object.entries(icons)) {
  test(`the island's ${name} icon is the server's`, () => {
    assert.equal(closed(island), server.trimEnd());
  });
}

test("every icon an island names is one it draws", async () => {
  const dir = path.join(root, "static_src", "islands");
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith(".jsx"));
  const named = new Set();
  for (const file of files) {
    const source = await readFile(path.join(dir, file), "utf8");
    for (const [, name] of source.matchAll(/<Icon\s+name="([^"]+)"/g)) named.add(name);
  }
  assert.ok(named.size > 10, "found the islands' icons");
  for (const name of named) assert.ok(name in icons, `${name} has no file in templates/includes/icons/`);
});

test("an SVG the islands could not draw alike fails the build", () => {
  const frame = 'width="20" viewBox="0 0 24 24"';
  assert.deepEqual(parseIcon(`<svg class="icon icon--flip-rtl" ${frame}><path d="M1 2"/><circle r="2"/></svg>`, "ok"), {
    classes: ["icon", "icon--flip-rtl"],
    attributes: { width: "20", viewBox: "0 0 24 24" },
    shapes: [["path", { d: "M1 2" }], ["circle", { r: "2" }]],
  });
  assert.throws(() => parseIcon(`<svg ${frame}><g><path d="M1 2"/></g></svg>`, "nested"), /only self-closed shapes/);
  assert.throws(() => parseIcon(`<svg ${frame}><path d="M1 2"></path></svg>`, "open"), /only self-closed shapes/);
  assert.throws(() => parseIcon(`<svg ${frame}><title>x</title></svg>`, "title"), /only self-closed shapes/);
  assert.throws(() => parseIcon(`<svg class="icon spin" ${frame}><path d="M1 2"/></svg>`, "class"), /classes spin/);
  assert.throws(() => parseIcon(`<svg ${frame}><path d="M1&amp;2"/></svg>`, "entity"), /only self-closed/);
});
