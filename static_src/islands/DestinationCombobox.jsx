/**
 * The search box's destination field: a WAI-ARIA 1.2 combobox with a listbox popup (list
 * autocomplete). Suggestions come from /search/places (debounced, at least 2 characters, stale
 * answers aborted); the visitor's saved searches come first under "Recent searches" while the
 * field is empty or they match. Choosing a place fills the text and the hidden `place` input;
 * typing again clears `place`. Choosing a saved search opens its URL (through `navigate` when the
 * search box gives one: the widget opens it in the partner's top window). A polite status region
 * says how many suggestions there are. Its own chunk: SearchBox shows a plain field of the same
 * look until the visitor first points at or focuses it, then swaps this in (focus and text kept).
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Icon } from "./icons.jsx";
import { formatDay, guestsSummary, parseGuests } from "../stay.js";

function Clock() {
  return (
    <svg className="icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

const DEBOUNCE_MS = 200;
const MIN_CHARS = 2;
const PLACE_TYPES = new Set(["city", "region", "country", "district", "landmark", "airport", "hotel"]);

function fold(text, locale) {
  return String(text ?? "").normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase(locale);
}

export default function DestinationCombobox({ t, locale, value, onValue, place, onPlace, recent, navigate, error, errorId, start }) {
  const id = useId().replace(/:/g, "");
  const listId = `${id}-list`;
  const inputRef = useRef(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [places, setPlaces] = useState([]);
  const [answered, setAnswered] = useState(""); // the text the places belong to
  const typed = value.trim();

  // Loaded on first use (SearchBox): the visitor may already be in the field, typing, and may
  // have pressed an arrow key to reach the suggestions (`start`). A layout effect: the focus
  // moves in the same task that replaced the plain field, so no keystroke falls between.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!start?.focused || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    setOpen(true);
    if (start.key === "ArrowDown") setActive(0);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on mount

  // Suggestions: debounced, the previous request aborted when the text changes.
  useEffect(() => {
    if (place || typed.length < MIN_CHARS) {
      setPlaces([]);
      setAnswered("");
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const url = `/search/places?q=${encodeURIComponent(typed)}&locale=${encodeURIComponent(locale)}`;
        const response = await fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } });
        const body = await response.json().catch(() => ({ places: [] }));
        if (controller.signal.aborted) return;
        setPlaces(Array.isArray(body?.places) ? body.places : []); // 503: an empty list, text kept
        setAnswered(typed);
      } catch {
        /* aborted (a newer text) or offline: keep what was typed, show nothing */
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed, place, locale]);

  const matchingRecent = useMemo(() => {
    const needle = fold(typed, locale);
    return recent.filter((search) => !needle || place || fold(search.label, locale).includes(needle)).slice(0, 5);
  }, [recent, typed, place, locale]);

  const shownPlaces = place ? [] : places;
  const options = [
    ...matchingRecent.map((search) => ({ kind: "recent", search })),
    ...shownPlaces.map((found) => ({ kind: "place", place: found })),
  ];
  const expanded = open && options.length > 0;
  const activeId = expanded && active >= 0 && active < options.length ? `${id}-option-${active}` : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  function choose(option) {
    if (option.kind === "recent") {
      setOpen(false);
      if (navigate) navigate(option.search.router);
      else window.location.assign(option.search.router);
      return;
    }
    onValue(option.place.name);
    onPlace(String(option.place.id));
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event) {
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!count) return;
        if (!expanded) {
          setOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else if (!event.altKey) setActive((active + 1) % count);
        return;
      case "ArrowUp":
        event.preventDefault();
        if (!count) return;
        setOpen(true);
        setActive(!expanded || active <= 0 ? count - 1 : active - 1);
        return;
      case "Home":
      case "End":
        // The editing cursor moves in the text; the visual focus goes back to the field.
        if (expanded && active >= 0) {
          event.preventDefault();
          const at = event.key === "Home" ? 0 : value.length;
          inputRef.current.setSelectionRange(at, at);
          setActive(-1);
        }
        return;
      case "Enter":
        if (activeId) {
          event.preventDefault(); // accept the suggestion; the next Enter submits
          choose(options[active]);
        }
        return;
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          event.preventDefault();
          onValue("");
          onPlace("");
        }
        return;
      case "Tab":
        if (activeId && options[active].kind === "place") choose(options[active]);
        setOpen(false);
        return;
      default:
    }
  }

  const status = !open || place || typed.length < MIN_CHARS || answered !== typed
    ? ""
    : shownPlaces.length
      ? t("combobox.results", { count: shownPlaces.length })
      : t("combobox.no_results", { query: typed });

  const describedBy = error ? errorId : undefined;
  let index = -1;
  const renderOption = (option) => {
    index += 1;
    const i = index;
    const optionId = `${id}-option-${i}`;
    const common = {
      id: optionId,
      role: "option",
      "aria-selected": i === active ? "true" : "false",
      className: `combobox__option${i === active ? " combobox__option--active" : ""}`,
      onMouseDown: (event) => event.preventDefault(), // the field keeps the focus
      onClick: () => choose(option),
      onMouseMove: () => i !== active && setActive(i),
    };
    if (option.kind === "recent") {
      const { search } = option;
      const { check_in: checkIn, check_out: checkOut, guests } = search.params || {};
      const dates = checkIn && checkOut
        ? t("search.summary_dates", { check_in: formatDay(checkIn), check_out: formatDay(checkOut) })
        : formatDay(checkIn);
      const detail = [dates, guestsSummary(t, parseGuests(guests), locale)]
        .filter(Boolean).join(" · ");
      return (
        <div key={`r-${search.router}`} {...common}>
          <span className="combobox__icon" aria-hidden="true"><Clock /></span>
          <span className="combobox__text">
            <span className="combobox__name">{search.label || search.params?.destination || ""}</span>
            <span className="combobox__detail">{detail}</span>
          </span>
        </div>
      );
    }
    const found = option.place;
    const type = PLACE_TYPES.has(found.type) ? t(`place.${found.type}`) : "";
    return (
      <div key={`p-${found.id}`} {...common}>
        <span className="combobox__icon" aria-hidden="true"><Icon name="pin" /></span>
        <span className="combobox__text">
          <span className="combobox__name">{found.name}</span>
          <span className="combobox__detail">{[type, found.country].filter(Boolean).join(" · ")}</span>
        </span>
      </div>
    );
  };

  return (
    <div className="combobox">
      <input
        ref={inputRef}
        data-focus-key="destination"
        className="input"
        id="search-destination"
        name="destination"
        type="search"
        autoComplete="off"
        spellCheck="false"
        placeholder={t("search.destination_placeholder")}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded ? "true" : "false"}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => {
          onValue(event.target.value);
          if (place) onPlace("");
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="combobox__popup" id={listId} role="listbox" aria-label={t("search.destination")} hidden={!expanded}>
        {matchingRecent.length > 0 && (
          <div role="group" aria-labelledby={`${id}-recent`}>
            <div className="combobox__group" role="presentation" id={`${id}-recent`}>{t("combobox.recent")}</div>
            {matchingRecent.map((search) => renderOption({ kind: "recent", search }))}
          </div>
        )}
        {shownPlaces.length > 0 && (
          <div role="group" aria-labelledby={`${id}-places`}>
            {matchingRecent.length > 0 && <div className="combobox__group" role="presentation" id={`${id}-places`}>{t("combobox.suggestions")}</div>}
            {matchingRecent.length === 0 && <span hidden id={`${id}-places`}>{t("combobox.suggestions")}</span>}
            {shownPlaces.map((found) => renderOption({ kind: "place", place: found }))}
          </div>
        )}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">{status}</div>
    </div>
  );
}
