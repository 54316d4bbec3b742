/**
 * The lead popup (spec sections 1, 3, 4, 5, 7, 8): invites the visitor to become an agent and
 * sends their name, email and phone to POST /leads (storefront/leads/views.py), which keeps
 * the lead in its outbox until the provider has it.
 *
 * Mounted by main.js when the popup's timer (../lead.js) says so, its texts (`leads.*`) loaded
 * just before: it opens at once. Closing it, however it is closed, records the closed time
 * (`closed`, state.js). After a send the form shows its sent state and the popup closes 2 s
 * later; when the provider did not take the lead now (it stays queued here), or our server
 * could not be reached, the spec's toast comes first. Field errors (ours as catalog keys, the
 * provider's in its words, first one per field) show under their fields. Props:
 * storefront.leads.islands.lead_popup_props.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import dialCodes from "countries:dial";
import Dialog from "./Dialog.jsx";
import { checkShape } from "./shape.js";
import { showToast } from "../living.js";
import { writeLocal } from "../state.js";

export const SENT_CLOSE_MS = 2000;
const FIELDS = ["name", "email", "phone"];
/** What an empty field says (the server says the same: storefront/leads/services.py). */
const REQUIRED = {
  name: "leads.errors.name_required",
  email: "leads.errors.email_invalid",
  phone: "leads.errors.phone_invalid",
};

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  checkShape("lead_popup_props()", {
    endpoint: typeof props.endpoint === "string" && props.endpoint.startsWith("/"),
    country: typeof props.country === "string" && /^[A-Z]{2}$/.test(props.country),
  });
}

/** The dial-code choices in the page's locale: [{ code, dial, label }], sorted by country name. */
function useDialChoices(t, locale) {
  return useMemo(() => {
    let names = null;
    try {
      names = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
    } catch {
      /* an engine without DisplayNames: the codes */
    }
    const collator = new Intl.Collator(locale);
    return dialCodes
      .map(([code, dial]) => {
        const country = (names && names.of(code)) || code;
        // A left-to-right mark before the code, so "+1-684" reads the same in Hebrew and Arabic
        // (a native select's closed box ignores isolates).
        return { code, dial, country, label: t("leads.dial_option", { country, code: `\u200e+${dial}` }) };
      })
      .sort((a, b) => collator.compare(a.country, b.country));
  }, [t, locale]);
}

function newKey() {
  if (window.crypto?.randomUUID) return window.crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function Field({ id, label, error, children }) {
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field-label" htmlFor={id}>{label}</label>
      {children}
      {error && <p className="field__error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

export default function LeadPopup(props) {
  const { i18n } = props;
  const { t } = i18n;
  const locale = document.documentElement.lang || "en";
  const choices = useDialChoices(t, locale);
  const initialCountry = choices.some((c) => c.code === props.country) ? props.country : "US";
  const [open, setOpen] = useState(true);
  const [country, setCountry] = useState(initialCountry);
  const [state, setState] = useState("form"); // form, busy, sent
  const [failed, setFailed] = useState(false); // sent, but the provider did not take it now
  const [errors, setErrors] = useState({ form: null, fields: {} });
  const key = useRef(newKey());
  const form = useRef(null);
  const thanks = useRef(null);

  useEffect(() => {
    if (state === "sent") thanks.current?.focus(); // the focused button has gone with the form
  }, [state]);

  const close = useCallback(() => {
    writeLocal("closed", Date.now());
    setOpen(false);
  }, []);

  /** A message the server sent: ours are catalog keys; the provider's are shown as written. */
  const say = (message) => (i18n.exists(message) ? t(message) : message);

  function sent(notTaken) {
    // The toast outlives the popup; inside the modal, which makes the page behind it inert,
    // the same words are said in the dialog too.
    if (notTaken) showToast(t("leads.failed"), { kind: "error" });
    setFailed(notTaken);
    setState("sent");
    setTimeout(close, SENT_CLOSE_MS);
  }

  function missing(values) {
    return Object.fromEntries(FIELDS.filter((name) => !values[name]).map((name) => [name, [REQUIRED[name]]]));
  }

  function showErrors(fields, formMessage = null) {
    const shown = {};
    for (const [name, messages] of Object.entries(fields || {})) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (typeof first === "string" && first) shown[name] = say(first);
    }
    setErrors({ form: formMessage, fields: shown });
    const invalid = FIELDS.find((name) => shown[name]);
    if (invalid) form.current?.elements.namedItem(invalid)?.focus();
  }

  async function onSubmit(event) {
    event.preventDefault();
    if (state !== "form") return;
    const elements = form.current.elements;
    const values = {
      name: elements.name.value.trim(),
      email: elements.email.value.trim(),
      phone: elements.phone.value.trim(),
    };
    const empty = missing(values);
    if (Object.keys(empty).length) {
      showErrors(empty);
      return;
    }
    setState("busy");
    setErrors({ form: null, fields: {} });
    let response;
    try {
      response = await fetch(props.endpoint, {
        method: "POST",
        credentials: "same-origin",
        // JSON, which needs no CSRF token (storefront/leads/views.py).
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          ...values,
          country,
          calling_code: choice ? choice.dial : "1",
          key: key.current,
          website: elements.website.value,
          url: window.location.href,
          title: document.title,
        }),
      });
    } catch {
      sent(true); // our server could not be reached: the spec's reaction to a failed send
      return;
    }
    let reply = null;
    try {
      reply = await response.json();
    } catch {
      reply = null;
    }
    if (response.ok && reply?.status === "sent") return sent(false);
    if (response.ok && reply?.status === "queued") return sent(true);
    setState("form");
    if (response.status === 429) return showErrors({}, t("auth.throttled"));
    const fields = reply && typeof reply.errors === "object" && !Array.isArray(reply.errors) ? reply.errors : null;
    if (response.status === 400 && fields && Object.keys(fields).length) return showErrors(fields);
    return sent(true);
  }

  const choice = choices.find((c) => c.code === country);
  const errorProps = (id, name) =>
    errors.fields[name] ? { "aria-invalid": "true", "aria-describedby": `${id}-error` } : {};

  return (
    <Dialog open={open} onClose={close} title={t("leads.title")} titleId="lead-popup-title" variant="bottom"
      closeLabel={t("dialog.close")}>
      <div className="lead-popup">
        <p className="lead-popup__subtitle">{t("leads.subtitle")}</p>
        {state === "sent" && failed && <p className="notice notice--error" role="alert">{t("leads.failed")}</p>}
        {state === "sent" ? (
          <p ref={thanks} className="notice notice--success lead-popup__sent" role="status" tabIndex={-1}>
            {t("leads.sent")}
          </p>
        ) : (
          <>
            <p className="lead-popup__intro">{t("leads.intro")}</p>
            {errors.form && <div className="notice notice--error" role="alert">{errors.form}</div>}
            <form ref={form} className="auth-form lead-form" method="post" noValidate onSubmit={onSubmit}
              aria-busy={state === "busy"}>
              <Field id="lead-name" label={t("leads.name")} error={errors.fields.name}>
                <input className="input" id="lead-name" name="name" type="text" autoComplete="name" required
                  maxLength={120} data-autofocus="" {...errorProps("lead-name", "name")} />
              </Field>
              <Field id="lead-email" label={t("leads.email")} error={errors.fields.email}>
                <input className="input" id="lead-email" name="email" type="email" autoComplete="email" required
                  maxLength={254} dir="ltr" {...errorProps("lead-email", "email")} />
              </Field>
              <div className={errors.fields.phone ? "field field--invalid" : "field"}>
                <span className="field-label" id="lead-phone-label">{t("leads.phone")}</span>
                <div className="lead-form__phone">
                  <label className="visually-hidden" htmlFor="lead-country">{t("leads.country_code")}</label>
                  {/* The closed select shows only the code ("+44"): the options name the countries. */}
                  <div className="input lead-form__dial-box">
                    <span className="lead-form__dial-code" aria-hidden="true" dir="ltr">+{choice?.dial}</span>
                    <select className="lead-form__dial" id="lead-country" name="country" value={country}
                      onChange={(event) => setCountry(event.target.value)} autoComplete="country">
                      {choices.map((c) => <option key={c.code} value={c.code}>{c.label}</option>)}
                    </select>
                  </div>
                  <input className="input" id="lead-phone" name="phone" type="text" inputMode="tel" autoComplete="tel-national"
                    required maxLength={40} dir="ltr" aria-labelledby="lead-phone-label"
                    {...errorProps("lead-phone", "phone")} />
                </div>
                {errors.fields.phone && <p className="field__error" id="lead-phone-error">{errors.fields.phone}</p>}
              </div>
              {/* The honeypot: out of sight and reach, not display:none (some bots skip those). */}
              <div className="visually-hidden" aria-hidden="true">
                <input name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
              </div>
              <button type="submit" className="button button--primary button--large" disabled={state === "busy"}>
                {state === "busy" && <span className="spinner" aria-hidden="true" />}
                {state === "busy" ? t("leads.sending") : t("leads.submit")}
              </button>
            </form>
          </>
        )}
      </div>
    </Dialog>
  );
}
