/**
 * Mounts the React islands that Django rendered into the page.
 *
 * Each `<div data-island="Name" data-props="id">` holds server-rendered fallback markup and points
 * at a `<script type="application/json" id="id">` with its props, built in Python by
 * `storefront/islands/props.py` (one builder per island). Only the islands present on the page are
 * imported (see ./islands/registry.js); React and the page's one catalog load only when needed.
 */
import { registry } from "./islands/registry.js";
import { onChunkFailure, startLivingParts } from "./living.js";

/** The island's props; throws (mount.js reports it) when its props block is missing or no object. */
function readProps(element) {
  const source = document.getElementById(element.dataset.props || "");
  if (!source) throw new Error(`no props block #${element.dataset.props || ""}`);
  let props;
  try {
    props = JSON.parse(source.textContent);
  } catch {
    throw new Error(`props block #${source.id} is not JSON`);
  }
  if (!props || typeof props !== "object" || Array.isArray(props)) {
    throw new Error(`props block #${source.id} is not an object`);
  }
  return props;
}

async function mountIslands() {
  const elements = [...document.querySelectorAll("[data-island]")].filter(
    (element) => element.dataset.island in registry,
  );
  if (elements.length === 0) return;
  try {
    const { mount } = await import("./mount.js");
    await mount(elements, { registry, readProps });
  } catch (error) {
    // A chunk that does not load (a deploy replaced it, the network dropped): reload once.
    console.error(error);
    onChunkFailure();
  }
}

startLivingParts();
mountIslands();
