"""Django settings, read from the environment.

DEBUG is off unless set: `python3 dev.py` and the test suite turn it on. With
DEBUG off the app expects to be served over HTTPS, and SECRET_KEY must be set.

The environment variables, all optional but SECRET_KEY and DATABASE_URL:

    DEBUG                    1 for development only (default 0)
    SECRET_KEY               with DEBUG off: at least 50 random characters
    ALLOWED_HOSTS            host names the site answers to, comma-separated
    CSRF_TRUSTED_ORIGINS     origins trusted for forms, e.g. https://yu.example.org
    DATABASE_URL             Postgres; with DEBUG off it must be set (with DEBUG on, unset:
                             an embedded server in .pgdata/). It may go through pgbouncer in
                             transaction mode: Django's psycopg prepares no statements
    LISTEN_DATABASE_URL      the same database reached directly, for the one connection each
                             process listens for board news on (LISTEN needs a session of its
                             own): set it when DATABASE_URL goes through a transaction pooler
                             (unset: DATABASE_URL's)
    DB_POOL                  with DEBUG off: each process keeps a pool of connections (default 1)
    DB_POOL_MIN, DB_POOL_MAX connections in a process's pool: kept open, and at most (2, 10)
    DB_POOL_TIMEOUT          seconds a request waits for a free connection before a 503 (10)
    DB_CONN_MAX_AGE          without the pool: seconds a connection is kept open (default 0)
    REDIS_URL                a Redis server the app processes share their rendered boards in,
                             e.g. redis://cache:6379/0 (unset: each process keeps its own)
    SERVER_TIMING            1: a Server-Timing header on every answer with its queries and their time
    PROXY_SSL_HEADER         a header your TLS proxy sets to "https", e.g. HTTP_X_FORWARDED_PROTO
    CLIENT_IP_HEADER         a header your proxy sets to the client's address, e.g. HTTP_X_REAL_IP
                             (the last address in it is used; unset, the connection's address)
    SECURE_SSL_REDIRECT      send plain HTTP requests to HTTPS
    SECURE_HSTS_SECONDS      how long browsers should use HTTPS only (a year)
    SECURE_HSTS_INCLUDE_SUBDOMAINS, SECURE_HSTS_PRELOAD
    SECURE_COOKIES           session and CSRF cookies over HTTPS only
    SITE_URL                 the site's address, for the links in the notes it e-mails,
                             e.g. https://yu.example.org (default http://127.0.0.1:8000)
    EMAIL_HOST               the SMTP server the notes go through (unset: they are printed on
                             the worker's console); EMAIL_PORT (25), EMAIL_HOST_USER,
                             EMAIL_HOST_PASSWORD, EMAIL_USE_TLS or EMAIL_USE_SSL (0)
    DEFAULT_FROM_EMAIL       who the notes come from (notes@ the SITE_URL's host)

The last five default to on (a year) with DEBUG off, and to off with DEBUG on.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
import django_stubs_ext
import psycopg
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from psycopg.conninfo import conninfo_to_dict

from config.database import database_url

django_stubs_ext.monkeypatch()  # Django's generic classes take type arguments: ModelForm[Campaign]

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} should be True or False, not {value!r}")


def envint(name: str, default: int) -> int:
    return int(os.environ.get(name) or default)


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def secret_key(debug: bool) -> str:
    """SECRET_KEY from the environment; with DEBUG off it must be set, long and random."""
    key = os.environ.get("SECRET_KEY", "")
    if debug:
        return key or "development-only-key-never-use-it-in-production"
    make_one = "make one with: python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"
    if not key:
        raise ImproperlyConfigured(f"Set SECRET_KEY when DEBUG is off; {make_one}")
    # Django's own test of a key's strength (check --deploy, security.W009).
    if len(key) < 50 or len(set(key)) < 5 or key.startswith("django-insecure-"):
        raise ImproperlyConfigured(
            "SECRET_KEY is too weak: it needs at least 50 characters, at least 5 of them different, "
            f"and must not start with 'django-insecure-'; {make_one}"
        )
    return key


def database(debug: bool) -> dj_database_url.DBConfig:
    """The default database. With DEBUG off, DATABASE_URL's, and each process keeps a pool of
    connections unless DB_POOL=0 (Django advises a pool under ASGI, where CONN_MAX_AGE must be 0)."""
    pooled = not debug and envbool("DB_POOL", True)
    conn_max_age = 0 if pooled else envint("DB_CONN_MAX_AGE", 0)
    config = dj_database_url.parse(
        database_url(embedded=debug), conn_max_age=conn_max_age, conn_health_checks=True
    )
    if pooled:
        low, high = envint("DB_POOL_MIN", 2), envint("DB_POOL_MAX", 10)
        if not 0 <= low <= high or high < 1:
            raise ImproperlyConfigured(
                f"DB_POOL_MIN ({low}) and DB_POOL_MAX ({high}) need 0 <= DB_POOL_MIN <= DB_POOL_MAX, "
                "and DB_POOL_MAX at least 1"
            )
        pool = {"min_size": low, "max_size": high, "timeout": envint("DB_POOL_TIMEOUT", 10)}
        config["OPTIONS"] = {**config.get("OPTIONS", {}), "pool": pool}
    return config


def listen_database_url() -> str:
    """LISTEN_DATABASE_URL, refused at start when it is no database URL."""
    url = os.environ.get("LISTEN_DATABASE_URL", "").strip()
    if url:
        try:
            conninfo_to_dict(url)
        except psycopg.ProgrammingError as exc:
            raise ImproperlyConfigured(
                f"LISTEN_DATABASE_URL should be a URL like postgresql://user:password@host/yu: {exc}"
            ) from exc
    return url


DEBUG = envbool("DEBUG", False)
SECRET_KEY = secret_key(DEBUG)
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    "axes",
    "django_ratelimit",
    "campaigns.accounts",
    "campaigns.sharing",
    "campaigns",
    "campaigns.notes",
    "django_tasks",
    "django_tasks_db",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Compresses HTML answers (event streams excepted); BREACH is kept at bay by its random padding
    # and masked CSRF tokens.
    "campaigns.compression.GZipButStreams",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "campaigns.middleware.NotKept",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",  # the language cookie's, or Accept-Language's
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
    # Last, and sync only: so that for an event stream (an async view, which config/handler.py
    # leaves to Django's ASGI handler) the whole chain runs in the one thread it is handed to.
    # Django runs async-capable middleware at the end of the chain in the event loop, and each
    # step of a sync one among them (the messages', the frame options') in a thread and back.
    "campaigns.accounts.middleware.LanguageCookie",
]
if envbool("SERVER_TIMING", False):  # for tools/bench: queries and their time per request
    MIDDLEWARE.insert(0, "campaigns.timing.ServerTiming")

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,  # template_partials swaps this for its own loaders
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    {
        # The game boards, in Jinja2 (campaigns.jinja): only the .jinja files, asked for by name.
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {"environment": "campaigns.jinja.environment"},
    },
]

DATABASES = {"default": database(DEBUG)}
LISTEN_DATABASE_URL = listen_database_url()
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français")]
"""What the site speaks; a reader's language is chosen as campaigns.accounts.language says."""
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60  # a choice outlives the browser's session
LANGUAGE_COOKIE_HTTPONLY = True
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed, compressed files need collectstatic first: only outside development.
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}
# Fixed here rather than left to follow DEBUG, which the test runner turns off.
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_USE_FINDERS = DEBUG

# HTTPS: on by default outside development.
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 0 if DEBUG else 365 * 24 * 60 * 60)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", not DEBUG)
SESSION_ENGINE = "campaigns.accounts.sessions"  # Django's database sessions, read in SQL written once
SESSION_COOKIE_SECURE = envbool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
if PROXY_SSL_HEADER := os.environ.get("PROXY_SSL_HEADER", "").strip():
    if not PROXY_SSL_HEADER.startswith("HTTP_"):
        raise ImproperlyConfigured(
            "PROXY_SSL_HEADER names a header as Django sees it, e.g. HTTP_X_FORWARDED_PROTO, "
            f"not {PROXY_SSL_HEADER!r}"
        )
    SECURE_PROXY_SSL_HEADER = (PROXY_SSL_HEADER, "https")
CLIENT_IP_HEADER = os.environ.get("CLIENT_IP_HEADER", "").strip()

# Pages may load scripts, styles, images and requests from this site only, and nothing inline.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
        "object-src": [NONE],
    },
}

CACHES = {
    # The rendered boards: kept by each process, or by a Redis server they all share.
    # Redis out of reach, the boards are drawn afresh: a second at most to find out.
    "default": {
        "BACKEND": "campaigns.cache.BoardCache",
        "LOCATION": REDIS_URL,
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }
    if (REDIS_URL := os.environ.get("REDIS_URL", "").strip())
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # Shared by every app process: `manage.py createcachetable` makes its table. Room for the
    # counts of many addresses, lest live ones be culled (expired ones go first).
    "throttle": {
        "BACKEND": "campaigns.accounts.throttle.ThrottleCache",
        "LOCATION": "throttle_cache",
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    },
}

# The notes that say it is a player's move (campaigns.notes): queued in the database with the move,
# sent by `manage.py db_worker`, through an SMTP server or else printed on its console.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").strip().rstrip("/")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "").strip()
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = envbool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = 20
DEFAULT_FROM_EMAIL = (
    os.environ.get("DEFAULT_FROM_EMAIL") or f"notes@{SITE_URL.partition('://')[2].split(':')[0]}"
)

# Log-in: an address, or an account but for the browsers that logged in to it before, is locked
# for 15 minutes after 10 wrong passwords (campaigns/accounts/throttle.py).
AUTHENTICATION_BACKENDS = ["campaigns.accounts.throttle.LockoutBackend"]
AXES_HANDLER = "campaigns.accounts.throttle.LoginAttempts"
AXES_FAILURE_LIMIT = 10
AXES_LOCKOUT_PARAMETERS = "campaigns.accounts.throttle.lockout_parameters"
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "campaigns.accounts.throttle.locked_out"
AXES_CLIENT_IP_CALLABLE = "campaigns.accounts.throttle.client_ip"
AXES_DISABLE_ACCESS_LOG = True  # only failures are kept, and only as long as they count
# Sign-up and joining: counted per client address in the throttle cache.
RATELIMIT_USE_CACHE = "throttle"
RATELIMIT_IP_META_KEY = "campaigns.accounts.throttle.client_ip"
SILENCED_SYSTEM_CHECKS = [
    # django-ratelimit vouches for memcached and Redis only; ThrottleCache counts atomically too.
    "django_ratelimit.W001",
]

# Errors, with their tracebacks, go to stderr: the server's log.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "loggers": {
        "django.request": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "django.security": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "axes": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
    },
}
