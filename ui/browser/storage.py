"""The device's two stores: localStorage (synchronous, small) and IndexedDB (``pyscript.storage``).

localStorage takes a save in the same task as the move; IndexedDB, the durable primary copy, is
written in transactions of our own (``Stores.start_put``) whose end the writer watches.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import Storage, storage, window
from pyscript.ffi import is_none
from pyscript.storage import _convert_from_idb as from_idb  # pyscript's own format for an entry
from pyscript.storage import _convert_to_idb as to_idb

from ui import saves

STORE_TIMEOUT_SECONDS = 10
IDB_NAME = "IDBMap/@pyscript/handfoot"  # the database pyscript.storage("handfoot") keeps its entries in


def quick_get(key: str) -> str | None:
    """A localStorage value, or None (absent, or storage refused)."""
    try:
        value = window.localStorage.getItem(key)
    except Exception as err:
        window.console.warn("localStorage could not be read:", str(err))
        return None
    return None if is_none(value) else str(value)  # getItem gives JavaScript null (jsnull) when absent


def quick_set(key: str, text: str) -> bool:
    """Write a localStorage value; False when the browser refused it (full, or storage off)."""
    try:
        window.localStorage.setItem(key, text)
        return True
    except Exception as err:  # full or refused: IndexedDB still gets the save
        window.console.warn("localStorage could not be written:", str(err))
        return False


def quick_drop(key: str) -> None:
    try:
        window.localStorage.removeItem(key)
    except Exception:
        pass  # unreadable storage: nothing to remove


def local_items(prefix: str) -> dict[str, str | None]:
    """The localStorage entries whose keys start with ``prefix``."""
    items: dict[str, str | None] = {}
    try:
        for i in range(int(window.localStorage.length)):
            key = window.localStorage.key(i)
            if not is_none(key) and str(key).startswith(prefix):
                items[str(key)] = quick_get(str(key))
    except Exception as err:
        window.console.warn("localStorage could not be listed:", str(err))
    return items


def local_storage_works() -> bool:
    """True when localStorage takes a write and gives it back."""
    probe = "handfoot-probe"
    try:
        window.localStorage.setItem(probe, "1")
        ok = str(window.localStorage.getItem(probe)) == "1"
        window.localStorage.removeItem(probe)
        return ok
    except Exception:
        return False


async def idb_opens(name: str) -> bool:
    """True when IndexedDB opens the database ``name`` (asked through the request's own events).

    A refused IndexedDB makes ``pyscript.storage`` reject with an ``Event``, which Pyodide can't
    raise as an exception (the ``await`` would never end), so the database is tried first here.
    """
    done = asyncio.get_running_loop().create_future()

    def settle(ok: bool, new: bool = False) -> Any:
        def handler(event: Any = None) -> None:
            if new:  # no such database yet: leave creating it (and its object store) to pyscript.storage
                request.transaction.abort()
            elif ok:
                request.result.close()
            if not done.done():
                done.set_result(ok)

        return create_proxy(handler)

    events = ("onsuccess", "onupgradeneeded", "onerror", "onblocked")
    handlers = [settle(True), settle(True, new=True), settle(False), settle(False)]
    request: Any = None
    try:
        request = window.indexedDB.open(name)
        for event, handler in zip(events, handlers, strict=True):
            setattr(request, event, handler)
        return bool(await done)
    except Exception as err:  # no IndexedDB at all, or open() threw
        window.console.warn("Saved data could not be opened:", repr(err))
        return False
    finally:
        if request is not None:  # later events (the error after an abort) find no handler
            for event in events:
                setattr(request, event, None)
        for handler in handlers:
            handler.destroy()


def entry_parses(raw: Any) -> bool:
    """True when pyscript can read a stored entry (a value written by anything else must not stop it)."""
    try:
        from_idb(raw)
        return True
    except Exception:
        return False


class CheckedStorage(Storage):  # type: ignore[misc]  # pyscript's classes are untyped
    """pyscript's IndexedDB dict, less the entries nested too deep for its parser (they stay in IndexedDB).

    pyscript parses every stored entry as it opens the store, before the app sees any: one entry
    nested thousands deep would end Pyodide on every start, so those are left out unread.
    """

    def __init__(self, backend: Any) -> None:
        entries = saves.CheckedEntries(backend, parses=entry_parses)
        super().__init__(entries)
        self._store = backend  # writes and deletes still go to IndexedDB itself
        self.skipped = entries.skipped


async def open_store() -> tuple[Any, tuple[str, bool] | None]:
    """The IndexedDB store, or a plain dict if the browser refuses it; and what to tell the player."""
    try:
        if await asyncio.wait_for(idb_opens(IDB_NAME), STORE_TIMEOUT_SECONDS):
            opened = storage("handfoot", storage_class=CheckedStorage)
            return await asyncio.wait_for(opened, STORE_TIMEOUT_SECONDS), None
        window.console.warn("Saved data could not be opened: IndexedDB refused the database")
    except Exception as err:  # a damaged database, or one that never answers, must not stop the game
        window.console.warn("Saved data could not be opened:", repr(err))
    local_ok = local_storage_works()
    return {}, (saves.storage_problem(local_ok), not local_ok)


async def open_writer_db() -> Any:
    """Our own handle on pyscript's database, so each write is a transaction whose end we see; or None."""
    done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    request: Any = None

    def settle(ok: bool) -> Any:
        def handler(event: Any = None) -> None:
            if not done.done():
                done.set_result(request.result if ok else None)

        return create_proxy(handler)

    handlers = [settle(True), settle(False), settle(False)]
    try:
        request = window.indexedDB.open(IDB_NAME)
        request.onsuccess, request.onerror, request.onblocked = handlers
        return await asyncio.wait_for(done, STORE_TIMEOUT_SECONDS)
    except Exception as err:
        window.console.warn("Saved data could not be opened for writing:", repr(err))
        return None
    finally:
        if request is not None:
            request.onsuccess = request.onerror = request.onblocked = None
        for handler in handlers:
            handler.destroy()


class Stores:
    """The IndexedDB store as pyscript read it (or a stand-in dict), and our handle for writing it."""

    def __init__(self, store: Any, problem: tuple[str, bool] | None, writer_db: Any) -> None:
        self.store = store
        self.problem = problem  # what to tell the player when IndexedDB refused (text, is it an error)
        self.writer_db = writer_db

    @staticmethod
    async def open() -> Stores:
        """Open IndexedDB (or fall back to a dict) and our writing handle on it."""
        store, problem = await open_store()
        writer_db = await open_writer_db() if problem is None else None
        return Stores(store, problem, writer_db)

    def get(self, key: str) -> Any:
        return self.store.get(key)

    def remember(self, key: str, text: str) -> None:
        """Put ``text`` in the in-memory copy only (what ``get`` reads): the disk write is ours
        (``start_put``), in a transaction whose end we see, so pyscript's own write-through is skipped."""
        dict.__setitem__(self.store, key, text)

    def forget(self, key: str) -> None:
        """Take ``key`` out of the in-memory copy only (a save written next replaces it on the disk)."""
        if key in self.store:
            dict.__delitem__(self.store, key)

    def start_put(self, entries: dict[str, str], drops: frozenset[str] = frozenset()) -> asyncio.Future[bool]:
        """Start writing ``entries`` (key -> text) and deleting ``drops`` in one IndexedDB transaction,
        now, in this task (a deletion is waited for like a write, so a reload never lists it again).

        The future says True once the transaction completes, False if it errs or aborts (a full disk
        aborts at commit) or if it can't even start. It never raises and never hangs on its own events;
        callers bound the wait with a timeout.
        """
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        if self.writer_db is None:
            # No IndexedDB (the player was told at the start): the in-memory copy is all there is, so
            # the write is as done as it can be. An IndexedDB that opened but not for us: try again.
            done.set_result(self.problem is not None or not (entries or drops))
            return done
        proxies: list[Any] = []

        def settle(ok: bool) -> Any:
            def handler(event: Any = None) -> None:
                if not done.done():
                    done.set_result(ok)
                for proxy in proxies:
                    proxy.destroy()

            proxy = create_proxy(handler)
            proxies.append(proxy)
            return proxy

        try:
            name = self.writer_db.objectStoreNames.item(0)
            tx = self.writer_db.transaction(name, "readwrite")
            tx.oncomplete, tx.onerror, tx.onabort = settle(True), settle(False), settle(False)
            objects = tx.objectStore(name)
            for key in drops:
                objects.delete(key)
            for key, text in entries.items():
                objects.put(to_idb(text), key)
        except Exception as err:  # put() or transaction() threw: the disk is full, or the database closed
            window.console.warn("Saving to IndexedDB failed:", repr(err))
            if not done.done():
                done.set_result(False)
        return done
