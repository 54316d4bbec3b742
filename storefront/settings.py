"""The one settings module.

Every knob is read here, once, through django-environ: ``X = env("X", default=...)``.
Production differs from development only by environment values (``DEBUG``, ``SECRET_KEY``,
``HTTPS``, ``CANONICAL_HOSTS``, ``DATABASE_URL``, ``CACHE_URL`` ...), never by a second code path.
"""

from decimal import Decimal
from pathlib import Path

import environ
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

from storefront import redis_guard
from storefront.i18n.locales import LOCALES

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
if (BASE_DIR / ".env").is_file():
    env.read_env(BASE_DIR / ".env")

DEBUG = env.bool("DEBUG", default=False)

# No committed production secret. Without SECRET_KEY a random key is made per process (sessions do
# not survive a restart) and the deploy check `storefront.E001` fails, so production must set one.
SECRET_KEY_FROM_ENV = bool(env("SECRET_KEY", default=""))
SECRET_KEY = env("SECRET_KEY", default="") or get_random_secret_key()

# Hosts. HostGuard (storefront.brands.middleware) is the gate; ALLOWED_HOSTS stays open so that
# white-label hosts can be admitted by the brand registry rather than by a static list.
CANONICAL_HOSTS = env.list("CANONICAL_HOSTS", default=["127.0.0.1", "localhost"])
WHITE_LABEL_DOMAIN_SUFFIX = env("WHITE_LABEL_DOMAIN_SUFFIX", default=".partners.localhost")
# Every absolute link the server writes (canonical, hreflang, sitemap.xml, robots.txt) starts with
# SITE_ORIGIN on canonical hosts, never with the request's scheme or port. White-label hosts link
# to themselves: SITE_ORIGIN's scheme (https when HTTPS is on), their own name, SITE_ORIGIN's port
# if it has one (storefront.brands.selectors.link_origin).
SITE_ORIGIN = env("SITE_ORIGIN", default="http://127.0.0.1:8000").rstrip("/")
ALLOWED_HOSTS = ["*"]

# Where the root path redirects to (a path such as "/hotels"); empty means no redirect.
ROOT_REDIRECT = env("ROOT_REDIRECT", default="")

HTTPS = env.bool("HTTPS", default=False)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = env.int("HSTS_SECONDS", default=31536000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_REFERRER_POLICY = "strict-origin-when-cross-origin"
SESSION_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
CSRF_FAILURE_VIEW = "storefront.pages.errors.csrf_failure"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "csp",
    "django_tasks_db",
    "storefront.background",
    "storefront.i18n",
    "storefront.brands",
    "storefront.catalog",
    "storefront.chrome",
    "storefront.islands",
    "storefront.leads",
    "storefront.pages",
    "storefront.sandbox",
    "storefront.search",
    "storefront.hotels",
    "storefront.checkout",
    "storefront.reservations",
    "storefront.content",
    "storefront.security",
    "storefront.support",
    "storefront.serving",
]

MIDDLEWARE = [
    # `/health` answers before anything touches a cache, the database or the provider.
    "storefront.serving.health.HealthMiddleware",
    # A body over the upload limit: 413, read and thrown away so the connection lives on.
    "storefront.serving.body_limit.BodyLimitMiddleware",
    # Then: every provider call of the request, HostGuard's included, shares the page's budget.
    "storefront.upstream.budget.TimeBudgetMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Compresses what the rest renders (storefront/serving/compression.py); WhiteNoise's files are
    # compressed already.
    "storefront.serving.compression.CompressionMiddleware",
    # Before WhiteNoise: static files, HostGuard's 400/503 and error pages get these headers too.
    "storefront.security.headers.SecurityHeadersMiddleware",
    # WhiteNoise, its scan of the static files kept per process (serving/static_files.py).
    "storefront.serving.static_files.StaticFilesMiddleware",
    # Unknown hosts are refused before any kept page is served: a host the registry drops
    # stops being answered at once, kept pages or not.
    "storefront.brands.middleware.HostGuardMiddleware",
    # A page sees only the query parameters it reads (pages/query.py): junk in the query
    # string neither reaches a view nor makes a new entry in the page cache.
    "storefront.pages.query.QueryMiddleware",
    # Kept pages for anonymous visitors (serving/page_cache.py): a hit runs nothing below.
    "storefront.serving.page_cache.PageCacheMiddleware",
    # Before the locale and brand: every page, error pages for failures in later middleware
    # included, gets the policy header (built at response time, so per-brand directives still
    # see request.brand; inline styles are admitted by hash: storefront/security/csp.py).
    "storefront.security.csp.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "storefront.i18n.middleware.LocaleMiddleware",
    "storefront.brands.middleware.BrandMiddleware",
    "storefront.chrome.preferences.PreferencesMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "storefront.accounts.middleware.UpstreamUserMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "storefront.urls"
WSGI_APPLICATION = "storefront.wsgi.application"

TEMPLATES = [
    {
        # Every page (storefront/jinja.py): Jinja2 compiles templates to Python.
        "BACKEND": "storefront.jinja.Jinja2",
        "NAME": "jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {
            "environment": "storefront.jinja.environment",
            "context_processors": ["storefront.chrome.context_processors.chrome"],
        },
    },
    {
        # The admin's own pages, and our admin page that extends one (storefront/brands/templates).
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Several processes on many machines (DESIGN 14): each process keeps a pool of connections
    # (psycopg 3's pool) instead of opening one per request. Size it to the threads of a web
    # process; PostgreSQL's max_connections must cover every process's max.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DATABASE_POOL_MIN", default=1),
        "max_size": env.int("DATABASE_POOL_MAX", default=8),
        "timeout": env.float("DATABASE_POOL_TIMEOUT", default=10.0),
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps them; Django must not
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # `make run` has several processes on one file (web workers, the task worker, the sweeper):
    # a writer waits its turn, and takes the write lock when its transaction begins (a lock
    # upgraded midway fails at once instead of waiting). In write-ahead-log mode readers never
    # wait for the writer and a commit is one append and one fsync of the log (synchronous=FULL:
    # a committed lead survives a power cut too), where the rollback journal wrote and synced
    # the journal and the file: 1,000 leads through two web processes and a worker took 44 s
    # and 48 s of CPU with the journal, 20 s and 30 s with the log (tests/leads/test_cluster.py).
    _sqlite = DATABASES["default"].setdefault("OPTIONS", {})
    _sqlite.setdefault("timeout", 20)
    _sqlite.setdefault("transaction_mode", "IMMEDIATE")
    _sqlite.setdefault("init_command", "PRAGMA journal_mode=WAL;PRAGMA synchronous=FULL")

# Caches. "default" holds brands, negative host answers, brand locks and the provider's circuit
# breaker; "throttle" holds login/register counters in a key space of their own, so that no flood
# of other keys (random Host headers, say) can evict them. With several processes both must be
# shared: CACHE_URL=redis://host:6379/0 (django-redis); THROTTLE_CACHE_URL defaults to the same
# server's next database. A memory cap with an eviction policy applies to a whole Redis server,
# all its databases: so either keep one Redis on its default `noeviction` policy, or (as `make
# cluster` does) give the caches a capped Redis (maxmemory, allkeys-lru) and the throttles and
# the task queue another that never evicts (THROTTLE_CACHE_URL, TASKS_REDIS_URL).
# `check --deploy` refuses a per-process cache (storefront/checks.py).
# The default cache may fail open (a Redis outage costs cache misses, not pages); the throttle
# cache never does (logins are refused while counters cannot be kept).
CACHE_URL = env("CACHE_URL", default="locmemcache://storefront")
CACHES = {
    "default": env.cache_url_config(CACHE_URL),
    "throttle": env.cache_url_config(
        env("THROTTLE_CACHE_URL", default="")
        or (
            CACHE_URL.rsplit("/", 1)[0] + "/1"
            if CACHE_URL.startswith(("redis://", "rediss://"))
            else "locmemcache://throttle"
        )
    ),
}
# Redis never stalls a page (storefront/redis_guard.py): every connection waits at most these
# seconds to connect and for an answer (a local Redis answers in well under a millisecond), and a
# server that did not answer in time is skipped by the whole process for REDIS_SKIP_SECONDS.
# Half a second: a busy machine can keep a local Redis from answering for a few hundred ms,
# and a timeout costs every cache operation of the process the next REDIS_SKIP_SECONDS.
REDIS_CONNECT_TIMEOUT = env.float("REDIS_CONNECT_TIMEOUT", default=0.5)
REDIS_TIMEOUT = env.float("REDIS_TIMEOUT", default=0.5)
REDIS_SKIP_SECONDS = env.float("REDIS_SKIP_SECONDS", default=5.0)
_REDIS_POOL = redis_guard.options(REDIS_CONNECT_TIMEOUT, REDIS_TIMEOUT, REDIS_SKIP_SECONDS)
# A cache inside one process is bounded by entries: the default one keeps whole pages (about 30 KB
# a copy), so at most LOCAL_CACHE_MAX_ENTRIES (about 150 MB at 5,000); throttle counters are tiny.
LOCAL_CACHE_MAX_ENTRIES = env.int("LOCAL_CACHE_MAX_ENTRIES", default=5_000)
for _alias, _cache in CACHES.items():
    if _cache["BACKEND"].endswith("LocMemCache"):
        _cache.setdefault("OPTIONS", {})["MAX_ENTRIES"] = (
            LOCAL_CACHE_MAX_ENTRIES if _alias == "default" else 100_000
        )
    elif _cache["BACKEND"].startswith("django_redis"):
        _cache.setdefault("OPTIONS", {})["IGNORE_EXCEPTIONS"] = _alias == "default"
        _cache["OPTIONS"]["CONNECTION_POOL_KWARGS"] = dict(_REDIS_POOL)
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True

# The page cache (storefront/serving/page_cache.py): public pages for anonymous visitors, kept
# compressed in the default cache this long (0: off). The key holds the values of these cookies,
# the ones the server renders into a page (chrome.preferences, the agent's fid); a test checks
# that every preference cookie is listed.
# A request body over DATA_UPLOAD_MAX_MEMORY_SIZE (Django's 2.5 MB) is answered 413; up to this
# size it is read first so the kept-alive connection can carry the next request
# (storefront/serving/body_limit.py); beyond it the 413 closes the connection.
UPLOAD_DRAIN_MAX_BYTES = env.int("UPLOAD_DRAIN_MAX_BYTES", default=32 * 1024 * 1024)

PAGE_CACHE_SECONDS = env.int("PAGE_CACHE_SECONDS", default=300)
PAGE_CACHE_COOKIES = ("currency", "country", "priceDisplay", "color-mode", "fid")
# Kept pages are compressed at the best levels (brotli 11, gzip 9: up to 0.2 s a page, once a
# page for the whole fleet). Off, every kept page is compressed fast (brotli 5, gzip 6): for the
# test suite and development, where nearly every page is a first visit.
PAGE_CACHE_BEST_COMPRESSION = env.bool("PAGE_CACHE_BEST_COMPRESSION", default=True)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Locales: the table lives in storefront.i18n.locales; Django only needs the default and the list.
LANGUAGE_CODE = "en"
LANGUAGES = [(code, locale.name) for code, locale in LOCALES.items()]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True
LOCALES_DIR = BASE_DIR / "locales"

# Static files: esbuild writes content-hashed islands into static_build/; WhiteNoise serves every
# static file compressed (gzip + brotli), hashed and, for hashed names, as immutable.
STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static_src" / "public", BASE_DIR / "static_build"]
ISLANDS_MANIFEST = BASE_DIR / "static_build" / "islands" / "manifest.json"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# Cached forever: esbuild's content-hashed islands and assets (main-7KQ2ZX3A.js, the country
# dialog's flags assets/fr-6FRK6AZM.svg) and Django's hashed copies (logo.0123456789ab.svg).
# Everything else gets WhiteNoise's short max-age.
WHITENOISE_IMMUTABLE_FILE_TEST = (
    r"/islands/.+-[A-Z0-9]{8}\.(?:js|mjs|css|svg)$|\.[0-9a-f]{12}\.\w+$"
)

# Content Security Policy (django-csp 4) without a per-response nonce, so that a kept page's bytes
# and header are the same for everyone (storefront/security/csp.py): scripts only from our origin,
# inline <style> blocks only by their hash.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        # Our own, data: (inline logos); the brand's image hosts, the provider's photos and the
        # map's tiles are added by the pages that show them (brands.middleware, pages.responses).
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# The provider's API (spec section 7). The default is the sandbox (`manage.py sandbox`, started by
# `make run`), so everything runs offline. The client token is the sandbox's own; production sets
# UPSTREAM_URL and UPSTREAM_CLIENT_TOKEN (the deploy check refuses the sandbox's token).
SANDBOX_CLIENT_TOKEN = "sandbox-client-token"
UPSTREAM_URL = env("UPSTREAM_URL", default="http://127.0.0.1:8001")
UPSTREAM_CLIENT_TOKEN = env("UPSTREAM_CLIENT_TOKEN", default=SANDBOX_CLIENT_TOKEN)
# The secret the provider signs a payment's return and its webhooks with (HMAC-SHA256,
# docs/provider-booking-api.md), and we verify them with. The default is the sandbox's, known to
# anyone who reads this file: the deploy check refuses it, so production sets the provider's.
SANDBOX_PAYMENT_SIGNING_SECRET = "sandbox-payment-signing-secret-not-for-production"
PAYMENT_SIGNING_SECRET = env("PAYMENT_SIGNING_SECRET", default=SANDBOX_PAYMENT_SIGNING_SECRET)
# The sandbox playing the provider's booking and payment (storefront/sandbox/booking/): how long a
# prebook holds its price, how long a slow test card keeps a payment "processing", and how its
# webhooks are sent (attempts, the first pause, doubling, and each attempt's timeout). Tests
# shorten them.
SANDBOX_PREBOOK_HOLD_SECONDS = env.int("SANDBOX_PREBOOK_HOLD_SECONDS", default=900)
SANDBOX_PAYMENT_SLOW_SECONDS = env.float("SANDBOX_PAYMENT_SLOW_SECONDS", default=20.0)
SANDBOX_WEBHOOK_ATTEMPTS = env.int("SANDBOX_WEBHOOK_ATTEMPTS", default=4)
SANDBOX_WEBHOOK_BACKOFF_SECONDS = env.float("SANDBOX_WEBHOOK_BACKOFF_SECONDS", default=2.0)
SANDBOX_WEBHOOK_TIMEOUT_SECONDS = env.float("SANDBOX_WEBHOOK_TIMEOUT_SECONDS", default=5.0)
# After the booking: how long a guest's access token (from POST /v3/bookings/lookup) lasts, and
# how many lookups of one reference the sandbox answers in a window before it answers 429.
SANDBOX_BOOKING_ACCESS_SECONDS = env.int("SANDBOX_BOOKING_ACCESS_SECONDS", default=1800)
SANDBOX_LOOKUP_ATTEMPTS = env.int("SANDBOX_LOOKUP_ATTEMPTS", default=10)
SANDBOX_LOOKUP_WINDOW_SECONDS = env.int("SANDBOX_LOOKUP_WINDOW_SECONDS", default=900)
# Time: every provider call made while a visitor waits ends within PAGE_BUDGET_SECONDS of the
# request's arrival (connect, retries and body together), so a page answers within about 3 s even
# when the provider hangs or trickles; outside requests each call gets UPSTREAM_BACKGROUND_SECONDS.
# Connect and read timeouts are further caps per attempt.
PAGE_BUDGET_SECONDS = env.float("PAGE_BUDGET_SECONDS", default=2.5)
# A login or registration posted: three provider calls around a password check that the provider
# makes slow on purpose (about 0.7 s of its CPU), so more than a page's budget; the GET pages keep
# theirs. Past it the form says "not possible right now", as when the provider is down.
AUTH_BUDGET_SECONDS = env.float("AUTH_BUDGET_SECONDS", default=8.0)
UPSTREAM_BACKGROUND_SECONDS = env.float("UPSTREAM_BACKGROUND_SECONDS", default=10.0)
UPSTREAM_CONNECT_TIMEOUT = env.float("UPSTREAM_CONNECT_TIMEOUT", default=1.0)
UPSTREAM_READ_TIMEOUT = env.float("UPSTREAM_READ_TIMEOUT", default=2.0)
UPSTREAM_GET_RETRIES = env.int("UPSTREAM_GET_RETRIES", default=2)
UPSTREAM_RETRY_BACKOFF = env.float("UPSTREAM_RETRY_BACKOFF", default=0.2)
# The circuit breaker (shared through the default cache): this many failures within the window
# open it; while open, calls fail at once; then one call probes the provider.
# The provider's inventory (storefront/upstream/inventory/): content is cached for hours, live
# rates for a minute (long enough to page through results and come back).
INVENTORY_CONTENT_SECONDS = env.int("INVENTORY_CONTENT_SECONDS", default=6 * 3600)
INVENTORY_RATES_SECONDS = env.int("INVENTORY_RATES_SECONDS", default=60)
# Where the provider's hotel photos come from; empty: the origin of UPSTREAM_URL (the sandbox
# serves its own). Pages that show photos add exactly this origin to their CSP img-src.
INVENTORY_MEDIA_ORIGIN = env("INVENTORY_MEDIA_ORIGIN", default="")

# Leads (storefront/leads/): where the provider forwards them (spec section 7: to, token and the
# group by language), how long an undelivered lead is retried, and the abuse limits.
LEADS_TO = env("LEADS_TO", default="https://crm.example.com/api/leads")
LEADS_TOKEN = env("LEADS_TOKEN", default="sandbox-leads-token")
LEADS_GROUP = env("LEADS_GROUP", default="agents-international")
LEADS_GROUP_HE = env("LEADS_GROUP_HE", default="agents-israel")
LEADS_EXPIRE_HOURS = env.int("LEADS_EXPIRE_HOURS", default=72)
LEADS_SEND_SECONDS = env.float("LEADS_SEND_SECONDS", default=10.0)
# Backoff between attempts: the first wait, doubling after each failure, up to the longest.
LEADS_RETRY_FIRST_SECONDS = env.float("LEADS_RETRY_FIRST_SECONDS", default=15.0)
LEADS_RETRY_LONGEST_SECONDS = env.float("LEADS_RETRY_LONGEST_SECONDS", default=30 * 60.0)
# A send holds its lead this long (a worker that dies mid-send lets it go after that); the
# sweeper (`manage.py sweep_outbox`) queues again what is overdue by more than its grace. These
# four are the leads' outbox's (storefront/background/outbox.py reads <PREFIX>_LEASE_SECONDS ...).
LEADS_LEASE_SECONDS = env.float("LEADS_LEASE_SECONDS", default=60.0)
LEADS_SWEEP_GRACE_SECONDS = env.float("LEADS_SWEEP_GRACE_SECONDS", default=120.0)
LEADS_DEDUPE_SECONDS = env.int("LEADS_DEDUPE_SECONDS", default=600)
LEADS_PER_IP = env.int("LEADS_PER_IP", default=20)  # a quarter of an hour
LEADS_PER_EMAIL = env.int("LEADS_PER_EMAIL", default=5)

# The contact form (storefront/support/, docs/support.md): where a message goes ("provider": the
# provider's POST /v3/support/messages; "email": Django's mail to CONTACT_EMAIL_TO, Reply-To the
# visitor), how long an undelivered one is retried, and the abuse limits. The outbox's four
# timings are read as <PREFIX>_LEASE_SECONDS ... (storefront/background/outbox.py).
CONTACT_DESTINATION = env("CONTACT_DESTINATION", default="provider")
if CONTACT_DESTINATION not in ("provider", "email"):
    raise ImproperlyConfigured("CONTACT_DESTINATION must be 'provider' or 'email'")
CONTACT_EMAIL_TO = env("CONTACT_EMAIL_TO", default="")
CONTACT_EXPIRE_HOURS = env.int("CONTACT_EXPIRE_HOURS", default=72)
CONTACT_SEND_SECONDS = env.float("CONTACT_SEND_SECONDS", default=10.0)
CONTACT_RETRY_FIRST_SECONDS = env.float("CONTACT_RETRY_FIRST_SECONDS", default=15.0)
CONTACT_RETRY_LONGEST_SECONDS = env.float("CONTACT_RETRY_LONGEST_SECONDS", default=30 * 60.0)
CONTACT_LEASE_SECONDS = env.float("CONTACT_LEASE_SECONDS", default=60.0)
CONTACT_SWEEP_GRACE_SECONDS = env.float("CONTACT_SWEEP_GRACE_SECONDS", default=120.0)
CONTACT_PER_IP = env.int("CONTACT_PER_IP", default=10)  # a quarter of an hour
CONTACT_PER_EMAIL = env.int("CONTACT_PER_EMAIL", default=5)

# Checkout (storefront/checkout/, DESIGN 15). A transaction whose visitor left for the provider's
# page is asked about after CHECKOUT_SETTLE_FIRST_SECONDS, then with backoff, until the provider
# says how its payment ended (the settlements' outbox); its confirmation email is an outbox of
# its own (CHECKOUT_MAIL_*). Each outbox reads <PREFIX>_LEASE_SECONDS, _RETRY_FIRST_SECONDS,
# _RETRY_LONGEST_SECONDS and _SWEEP_GRACE_SECONDS.
CHECKOUT_SETTLE_FIRST_SECONDS = env.float("CHECKOUT_SETTLE_FIRST_SECONDS", default=60.0)
CHECKOUT_SETTLE_LEASE_SECONDS = env.float("CHECKOUT_SETTLE_LEASE_SECONDS", default=60.0)
CHECKOUT_SETTLE_RETRY_FIRST_SECONDS = env.float("CHECKOUT_SETTLE_RETRY_FIRST_SECONDS", default=30.0)
CHECKOUT_SETTLE_RETRY_LONGEST_SECONDS = env.float(
    "CHECKOUT_SETTLE_RETRY_LONGEST_SECONDS", default=15 * 60.0
)
CHECKOUT_SETTLE_SWEEP_GRACE_SECONDS = env.float(
    "CHECKOUT_SETTLE_SWEEP_GRACE_SECONDS", default=120.0
)
CHECKOUT_MAIL_LEASE_SECONDS = env.float("CHECKOUT_MAIL_LEASE_SECONDS", default=60.0)
CHECKOUT_MAIL_RETRY_FIRST_SECONDS = env.float("CHECKOUT_MAIL_RETRY_FIRST_SECONDS", default=30.0)
CHECKOUT_MAIL_RETRY_LONGEST_SECONDS = env.float(
    "CHECKOUT_MAIL_RETRY_LONGEST_SECONDS", default=30 * 60.0
)
CHECKOUT_MAIL_SWEEP_GRACE_SECONDS = env.float("CHECKOUT_MAIL_SWEEP_GRACE_SECONDS", default=120.0)
# The cancellation emails (storefront/reservations/): sent once per booking, on the same timings.
RESERVATIONS_MAIL_LEASE_SECONDS = CHECKOUT_MAIL_LEASE_SECONDS
RESERVATIONS_MAIL_RETRY_FIRST_SECONDS = CHECKOUT_MAIL_RETRY_FIRST_SECONDS
RESERVATIONS_MAIL_RETRY_LONGEST_SECONDS = CHECKOUT_MAIL_RETRY_LONGEST_SECONDS
RESERVATIONS_MAIL_SWEEP_GRACE_SECONDS = CHECKOUT_MAIL_SWEEP_GRACE_SECONDS
# Email: the console by default (make run prints the confirmations), a file backend with
# EMAIL_URL=filemail:///path, SMTP with EMAIL_URL=smtp+tls://user:password@host:587.
# Django 6.1's MAILERS, from django-environ's reading of the URL (its EMAIL_* names are
# deprecated as settings, so they are only read here).
_EMAIL = env.email_url("EMAIL_URL", default="consolemail://")
_MAILER_OPTIONS = {
    "host": _EMAIL.get("EMAIL_HOST"),
    "port": _EMAIL.get("EMAIL_PORT"),
    "username": _EMAIL.get("EMAIL_HOST_USER"),
    "password": _EMAIL.get("EMAIL_HOST_PASSWORD"),
    "use_tls": _EMAIL.get("EMAIL_USE_TLS"),
    "use_ssl": _EMAIL.get("EMAIL_USE_SSL"),
    "timeout": 10,
}
if _EMAIL["EMAIL_BACKEND"].endswith("smtp.EmailBackend"):
    _OPTIONS = {name: value for name, value in _MAILER_OPTIONS.items() if value}
elif _EMAIL["EMAIL_BACKEND"].endswith("filebased.EmailBackend"):
    # django-environ drops the path's leading slash: filemail:///var/mail/storefront names
    # /var/mail/storefront, not a folder under the working directory.
    _OPTIONS = {"file_path": "/" + _EMAIL.get("EMAIL_FILE_PATH", "").lstrip("/")}
else:
    _OPTIONS = {}
MAILERS = {"default": {"BACKEND": _EMAIL["EMAIL_BACKEND"], "OPTIONS": _OPTIONS}}
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Travelnest <bookings@travelnest.example>")

# Background work (DESIGN 13, storefront/background/): Django's task framework on a database
# queue, run by `manage.py db_worker` (make run starts one); or on Redis through RQ with
# TASKS_BACKEND=storefront.background.rq.RQBackend, run by `manage.py rq_worker`, on
# TASKS_REDIS_URL (default: CACHE_URL, when that is Redis).
TASKS_REDIS_URL = env("TASKS_REDIS_URL", default=CACHE_URL if CACHE_URL.startswith("redis") else "")
TASKS = {
    "default": {
        "BACKEND": env("TASKS_BACKEND", default="django_tasks_db.DatabaseBackend"),
        "QUEUES": ["default"],
    }
}

# Maps (storefront/search/maps.py): the library a brand does not choose itself, Leaflet over
# raster tiles or MapLibre GL over a vector style, and where tiles and style come from (empty:
# the sandbox's, under UPSTREAM_URL). The pages' CSP lists exactly these origins.
MAP_PROVIDER = env("MAP_PROVIDER", default="leaflet")
MAP_TILES_URL = env("MAP_TILES_URL", default="")  # https://…/{z}/{x}/{y}.png
MAP_STYLE_URL = env("MAP_STYLE_URL", default="")  # https://…/style.json
MAP_DATA_ORIGINS = env.list("MAP_DATA_ORIGINS", default=[])  # what the style fetches besides
MAP_ATTRIBUTION = env("MAP_ATTRIBUTION", default="")
# Israeli VAT on stays in Israel for residents, outside Eilat (storefront/search/israel_vat.py).
ISRAEL_VAT_RATE = Decimal(env.str("ISRAEL_VAT_RATE", default="0.18"))  # money: never a float
UPSTREAM_BREAKER_FAILURES = env.int("UPSTREAM_BREAKER_FAILURES", default=5)
UPSTREAM_BREAKER_WINDOW = env.int("UPSTREAM_BREAKER_WINDOW", default=30)
UPSTREAM_BREAKER_OPEN_SECONDS = env.int("UPSTREAM_BREAKER_OPEN_SECONDS", default=15)
# A host (or fid) seen for the first time costs a provider call while the visitor waits: at most
# HOST_LOOKUP_CONCURRENCY such calls run at once across all processes (keep it below the number of
# workers), each within HOST_LOOKUP_SECONDS; a flood of random Host headers gets 503s, not workers.
HOST_LOOKUP_CONCURRENCY = env.int("HOST_LOOKUP_CONCURRENCY", default=1)
HOST_LOOKUP_SECONDS = env.float("HOST_LOOKUP_SECONDS", default=1.0)

# Accounts (storefront.security.throttles): login attempts allowed in 15 minutes per address,
# per account from one address (or from one browser that logged in to it before), and per account
# from all strangers together; registrations per address and per email; the admin login the same.
LOGIN_ATTEMPTS_PER_EMAIL = env.int("LOGIN_ATTEMPTS_PER_EMAIL", default=10)
LOGIN_ATTEMPTS_PER_EMAIL_ALL_SOURCES = env.int("LOGIN_ATTEMPTS_PER_EMAIL_ALL_SOURCES", default=30)
LOGIN_ATTEMPTS_PER_IP = env.int("LOGIN_ATTEMPTS_PER_IP", default=50)
# A guest finding a booking by reference and email (/reservation), a quarter of an hour: per
# address, and per reference from anywhere (the provider counts its own, 10, too).
LOOKUP_ATTEMPTS_PER_IP = env.int("LOOKUP_ATTEMPTS_PER_IP", default=20)
LOOKUP_ATTEMPTS_PER_REFERENCE = env.int("LOOKUP_ATTEMPTS_PER_REFERENCE", default=8)
REGISTER_ATTEMPTS_PER_IP = env.int("REGISTER_ATTEMPTS_PER_IP", default=10)
# The visitor's address: REMOTE_ADDR, or behind TRUSTED_PROXY_HOPS proxies that each append the
# address they saw to CLIENT_IP_HEADER, the entry that many places from the right (entries further
# left are written by the client and never trusted). Off while CLIENT_IP_HEADER is empty.
CLIENT_IP_HEADER = env("CLIENT_IP_HEADER", default="")
TRUSTED_PROXY_HOPS = env.int("TRUSTED_PROXY_HOPS", default=1)
LOGIN_REMEMBER_SECONDS = env.int("LOGIN_REMEMBER_SECONDS", default=30 * 24 * 60 * 60)
# How old the session's last /v3/auth answer may be before a page view asks again; a recheck that
# fails (provider down or slow) keeps the user as last seen.
AUTH_RECHECK_SECONDS = env.int("AUTH_RECHECK_SECONDS", default=60)

# A request header carrying the visitor's country (e.g. "CF-IPCountry" behind Cloudflare); off
# when empty, and then a visitor has no country until they choose one.
GEO_COUNTRY_HEADER = env("GEO_COUNTRY_HEADER", default="")

# The default brand (white label replaces these per host; see storefront.brands).
BRAND_NAME = env("BRAND_NAME", default="Travelnest")
BRAND_THEME_COLOR = "#044AFF"
# Analytics of the canonical host, whatever the fid (off when empty): agent brands never load their
# own. Only a partner's own host (agency or custom white-label host) may bring its own ids.
DEFAULT_GA4_ID = env("GA4_ID", default="")
DEFAULT_GTM_ID = env("GTM_ID", default="")
# Brand cache: fresh for BRAND_FRESH_SECONDS, then served stale (up to BRAND_STALE_SECONDS) while
# one request refreshes it; a host the provider does not know is remembered for
# BRAND_NEGATIVE_SECONDS, so random Host headers cost one upstream call each at most.
BRAND_FRESH_SECONDS = env.int("BRAND_FRESH_SECONDS", default=300)
BRAND_STALE_SECONDS = env.int("BRAND_STALE_SECONDS", default=24 * 60 * 60)
BRAND_NEGATIVE_SECONDS = env.int("BRAND_NEGATIVE_SECONDS", default=600)

# The one table of external link targets and the payments entity, each overridable by
# environment (LINK_<KEY>, or LINK_<KEY>_<LANG> for per-language links).
PAYMENTS_ENTITY = env("PAYMENTS_ENTITY", default="Travelnest Payments Ltd")
# The platform behind every brand, named in the footer's "Powered by" (never the partner's name).
POWERED_BY_NAME = env("POWERED_BY_NAME", default="Travelnest")
_LINK_DEFAULTS = {
    "about": "https://www.example.com/about",
    "testimonials": "https://www.example.com/testimonials",
    "faq": "https://www.example.com/faq",
    "contact": "https://www.example.com/contact",
    "flights": "https://agents.example.com/flights",
    "cars": "https://agents.example.com/cars",
    "tickets": "https://agents.example.com/tickets",
    "sales": "https://sales.example.com/carts",
    "forgot_password": "https://www.example.com/password/reset",
    "powered_by": "https://www.example.com/",
    "join_agent_en": "https://join.example.com/en",
    "join_agent_he": "https://join.example.com/he",
    "reservation_management_en": "https://manage.example.com/en",
    "reservation_management_he": "https://manage.example.com/he",
}
EXTERNAL_LINKS = {
    key: env(f"LINK_{key.upper()}", default=url) for key, url in _LINK_DEFAULTS.items()
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}
