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
    key: str = ""  # the provider's id of the account (else its email): what we store things by
    email: str = ""  # the account's address (checkout fills the guest's details with it)

    @property
    def is_agent(self) -> bool:
        return self.plan_id is not None

    @classmethod
    def from_auth(cls, data: dict) -> "SessionUser":
        """Build from the ``data`` object of a ``/v3/auth`` answer."""
        options = data.get("options") if isinstance(data.get("options"), dict) else {}
        actions = data.get("actions") if isinstance(data.get("actions"), list) else []
        plan_id = data.get("plan_id")
        return cls(
            name=str(data.get("name") or ""),
            avatar=data.get("avatar") if isinstance(data.get("avatar"), str) else None,
            plan_id=plan_id if isinstance(plan_id, int) and not isinstance(plan_id, bool) else None,
            options=frozenset(str(k) for k, v in options.items() if v),
            actions=frozenset(str(a) for a in actions),
            scope=data.get("scope") if isinstance(data.get("scope"), str) else None,
            key=str(data.get("id") or data.get("email") or "")[:120],
            email=data.get("email")[:254] if isinstance(data.get("email"), str) else "",
        )


def current_user(request) -> SessionUser | None:
    return getattr(request, "upstream_user", None)
