"""A hotel page's address with the visitor's stay: what a results card, a favorite, the hotel
page itself (its canonical address, the redirect from ``/hotels/place/{country}/{hotelId}``) and
``/book`` ("back to the hotel") link to."""

from functools import lru_cache

from storefront.search.query import SearchQuery
from storefront.web.links import page_url


def hotel_url(hotel, locale: str, query: SearchQuery, fid: int) -> str:
    return _hotel_link(hotel.country_slug, hotel.city_slug, hotel.slug, locale, query, fid)


@lru_cache(maxsize=4096)
def _hotel_link(country: str, city: str, slug: str, locale: str, query: SearchQuery, fid: int):
    """A hotel's page with the visitor's stay, kept per arguments: every card of a results page
    links its hotel, and the same hotels come back on the stay's other pages and sorts."""
    return page_url(
        "hotels-countrySlug-citySlug-hotelSlug",
        locale,
        fid=fid,
        query=dict(query.params(filters=False, page=False)),
        countrySlug=country,
        citySlug=city,
        hotelSlug=slug,
    )
