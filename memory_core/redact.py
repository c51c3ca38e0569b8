"""Secrets out of every error, log line and reply: URL passwords, DSN passwords, API keys, bearer tokens.

``redact(text)`` returns ``text`` with each secret replaced by ``***``:

- the password of a URL (``redis://:pw@host``, ``postgresql+psycopg://user:pw@host/db`` →
  ``redis://:***@host``, ``postgresql+psycopg://user:***@host/db``);
- ``password=…`` / ``requirepass …`` / ``api_key=…`` / ``token: …`` pairs (libpq DSNs, settings dumps);
- API keys by their shape (``gs_<id>_<secret>`` keeps its public id, ``sk-…``, ``AKIA…``, ``ghp_…``,
  ``xox?-…``) and ``Bearer …`` tokens.

``RedactingFilter`` applies it to log records (message, arguments and the
formatted traceback); ``install_log_redaction()`` puts it on every handler of
the root logger. Workers and the HTTP shim install it at start-up; error
bodies and recall reasons are redacted where they are built.
"""

from __future__ import annotations

import logging
import re

__all__ = ["RedactingFilter", "install_log_redaction", "redact"]

MASK = "***"
_URL_PASSWORD = re.compile(r"(?P<head>\b[a-zA-Z][a-zA-Z0-9+.\-]*://[^:@/\s]*):(?P<pw>[^@/\s]+)@")
_PAIRS = re.compile(r"(?i)\b(?P<key>password|passwd|pwd|requirepass|masterauth|api[_-]?key|secret[_-]?key|"
                    r"client[_-]?secret|access[_-]?token|auth[_-]?token|token|secret)(?P<sep>\s*[=:]\s*|\s+)"
                    r"(?P<q>['\"]?)(?P<value>[^\s'\"&;,)]{3,})")
_SHAPES = [
    (re.compile(r"\b(gs_[0-9A-Za-z]+_)[A-Za-z0-9_\-]{8,}"), r"\1" + MASK),
    (re.compile(r"\bsk-[A-Za-z0-9_\-]{12,}"), "sk-" + MASK),
    (re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"), "AKIA" + MASK),
    (re.compile(r"\bgh[pousr]_[A-Za-z0-9]{20,}"), "gh_" + MASK),
    (re.compile(r"\bxox[abprs]-[A-Za-z0-9\-]{10,}"), "xox-" + MASK),
    (re.compile(r"(?i)\b(bearer\s+)[A-Za-z0-9._~+/\-]{8,}=*"), r"\1" + MASK),
]
_SAFE_VALUES = frozenset({MASK, "none", "null", "true", "false", "required", "redacted"})


def _pair(m: re.Match[str]) -> str:
    if m.group("value").casefold() in _SAFE_VALUES or m.group("value").startswith(MASK):
        return m.group(0)
    if m.group("sep").isspace() and m.group("key").casefold() not in ("requirepass", "masterauth"):
        return m.group(0)  # "the token ring": a bare word after "token" is prose, not a secret
    return f"{m.group('key')}{m.group('sep')}{m.group('q')}{MASK}"


def redact(text: str) -> str:
    """Return ``text`` with URL passwords, password/key pairs, API keys and bearer tokens masked."""
    if not text:
        return text
    text = _URL_PASSWORD.sub(lambda m: f"{m.group('head')}:{MASK}@", text)
    text = _PAIRS.sub(_pair, text)
    for pattern, replacement in _SHAPES:
        text = pattern.sub(replacement, text)
    return text


class RedactingFilter(logging.Filter):
    """A logging filter that redacts each record's message and traceback (it never drops a record)."""

    _formatter = logging.Formatter()

    def filter(self, record: logging.LogRecord) -> bool:
        """Replace the record's message with its redacted rendering; always True."""
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: leave the record to the handler's own error path
            return True
        record.msg, record.args = redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = self._formatter.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


def install_log_redaction(logger: logging.Logger | None = None) -> None:
    """Put one ``RedactingFilter`` on every handler of ``logger`` (the root logger by default)."""
    target = logger or logging.getLogger()
    for handler in target.handlers:
        if not any(isinstance(f, RedactingFilter) for f in handler.filters):
            handler.addFilter(RedactingFilter())
