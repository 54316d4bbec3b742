/** Checks static_src/crawlers.js against the shared vectors (tests/i18n/test_crawler_twins.py checks the server). */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import { isCrawler } from "./crawlers.js";

const vectors = JSON.parse(readFileSync(new URL("../fixtures/crawler-vectors.json", import.meta.url)));

for (const ua of vectors.crawlers) {
  test(`a crawler: ${ua}`, () => assert.equal(isCrawler(ua), true));
}

for (const ua of vectors.visitors) {
  test(`a visitor: ${JSON.stringify(ua)}`, () => assert.equal(isCrawler(ua), false));
}
