"""CSP with nonces, no unsafe script sources, and a clean deploy check with production values."""

import os
import re
import subprocess
import sys

from django.conf import settings


def test_csp_header_has_a_nonce_and_no_unsafe_script_source(client):
    response = client.get("/")
    policy = response["Content-Security-Policy"]
    script_src = re.search(r"script-src ([^;]+)", policy).group(1)
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
    nonce = re.search(r"'nonce-([^']+)'", script_src).group(1)
    html = response.content.decode()
    scripts = re.findall(r"<script\b[^>]*>", html)
    executable = [s for s in scripts if 'type="application/json"' not in s]
    assert executable and all(f'nonce="{nonce}"' in s for s in executable)
    assert all(f'nonce="{nonce}"' in s for s in re.findall(r"<style\b[^>]*>", html))


def test_each_response_gets_a_fresh_nonce(client):
    first = client.get("/")["Content-Security-Policy"]
    second = client.get("/")["Content-Security-Policy"]
    assert first != second


def test_deploy_check_is_clean_with_production_values():
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "storefront.settings",
        "SECRET_KEY": "p" * 20 + "-production-only-" + "q" * 30,
        "HTTPS": "true",
        "DEBUG": "false",
        "CANONICAL_HOSTS": "www.example.com",
        "UPSTREAM_URL": "https://api.provider.example",
        "UPSTREAM_CLIENT_TOKEN": "t" * 40,
        "CACHE_URL": "redis://cache.internal:6379/0",
        "SITE_ORIGIN": "https://www.example.com",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr and "System check identified no issues" in result.stdout


def test_deploy_check_fails_without_a_secret_key_or_provider_token():
    unset = ("SECRET_KEY", "UPSTREAM_CLIENT_TOKEN")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env.update({"HTTPS": "true", "DJANGO_SETTINGS_MODULE": "storefront.settings"})
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "storefront.E001" in result.stderr and "storefront.E002" in result.stderr


def test_static_files_have_hashed_names(client):
    html = client.get("/").content.decode()
    css = re.search(r'<link rel="stylesheet" href="([^"]+)"', html).group(1)
    assert re.search(r"/static/islands/main-[A-Z0-9]{8}\.css$", css)
    logo = re.search(r'src="(/static/brand/logo-light\.[0-9a-f]{12}\.svg)"', html)
    assert logo, "brand images are served under Django-hashed names"


def test_islands_are_served_compressed_and_immutable(client):
    html = client.get("/").content.decode()
    script = re.search(r'<script type="module" src="([^"]+)"', html).group(1)
    response = client.get(script, headers={"Accept-Encoding": "br, gzip"})
    assert response.status_code == 200
    assert response["Content-Encoding"] == "br"
    assert "immutable" in response["Cache-Control"]


def test_pages_vary_on_cookie(client):
    assert "Cookie" in client.get("/hotels")["Vary"]
