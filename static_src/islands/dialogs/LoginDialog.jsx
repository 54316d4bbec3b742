/**
 * The login modal (spec sections 2, 4 and 5): login and register modes, a loading state while
 * submitting, the server's messages under their fields, and, when logged in, the logout
 * question. It posts the login page's own form (storefront/accounts/views.py) with
 * `Accept: application/json`, so the checks, throttling and texts are the server's; after
 * logging in the visitor stays on the same page with the same query (`next`), price display net.
 * Props: header_props()["auth"], and `mode` ("login" or "logout") from the header.
 */
import { useEffect, useRef, useState } from "react";
import Dialog from "../Dialog.jsx";
import { csrfToken, writeLocal } from "../../state.js";

const FIELDS = {
  login: [
    ["email", "email", "email"],
    ["password", "password", "current-password"],
  ],
  register: [
    ["name", "text", "name"],
    ["email", "email", "email"],
    ["password", "password", "new-password"],
    ["password_confirmation", "password", "new-password"],
  ],
};
/** Logging in or out in another tab rotates Django's token: use the cookie's current one. */
const LABELS = { name: "auth.name", email: "auth.email", password: "auth.password", password_confirmation: "auth.password_confirmation" };

function Field({ name, type, autocomplete, t, error, inputRef }) {
  const id = `login-modal-${name}`;
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field-label" htmlFor={id}>{t(LABELS[name])}</label>
      <input ref={inputRef} data-autofocus={inputRef ? "" : undefined} className="input" id={id} name={name} type={type} autoComplete={autocomplete} required
        placeholder={name === "name" ? t("auth.name_placeholder") : undefined}
        aria-invalid={error ? "true" : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && <p className="field__error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

function LogoutQuestion({ auth, t, onClose }) {
  // The page carries no CSRF token (it may come from a shared cache): it is read (or asked
  // for) when the visitor confirms, then the form goes as a plain POST.
  async function logOut(event) {
    event.preventDefault();
    const form = event.currentTarget;
    writeLocal("priceDisplay", "net");
    try {
      form.elements.csrfmiddlewaretoken.value = await csrfToken();
    } catch {
      /* the server answers the missing token with its own page */
    }
    form.submit();
  }

  return (
    <form method="post" action={auth.action} className="auth-form" onSubmit={logOut}>
      <input type="hidden" name="csrfmiddlewaretoken" defaultValue="" />
      <input type="hidden" name="action" value="logout" />
      <input type="hidden" name="next" value={auth.next} />
      <p>{t("auth.logout_question")}</p>
      <div className="auth-form__actions">
        <button type="submit" className="button button--primary button--large">
          {t("auth.logout_confirm")}
        </button>
        <button type="button" className="button button--large" onClick={onClose}>{t("auth.cancel")}</button>
      </div>
    </form>
  );
}

function LoginForm({ auth, t, mode, setMode }) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState({ message: null, fields: {} });
  const form = useRef(null);
  const firstField = useRef(null);

  useEffect(() => {
    firstField.current?.focus();
  }, [mode]);

  function switchMode() {
    setErrors({ message: null, fields: {} });
    setMode(mode === "login" ? "register" : "login");
  }

  async function onSubmit(event) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({ message: null, fields: {} });
    const body = new FormData(form.current);
    let reply = null;
    try {
      body.set("csrfmiddlewaretoken", await csrfToken());
      const response = await fetch(auth.action, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      const json = (response.headers.get("Content-Type") || "").startsWith("application/json");
      // Anything but our JSON (a refused token, a server error): the server's own "not now".
      reply = json ? await response.json() : { message: t("auth.unavailable"), fields: {} };
    } catch {
      reply = { message: t("auth.network_error"), fields: {} };
    }
    if (reply?.redirect) {
      writeLocal("priceDisplay", "net");
      window.location.assign(reply.redirect);
      return; // stays busy while the page loads
    }
    setBusy(false);
    setErrors({ message: reply?.message || t("auth.network_error"), fields: reply?.fields || {} });
    const invalid = Object.keys(reply?.fields || {})[0];
    if (invalid) form.current.elements.namedItem(invalid)?.focus();
  }

  return (
    <>
      {errors.message && <div className="notice notice--error" role="alert">{errors.message}</div>}
      <form ref={form} method="post" action={auth.action} className="auth-form" noValidate onSubmit={onSubmit}
        aria-busy={busy}>
        <input type="hidden" name="action" value={mode} />
        <input type="hidden" name="mode" value={mode} />
        <input type="hidden" name="next" value={auth.next} />
        {FIELDS[mode].map(([name, type, autocomplete], index) => (
          <Field key={`${mode}-${name}`} name={name} type={type} autocomplete={autocomplete} t={t}
            error={errors.fields[name]} inputRef={index === 0 ? firstField : undefined} />
        ))}
        <label className="choice"><input type="checkbox" name="remember" value="1" defaultChecked /> {t("auth.remember")}</label>
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? t("auth.submitting") : t(mode === "register" ? "auth.submit_register" : "auth.submit_login")}
        </button>
      </form>
      <p className="auth-card__links">
        <button type="button" className="link-button" onClick={switchMode}>
          {t(mode === "register" ? "auth.to_login" : "auth.to_register")}
        </button>
        {mode === "login" && (
          <a href={auth.forgotPasswordUrl} rel="noopener" target="_blank">
            {t("auth.forgot_password")}<span className="visually-hidden"> {t("a11y.opens_new_tab")}</span>
          </a>
        )}
      </p>
    </>
  );
}

const TITLES = { login: "pages.login.title", register: "auth.register_title", logout: "account.logout" };

export default function LoginDialog({ open, onClose, t, auth, mode }) {
  const [formMode, setFormMode] = useState("login");
  const shown = mode === "logout" ? "logout" : formMode;
  return (
    <Dialog open={open} onClose={onClose} titleId="login-dialog-title" variant="bottom" closeLabel={t("dialog.close")}
      title={t(TITLES[shown])}>
      {open &&
        (shown === "logout" ? (
          <LogoutQuestion auth={auth} t={t} onClose={onClose} />
        ) : (
          <LoginForm auth={auth} t={t} mode={formMode} setMode={setFormMode} />
        ))}
    </Dialog>
  );
}
