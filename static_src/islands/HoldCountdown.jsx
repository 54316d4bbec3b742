/**
 * How long the provider holds the price on /book and /pay (spec: "countdown"). The server draws
 * the time the hold ends (templates/pages/book.html, pay.html); this island shows the minutes
 * and seconds left, ticking silently (aria-hidden), and says only three things aloud, politely:
 * five minutes left, one minute left, and that the hold is over (then a link re-prices the offer:
 * never a silent new price). Props: storefront.checkout.islands.hold_countdown_props.
 */
import { useEffect, useState } from "react";
import { checkShape } from "./shape.js";

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  checkShape("hold_countdown_props()", {
    expires: typeof props.expires === "string" && !Number.isNaN(Date.parse(props.expires)),
    reload: typeof props.reload === "string",
    words: Boolean(props.words) && typeof props.words === "object",
  });
}

function clock(seconds, locale) {
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 });
  const one = new Intl.NumberFormat(locale);
  return `${one.format(Math.floor(seconds / 60))}:${two.format(seconds % 60)}`;
}

export default function HoldCountdown(props) {
  const { t } = props.i18n;
  const locale = document.documentElement.lang || "en";
  const end = Date.parse(props.expires);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((end - now) / 1000));

  useEffect(() => {
    if (left === 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left === 0]);

  const said = left === 0 ? t("book.countdown_over") : left <= 60 ? t("book.countdown_one_minute") : left <= 300 ? t("book.countdown_five") : "";
  return (
    <div className={left === 0 ? "book__hold book__hold--over" : "book__hold"}>
      {left > 0 && (
        <p aria-hidden="true">{t("book.countdown", { time: clock(left, locale) })}</p>
      )}
      <p className={left === 0 ? undefined : "visually-hidden"} role="status">{said}</p>
      {left === 0 && <a className="button button--primary" href={props.reload} data-no-prefetch>{t("book.reprice")}</a>}
    </div>
  );
}
