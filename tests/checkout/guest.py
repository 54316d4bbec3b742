"""The guest's details the checkout tests type or post: one holder, one room."""

GUEST = {
    "first_name": "Ada",
    "last_name": "Lovelace",
    "email": "ada@example.com",
    "country": "GB",
    "phone": "20 7946 0958",
    "room1_first_name": "Ada",
    "room1_last_name": "Lovelace",
    "special_requests": "A quiet room, please.",
}
