/** An island's first words (./words.js) say what the server resolved, and only that. */
import assert from "node:assert/strict";
import test from "node:test";
import { firstWords, whenSpoken } from "./words.js";

const words = { "search.submit": "Hotels suchen", "guests.adults#3": "3 Erwachsene" };

test("a plain message and a counted one read what the server resolved", () => {
  const { t } = firstWords(words, "de");
  assert.equal(t("search.submit"), "Hotels suchen");
  assert.equal(t("guests.adults", { count: 3 }), "3 Erwachsene");
});

test("a placeholder the server left is filled from the options, as i18next fills it", () => {
  const { t } = firstWords({ "favorites.toggle": "{{hotel}} merken", "x.y": "{{ a }}/{{b}}" }, "de");
  assert.equal(t("favorites.toggle", { hotel: "Hotel {{b}} & Spa" }), "Hotel {{b}} & Spa merken");
  assert.equal(t("x.y", { a: 1 }), "1/{{b}}");
  assert.equal(t("favorites.toggle"), "{{hotel}} merken");
});

test("a message the server did not send shows its key and says so on the console", (context) => {
  const errors = [];
  context.mock.method(console, "error", (message) => errors.push(message));
  const { t } = firstWords(words, "de");
  assert.equal(t("guests.adults", { count: 2 }), "guests.adults");
  assert.equal(t("search.title"), "search.title");
  assert.equal(errors.length, 2);
  assert.match(errors[0], /guests\.adults#2/);
});

test("i18next's own t is ready at once", async () => {
  const plain = (key) => key;
  assert.equal(await whenSpoken(plain), undefined);
  assert.equal(typeof firstWords(words, "de").t.ready, "function");
});
