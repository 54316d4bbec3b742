"""WhiteNoise's middleware, scanning the static files once per process.

Django builds the middleware chain once per process when it serves, so this changes nothing for
visitors. The test client builds a chain per client, that is per test, and WhiteNoise walked
the 3,000 files under ``STATIC_ROOT`` each time (a ``stat`` and a ``StaticFile`` for every file
and its compressed twins): 46 % of the CPU of the tests that ask for pages (py-spy). A chain
built again with the same settings now takes the files the first one found.
"""

from django.conf import settings
from whitenoise.middleware import WhiteNoiseMiddleware

_FOUND: dict[tuple, dict] = {}


def _settings_key() -> str:
    """Every setting that shapes what WhiteNoise makes of a file."""
    names = sorted(n for n in dir(settings) if n.startswith("WHITENOISE_"))
    return repr([(n, getattr(settings, n)) for n in names] + [settings.DEBUG])


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    def update_files_dictionary(self, root, prefix):
        key = (root, prefix, _settings_key())
        found = _FOUND.get(key)
        if found is None:
            own, self.files = self.files, {}
            try:
                super().update_files_dictionary(root, prefix)
                found = _FOUND[key] = self.files
            finally:
                self.files = own
        self.files.update(found)
