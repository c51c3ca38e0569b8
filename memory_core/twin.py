"""Coroutine twins of blocking methods: one implementation, offered to asyncio callers with its own signature.

``AsyncMemory`` (``memory_core.api``) and ``AsyncMemoryClient``
(``api_shim.client``) are built from their sync counterparts this way, so no
call is written twice and each twin keeps the sync method's types.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar

__all__ = ["OffLoop"]

P = ParamSpec("P")
R = TypeVar("R")


class _Twinned(Protocol):
    """What an owner of ``OffLoop`` attributes holds: the sync object and where its calls run."""

    sync: Any
    executor: Executor | None


class OffLoop(Generic[P, R]):
    """A sync method offered as a coroutine with the same signature, run in the owner's ``executor``.

    Used as a class attribute: ``add = OffLoop(MemoryAPI.add)``. On an
    instance it looks the method up on ``instance.sync`` by name (so a
    subclass's override is the one run) and awaits it in
    ``instance.executor`` (None: the loop's default executor), so the event
    loop never blocks on a store, broker or socket.
    """

    def __init__(self, fn: Callable[Concatenate[Any, P], R]) -> None:
        self.name = fn.__name__
        self.__doc__ = f"Coroutine twin of ``{fn.__qualname__}`` (runs it in the executor)."

    def __get__(self, obj: _Twinned | None, owner: type) -> Callable[P, Awaitable[R]]:
        if obj is None:
            return self  # type: ignore[return-value]
        method = getattr(obj.sync, self.name)

        async def call(*args: P.args, **kwargs: P.kwargs) -> R:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(obj.executor, functools.partial(method, *args, **kwargs))

        call.__name__ = self.name
        call.__doc__ = method.__doc__
        return call
