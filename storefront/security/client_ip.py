"""The visitor's address, the one that throttles count.

Without a proxy: ``REMOTE_ADDR``. Behind ``TRUSTED_PROXY_HOPS`` proxies that each append the
address they received from to ``CLIENT_IP_HEADER`` (nginx: ``proxy_add_x_forwarded_for``), the
entry that many places from the right: the proxies wrote it. Everything left of it was written by
the client and is never believed, so rotating it changes nothing. A header with fewer entries than
trusted hops did not come through our proxies: ``REMOTE_ADDR`` then.

An IPv6 address is counted by its /64 network: one visitor usually holds a whole /64 and could
otherwise rotate through it.
"""

import ipaddress

from django.conf import settings

UNKNOWN = "0.0.0.0"


def _valid(value: str) -> str | None:
    try:
        address = ipaddress.ip_address(value.strip())
    except ValueError:
        return None
    if address.version == 4:
        return str(address)
    if address.ipv4_mapped:
        return str(address.ipv4_mapped)
    return str(ipaddress.ip_network(f"{address}/64", strict=False).network_address)


def client_ip(request) -> str:
    remote = _valid(request.META.get("REMOTE_ADDR", "")) or UNKNOWN
    header, hops = settings.CLIENT_IP_HEADER, settings.TRUSTED_PROXY_HOPS
    if not header or hops < 1:
        return remote
    entries = [e for e in request.headers.get(header, "").split(",") if e.strip()]
    if len(entries) < hops:
        return remote
    return _valid(entries[-hops]) or remote
