"""The lead popup's props (static_src/islands/LeadPopup.jsx), registered with
``storefront.islands.registry``."""

from django.urls import reverse

from storefront.islands.registry import register
from storefront.web.visitor import Visitor


@register("LeadPopup")
def lead_popup_props(visitor: Visitor) -> dict:
    """Read by static_src/islands/LeadPopup.jsx: where it sends (``views.py``) and the dial
    code it starts on, the visitor's country's (else the United States')."""
    country = str(visitor.country or "").upper()
    return {"endpoint": reverse("send-lead"), "country": country if len(country) == 2 else "US"}
