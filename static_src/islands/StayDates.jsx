/**
 * The dates of a page that shows prices once it has them (a hotel's rooms, the favorites):
 * the form of templates/includes/stay_form.html with the search box's date fields and picker
 * (DateFields.jsx) instead of the browser's date inputs. It sends the same GET, keeping what the
 * form keeps (guests, currency, the favorites' ids...). It mounts with its first words (../words.js);
 * i18next loads with the picker. Props:
 * storefront.search.islands.stay_dates_props.
 */
import { useCallback, useMemo, useState } from "react";
import { DateButton, StayPicker } from "./DateFields.jsx";
import { checkShape } from "./shape.js";
import { bookingWindow, datesError, isIso, localToday } from "../stay.js";

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  checkShape("stay_dates_props()", {
    action: typeof props.action === "string",
    prompt: typeof props.prompt === "string",
    today: isIso(props.today),
    maxDate: isIso(props.maxDate) && props.maxDate > props.today,
    hidden: Array.isArray(props.hidden) && props.hidden.every((pair) => Array.isArray(pair) && pair.length === 2),
    errors: Boolean(props.errors) && typeof props.errors === "object",
    words: Boolean(props.words) && typeof props.words === "object" && Object.values(props.words).every((w) => typeof w === "string"),
  });
}

export default function StayDates(props) {
  const { t } = props.i18n;
  const bounds = useMemo(() => bookingWindow(props.today, props.maxDate, localToday()), [props.today, props.maxDate]);
  const [range, setRange] = useState({ checkIn: null, checkOut: null });
  const [errors, setErrors] = useState(props.errors);
  const [open, setOpen] = useState(null);
  const close = useCallback(() => setOpen(null), []);
  const changeRange = useCallback((next) => {
    setRange(next);
    setErrors({});
  }, []);

  function onSubmit(event) {
    const wrong = datesError(range.checkIn, range.checkOut, bounds);
    if (!wrong) return; // a plain GET with the two dates
    event.preventDefault();
    setErrors({ [wrong[0]]: wrong[1] });
    document.getElementById(wrong[0] === "check_in" ? "hotel-check-in" : "hotel-check-out")?.focus();
  }

  return (
    <form className="hotel-rooms__dates" method="get" action={props.action} noValidate onSubmit={onSubmit}>
      <p className="hotel-rooms__prompt">{t(props.prompt)}</p>
      <DateButton t={t} name="check_in" id="hotel-check-in" value={range.checkIn} label={t("search.check_in")}
        error={errors.check_in} onOpen={setOpen} />
      <DateButton t={t} name="check_out" id="hotel-check-out" value={range.checkOut} label={t("search.check_out")}
        error={errors.check_out} onOpen={setOpen} />
      {props.hidden.map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <button className="button button--primary" type="submit">{t("results.see_rooms")}</button>
      <StayPicker t={t} locale={document.documentElement.lang || "en"} bounds={bounds} range={range}
        onRange={changeRange} start={open} onClose={close} />
    </form>
  );
}
