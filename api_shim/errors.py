"""Errors the Python client raises (besides ``memory_core.errors.InvalidInput`` for bad input).

The tree::

    ClientError
    ├── PublishFailed        the broker did not take the message; the turn was NOT accepted
    ├── RequestTimeout       no reply within the timeout (the request may still run)
    ├── RecallUnavailable    the recall worker did not answer and there is no database fallback
    └── RemoteError          a worker raised an error it could not map to a core error

Errors the core raises on purpose in a worker (``UnknownItem``,
``InvalidField`` ...) are raised again in the caller as the same class.
"""

from __future__ import annotations

__all__ = ["ClientError", "PublishFailed", "RecallUnavailable", "RemoteError", "RequestTimeout"]


class ClientError(Exception):
    """Base of the client's own errors."""


class PublishFailed(ClientError):
    """Raised when the broker could not be reached to enqueue a message (nothing was accepted)."""


class RequestTimeout(ClientError, TimeoutError):
    """Raised when a worker did not reply within the timeout."""


class RecallUnavailable(ClientError):
    """Raised when the recall worker did not answer and no ``database_url`` was given for a fallback."""


class RemoteError(ClientError):
    """Raised when a worker failed with an unexpected error.

    Attributes:
        code: the error code reported by the worker (``memory_core.wire.errors``, e.g.
            "internal_error"; a class name from a worker older than the codes).
        error_type: the same as ``code`` (its name before the codes).
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.error_type = code
