/**
 * The search box: the same form as templates/includes/search_form.html (same classes, same
 * names for what is submitted), with a destination combobox loaded on first use, a date-range
 * picker loaded on first open, and a guests picker (its panel loaded on first open) writing the one `guests` encoding (so the form never sends
 * rooms/adults/children/age and is never redirected). On submit an anonymous visitor's search is
 * saved (state.js `searches`) for the combobox's "Recent searches", then the form is sent as a
 * plain GET; a logged-in traveller's recent searches come from the account (props.recent).
 * In the partner's widget (props.target "_top", an absolute action on the brand's host) the form
 * and a recent search chosen in the combobox open in the partner's top window, never in the frame.
 * It mounts with its first words (props.words, ../words.js): i18next and the catalog load with the
 * combobox or the first dialog. On the home page it loads at the visitor's first pointer, touch or
 * focus in the form (`load="interaction"`), elsewhere at idle; either way it takes over what the
 * visitor began on the server's form: the text typed into its fields (`resume.typed()`, the
 * destination's suggestions follow it), the focus (mount.js, by `data-focus-key`) and a tap on a
 * date or the guests control (held by main.js, `data-action`), which opens its own picker.
 * Props: storefront.search.islands.search_box_props.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { DateButton, FieldError, StayPicker } from "./DateFields.jsx";
import GuestsField from "./GuestsField.jsx";
import { onChunkFailure } from "../living.js";
import { checkShape } from "./shape.js";
import { useHeldAction } from "./useHeldAction.js";
import { addSearch, readLocal, visibleSearches, writeLocal } from "../state.js";
import { agesComplete, bookingWindow, datesError, isIso, localToday, parseGuests } from "../stay.js";
import { whenSpoken } from "../words.js";

const loadCombobox = () => import("./DestinationCombobox.jsx");

/**
 * The destination field until the combobox's code is wanted: the same input (id, name, look,
 * role) as DestinationCombobox renders, which loads on the first pointer over the field or
 * focus in it and then takes over with the focus and the text typed so far.
 */
function useCombobox(t) {
  const [Combobox, setCombobox] = useState(null);
  const asked = useRef(false);
  const start = useRef({ focused: false, key: null }); // an arrow pressed before it arrived
  const want = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    Promise.all([loadCombobox(), whenSpoken(t)]).then(
      ([module]) => {
        start.current.focused = document.activeElement?.id === "search-destination";
        setCombobox(() => module.default);
      },
      (error) => {
        console.error(error);
        onChunkFailure(); // the plain field goes on working: the form still submits its text
      },
    );
  }, [t]);
  const onKeyDown = useCallback((event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      start.current.key = event.key;
    }
  }, []);
  return [Combobox, want, start, onKeyDown];
}

/** A recent search chosen where the form has a target: in the widget (`_top`) the partner's
 * whole page goes to it, on the brand's host (a cross-origin frame may set its top window's
 * address, not read it); in the brand admin's preview of it (`_blank`), a new tab. */
function openIn(target) {
  if (!target) return undefined;
  return (router) => {
    const url = new URL(router, window.location.href).href;
    if (target === "_top") window.top.location.href = url;
    else window.open(url, target, "noopener");
  };
}

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  const text = (value) => typeof value === "string";
  checkShape("search_box_props()", {
    action: text(props.action),
    target: ["", "_top", "_blank"].includes(props.target),
    destination: text(props.destination),
    place: text(props.place),
    checkIn: text(props.checkIn),
    checkOut: text(props.checkOut),
    guests: text(props.guests),
    today: isIso(props.today),
    maxDate: isIso(props.maxDate) && props.maxDate > props.today,
    locale: text(props.locale),
    kept: Array.isArray(props.kept) && props.kept.every((pair) => Array.isArray(pair) && pair.length === 2),
    errors: Boolean(props.errors) && typeof props.errors === "object" && !Array.isArray(props.errors),
    recent: props.recent === null || (Array.isArray(props.recent) && props.recent.every((s) => typeof s?.router === "string")),
    words: Boolean(props.words) && typeof props.words === "object" && Object.values(props.words).every(text),
  });
}

/** What the visitor typed into the server's form before the island replaced it (mount.js
 * `resume.typed()`, by `data-focus-key`): the destination, and a date typed whole (desktop
 * Chromium's date fields take digits). */
function typedFields(resume) {
  const typed = resume?.typed?.() || {};
  const date = (value) => (isIso(value) ? value : undefined);
  return { destination: typed.destination, checkIn: date(typed.check_in), checkOut: date(typed.check_out) };
}

export default function SearchBox(props) {
  const { action, kept, locale, target } = props;
  const navigate = useMemo(() => openIn(target), [target]);
  const { t } = props.i18n;
  const bounds = useMemo(() => bookingWindow(props.today, props.maxDate, localToday()), [props.today, props.maxDate]);
  // The text typed so far in the server's form (read as the island renders, and again as it
  // takes the server's place: the visitor may type on meanwhile).
  const [typed] = useState(() => typedFields(props.resume));
  const [destination, setDestination] = useState(typed.destination ?? props.destination);
  const [place, setPlace] = useState(typed.destination === undefined ? props.place : ""); // typing drops the place
  const [range, setRange] = useState({
    checkIn: typed.checkIn ?? (isIso(props.checkIn) ? props.checkIn : null),
    checkOut: typed.checkOut ?? (isIso(props.checkOut) ? props.checkOut : null),
  });
  useLayoutEffect(() => {
    const last = typedFields(props.resume);
    if (last.destination !== undefined) {
      setDestination(last.destination);
      setPlace("");
    }
    if (last.checkIn || last.checkOut) {
      setRange((old) => ({ checkIn: last.checkIn ?? old.checkIn, checkOut: last.checkOut ?? old.checkOut }));
    }
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, as the island takes over
  const [rooms, setRooms] = useState(() => parseGuests(props.guests));
  const [errors, setErrors] = useState(props.errors);
  const [pickerOpen, setPickerOpen] = useState(null); // null, "check_in" or "check_out"
  const [guestsOpen, setGuestsOpen] = useState(false);
  // A tap on the server's date field or guests control before the island was on screen.
  useHeldAction(props.resume, (action) => {
    if (action === "check_in" || action === "check_out") setPickerOpen(action);
    else if (action === "guests") setGuestsOpen(true);
  });
  const [Combobox, wantCombobox, comboboxStart, plainKeyDown] = useCombobox(t);
  const closePicker = useCallback(() => setPickerOpen(null), []);
  // A logged-in traveller's searches are the account's (props.recent, newest first); an
  // anonymous visitor's are this browser's.
  const account = Array.isArray(props.recent);
  const recent = useMemo(
    () => (account ? props.recent : visibleSearches(readLocal("searches") || [], bounds.first).slice().reverse()),
    [account, props.recent, bounds.first],
  );

  const changeRange = useCallback((next) => {
    setRange(next);
    setErrors((old) => ({ ...old, check_in: undefined, check_out: undefined }));
  }, []);

  function onSubmit(event) {
    const found = {};
    const dates = datesError(range.checkIn, range.checkOut, bounds);
    if (dates) found[dates[0]] = dates[1];
    if (!agesComplete(rooms)) found.guests = "search.errors.child_ages";
    if (Object.keys(found).length) {
      event.preventDefault();
      setErrors(found);
      const first = ["check_in", "check_out", "guests"].find((name) => found[name]);
      document.getElementById({ check_in: "search-check-in", check_out: "search-check-out", guests: "search-guests" }[first])?.focus();
      return;
    }
    if (account) return; // the results page saves it in the account; the form goes on as a GET
    const form = event.currentTarget;
    const query = new URLSearchParams(new FormData(form)).toString();
    const router = `${form.getAttribute("action") || window.location.pathname}${query ? `?${query}` : ""}`;
    const params = Object.fromEntries(new FormData(form));
    writeLocal("searches", addSearch(readLocal("searches") || [], { router, params, label: destination.trim() }));
    // The form goes on to submit as a plain GET.
  }

  const dateField = (name, value, label) => (
    <DateButton t={t} name={name} id={name === "check_in" ? "search-check-in" : "search-check-out"} value={value}
      label={label} error={errors[name]} onOpen={setPickerOpen} />
  );

  return (
    <form className="search-form" method="get" action={action} target={target || undefined} role="search" aria-label={t("search.title")} noValidate
      onSubmit={onSubmit}>
      <div className={`search-form__field search-form__field--wide${errors.destination ? " field--invalid" : ""}`}>
        <label className="field-label" htmlFor="search-destination">{t("search.destination")}</label>
        {Combobox ? (
          <Combobox t={t} locale={locale} value={destination} onValue={setDestination} place={place} onPlace={setPlace}
            recent={recent} navigate={navigate} error={errors.destination} errorId="search-destination-error" start={comboboxStart.current} />
        ) : (
          <div className="combobox" onPointerEnter={wantCombobox}>
            <input className="input" id="search-destination" data-focus-key="destination" name="destination" type="search" autoComplete="off"
              spellCheck="false" placeholder={t("search.destination_placeholder")} role="combobox"
              aria-autocomplete="list" aria-expanded="false" aria-invalid={errors.destination ? "true" : undefined}
              aria-describedby={errors.destination ? "search-destination-error" : undefined} value={destination}
              onFocus={wantCombobox} onPointerDown={wantCombobox} onKeyDown={plainKeyDown}
              onChange={(event) => {
                setDestination(event.target.value);
                if (place) setPlace("");
              }} />
          </div>
        )}
        <span className="search-form__hint" aria-hidden="true">{t("search.destination_placeholder")}</span>
        <input type="hidden" name="place" value={place} disabled={!place} />
        <FieldError t={t} id="search-destination-error" error={errors.destination} />
      </div>
      {dateField("check_in", range.checkIn, t("search.check_in"))}
      {dateField("check_out", range.checkOut, t("search.check_out"))}
      <div className={`search-form__field search-form__field--narrow guests-field${errors.guests ? " field--invalid" : ""}`}>
        <span className="field-label" id="search-guests-label">{t("search.guests")}</span>
        <GuestsField t={t} locale={locale} rooms={rooms} error={errors.guests} errorId="search-guests-error"
          open={guestsOpen} onOpen={setGuestsOpen}
          onRooms={(next) => {
            setRooms(next);
            if (errors.guests && agesComplete(next)) setErrors((old) => ({ ...old, guests: undefined }));
          }} />
        <FieldError t={t} id="search-guests-error" error={errors.guests} />
      </div>
      {kept.map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <button className="button button--primary button--large search-form__submit" type="submit">
        <svg className="icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"
          strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" />
          <path d="M21 21l-4.3-4.3" />
        </svg>
        <span>{t("search.submit")}</span>
      </button>
      <StayPicker t={t} locale={document.documentElement.lang || locale} bounds={bounds} range={range}
        onRange={changeRange} start={pickerOpen} onClose={closePicker} />
    </form>
  );
}
