"""Favorite hotels of logged-in travellers (spec section 4), in our database: ours rather than
the provider's, whose API (spec section 7) has no call for them.

The model began in the search app; it moved here with its table (``search_favorite``) and rows
as they were (``migrations/0001_favorite.py``).
"""

from django.db import models


class Favorite(models.Model):
    """A hotel a logged-in traveller keeps (the favorite toggle); anonymous visitors keep theirs
    in the browser under the ``favorites`` key (``static_src/state.js``) until they log in."""

    account = models.CharField(max_length=120, db_index=True)  # SessionUser.key
    hotel_id = models.PositiveIntegerField()
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "search_favorite"  # made by the search app, whose model this was
        ordering = ["-added_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["account", "hotel_id"], name="one_favorite_per_hotel")
        ]

    def __str__(self):
        return f"{self.account} {self.hotel_id}"
