"""Saved searches of logged-in travellers (spec section 4), in our database (their favorite
hotels are ``storefront.hotels.models.Favorite``).

Ours rather than the provider's: the provider's API (spec section 7) has no call for them, and
the rules are the storefront's own (the same URL before its session part replaces an older
one, at most 8, only check-ins from today on are shown). Anonymous visitors keep theirs in the
browser (``static_src/state.js``); an account's follow it to every device it logs in on.
"""

from django.db import models


class SavedSearch(models.Model):
    account = models.CharField(max_length=120, db_index=True)  # SessionUser.key
    key = models.CharField(max_length=600)  # the results URL without its session part
    router = models.CharField(max_length=800)  # the results URL as run (path and query)
    place_name = models.CharField(max_length=120, blank=True)
    check_in = models.DateField()
    check_out = models.DateField()
    guests = models.CharField(max_length=60, default="2")
    saved_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-saved_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["account", "key"], name="one_saved_search_per_url")
        ]

    def __str__(self):
        return f"{self.place_name} {self.check_in}–{self.check_out}"
