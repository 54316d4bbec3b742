/**
 * Whether a user agent is a crawler's: the patterns of fixtures/crawlers.json, the list the server
 * reads too (storefront/i18n/resolution.py `is_crawler`: crawlers see `/` in English), case-
 * insensitive. fixtures/crawler-vectors.json holds both to the same answers (crawlers.test.js).
 */
import PATTERNS from "../fixtures/crawlers.json" with { type: "json" };

const CRAWLER_RE = new RegExp(PATTERNS.join("|"), "i");

export function isCrawler(userAgent) {
  return CRAWLER_RE.test(String(userAgent ?? ""));
}
