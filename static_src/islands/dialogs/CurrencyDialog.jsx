/**
 * Currency picker (spec sections 2 and 4): the price display choice, then Popular currencies,
 * then All currencies, names in the page's locale. Choosing a currency stores it (state module,
 * mirrored in the cookie), writes `currency` into the page's query and closes; a price display
 * change stores it and closes. The server renders prices, so the page then loads again with the
 * new choice. Props: header_props()["currency"]; the lists come from its `list` URL (LazyDialog).
 */
import Dialog from "../Dialog.jsx";
import { chooseInQuery, writeLocal } from "../../state.js";

function CurrencyList({ id, title, rows, current, onChoose }) {
  return (
    <section className="currency-group" aria-labelledby={id}>
      <h3 className="currency-group__title" id={id}>{title}</h3>
      <ul className="currency-list">
        {rows.map(([code, name]) => (
          <li key={code}>
            <button type="button" className="currency-list__item" aria-current={code === current ? "true" : undefined} data-currency={code}
              onClick={() => onChoose(code)}>
              <span className="currency-list__code" lang="en">{code}</span>
              <span className="currency-list__name">{name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function CurrencyDialog({ open, onClose, t, current, priceDisplay, choices }) {
  const { popular, all } = choices; // /choices/currencies/{locale}.json, loaded with this dialog
  function chooseCurrency(code) {
    onClose();
    chooseInQuery("currency", code);
  }
  function chooseDisplay(event) {
    writeLocal("priceDisplay", event.target.value);
    onClose();
    window.location.reload();
  }

  return (
    <Dialog open={open} onClose={onClose} title={t("currency.title")} titleId="currency-dialog-title"
      variant="bottom" closeLabel={t("dialog.close")}>
      <fieldset className="choice-group">
        <legend className="field-label">{t("price_display.title")}</legend>
        {["net", "gross"].map((value) => (
          <label className="choice" key={value}>
            <input type="radio" name="price-display" value={value} defaultChecked={value === priceDisplay}
              onChange={chooseDisplay} />
            {" "}{t(`price_display.${value}`)}
          </label>
        ))}
      </fieldset>
      <CurrencyList id="currency-popular" title={t("currency.popular")} rows={popular} current={current} onChoose={chooseCurrency} />
      <CurrencyList id="currency-all" title={t("currency.all")} rows={all} current={current} onChoose={chooseCurrency} />
    </Dialog>
  );
}
