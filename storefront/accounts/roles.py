"""The logged-in user as the provider's ``/v3/auth`` describes it, and what it may see.

``request.upstream_user`` is a ``SessionUser`` or None (anonymous). The chrome reads only this
object, so the login flow only has to supply it.
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SessionUser:
    name: str
    avatar: str | None = None
    plan_id: int | None = None
    options: frozenset[str] = field(default_factory=frozenset)  # packages, crm, vouchers
    actions: frozenset[str] = field(default_factory=frozenset)  # may include "reservations"
    scope: str | None = None

    @property
    def is_agent(self) -> bool:
        return self.plan_id is not None

    @classmethod
    def from_auth(cls, data: dict) -> "SessionUser":
        """Build from the ``data`` object of a ``/v3/auth`` answer."""
        options = data.get("options") or {}
        return cls(
            name=str(data.get("name") or ""),
            avatar=data.get("avatar"),
            plan_id=data.get("plan_id"),
            options=frozenset(k for k, v in options.items() if v),
            actions=frozenset(data.get("actions") or ()),
            scope=data.get("scope"),
        )


def current_user(request) -> SessionUser | None:
    return getattr(request, "upstream_user", None)
