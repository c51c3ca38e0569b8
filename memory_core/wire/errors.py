"""Error codes on the wire: a worker's error reply names a stable code, never a class name.

A reply (``codec.encode_reply``) carries ``{"ok": false, "code": "unknown_item",
"error": "<message>"}``. The code is the caller's contract: a renamed or moved
class does not change it, and a caller maps it back to the core's class
(``error_class``) to raise the same error a direct call would.

Codes (``ERROR_CODES``), by the class they stand for::

    invalid_input      InvalidInput       (bad input; nothing stored changed)
    empty_text         EmptyText
    text_too_long      TextTooLong
    invalid_encoding   InvalidEncoding
    invalid_field      InvalidField
    not_applied        NotApplied
    not_found          NotFound
    unknown_user       UnknownUser
    unknown_item       UnknownItem
    store_error        StoreError
    store_locked       StoreLocked
    store_damaged      StoreDamaged       (the store file is damaged; it was left as it is)
    llm_error          LLMError           (also LLMOutputError, whose detail is in the message)
    llm_unavailable    LLMUnavailable
    internal_error     anything else      (logged by the worker; the caller sees RemoteError)

Replies written before the codes carried ``"error_type"`` (the class name);
``reply_error_class`` still reads them.
"""

from __future__ import annotations

from memory_core import errors as core

__all__ = ["ERROR_CODES", "INTERNAL_ERROR", "error_class", "error_code", "reply_error_class"]

INTERNAL_ERROR = "internal_error"

#: core error class -> its stable wire code. A subclass not listed takes its nearest listed base's code.
ERROR_CODES: dict[type[core.GulfstreamError], str] = {
    core.InvalidInput: "invalid_input",
    core.EmptyText: "empty_text",
    core.TextTooLong: "text_too_long",
    core.InvalidEncoding: "invalid_encoding",
    core.InvalidField: "invalid_field",
    core.NotApplied: "not_applied",
    core.NotFound: "not_found",
    core.UnknownUser: "unknown_user",
    core.UnknownItem: "unknown_item",
    core.StoreError: "store_error",
    core.StoreLocked: "store_locked",
    core.StoreDamaged: "store_damaged",
    core.LLMError: "llm_error",
    core.LLMUnavailable: "llm_unavailable",
}
_BY_CODE = {code: cls for cls, code in ERROR_CODES.items()}
# the class names replies carried before the codes; classes whose constructor takes more than a message
# (IngestLineError, LLMOutputError) are raised as their nearest listed base
_BY_OLD_NAME = {cls.__name__: cls for cls in ERROR_CODES} | {"LLMOutputError": core.LLMError}


def error_code(exc: BaseException) -> str:
    """The wire code of ``exc``: its class's, else its nearest listed base's, else ``internal_error``."""
    for cls in type(exc).__mro__:
        code = ERROR_CODES.get(cls)  # type: ignore[call-overload]
        if code is not None:
            return code
    return INTERNAL_ERROR


def error_class(code: str) -> type[core.GulfstreamError] | None:
    """The core error class a wire code stands for (raised with the reply's message), or None."""
    return _BY_CODE.get(code)


def reply_error_class(body: dict[str, object]) -> type[core.GulfstreamError] | None:
    """The core error class of an error reply: by its ``code``, or by the ``error_type`` of an older reply."""
    code = body.get("code")
    if isinstance(code, str) and code:
        return error_class(code)
    old = body.get("error_type")
    return _BY_OLD_NAME.get(old) if isinstance(old, str) else None
