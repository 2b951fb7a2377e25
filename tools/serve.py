"""Serve dist/ on 127.0.0.1 with the right MIME types and the precompressed .br and .gz siblings."""

from __future__ import annotations

import argparse
import email.utils
import os
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".py": "text/x-python",
    ".zip": "application/zip",
}


class Handler(SimpleHTTPRequestHandler):
    """Static files; a file's .br sibling is sent as Content-Encoding: br when the browser accepts
    it, else its .gz sibling as gzip (``use_gzip`` False: neither; ``use_brotli`` False: gzip only)."""

    use_gzip = True
    use_brotli = True
    quiet = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return MIME.get(os.path.splitext(path)[1]) or super().guess_type(path)

    def end_headers(self) -> None:
        # Always revalidate (Last-Modified gives cheap 304s); offline copies live in the SW cache.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self) -> Any:
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        encoding = self._encoding(path)
        if encoding is None:
            return super().send_head()
        mtime = int(os.stat(path).st_mtime)
        if self._not_modified_since(mtime):
            self.send_response(304)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        f = open(path + (".br" if encoding == "br" else ".gz"), "rb")  # do_GET copies it and closes it
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(mtime))
        self.end_headers()
        return f

    def _encoding(self, path: str) -> str | None:
        """ "br" or "gzip" when that sibling exists and the request accepts it; None: send as is."""
        if not (self.use_gzip and os.path.isfile(path)):
            return None
        accepted = {
            part.split(";")[0].strip().lower()
            for part in self.headers.get("Accept-Encoding", "").split(",")
            if not part.strip().endswith(";q=0")
        }
        if self.use_brotli and "br" in accepted and os.path.isfile(path + ".br"):
            return "br"
        if "gzip" in accepted and os.path.isfile(path + ".gz"):
            return "gzip"
        return None

    def _not_modified_since(self, mtime: int) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since:
            return False
        try:
            return email.utils.parsedate_to_datetime(since).timestamp() >= mtime
        except (TypeError, ValueError):
            return False

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that closes a page mid-download is normal, not worth a traceback.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def start_server(
    root: Path | str = ROOT / "dist",
    port: int = 0,
    *,
    quiet: bool = True,
    use_gzip: bool = True,
    use_brotli: bool = True,
) -> tuple[Server, str]:
    """Serve root on 127.0.0.1:port in a daemon thread; return (server, base URL ending in /)."""
    handler = type("BoundHandler", (Handler,), {"quiet": quiet, "use_gzip": use_gzip, "use_brotli": use_brotli})
    server = Server(("127.0.0.1", port), partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--root", type=Path, default=ROOT / "dist")
    parser.add_argument("--no-gzip", action="store_true", help="never send the .br or .gz copies")
    parser.add_argument("--no-brotli", action="store_true", help="send the .gz copies, never the .br")
    args = parser.parse_args()
    if not (args.root / "index.html").is_file():
        sys.exit(f"{args.root} has no index.html: run `python3 tools/build.py` first")
    server, url = start_server(
        args.root, args.port, quiet=False, use_gzip=not args.no_gzip, use_brotli=not args.no_brotli
    )
    print(f"Hand and Foot is served at {url}  (Ctrl+C to stop)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
