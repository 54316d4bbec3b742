/**
 * The header (spec section 2): logo, desktop navigation, the phone's menu button (a side sheet)
 * or back button, and the currency, language, theme and account controls. Each control's dialog
 * is its own chunk, loaded on first open (LazyDialog). The first render matches the server's
 * fallback in templates/includes/header.html, so mounting moves nothing. For anonymous visitors
 * the island loads at the first pointer, touch or focus in the header; a click on one of the
 * server's controls before then (`data-action`: menu, currency, language, theme, login) is held
 * by main.js and carried out here once mounted (`resume.takeAction()`).
 * Props: storefront.chrome.islands.header_props, checked by checkProps below before mounting.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import LazyDialog from "./LazyDialog.jsx";
import NavLink from "./NavLink.jsx";
import ThemeToggle, { themeShapeOk, useColorMode } from "./ThemeToggle.jsx";
import { Icon } from "./icons.jsx";
import { checkShape } from "./shape.js";
import { plainClick } from "../handoff.js";
import { moveSearchesToAccount, moveFavoritesToAccount } from "../state.js";
import { useHeldAction } from "./useHeldAction.js";

const loadMenu = () => import("./dialogs/MenuSheet.jsx");
const loadCurrency = () => import("./dialogs/CurrencyDialog.jsx");
const loadLanguage = () => import("./dialogs/LanguageDialog.jsx");
const loadLogin = () => import("./dialogs/LoginDialog.jsx");

function isLinkList(value) {
  return Array.isArray(value) && value.every((link) => typeof link?.href === "string" && typeof link.label === "string");
}

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  checkShape("header_props()", {
    homeUrl: typeof props.homeUrl === "string",
    logo: typeof props.logo?.light === "string" && typeof props.logo.dark === "string",
    nav: isLinkList(props.nav),
    mobile: [null, "menu", "back"].includes(props.mobile),
    currency: props.currency === null || typeof props.currency?.list === "string",
    language: ["current", "name", "next", "list"].every((key) => typeof props.language?.[key] === "string"),
    theme: themeShapeOk(props.theme),
    account: isLinkList(props.account?.links),
    auth: typeof props.auth?.action === "string" && typeof props.auth.next === "string",
    searchesMerge: props.searchesMerge === null || typeof props.searchesMerge === "string",
    favoritesMerge: props.favoritesMerge === null || typeof props.favoritesMerge === "string",
  });
}

function Logo({ homeUrl, logo, brandName, t }) {
  return (
    <a className="logo" href={homeUrl} aria-label={t("a11y.home_link", { brand: brandName })}>
      <img className="logo__img logo__img--light" src={logo.light} alt="" width="148" height="32" />
      <img className="logo__img logo__img--dark" src={logo.dark} alt="" width="148" height="32" loading="lazy" />
    </a>
  );
}

/** Back: to the previous page of this site when there is one, else home. */
function BackButton({ homeUrl, t }) {
  function onClick(event) {
    let sameSite = false;
    try {
      sameSite = new URL(document.referrer).origin === window.location.origin;
    } catch {
      /* no referrer */
    }
    if (plainClick(event) && sameSite && window.history.length > 1) {
      event.preventDefault();
      window.history.back();
    }
  }
  return (
    <a className="icon-button back-button" href={homeUrl} aria-label={t("a11y.back")} onClick={onClick}>
      <Icon name="back" />
    </a>
  );
}

/** The logged-in account menu: a disclosure that closes on Escape and on a click outside. */
function AccountMenu({ user, links, theme, t, onLogout }) {
  const [expanded, setExpanded] = useState(false);
  const root = useRef(null);
  const button = useRef(null);
  const panelId = useId();

  useEffect(() => {
    if (!expanded) return undefined;
    const onPointer = (event) => {
      if (!root.current?.contains(event.target)) setExpanded(false);
    };
    const onKey = (event) => {
      if (event.key === "Escape") {
        setExpanded(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [expanded]);

  function onLinkClick(event, link) {
    if (link.id === "logout" && onLogout && plainClick(event)) {
      event.preventDefault();
      button.current?.focus(); // the dialog gives the focus back here, not to the hidden link
      setExpanded(false);
      onLogout();
    }
  }

  return (
    <div className="dropdown account-menu" ref={root}>
      <button ref={button} type="button" className="chip" aria-expanded={expanded} aria-controls={panelId}
        onClick={() => setExpanded(!expanded)}>
        <Icon name="user" />
        <span className="chip__text">{user.name}</span>
        <span className="visually-hidden">{t("account.menu")}</span>
        <Icon name="chevron" small />
      </button>
      <div className="dropdown__panel" id={panelId} hidden={!expanded}>
        <nav aria-label={t("a11y.account_navigation")}>
          <ul className="menu-list">
            {links.map((link) => (
              <li key={link.id}>
                <NavLink link={link} className="menu-list__link" t={t} onClick={(event) => onLinkClick(event, link)} />
              </li>
            ))}
            <li><ThemeToggle {...theme} t={t} /></li>
          </ul>
        </nav>
      </div>
    </div>
  );
}

export default function Header(props) {
  const { homeUrl, brandName, logo, nav, mobile, currency, language, theme, account, auth } = props;
  const { t } = props.i18n;
  const [dialog, setDialog] = useState(null); // "menu" | "currency" | "language" | "login" | "logout"
  const close = useCallback(() => setDialog(null), []);
  const openLogout = useCallback(() => setDialog("logout"), []);
  const [mode, nextMode, cycleMode] = useColorMode(theme);
  const themeToggle = { mode, next: nextMode, cycle: cycleMode };

  // A route change closes the mobile menu; in this multi-page site that is a link followed from
  // the sheet (MenuSheet closes itself), history navigation, or a page restored from the
  // back/forward cache with the sheet still open. (pageshow also fires once after the first
  // load, which may come after the visitor opened a dialog: only a restored page counts.)
  useEffect(() => {
    const restored = (event) => event.persisted && close();
    window.addEventListener("pageshow", restored);
    window.addEventListener("popstate", close);
    window.addEventListener("hashchange", close);
    return () => {
      window.removeEventListener("pageshow", restored);
      window.removeEventListener("popstate", close);
      window.removeEventListener("hashchange", close);
    };
  }, [close]);

  // Logged in: the searches this browser saved before the login move into the account (once;
  // the browser's list is emptied). On /searches the account's list is shown again with them.
  useEffect(() => {
    if (!props.searchesMerge) return;
    moveSearchesToAccount(props.searchesMerge).then(
      (saved) => saved && document.querySelector("[data-saved-searches]") && window.location.reload(),
      () => {}, /* offline or refused: the browser keeps them, and the next page tries again */
    );
  }, [props.searchesMerge]);

  // ... and so do the hotels it kept as favorites; /favorites then lists the account's again.
  useEffect(() => {
    if (!props.favoritesMerge) return;
    moveFavoritesToAccount(props.favoritesMerge).then(
      (saved) => saved && document.querySelector("[data-favorites]") && window.location.reload(),
      () => {}, /* offline or refused: the browser keeps them, and the next page tries again */
    );
  }, [props.favoritesMerge]);

  const currentLanguage = language.name;
  const loginLink = account.user ? null : account.links[0];

  function onLogin(event) {
    if (auth.modal && plainClick(event)) {
      event.preventDefault();
      setDialog("login");
    }
  }

  // The control the visitor clicked on the server's header before this island was on screen.
  useHeldAction(props.resume, (action) => {
    if (action === "theme") cycleMode();
    else if (action === "login" && loginLink && !auth.modal) window.location.assign(loginLink.href);
    else if (["menu", "currency", "language", "login"].includes(action)) setDialog(action);
  });

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <div className="site-header__start">
          {mobile === "menu" && (
            <button type="button" className="icon-button menu-button" aria-label={t("a11y.open_menu")}
              aria-haspopup="dialog" data-focus-key="menu" onClick={() => setDialog("menu")}>
              <Icon name="menu" />
            </button>
          )}
          {mobile === "back" && <BackButton homeUrl={homeUrl} t={t} />}
          <Logo homeUrl={homeUrl} logo={logo} brandName={brandName} t={t} />
        </div>
        {nav.length > 0 && (
          <nav className="site-nav" aria-label={t("a11y.main_navigation")}>
            <ul className="site-nav__list">
              {nav.map((link) => (
                <li key={link.id}><NavLink link={link} className="site-nav__link" t={t} /></li>
              ))}
            </ul>
          </nav>
        )}
        <div className="site-header__end">
          {currency && (
            <button type="button" className="chip currency-picker" aria-haspopup="dialog" data-focus-key="currency" onClick={() => setDialog("currency")}>
              <Icon name="currency" />
              <span className="chip__text">{currency.current}</span>
              <span className="visually-hidden">{t("currency.title")}</span>
              <Icon name="chevron" small />
            </button>
          )}
          <button type="button" className="chip language-picker" aria-haspopup="dialog" data-focus-key="language" onClick={() => setDialog("language")}>
            <Icon name="globe" />
            <span className="chip__text" lang="en">{language.current.toUpperCase()}</span>
            <span className="visually-hidden">{t("language.current", { name: currentLanguage })}</span>
            <Icon name="chevron" small />
          </button>
          <ThemeToggle {...themeToggle} t={t} focusKey="theme" />
          {account.user ? (
            <AccountMenu user={account.user} links={account.links} theme={themeToggle} t={t} onLogout={openLogout} />
          ) : (
            loginLink && (
              <a className="button button--primary login-button" href={loginLink.href} data-link={loginLink.id}
                data-focus-key="login" aria-haspopup={auth.modal ? "dialog" : undefined} onClick={onLogin}>
                <Icon name="user" />
                <span>{t(loginLink.label)}</span>
              </a>
            )
          )}
        </div>
      </div>
      {mobile === "menu" && (
        <LazyDialog load={loadMenu} open={dialog === "menu"} onClose={close} t={t} nav={nav} />
      )}
      {currency && (
        <LazyDialog load={loadCurrency} open={dialog === "currency"} onClose={close} t={t} {...currency} />
      )}
      <LazyDialog load={loadLanguage} open={dialog === "language"} onClose={close} t={t} {...language} />
      <LazyDialog load={loadLogin} open={dialog === "login" || dialog === "logout"} onClose={close} t={t}
        auth={auth} mode={dialog === "logout" ? "logout" : "login"} />
    </header>
  );
}
