"""What the routes call: the client for every write, the store for some reads.

``Services`` is built once per app by ``build_services``. Every write
(create, correct, merge, delete, import, erase) goes through the workers
(``MemoryClient``), whose edit tasks hold the user's lock, so an edit never
interleaves with a curate run. Some reads (one item, turn status, export,
user existence) read the database directly, read-only.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from api_shim.async_client import AsyncMemoryClient
from api_shim.client import MemoryClient
from api_shim.http.auth import KeyStore, RateLimiter
from api_shim.http.errors import ApiError
from api_shim.http.health import Readiness
from api_shim.http.settings import HttpSettings
from memory_core import wire
from memory_core.errors import InvalidField, NotFound
from memory_core.shown import shown_export_item
from memory_core.store.sql import SqlStore
from memory_core.store.transfer import EXPORT_FORMAT, check_unmasked, export_text

__all__ = ["Services", "build_services"]

log = logging.getLogger(__name__)

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


MAX_IMPORT_DEPTH = 32
"""Deepest nesting of mappings and lists an import may have (an export document's is 6)."""


def _check_import_tree(doc: Any, max_values: int) -> None:
    """Refuse NUL characters, nesting deeper than ``MAX_IMPORT_DEPTH``, and more than ``max_values`` values.

    A loop over the tree, not recursion, so no nesting can exhaust the stack
    (here, in the YAML dump after it, or on the worker). A node that YAML
    aliases in several places is counted each time, as the worker would see
    it: a few lines of aliases can stand for billions of values.

    Raises:
        InvalidField: naming the problem.
    """
    pending: list[tuple[Any, int]] = [(doc, 1)]
    seen = 0
    while pending:
        value, depth = pending.pop()
        seen += 1
        if seen > max_values:
            raise InvalidField(f"the import expands to more than {max_values} values: YAML aliases (*name) "
                               "repeat parts of it too often")
        if isinstance(value, str):
            if "\x00" in value:
                raise InvalidField("the import may not contain NUL characters (PostgreSQL cannot store them)")
            continue
        if not isinstance(value, Mapping | list):
            continue
        if depth > MAX_IMPORT_DEPTH:
            raise InvalidField(f"the import is nested deeper than {MAX_IMPORT_DEPTH} levels of mappings and "
                               "lists; an export document or seed file needs 6")
        children = [*value.keys(), *value.values()] if isinstance(value, Mapping) else value
        pending.extend((child, depth + 1) for child in children)


@dataclass(slots=True)
class Services:
    """The shim's dependencies.

    Attributes:
        settings: read at start-up.
        client: publishes turns and calls the workers.
        store: the SQL store, for reads.
        keys: API keys.
        limiter: per-key rate limits.
        recaller: ``client`` for the event loop (its ``recall`` awaits the reply there).
        readiness: the checks of ``/readyz``, on connections of their own.
    """

    settings: HttpSettings
    client: MemoryClient
    store: SqlStore
    keys: KeyStore
    limiter: RateLimiter
    recaller: AsyncMemoryClient
    readiness: Readiness

    def close(self) -> None:
        """Release every connection (``close_loop`` first, on the loop that served)."""
        self.client.close()
        self.store.close()
        self.readiness.close()

    async def close_loop(self) -> None:
        """Release the connections bound to the serving event loop."""
        await self.recaller.close_loop()

    def warm_up(self) -> None:
        """Do at start-up what the first requests would pay for (a first recall took 7-9 times a later one).

        Begins the recall fallback's set-up in the background (``MemoryClient.prepare_fallback``: the warm-up
        recalls the recall workers make, on a throwaway store), so a first recall the worker does
        not answer in time is not held seconds more by it; then opens the database connection the API keys
        are read on, and publishes one no-op (``wire.PING`` with no reply wanted) on the broker connection and
        producer recalls are published with (the first publish also named this process, ~30 ms). Never
        raises: a database or broker that is down is reported by ``/readyz``, and the first request connects.
        """
        try:
            self.client.prepare_fallback(wait=False)
            with self.store.engine.connect() as connection:
                connection.exec_driver_sql("SELECT 1")
            self.client.celery.send_task(wire.PING, kwargs={"call_id": None}, retry=False)
        except Exception as exc:  # start-up edge: a cold first request is slower, not wrong
            log.warning("HTTP shim warm-up failed (the first requests connect): %r", exc)

    # ── users and turns ────────────────────────────────────────────────

    def user_exists(self, user_id: str) -> bool:
        """True when the (namespaced) user has stored turns or items."""
        return self.store.has_user(user_id)

    def require_user(self, user_id: str, shown: str) -> None:
        """Raise a 404 ``unknown_user`` unless the user exists (``shown`` is the id the caller used)."""
        if not self.user_exists(user_id):
            raise ApiError(404, "unknown_user", f"no memory or turns for user {shown!r}")

    def turn_status(self, user_id: str, turn_id: str) -> dict[str, Any]:
        """Return ``{"status", "seq", "error_type", "attempts", "error"}`` of one turn (and ``"embedded"`` for
        an applied one, where the workers embed: ``wire.EMBEDS_KEY``).

        The workers' answer (``memory_core.wire.turn_status``), read here directly: a
        published turn reads "queued" while it waits in the user's inbox.

        Raises:
            ApiError: 404 when the turn is unknown.
        """
        try:
            return wire.turn_status(self.store, self.client.redis, user_id, turn_id, embeds=None)
        except NotFound:
            raise ApiError(404, "unknown_turn", f"no turn {turn_id!r} was published for this user") from None

    # ── items ──────────────────────────────────────────────────────────

    def merge(self, user_id: str, keep_id: str, other_id: str, description: str | None, theme: str | None,
              reason: str) -> None:
        """Merge ``other_id`` into ``keep_id`` as a person's edit (on the workers, under the user's lock).

        Raises:
            UnknownItem, InvalidInput; RequestTimeout, StoreLocked: the user stayed busy.
        """
        self.client.merge_items(user_id, keep_id, other_id, reason, description=description, theme=theme)

    def export_yaml(self, user_id: str, shown: str, reveal: bool = False) -> str:
        """Return the user's items (all statuses, full histories) as a seed-compatible export document.

        The document names the user by ``shown`` (the id inside the tenant), so
        it imports into any tenant. Sensitive values are masked in descriptions,
        keys and history (``memory_core.shown.shown_export_item``) unless ``reveal``.
        """
        items = self.store.list_items(user_id, statuses=None)
        return export_text({shown: items}, None if reveal else shown_export_item)

    def import_yaml(self, user_id: str, shown: str, text: str, accept_masked: bool = False) -> int:
        """Import an export document (its entry for ``shown``, or its only user) or a bare seed-000 file.

        A masked export (``masked: true``) is refused unless ``accept_masked``: its placeholders would
        become the items' texts.

        Returns:
            Items imported.

        Raises:
            InvalidInput: bad YAML or items, a masked export not accepted, NUL characters, nesting deeper
                than ``MAX_IMPORT_DEPTH``, aliases that expand it past twice its length, or item ids the
                user already has (nothing changes).
            RequestTimeout, StoreLocked: the user stayed busy.
        """
        try:
            doc = yaml.load(io.StringIO(text), Loader=_Loader)
        except yaml.YAMLError as exc:  # libyaml refuses nesting past 1,000 levels here
            raise InvalidField(f"the body is not valid YAML: {exc}") from exc
        except RecursionError as exc:  # the pure-Python loader (no libyaml) recurses per level
            raise InvalidField(f"the import is nested deeper than {MAX_IMPORT_DEPTH} levels of mappings "
                               "and lists") from exc
        except (ValueError, OverflowError) as exc:  # YAML's own timestamps: 2026-02-30, +25:00, year 0
            raise InvalidField(f"the body holds a value YAML cannot read: {exc}") from exc
        _check_import_tree(doc, max_values=2 * len(text) + 1000)  # without aliases, fewer values than characters
        if isinstance(doc, Mapping) and doc.get("format") == EXPORT_FORMAT:
            check_unmasked(doc, accept_masked=accept_masked, how="accept_masked=true")
            users = doc.get("users")
            if not isinstance(users, Mapping):
                raise InvalidField("'users' must map user ids to their items")
            if shown in users:
                doc = users[shown]
            elif len(users) == 1:
                doc = next(iter(users.values()))
            else:
                raise InvalidField(f"the export holds {len(users)} users and none is {shown!r}")
        if doc is not None and not isinstance(doc, Mapping):
            raise InvalidField(f"the import must be a mapping of item id to item; got {type(doc).__name__}")
        bare = yaml.dump(dict(doc or {}), Dumper=_Dumper, allow_unicode=True)
        counts = self.client.import_items(bare, user_id=user_id)
        return int(counts.get(user_id, 0))


def build_services(settings: HttpSettings) -> Services:
    """Wire the shim's services from settings (the one place that does)."""
    client = MemoryClient(settings.redis_url, database_url=settings.database_url,
                          recall_timeout_ms=settings.recall_timeout_ms,
                          request_timeout_s=settings.request_timeout_s, publish_retry_s=settings.publish_retry_s)
    # recall publishes from the event loop: a stalled broker must not hold the loop for long
    client.celery.conf.broker_transport_options = {**client.celery.conf.broker_transport_options,
                                                   "socket_timeout": 5.0, "socket_connect_timeout": 2.0}
    store = SqlStore(settings.database_url, migrate=False)
    return Services(settings, client, store, KeyStore(store.engine, settings.http_key_cache_ttl_s), RateLimiter(),
                    AsyncMemoryClient(client), Readiness.for_urls(settings.database_url, settings.redis_url,
                                                           settings.http_ready_timeout_s))
