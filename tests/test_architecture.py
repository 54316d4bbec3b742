"""The arrows between apps point one way (import-linter contracts in pyproject.toml): page views
above accounts above the chrome above the islands' registry above the leaf helpers
(storefront.web) and the page registry; the islands import no app (each app registers its own
islands' builders); the foundations (upstream, i18n, catalog, brands, security, web, serving)
import none of those apps, and among themselves point one way: the page cache (serving) above
brands above upstream, catalog and security, above i18n, above the leaves (web, freshness);
background work (the task backends, the outbox) imports no app at all; and among the shop's apps
(search, hotels, checkout) no view imports another app's, and pages, presenters and the modules
they share import one way."""

import subprocess
import sys
from pathlib import Path

from django.conf import settings


def _lint_imports(*args):
    command = Path(sys.executable).with_name("lint-imports")
    return subprocess.run(
        [str(command), *args], cwd=settings.BASE_DIR, capture_output=True, text=True, check=False
    )


def test_import_contracts_are_kept():
    result = _lint_imports()
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout
    assert "Background work knows nothing of the apps that use it KEPT" in result.stdout
    assert "Islands know nothing of the apps that register them KEPT" in result.stdout


def test_a_cycle_would_be_caught(tmp_path):
    """The contract is not vacuous: accounts put below the chrome and the islands (the old cycle
    had the chrome import accounts) breaks it: accounts imports the chrome's preferences."""
    config = tmp_path / "contracts.toml"
    config.write_text(
        (settings.BASE_DIR / "pyproject.toml")
        .read_text()
        .replace('    "storefront.accounts",\n', "", 1)
        .replace(
            '    "storefront.islands",\n',
            '    "storefront.islands",\n    "storefront.accounts",\n',
            1,
        )
    )
    result = _lint_imports("--config", str(config))
    assert result.returncode != 0 and "BROKEN" in result.stdout


def test_the_page_cache_may_not_be_imported_by_what_it_listens_to(tmp_path):
    """upstream and brands announce changes (storefront.freshness) and never import the page
    cache: the contract breaks when serving is put below them (it imports freshness)."""
    config = tmp_path / "contracts.toml"
    config.write_text(
        (settings.BASE_DIR / "pyproject.toml")
        .read_text()
        .replace(
            '    "storefront.serving",\n    "storefront.brands",',
            '    "storefront.brands",',
        )
        .replace(
            '"storefront.web | storefront.freshness | storefront.redis_guard",',
            '"storefront.web | storefront.freshness | storefront.redis_guard",\n'
            '    "storefront.serving",',
        )
    )
    result = _lint_imports("--config", str(config))
    assert result.returncode != 0 and "BROKEN" in result.stdout
