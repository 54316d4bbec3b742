/** The widget's height reporter (./widget.js): whom it tells, from the props widget_context()
 * builds, and how tall it says the page is. */
import assert from "node:assert/strict";
import test from "node:test";
import { neededHeight, readFrameProps, targetOrigins } from "./widget.js";

test("the props block gives the origins and the message type, and nothing else passes", () => {
  const props = readFrameProps('{"origins": ["https://partner.example", "*", "javascript:x", 3], "type": "storefront:widget-height"}');
  assert.deepEqual(props, { type: "storefront:widget-height", origins: ["https://partner.example"] });
  assert.equal(readFrameProps("not json"), null);
  assert.equal(readFrameProps('{"origins": "https://partner.example", "type": "t"}'), null);
  assert.equal(readFrameProps('{"origins": []}'), null);
});

test("a height goes only to the origin that frames it when the browser names it", () => {
  const origins = ["https://a.example", "https://b.example"];
  assert.deepEqual(targetOrigins(origins, ["https://b.example", "https://top.example"]), ["https://b.example"]);
  assert.deepEqual(targetOrigins(origins, ["https://c.example"]), []);
  assert.deepEqual(targetOrigins(origins, undefined), origins); // no ancestorOrigins: each listed one
});

function fakeDocument({ body, dialogs = [], popovers = [] }) {
  const rect = (top, height) => ({ top, bottom: top + height, height });
  // A dialog: [its box's height, what its scrolling part hides].
  const dialog = ([height, hidden]) => ({
    offsetHeight: height,
    scrollHeight: height,
    clientHeight: height,
    querySelectorAll: () => [{ scrollHeight: 300 + hidden, clientHeight: 300, scrolls: true }],
  });
  return {
    body: { getBoundingClientRect: () => rect(0, body) },
    defaultView: { scrollY: 0, getComputedStyle: (part) => ({ overflowY: part.scrolls ? "auto" : "visible" }) },
    querySelectorAll: (selector) =>
      selector === "dialog[open]"
        ? dialogs.map(dialog)
        : popovers.map(([top, height]) => ({ getBoundingClientRect: () => rect(top, height) })),
  };
}

test("the page needs its body's height, or more for an open dialog or popover", () => {
  assert.equal(neededHeight(fakeDocument({ body: 222.3 })), 223);
  assert.equal(neededHeight(fakeDocument({ body: 222, dialogs: [[500, 0]] }), 800), 532);
  assert.equal(neededHeight(fakeDocument({ body: 222, dialogs: [[400, 100]] }), 800), 532); // scrolled away
  assert.equal(neededHeight(fakeDocument({ body: 222, dialogs: [[440, 4000]] }), 600), 600); // capped
  assert.equal(neededHeight(fakeDocument({ body: 222, popovers: [[170, 235]] })), 421);
  assert.equal(neededHeight(fakeDocument({ body: 222, popovers: [[170, 0]] })), 222); // hidden
});
