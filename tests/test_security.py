"""CSP with nonces, no unsafe script sources, and a clean deploy check with production values."""

import os
import re
import subprocess
import sys

from django.conf import settings


def test_csp_runs_only_our_own_scripts_and_admits_inline_styles_by_hash(client):
    """No nonce (a kept page is the same bytes for everyone, issue 14): scripts from 'self' only,
    none inline; each inline style block by its hash."""
    from storefront.security.csp import style_hash

    response = client.get("/")
    policy = response["Content-Security-Policy"]
    script_src = re.search(r"script-src ([^;]+)", policy).group(1)
    assert script_src.split() == ["'self'"]
    html = response.content.decode()
    scripts = re.findall(r"<script\b[^>]*>", html)
    executable = [s for s in scripts if 'type="application/json"' not in s]
    assert executable and all(re.search(r'\bsrc="/static/', s) for s in executable)
    style_src = re.search(r"style-src ([^;]+)", policy).group(1).split()
    styles = re.findall(r"<style>(.*?)</style>", html, re.S)
    assert styles and all(style_hash(style) in style_src for style in styles)
    assert "nonce" not in policy and "nonce" not in html


def test_the_same_page_gets_the_same_policy(client):
    assert client.get("/")["Content-Security-Policy"] == client.get("/")["Content-Security-Policy"]


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
        "PAYMENT_SIGNING_SECRET": "s" * 40,
        "EMAIL_URL": "smtp+tls://bookings:secret@smtp.example.com:587",
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


def test_deploy_check_fails_without_a_secret_key_provider_token_or_signing_secret():
    unset = ("SECRET_KEY", "UPSTREAM_CLIENT_TOKEN", "PAYMENT_SIGNING_SECRET")
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
    assert "storefront.E005" in result.stderr


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
