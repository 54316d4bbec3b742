// The hosted payment page's one script (storefront/sandbox/booking/page.py). The page works
// without it; with it the card number is grouped as it is typed, the expiry gets its slash, the
// card's brand is shown, and the Pay button cannot be pressed twice (the server would not charge
// twice anyway: a second post shows the first one's result).
(() => {
  const form = document.querySelector("[data-card-form]");
  if (!form) return;
  const number = form.querySelector("[data-card-number]");
  const expiry = form.querySelector("[data-card-expiry]");
  const cvc = form.querySelector("[data-card-cvc]");
  const brands = form.querySelector(".brands");
  const button = form.querySelector("[data-pay-button]");
  const label = form.querySelector("[data-pay-label]");
  const status = form.querySelector("[data-pay-status]");

  const digits = (value) => value.replace(/\D/g, "");

  const brandOf = (value) => {
    if (/^4/.test(value)) return "visa";
    if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(value)) return "mastercard";
    if (/^3[47]/.test(value)) return "amex";
    return "";
  };

  // American Express is grouped 4-6-5, the others by fours.
  const grouped = (value, brand) => {
    if (brand === "amex") {
      return [value.slice(0, 4), value.slice(4, 10), value.slice(10, 15)].filter(Boolean).join(" ");
    }
    return value.slice(0, 19).replace(/(\d{4})(?=\d)/g, "$1 ");
  };

  // Rewrites a field and keeps the caret after the same number of digits.
  const reformat = (field, format) => {
    const before = field.value;
    const caret = field.selectionStart ?? before.length;
    const digitsBefore = digits(before.slice(0, caret)).length;
    const after = format(before);
    if (after === before) return;
    field.value = after;
    let position = 0;
    for (let seen = 0; position < after.length && seen < digitsBefore; position += 1) {
      if (/\d/.test(after[position])) seen += 1;
    }
    field.setSelectionRange(position, position);
  };

  const showBrand = (brand) => {
    if (!brands) return;
    brands.toggleAttribute("data-detected", Boolean(brand));
    for (const icon of brands.querySelectorAll("[data-brand]")) {
      icon.classList.toggle("is-detected", icon.dataset.brand === brand);
    }
  };

  number?.addEventListener("input", (event) => {
    if (event.inputType?.startsWith("delete")) {
      showBrand(brandOf(digits(number.value)));
      return;
    }
    reformat(number, (value) => {
      const plain = digits(value);
      return grouped(plain, brandOf(plain));
    });
    showBrand(brandOf(digits(number.value)));
  });

  expiry?.addEventListener("input", (event) => {
    if (event.inputType?.startsWith("delete")) return;
    reformat(expiry, (value) => {
      let plain = digits(value).slice(0, 4);
      if (plain.length === 1 && plain > "1") plain = `0${plain}`; // "4" means April
      return plain.length > 2 ? `${plain.slice(0, 2)}/${plain.slice(2)}` : plain.length === 2 ? `${plain}/` : plain;
    });
  });

  cvc?.addEventListener("input", () => {
    const plain = digits(cvc.value).slice(0, 4);
    if (plain !== cvc.value) cvc.value = plain;
  });

  if (number?.value) showBrand(brandOf(digits(number.value)));

  let sent = false;
  form.addEventListener("submit", (event) => {
    if (sent) {
      event.preventDefault();
      return;
    }
    sent = true;
    button.setAttribute("aria-disabled", "true");
    if (label && button.dataset.busyLabel) label.textContent = button.dataset.busyLabel;
    if (status && button.dataset.busyLabel) status.textContent = button.dataset.busyLabel;
  });

  // Back from the browser's cache after leaving: the form may be used again.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) window.location.reload();
  });
})();
