/**
 * Builds the islands and the stylesheet with esbuild: ESM, code splitting, minified,
 * content-hashed names, and static_build/islands/manifest.json for Django
 * (storefront/islands/manifest.py) to find the entry files.
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { svgIcons } from "./svg-icons.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "static_build", "islands");

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

/**
 * The islands' catalogs, from the one catalog per locale (locales/{code}.json): `page/{code}.json`
 * is what every island reads (i18n.js, one chunk per locale); the lead popup's texts
 * (`leads.*`) are `leads/leads-{code}.json`, a chunk of their own that loads only when the popup is
 * about to open; the contact form's (`support.*`) are the server's alone and in neither. Written to
 * .build/catalogs (not committed) for esbuild to bundle.
 */
const catalogs = path.join(root, ".build", "catalogs");
await rm(catalogs, { recursive: true, force: true });
await mkdir(path.join(catalogs, "page"), { recursive: true });
await mkdir(path.join(catalogs, "leads"), { recursive: true });
for (const file of await readdir(path.join(root, "locales"))) {
  if (!file.endsWith(".json")) continue;
  // `support.*` (the contact form) is read by the server only: no island carries it.
  const { leads, support, ...page } = JSON.parse(await readFile(path.join(root, "locales", file), "utf8"));
  await writeFile(path.join(catalogs, "page", file), JSON.stringify(page));
  await writeFile(path.join(catalogs, "leads", `leads-${file}`), JSON.stringify({ leads }));
}

/**
 * `import flags from "flag-icons:4x3"`: { "us": URL of the US flag, ... }, one SVG file per
 * country from the flag-icons package (MIT), emitted with content-hashed names. Only the chunk
 * that imports it (the country dialog's) carries the map; a flag file loads when it is shown.
 */
const flagIcons = {
  name: "flag-icons",
  setup(build) {
    build.onResolve({ filter: /^flag-icons:4x3$/ }, () => ({ path: "4x3", namespace: "flag-icons" }));
    build.onLoad({ filter: /.*/, namespace: "flag-icons" }, async () => {
      const dir = path.join(root, "node_modules", "flag-icons", "flags", "4x3");
      const codes = (await readdir(dir)).filter((name) => /^[a-z]{2}\.svg$/.test(name)).map((name) => name.slice(0, 2));
      const lines = codes.map((code) => `import ${code}_ from "flag-icons/flags/4x3/${code}.svg";`);
      lines.push(`export default { ${codes.map((code) => `${code}: ${code}_`).join(", ")} };`);
      return { contents: lines.join("\n"), loader: "js", resolveDir: root };
    });
  },
};

/**
 * `import href from "leaflet/dist/leaflet.css?url"`: the file copied as it is, with a hashed
 * name, and its path (relative to the importing chunk) as the import: for what must stay a file
 * of its own, a map library's stylesheet or MapLibre's web worker (served from 'self', so the
 * CSP needs no blob: workers). Only the chunk that imports it knows it.
 */
const assetUrl = {
  name: "asset-url",
  setup(build) {
    build.onResolve({ filter: /\?url$/ }, async (args) => {
      const found = await build.resolve(args.path.slice(0, -4), { kind: args.kind, resolveDir: args.resolveDir });
      // Relative to the checkout: esbuild hashes a plugin module's path into the names of the
      // chunks that import it, and every checkout must build the same file names (web
      // processes on several machines serve one page's chunks).
      return { path: path.relative(root, found.path), namespace: "asset-url" };
    });
    build.onLoad({ filter: /.*/, namespace: "asset-url" }, async (args) => {
      const file = path.join(root, args.path);
      if (!file.endsWith(".css")) return { contents: await readFile(file), loader: "file" };
      // A stylesheet is minified with the small images it names inlined, so it stands alone.
      const css = await esbuild.build({
        entryPoints: [file],
        bundle: true,
        write: false,
        minify: true,
        loader: { ".png": "dataurl", ".svg": "dataurl" },
        logLevel: "warning",
      });
      return { contents: css.outputFiles[0].contents, loader: "file" };
    });
  },
};

/**
 * `import dialCodes from "countries:dial"`: [[alpha-2, dial code], ...] from the country data
 * Django reads (fixtures/countries.json; "1-684" kept as written), countries without one left
 * out. Only the lead popup's chunk carries it; names come from Intl.DisplayNames there.
 */
const dialCodes = {
  name: "countries-dial",
  setup(build) {
    build.onResolve({ filter: /^countries:dial$/ }, () => ({ path: "dial", namespace: "countries" }));
    build.onLoad({ filter: /.*/, namespace: "countries" }, async () => {
      const rows = JSON.parse(await readFile(path.join(root, "fixtures", "countries.json"), "utf8"));
      const pairs = rows
        .map((row) => [String(row.code).trim().toUpperCase(), String(row.dial_code || "").trim()])
        .filter(([code, dial]) => /^[A-Z]{2}$/.test(code) && /^\d[\d-]*$/.test(dial));
      return { contents: JSON.stringify(pairs), loader: "json" };
    });
  },
};

/**
 * `import { shapes } from "svg-icons:back,chevron"`: the icons islands/icons.jsx draws, from the
 * SVG files the server inlines (templates/includes/icons/), so both draw one icon (svg-icons.mjs).
 */
const icons = svgIcons(root);

// widget.js: the partner widget's height reporter, loaded by the widget layout alone.
const entryPoints = ["static_src/main.js", "static_src/widget.js", "static_src/styles/main.css"];
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  target: ["es2020", "chrome100", "safari15", "firefox100"],
  jsx: "automatic",
  loader: { ".js": "jsx", ".svg": "file" },
  entryNames: "[name]-[hash]",
  chunkNames: "chunks/[name]-[hash]",
  assetNames: "assets/[name]-[hash]",
  plugins: [flagIcons, assetUrl, dialCodes, icons],
  define: { "process.env.NODE_ENV": '"production"' },
  metafile: true,
  legalComments: "none",
  charset: "utf8", // catalogs stay readable and smaller than \u escapes
  logLevel: "warning",
});

// Every checkout must build the same file names: no module may be known by an absolute path
// (esbuild hashes plugin modules' paths into the names of the chunks that import them).
const absolute = Object.keys(result.metafile.inputs).filter((input) => input.includes(root));
if (absolute.length) throw new Error(`modules known by an absolute path: ${absolute.join(", ")}`);

const manifest = {};
for (const [output, meta] of Object.entries(result.metafile.outputs)) {
  if (!entryPoints.includes(meta.entryPoint)) continue; // lazy chunks are entries too
  const name = path.basename(meta.entryPoint);
  manifest[name] = path.relative(path.join(root, "static_build"), path.join(root, output));
}
await writeFile(path.join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log("islands built:", Object.values(manifest).join(", "));
