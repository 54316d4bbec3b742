"""The admin's login form, throttled like the storefront's login (``throttles.py``): per address,
and per username and address. Every POST counts before the password is checked; past the limit
the form refuses without checking it, so a right password guessed late does not get in."""

from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import ValidationError

from .throttles import Throttled, ThrottleUnavailable, admin_login_attempt

ADMIN_THROTTLED = "Too many login attempts. Try again in 15 minutes."
ADMIN_THROTTLE_DOWN = "Logins cannot be checked right now. Try again shortly."


class ThrottledAdminAuthenticationForm(AdminAuthenticationForm):
    def clean(self):
        try:
            admin_login_attempt(request=self.request, username=self.data.get("username", ""))
        except Throttled:
            raise ValidationError(ADMIN_THROTTLED, code="throttled") from None
        except ThrottleUnavailable:
            raise ValidationError(ADMIN_THROTTLE_DOWN, code="throttle_unavailable") from None
        return super().clean()
